import type { TPublicBooking } from '@trayecto/shared';
import { useRef, useState } from 'react';
import type { TAlternative, TNewBookingBody } from '../lib/api';
import { createAttemptTracker, fingerprintOf } from '../lib/idempotency';
import type { TFieldErrors } from '../lib/validation';
import { failureOf, sendBooking } from './submission';

export type TSubmitState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sold-out'; date: string; time: string; seats: number; alternatives: TAlternative[] | null }
  | { kind: 'error'; message: string; retryable: boolean };

type Handlers = {
  onBooked: (booking: TPublicBooking) => void;
  /** The departures changed (sold out, closed): load them again. */
  onDeparturesChanged: () => void;
  /** The server refused fields (400/422). */
  onFieldErrors: (errors: TFieldErrors) => void;
};

/**
 * The booking form's submission: one Idempotency-Key per attempt (a retry of the same data reuses
 * it, new data or a definitive answer starts a new one), one request at a time (a double click or
 * a second Enter while the first runs is that same request), and the state the form shows.
 * `formFields` are the fields the form has (field errors of others are named in the message).
 */
export function useBookingSubmission(formFields: readonly string[], handlers: Handlers) {
  const tracker = useRef(createAttemptTracker());
  const sending = useRef(false);
  const [state, setState] = useState<TSubmitState>({ kind: 'idle' });

  async function submit(body: TNewBookingBody, seats: number) {
    if (sending.current) return;
    const key = tracker.current.keyFor(fingerprintOf(body));
    sending.current = true;
    setState({ kind: 'sending' });
    try {
      const booking = await sendBooking(body, key);
      tracker.current.settle(key, 'success');
      handlers.onBooked(booking);
    } catch (err) {
      const failure = failureOf(err, formFields);
      tracker.current.settle(key, failure.outcome);
      if (failure.reload) handlers.onDeparturesChanged();
      if (failure.kind === 'sold-out') {
        setState({ kind: 'sold-out', date: body.date, time: body.time, seats, alternatives: failure.alternatives });
      } else {
        setState({ kind: 'error', message: failure.message, retryable: failure.retryable });
        if (failure.fieldErrors) handlers.onFieldErrors(failure.fieldErrors);
      }
    } finally {
      sending.current = false;
    }
  }

  return {
    state,
    submit,
    /** Whether a request is on its way. */
    isSending: () => sending.current,
    /** Back to idle: the customer changed something after an answer, or fixes fields first. */
    reset: () => setState({ kind: 'idle' }),
  };
}

/**
 * Sending a booking and reading the answer (PRODUCT.md §4, ADR 006 "Idempotency"). An attempt keeps
 * its Idempotency-Key (lib/idempotency.ts) while its outcome is unknown; a 409 "still running" is
 * asked again with the same key a few times; every other answer says how the attempt ended and
 * what the form shows next.
 */
import type { TPublicBooking } from '@trayecto/shared';
import { t } from '../i18n';
import { createBooking, PublicApiError, type TAlternative, type TNewBookingBody } from '../lib/api';
import type { TAttemptOutcome } from '../lib/idempotency';
import { fieldErrorsFromServer, type TFieldErrors } from '../lib/validation';

/** The departure cannot take the passengers any more (409 with the other times of that day). */
const isSoldOut = (error: PublicApiError) => error.isNoSeats;

/** The server is still answering the first copy of this attempt: the only 409 that asks to retry. */
const isInProgress = (error: PublicApiError) => error.isInProgress;

/** How many times an attempt is sent while the server says it is still running it. */
export const IN_PROGRESS_TRIES = 5;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Sends the booking with its attempt's key; while the server is still running an earlier copy of
 * the same attempt (409 + Retry-After), waits (0.8 s, 1.6 s, …) and asks again with the same key.
 */
export async function sendBooking(
  body: TNewBookingBody,
  key: string,
  send: (body: TNewBookingBody, key: string) => Promise<TPublicBooking> = createBooking,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<TPublicBooking> {
  for (let i = 1; ; i++) {
    try {
      return await send(body, key);
    } catch (err) {
      if (!(err instanceof PublicApiError && isInProgress(err)) || i >= IN_PROGRESS_TRIES) throw err;
      await wait(800 * i);
    }
  }
}

/** What a refused or failed attempt means for its key (`outcome`) and for the form. */
export type TFailure =
  /** No seats left for this party: the departures changed (reload them) and other times may do. */
  | { kind: 'sold-out'; outcome: 'rejected'; reload: true; alternatives: TAlternative[] | null }
  | {
      kind: 'error';
      outcome: TAttemptOutcome;
      /** The departures may have changed (closed, cut-off passed): show them again. */
      reload: boolean;
      message: string;
      /** Sending the same again may work (and books at most once: the key is kept). */
      retryable: boolean;
      /** The server's field errors (400/422), by form field. */
      fieldErrors: TFieldErrors | null;
    };

/** Reads a failed attempt; `formFields` are the fields the form shows (others are named in the message). */
export function failureOf(err: unknown, formFields: readonly string[]): TFailure {
  const error = err instanceof PublicApiError ? err : new PublicApiError(0, String(err));
  const failed = { kind: 'error', reload: false, fieldErrors: null } as const;
  if (isSoldOut(error)) {
    return {
      kind: 'sold-out',
      outcome: 'rejected',
      reload: true,
      alternatives: error.alternatives.length ? error.alternatives : null,
    };
  }
  if (isInProgress(error)) {
    // Still running after a few tries: the same key later will answer the first result.
    return { ...failed, outcome: 'uncertain', message: error.message, retryable: true };
  }
  if (error.status === 409) {
    // The departure closed (sale cut-off, cancelled by the operator…): pick another.
    return { ...failed, outcome: 'rejected', reload: true, message: error.message, retryable: false };
  }
  if (error.status === 422 || error.status === 400) {
    const fieldErrors = fieldErrorsFromServer(error.errors);
    const unknown = Object.keys(fieldErrors).filter((f) => !formFields.includes(f));
    return {
      ...failed,
      outcome: 'rejected',
      fieldErrors,
      message: unknown.length
        ? `${error.message}: ${unknown.map((f) => fieldErrors[f]).join('. ')}`
        : t().booking.errors.checkFields,
      retryable: false,
    };
  }
  return {
    ...failed,
    outcome: error.isRetryable ? 'uncertain' : 'rejected',
    message: error.message,
    retryable: error.isRetryable,
  };
}

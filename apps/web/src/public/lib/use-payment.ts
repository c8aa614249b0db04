import type { TPublicBooking } from '@trayecto/shared';
import { useEffect, useRef, useState } from 'react';
import { PublicApiError, startPayment } from './api';
import { goToProvider, payMethodsOf, type TPayMethod, type TPaymentStart } from './payments';

/** Why starting a payment failed, by the answer's code (the message is the server's, translated). */
export type TPayFailure = 'hold-expired' | 'unavailable' | 'nothing-due' | 'other';

export type TPayState =
  | { kind: 'idle' }
  /** POST …/payments on its way. */
  | { kind: 'starting' }
  /** The provider's page is loading in this tab. */
  | { kind: 'leaving' }
  | { kind: 'error'; failure: TPayFailure; message: string };

export function failureKind(error: PublicApiError): TPayFailure {
  if (error.isHoldExpired) return 'hold-expired';
  if (error.isProviderUnavailable || error.isRetryable) return 'unavailable';
  if (error.isNothingDue) return 'nothing-due';
  return 'other';
}

/**
 * Paying a booking online: the method chosen, one POST …/payments at a time, then off to the
 * provider (lib/payments.ts goToProvider). `leave` is replaceable for tests.
 */
export function usePayment(
  booking: TPublicBooking | null,
  opts: {
    onFailure?: (failure: TPayFailure) => void;
    leave?: (start: TPaymentStart) => void;
  } = {},
) {
  const methods = booking ? payMethodsOf(booking) : (['card'] as TPayMethod[]);
  const [method, setMethod] = useState<TPayMethod>(methods[0]);
  const [state, setState] = useState<TPayState>({ kind: 'idle' });
  const busy = useRef(false);

  // Back from the bank with the browser's back button: the page comes from its cache as it was
  // left ("Te llevamos…"); it must offer the payment again.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) {
        busy.current = false;
        setState({ kind: 'idle' });
      }
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  async function pay(chosen: TPayMethod = method, target: TPublicBooking | null = booking) {
    if (!target || busy.current) return;
    busy.current = true;
    setState({ kind: 'starting' });
    try {
      const start = await startPayment(target.id, chosen);
      setState({ kind: 'leaving' });
      (opts.leave ?? goToProvider)(start);
    } catch (err) {
      busy.current = false;
      const error = err instanceof PublicApiError ? err : new PublicApiError(0, String(err));
      const failure = failureKind(error);
      setState({ kind: 'error', failure, message: error.message });
      opts.onFailure?.(failure);
    }
  }

  return {
    methods: booking ? payMethodsOf(booking) : methods,
    method: methods.includes(method) ? method : methods[0],
    setMethod,
    state,
    pay,
    reset: () => {
      busy.current = false;
      setState({ kind: 'idle' });
    },
  };
}

export type TPayment = ReturnType<typeof usePayment>;

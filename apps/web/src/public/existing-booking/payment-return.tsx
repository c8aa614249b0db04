import type { TPublicBooking } from '@trayecto/shared';
import { useEffect, useRef, useState } from 'react';
import { IconAlert, IconCheck } from '../components/icons';
import { t } from '../i18n';
import { getBooking } from '../lib/api';
import { formatCents } from '../lib/format';
import { focusFromPage } from '../lib/idle';
import { canPayNow, isPaymentIn, paymentReturnOf } from '../lib/payments';
import { currentSearch } from '../lib/render-context';

/** How often and how many times the page asks whether the bank's notification arrived. */
export const RETURN_POLL_MS = 2000;
export const RETURN_POLL_TRIES = 6;

/** What a poll looks at: whether the bank's notification changed the booking's money or state. */
const paymentView = (b: TPublicBooking) =>
  [b.state, b.payment_state, b.paid_cents, b.refunded_cents, b.due_now_cents, b.hold_expires_at].join('|');

/**
 * The customer back from the bank (`?payment=ok|ko`, the URLs the server gave the provider): after
 * "ok" the page asks for the booking again a few times until the bank's notification is in
 * (the return and the notification race), then says it is paid; "ko" says nothing was charged.
 */
export function usePaymentReturn(b: TPublicBooking, onChange: (b: TPublicBooking) => void) {
  const [ret] = useState(() => paymentReturnOf(currentSearch()));
  const [tries, setTries] = useState(0);
  const paid = isPaymentIn(b);
  const waiting = ret === 'ok' && !paid && b.state !== 'cancelled';
  const latest = useRef(onChange);
  latest.current = onChange;
  const shown = useRef(paymentView(b));
  shown.current = paymentView(b);

  useEffect(() => {
    if (!waiting || tries >= RETURN_POLL_TRIES) return;
    let alive = true;
    const id = window.setTimeout(() => {
      getBooking(b.id).then(
        (fresh) => {
          if (!alive) return;
          // Nothing new yet (the notification is not in): the page keeps its booking, so only
          // this counter re-renders it — not the whole booking's state and forms.
          if (paymentView(fresh) !== shown.current) latest.current(fresh);
          setTries((n) => n + 1);
        },
        () => alive && setTries((n) => n + 1),
      );
    }, RETURN_POLL_MS);
    return () => {
      alive = false;
      window.clearTimeout(id);
    };
  }, [waiting, tries, b.id]);

  return {
    ret,
    status:
      ret === 'ok'
        ? paid
          ? 'paid'
          : tries >= RETURN_POLL_TRIES
            ? 'slow'
            : 'checking'
        : ret === 'ko'
          ? 'failed'
          : null,
    checkAgain: () => setTries(0),
  } as const;
}

/** What the page says about the payment the customer comes back from. */
export function PaymentReturnBanner({
  booking: b,
  status,
  onCheckAgain,
}: {
  booking: TPublicBooking;
  status: 'paid' | 'checking' | 'slow' | 'failed' | null;
  onCheckAgain: () => void;
}) {
  const tx = t().common.pay;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status === 'paid' || status === 'failed') focusFromPage(ref.current);
  }, [status]);
  if (status === 'paid')
    return (
      <div
        className="pub-alert pub-alert-success pay-return"
        role="status"
        tabIndex={-1}
        ref={ref}
        data-testid="payment-ok"
      >
        <p className="pub-alert-title">
          <IconCheck size={20} /> {tx.okTitle}
        </p>
        <p>{tx.okText(formatCents(b.paid_cents - b.refunded_cents, b.currency))}</p>
      </div>
    );
  if (status === 'checking' || status === 'slow')
    return (
      <div className="pub-alert pub-alert-info pay-return" role="status" data-testid="payment-checking">
        <p className="pub-alert-title">
          {status === 'checking' && <span className="pub-spinner pay-spinner" aria-hidden="true" />} {tx.checkingTitle}
        </p>
        <p>{status === 'checking' ? tx.checkingText : tx.checkingSlow}</p>
        {status === 'slow' && (
          <button type="button" className="pub-btn pub-btn-secondary" onClick={onCheckAgain}>
            {tx.checkAgain}
          </button>
        )}
      </div>
    );
  if (status === 'failed')
    return (
      <div
        className="pub-alert pub-alert-error pay-return"
        role="alert"
        tabIndex={-1}
        ref={ref}
        data-testid="payment-ko"
      >
        <p className="pub-alert-title">
          <IconAlert size={20} /> {tx.koTitle}
        </p>
        <p>{canPayNow(b) ? tx.koText : tx.koClosed}</p>
      </div>
    );
  return null;
}

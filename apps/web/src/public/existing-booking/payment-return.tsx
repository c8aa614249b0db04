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

/** Where the customer stands after the bank: paid, still being confirmed, confirmation late, not charged. */
export type PaymentReturnStatus = 'paid' | 'checking' | 'slow' | 'failed' | null;

/**
 * The customer back from the bank (`?payment=ok|ko`, the URLs the server gave the provider): after
 * "ok" the page shows "checking" until the bank's notification is in (the return and the
 * notification race; {@link PaymentReturnBanner} asks for the booking again meanwhile), then says it
 * is paid, or that the bank is slow after a few tries; "ko" says nothing was charged.
 */
export function usePaymentReturn(b: TPublicBooking) {
  const [ret] = useState(() => paymentReturnOf(currentSearch()));
  const [slow, setSlow] = useState(false);
  const status: PaymentReturnStatus =
    ret === 'ok' ? (isPaymentIn(b) ? 'paid' : slow ? 'slow' : 'checking') : ret === 'ko' ? 'failed' : null;
  return { status, setSlow } as const;
}

/**
 * Asks for the booking again while the payment is being confirmed. Its tries are this banner's own
 * state, so a poll that finds nothing new re-renders the banner, not the page (its forms, facts and
 * panels): the page hears of a booking that changed, and of the tries running out.
 */
function usePoll(b: TPublicBooking, checking: boolean, onChange: (b: TPublicBooking) => void, onSlow: () => void) {
  const [tries, setTries] = useState(0);
  const latest = useRef({ onChange, onSlow });
  latest.current = { onChange, onSlow };
  const shown = useRef(paymentView(b));
  shown.current = paymentView(b);
  const polling = checking && b.state !== 'cancelled';

  useEffect(() => {
    if (!polling) return;
    if (tries >= RETURN_POLL_TRIES) {
      latest.current.onSlow();
      return;
    }
    let alive = true;
    const id = window.setTimeout(() => {
      getBooking(b.id).then(
        (fresh) => {
          if (!alive) return;
          if (paymentView(fresh) !== shown.current) latest.current.onChange(fresh);
          setTries((n) => n + 1);
        },
        () => alive && setTries((n) => n + 1),
      );
    }, RETURN_POLL_MS);
    return () => {
      alive = false;
      window.clearTimeout(id);
    };
  }, [polling, tries, b.id]);

  return () => setTries(0);
}

/** What the page says about the payment the customer comes back from. */
export function PaymentReturnBanner({
  booking: b,
  status,
  onChange,
  onSlow,
}: {
  booking: TPublicBooking;
  status: PaymentReturnStatus;
  /** The booking as the poll found it, when its payment or state changed. */
  onChange: (b: TPublicBooking) => void;
  /** The tries ran out (true), or the customer asked to check again (false). */
  onSlow: (slow: boolean) => void;
}) {
  const tx = t().common.pay;
  const restart = usePoll(b, status === 'checking', onChange, () => onSlow(true));
  const onCheckAgain = () => {
    restart();
    onSlow(false);
  };
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

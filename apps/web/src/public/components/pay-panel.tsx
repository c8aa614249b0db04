import type { TPublicBooking } from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { t } from '../i18n';
import { formatCents, formatTimeOfDay } from '../lib/format';
import { clock, holdLeftMs } from '../lib/payments';
import type { TPayment } from '../lib/use-payment';
import { IconAlert, IconClock, IconShield } from './icons';
import './pay-panel.css';

/**
 * How long the seats stay held for this payment: on the server (and the first render in the
 * browser, so both agree) the time it ends, "hasta las 10:15"; then a countdown, "14:32 min".
 * `role="timer"` is not announced at every tick (its live region is off).
 */
export function HoldTimer({ expiresAt, timeZone }: { expiresAt: string; timeZone: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  const tx = t().common.pay;
  const left = now === null ? null : holdLeftMs(expiresAt, now);
  const text =
    left === null
      ? tx.holdUntil(formatTimeOfDay(expiresAt, timeZone))
      : left > 0
        ? tx.holdLeft(clock(left))
        : tx.holdOver;
  return (
    <p className={`pay-hold ${left === 0 ? 'is-over' : ''}`} role="timer" aria-atomic="true" data-testid="hold-timer">
      <IconClock size={18} /> <span>{text}</span>
    </p>
  );
}

/**
 * Paying a booking online (ADR 022): what is due now and what later, the seats' hold, the method
 * (card, and Bizum when the operator offers it), "Pagar 46,00 €" and why a start failed. Shared by
 * the booking form (after the booking is made) and the customer's booking page.
 */
export function PayPanel({
  booking: b,
  payment,
  headingLevel = 2,
  retry = false,
  laterLabel,
}: {
  booking: TPublicBooking;
  payment: TPayment;
  headingLevel?: 2 | 3;
  /** After a payment that did not go through (`?payment=ko`): the button says "Reintentar el pago". */
  retry?: boolean;
  /** The label of what is left to pay (default common.pay.later). */
  laterLabel?: string;
}) {
  const tx = t().common.pay;
  const now = b.due_now_cents;
  const later = b.due_later_cents;
  const money = (cents: number) => formatCents(cents, b.currency);
  /** An amount on a button never breaks before its "€". */
  const unbroken = (cents: number) => money(cents).replace(/ /g, '\u00a0');
  const { state } = payment;
  const busy = state.kind === 'starting' || state.kind === 'leaving';
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="pay-panel" aria-labelledby="pay-title" data-testid="pay-panel">
      <H id="pay-title" className="pay-title">
        {tx.title}
      </H>
      <dl className="pay-due">
        <div className="is-now">
          <dt>{tx.now}</dt>
          <dd data-testid="due-now">{money(now)}</dd>
        </div>
        {later > 0 && (
          <div>
            <dt>{laterLabel ?? tx.later}</dt>
            <dd data-testid="due-later">{money(later)}</dd>
          </div>
        )}
      </dl>
      {b.hold_expires_at && <HoldTimer expiresAt={b.hold_expires_at} timeZone={b.tour_operator.timezone} />}
      {payment.methods.length > 1 && (
        <fieldset className="pay-methods" disabled={busy}>
          <legend>{tx.method}</legend>
          {payment.methods.map((m) => (
            <label key={m} className="pay-method">
              <input
                type="radio"
                name="pay_method"
                value={m}
                checked={payment.method === m}
                onChange={() => payment.setMethod(m)}
              />
              <span>{m === 'bizum' ? tx.bizum : tx.card}</span>
            </label>
          ))}
        </fieldset>
      )}
      {state.kind === 'error' && state.failure !== 'hold-expired' && (
        <div className="pub-alert pub-alert-error" role="alert" data-testid="pay-error">
          <p className="pub-alert-title">
            <IconAlert size={18} /> {state.failure === 'unavailable' ? tx.errors.unavailableTitle : tx.errors.title}
          </p>
          <p>
            {state.failure === 'unavailable'
              ? tx.errors.unavailable
              : state.failure === 'nothing-due'
                ? tx.errors.nothingDue
                : state.message}
          </p>
        </div>
      )}
      <button
        type="button"
        className="pub-btn pub-btn-primary pub-btn-block pub-btn-lg"
        onClick={() => void payment.pay()}
        disabled={busy}
        data-testid="pay-button"
      >
        {busy ? (
          <>
            <span className="pub-spinner" aria-hidden="true" />{' '}
            {state.kind === 'leaving' ? tx.redirecting : tx.starting}
          </>
        ) : retry || state.kind === 'error' ? (
          `${tx.retry} · ${unbroken(now)}`
        ) : (
          tx.payAmount(unbroken(now))
        )}
      </button>
      <p className="pay-secure">
        <IconShield size={16} /> {tx.secure}
      </p>
      <p className="pub-sr-only" aria-live="polite">
        {state.kind === 'leaving' ? tx.redirecting : ''}
      </p>
    </section>
  );
}

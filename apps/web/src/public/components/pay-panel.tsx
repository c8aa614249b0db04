import type { TPublicBooking } from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { t } from '../i18n';
import { formatCents, formatTimeOfDay } from '../lib/format';
import { Static } from '../lib/hydration';
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
  const left = now === null ? null : holdLeftMs(expiresAt, now);
  return (
    <p className={`pay-hold ${left === 0 ? 'is-over' : ''}`} role="timer" aria-atomic="true" data-testid="hold-timer">
      {/* The server's "hasta las 10:15" is kept until the countdown starts: no time is formatted
          while the page is taken over (issue 35, goal 6). */}
      <IconClock size={18} />{' '}
      <Static as="span" watch={[now]}>
        <HoldText left={left} expiresAt={expiresAt} timeZone={timeZone} />
      </Static>
    </p>
  );
}

function HoldText({ left, expiresAt, timeZone }: { left: number | null; expiresAt: string; timeZone: string }) {
  const tx = t().common.pay;
  return (
    <>
      {left === null
        ? tx.holdUntil(formatTimeOfDay(expiresAt, timeZone))
        : left > 0
          ? tx.holdLeft(clock(left))
          : tx.holdOver}
    </>
  );
}

/** An amount in the booking's currency (a component: formatted only when rendered). */
function Money({ cents, currency }: { cents: number; currency: string }) {
  return <>{formatCents(cents, currency)}</>;
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
          {/* The amounts the server wrote are kept while the page is taken over (no format then). */}
          <Static as="dd" data-testid="due-now" watch={[now, b.currency]}>
            <Money cents={now} currency={b.currency} />
          </Static>
        </div>
        {later > 0 && (
          <div>
            <dt>{laterLabel ?? tx.later}</dt>
            <Static as="dd" data-testid="due-later" watch={[later, b.currency]}>
              <Money cents={later} currency={b.currency} />
            </Static>
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
      <Static
        as="button"
        type="button"
        className="pub-btn pub-btn-primary pub-btn-block pub-btn-lg"
        onClick={() => void payment.pay()}
        disabled={busy}
        data-testid="pay-button"
        watch={[state.kind, retry, now, b.currency]}
      >
        {busy ? (
          <>
            <span className="pub-spinner" aria-hidden="true" />{' '}
            {state.kind === 'leaving' ? tx.redirecting : tx.starting}
          </>
        ) : (
          <PayLabel retry={retry || state.kind === 'error'} cents={now} currency={b.currency} />
        )}
      </Static>
      <p className="pay-secure">
        <IconShield size={16} /> {tx.secure}
      </p>
      <p className="pub-sr-only" aria-live="polite">
        {state.kind === 'leaving' ? tx.redirecting : ''}
      </p>
    </section>
  );
}

/** "Pagar 46,00 €" or "Reintentar el pago · 46,00 €": one text, the amount never broken before its "€". */
function PayLabel({ retry, cents, currency }: { retry: boolean; cents: number; currency: string }) {
  const tx = t().common.pay;
  const amount = formatCents(cents, currency).replace(/ /g, '\u00a0');
  return <>{retry ? `${tx.retry} · ${amount}` : tx.payAmount(amount)}</>;
}

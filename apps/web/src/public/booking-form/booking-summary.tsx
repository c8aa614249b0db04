import { TermsCheckbox } from '../components/fields';
import { IconCalendar, IconClock, IconMapPin, IconUsers } from '../components/icons';
import { PayPanel } from '../components/pay-panel';
import { t } from '../i18n';
import { contentLang } from '../lib/content';
import { formatCents, formatDay, freeCancellationText } from '../lib/format';
import { Later, Static } from '../lib/hydration';
import { paxTypeName } from '../lib/names';
import { pickupPlace } from '../lib/pickup';
import { MEETING_POINT } from '../lib/validation';
import { SubmitStatus } from './submit-status';
import type { TBookingForm } from './use-booking-form';

/**
 * The last step, beside the form on a desktop and under it on a phone: what is being booked, the
 * price, the terms to accept and "Confirmar reserva".
 */
export function BookingSummary({ form: f }: { form: TBookingForm }) {
  const { product, values: v, quote, submit, split, created } = f;
  const op = product.tour_operator;
  const { common, booking } = t();
  const pay = common.pay;
  const text = booking.summary;
  const labels = common.labels;
  const pending = <span className="bk-pending">{text.notChosen}</span>;
  return (
    // Taken over after the steps, in a task of its own (lib/hydration.tsx).
    <Later as="aside" className="bk-summary" aria-labelledby="bk-summary-title">
      <div className="bk-summary-card">
        <h2 id="bk-summary-title">{text.title}</h2>
        <dl className="bk-summary-list">
          <div>
            <dt>
              <IconCalendar size={18} /> {labels.date}
            </dt>
            <dd>{v.date ? formatDay(v.date) : pending}</dd>
          </div>
          <div>
            <dt>
              <IconClock size={18} /> {labels.time}
            </dt>
            <dd>{v.time || pending}</dd>
          </div>
          <div>
            <dt>
              <IconUsers size={18} /> {labels.people}
            </dt>
            <dd>{common.format.people(f.paxTotal)}</dd>
          </div>
          {product.pickup_enabled && (
            <div>
              <dt>
                <IconMapPin size={18} /> {labels.pickup}
              </dt>
              <dd>
                {f.pickupChoice ? (
                  <>
                    {f.pickupChoice.pickup_time && <strong>{f.pickupChoice.pickup_time} · </strong>}
                    {pickupPlace(f.pickupChoice)}
                  </>
                ) : v.pickup === MEETING_POINT ? (
                  labels.meetingPoint
                ) : (
                  pending
                )}
              </dd>
            </div>
          )}
        </dl>
        {/* The server's amounts are kept while the page is taken over, until the quote or what is
            paid now changes (no format, so no locale data, while the page loads: issue 35, goal 6). */}
        <Static
          as="div"
          className="bk-quote"
          data-testid="quote"
          aria-live="polite"
          watch={[quote, split?.mode, split?.nowCents, split?.laterCents, !!created]}
        >
          <Quote form={f} />
        </Static>

        {created ? (
          <>
            <div className="pub-alert pub-alert-info" role="status" data-testid="booking-saved">
              <p className="pub-alert-title">{pay.saved(created.locator)}</p>
            </div>
            <PayPanel booking={created} payment={f.payment} headingLevel={3} laterLabel={pay.onTheDay} />
          </>
        ) : (
          <>
            {/* The terms that apply: this product's own, or the operator's. */}
            <TermsCheckbox
              id="accept_terms"
              checked={v.accept_terms}
              onChange={(val) => f.set('accept_terms', val)}
              error={f.errors.accept_terms}
              operatorName={op.name}
              terms={product.booking_terms}
              termsLang={contentLang(product.content_locales, 'booking_terms')}
              cancellation={freeCancellationText(product.free_cancellation_hours)}
            />

            <SubmitStatus form={f} />

            <Static
              as="button"
              type="submit"
              className="pub-btn pub-btn-primary pub-btn-block pub-btn-lg"
              disabled={submit.kind === 'sending'}
              data-sending={submit.kind === 'sending' || undefined}
              watch={[submit.kind, submit.kind === 'error' && submit.retryable, split?.nowCents]}
            >
              <SubmitLabel form={f} />
            </Static>
            {!product.instant_confirmation && !split && <p className="bk-total-note">{text.review(op.name)}</p>}
          </>
        )}
      </div>
    </Later>
  );
}

/** The quote's lines, its total and what is paid now and on the day (a component: formatted only when rendered). */
function Quote({ form: f }: { form: TBookingForm }) {
  const { product, quote, split, created } = f;
  const { common, booking } = t();
  const pay = common.pay;
  const text = booking.summary;
  return (
    <>
      {quote ? (
        <ul>
          {quote.lines.map((l) => (
            <li key={l.pax_type}>
              <span>
                {l.quantity} × {paxTypeName(l.pax_type)}
              </span>
              <span>{formatCents(l.total_cents, product.currency)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="bk-pending">{text.addSomeone}</p>
      )}
      <p className="bk-total">
        <span>{common.amounts.total}</span>
        <strong data-testid="quote-total">{formatCents(quote?.total_cents ?? 0, product.currency)}</strong>
      </p>
      <p className="bk-total-note">{text.taxes}</p>
      {split && !created && (
        <div className="pay-split" data-testid="pay-split">
          <dl className="pay-split-list">
            <div className="pay-split-row">
              <dt className="pay-split-label">{pay.now}</dt>
              <dd className="pay-split-amount">{formatCents(split.nowCents, product.currency)}</dd>
            </div>
            {split.laterCents > 0 && (
              <div className="pay-split-row">
                <dt className="pay-split-label">{pay.onTheDay}</dt>
                <dd className="pay-split-amount">{formatCents(split.laterCents, product.currency)}</dd>
              </div>
            )}
          </dl>
          <p className="pay-split-note">{depositNote(f)}</p>
        </div>
      )}
    </>
  );
}

/** "Confirmar reserva", "Reservar y pagar 45,00 €", "Enviando…" or "Reintentar" (a component: formatted only when rendered). */
function SubmitLabel({ form: f }: { form: TBookingForm }) {
  const { product, submit, split } = f;
  const { common, booking } = t();
  const text = booking.summary;
  if (submit.kind === 'sending')
    return (
      <>
        <span className="pub-spinner" aria-hidden="true" /> {text.sending}
      </>
    );
  if (submit.kind === 'error' && submit.retryable) return <>{text.retry}</>;
  // The amount never breaks before its "€".
  if (split) return <>{common.pay.bookAndPay(formatCents(split.nowCents, product.currency).replace(/ /g, '\u00a0'))}</>;
  return <>{common.labels.confirmBooking}</>;
}

/** Under "Ahora · El día de la excursión": how the product asks to be paid. */
function depositNote(f: TBookingForm): string {
  const pay = t().common.pay;
  const deposit = f.product.deposit;
  if (f.split?.mode !== 'deposit' || !deposit) return pay.full;
  return 'percent' in deposit
    ? pay.depositPercent(deposit.percent)
    : pay.depositPerPax(formatCents(deposit.per_pax_cents, f.product.currency));
}

import type { TPublicBooking } from '@trayecto/shared';
import { taxesOf, taxRateLabel } from '@trayecto/shared/taxes';
import { t } from '../i18n';
import { contentLang } from '../lib/content';
import { formatCents } from '../lib/format';
import { bookingStateName, paxTypeName, paxTypePlural, paymentStateName } from '../lib/names';
import { pickupPlace } from '../lib/pickup';
import './booking-bits.css';

/** The booking state in the page's language and the colour used everywhere (STYLE.md). */
export function StateBadge({ state }: { state: string }) {
  const label = bookingStateName(state);
  return (
    <span className={`pub-state-badge is-${state}`} data-testid="booking-state">
      {label}
    </span>
  );
}

export function PaymentBadge({ state }: { state: string }) {
  const label = paymentStateName(state);
  return (
    <span className={`pub-pay-badge is-${state}`}>
      <span className="pub-pay-prefix">{t().common.labels.paymentPrefix}</span> {label}
    </span>
  );
}

export { paxTypeName, paxTypePlural };

/** Pax per type with unit and line prices, then subtotal/discount, total, paid and pending. */
export function BookingAmounts({ booking, compact }: { booking: TPublicBooking; compact?: boolean }) {
  const c = booking.currency;
  const text = t().common.amounts;
  return (
    <table className={`pub-amounts ${compact ? 'is-compact' : ''}`}>
      <caption className="pub-sr-only">{text.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{text.passengers}</th>
          <th scope="col" className="num">
            {text.price}
          </th>
          <th scope="col" className="num">
            {text.amount}
          </th>
        </tr>
      </thead>
      <tbody>
        {booking.lines.map((l) => (
          <tr key={l.pax_type}>
            <th scope="row">
              {l.quantity} × {paxTypeName(l.pax_type)}
            </th>
            <td className="num">{l.unit_cents === 0 ? text.free : formatCents(l.unit_cents, c)}</td>
            <td className="num">{formatCents(l.total_cents, c)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {booking.discount_cents > 0 && (
          <>
            <tr>
              <th scope="row" colSpan={2}>
                {text.subtotal}
              </th>
              <td className="num">{formatCents(booking.subtotal_cents, c)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                {text.discount}
              </th>
              <td className="num">−{formatCents(booking.discount_cents, c)}</td>
            </tr>
          </>
        )}
        <tr className="is-total">
          <th scope="row" colSpan={2}>
            {text.total}
          </th>
          <td className="num" data-testid="booking-total">
            {formatCents(booking.total_cents, c)}
          </td>
        </tr>
        {booking.tax_cents > 0 && (
          <tr className="is-tax">
            <th scope="row" colSpan={2}>
              {text.taxIncluded(taxRateLabel(taxesOf(booking.tour_operator.tax_territory).kind, booking.tax_rate))}
            </th>
            <td className="num" data-testid="booking-tax">
              {formatCents(booking.tax_cents, c)}
            </td>
          </tr>
        )}
        <tr>
          <th scope="row" colSpan={2}>
            {text.paid}
          </th>
          <td className="num" data-testid="booking-paid">
            {/* What they have paid and kept: received net of refunds (the API gives both). */}
            {formatCents(booking.paid_cents - booking.refunded_cents, c)}
          </td>
        </tr>
        <tr className={booking.pending_cents > 0 ? 'is-pending' : ''}>
          <th scope="row" colSpan={2}>
            {text.pending}
          </th>
          <td className="num" data-testid="booking-pending">
            {formatCents(booking.pending_cents, c)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * "08:20 · Hotel X · puerta principal", the meeting point, or null when the product has neither.
 * `lang`: the meeting point's language when it fell back to another one (put it on its element).
 */
export function pickupSummary(
  b: TPublicBooking,
): { time: string | null; place: string; isMeetingPoint: boolean; lang?: string } | null {
  if (b.accommodation) {
    const place = pickupPlace({
      name: b.accommodation.name,
      pickup_point: b.accommodation.pickup_point,
      pickup_at: b.pickup_at,
    });
    return { time: b.pickup_time, place, isMeetingPoint: false };
  }
  if (b.product.meeting_point) {
    const lang = contentLang(b.product.content_locales, 'meeting_point');
    return { time: null, place: b.product.meeting_point, isMeetingPoint: true, ...(lang ? { lang } : {}) };
  }
  return null;
}

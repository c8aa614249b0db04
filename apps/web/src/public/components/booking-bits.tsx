import type { TPublicBooking } from '@trayecto/shared';
import {
  BOOKING_STATE_NAMES,
  PAX_TYPE_NAMES,
  PAYMENT_STATE_NAMES,
  type TBookingState,
  type TPaxType,
  type TPaymentState,
} from '@trayecto/shared/catalog';
import { formatCents } from '../lib/format';
import { pickupPlace } from '../lib/pickup';
import './booking-bits.css';

/** The booking state with its Spanish label and the colour used everywhere (STYLE.md). */
export function StateBadge({ state }: { state: string }) {
  const label = BOOKING_STATE_NAMES[state as TBookingState] ?? state;
  return (
    <span className={`pub-state-badge is-${state}`} data-testid="booking-state">
      {label}
    </span>
  );
}

export function PaymentBadge({ state }: { state: string }) {
  const label = PAYMENT_STATE_NAMES[state as TPaymentState] ?? state;
  return <span className={`pub-pay-badge is-${state}`}>{label}</span>;
}

export const paxTypeName = (t: string) => PAX_TYPE_NAMES[t as TPaxType] ?? t;

/** Pax per type with unit and line prices, then subtotal/discount, total, paid and pending. */
export function BookingAmounts({ booking, compact }: { booking: TPublicBooking; compact?: boolean }) {
  const c = booking.currency;
  return (
    <table className={`pub-amounts ${compact ? 'is-compact' : ''}`}>
      <caption className="pub-sr-only">Importe de la reserva</caption>
      <thead>
        <tr>
          <th scope="col">Pasajeros</th>
          <th scope="col" className="num">
            Precio
          </th>
          <th scope="col" className="num">
            Importe
          </th>
        </tr>
      </thead>
      <tbody>
        {booking.lines.map((l) => (
          <tr key={l.pax_type}>
            <th scope="row">
              {l.quantity} × {paxTypeName(l.pax_type)}
            </th>
            <td className="num">{l.unit_cents === 0 ? 'Gratis' : formatCents(l.unit_cents, c)}</td>
            <td className="num">{formatCents(l.total_cents, c)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {booking.discount_cents > 0 && (
          <>
            <tr>
              <th scope="row" colSpan={2}>
                Subtotal
              </th>
              <td className="num">{formatCents(booking.subtotal_cents, c)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                Descuento
              </th>
              <td className="num">−{formatCents(booking.discount_cents, c)}</td>
            </tr>
          </>
        )}
        <tr className="is-total">
          <th scope="row" colSpan={2}>
            Total
          </th>
          <td className="num" data-testid="booking-total">
            {formatCents(booking.total_cents, c)}
          </td>
        </tr>
        <tr>
          <th scope="row" colSpan={2}>
            Pagado
          </th>
          <td className="num" data-testid="booking-paid">
            {formatCents(booking.paid_cents, c)}
          </td>
        </tr>
        <tr className={booking.pending_cents > 0 ? 'is-pending' : ''}>
          <th scope="row" colSpan={2}>
            Pendiente de pago
          </th>
          <td className="num" data-testid="booking-pending">
            {formatCents(booking.pending_cents, c)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** "08:20 · Hotel X · puerta principal", the meeting point, or null when the product has neither. */
export function pickupSummary(
  b: TPublicBooking,
): { time: string | null; place: string; isMeetingPoint: boolean } | null {
  if (b.accommodation) {
    const place = pickupPlace({
      name: b.accommodation.name,
      pickup_point: b.accommodation.pickup_point,
      pickup_at: b.pickup_at,
    });
    return { time: b.pickup_time, place, isMeetingPoint: false };
  }
  if (b.product.meeting_point) return { time: null, place: b.product.meeting_point, isMeetingPoint: true };
  return null;
}

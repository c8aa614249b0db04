import type { TPublicBooking } from '@trayecto/shared';
import { formatDateLong, formatInstant } from '../lib/format';
import { pickupSummary } from './booking-bits';
import { IconCheck, IconClock } from './icons';
import './booking-thanks.css';

/** "Lucía Pérez" → "Lucía" (the thanks speak to the person). */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** Where and when the customer must be: the pickup, the meeting point, or what the operator will say. */
export function whereAndWhen(b: TPublicBooking): string {
  const day = formatDateLong(b.date);
  const pickup = pickupSummary(b);
  const op = b.tour_operator.name;
  if (pickup && !pickup.isMeetingPoint) {
    const room = b.room ? ` (habitación ${b.room})` : '';
    return pickup.time
      ? `El ${day} te recogemos a las ${pickup.time} en ${pickup.place}${room}. Estate allí 5 minutos antes.`
      : `El ${day} te recogemos en ${pickup.place}${room}; ${op} te dirá la hora de recogida.`;
  }
  if (pickup) {
    return `El ${day}, preséntate en ${pickup.place} 15 minutos antes de la salida, que es a las ${b.time}.`;
  }
  return `La salida es el ${day} a las ${b.time}; ${op} te dirá dónde presentarte.`;
}

/**
 * The thanks a customer reads right after booking on the public form (issue 12): whether the
 * booking is confirmed or waits for the operator, where and when to be, that this page is the
 * voucher to keep, and until when it can be cancelled for free. Not printed.
 */
export function BookingThanks({ booking: b }: { booking: TPublicBooking }) {
  const name = firstName(b.customer_name);
  const thanks = name ? `¡Gracias, ${name}!` : '¡Gracias!';
  const op = b.tour_operator.name;
  const pending = b.state === 'pending';
  const cancelUntil =
    b.can_cancel && b.free_cancellation_until
      ? formatInstant(b.free_cancellation_until, b.tour_operator.timezone)
      : null;
  return (
    <section
      className={`bt-thanks ${pending ? 'is-pending' : 'is-confirmed'}`}
      role="status"
      aria-labelledby="bt-title"
      data-testid="booking-thanks"
    >
      <span className="bt-icon" aria-hidden="true">
        {pending ? <IconClock size={26} /> : <IconCheck size={26} />}
      </span>
      <div className="bt-body">
        <h2 id="bt-title" className="bt-title">
          {pending ? `${thanks} Hemos recibido tu reserva.` : `${thanks} Tu reserva está confirmada.`}
        </h2>
        {pending && (
          <p className="bt-lead">
            Está pendiente de confirmación: {op} revisará las plazas y te la confirmará. Puedes ver cómo va en «Ver mi
            reserva».
          </p>
        )}
        <h3 className="bt-next">Qué pasa ahora</h3>
        <ul className="bt-steps">
          <li data-testid="thanks-where">{whereAndWhen(b)}</li>
          <li>
            Esta página es tu bono, con el localizador <strong>{b.locator}</strong>: guárdala o imprímela y enséñala (en
            el móvil o en papel) al guía o al conductor.
          </li>
          {cancelUntil && (
            <li data-testid="thanks-cancel">
              Si no puedes venir, cancela gratis hasta el {cancelUntil} desde «Ver mi reserva».
            </li>
          )}
          {b.tour_operator.phone && (
            <li>
              ¿Alguna duda? Llama a {op} al{' '}
              <a href={`tel:${b.tour_operator.phone.replace(/\s+/g, '')}`}>{b.tour_operator.phone}</a>.
            </li>
          )}
        </ul>
      </div>
    </section>
  );
}

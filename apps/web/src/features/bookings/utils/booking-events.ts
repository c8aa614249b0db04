/**
 * The history of a booking in words (GET /bookings/{id}/events): "Estado: Pendiente → Confirmada",
 * "Cobro de 20,00 € (Efectivo)", "Reserva cancelada: el cliente se puso enfermo". Unknown event
 * types still read as something sensible.
 */
import { fieldName, type TBookingEventResponse } from '@trayecto/shared';
import { bookingStateName, channelName, formatMoney, paxSummary, paymentMethodName } from './booking-format';

export type TEventView = { title: string; detail: string; color: string };

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** ["date", "customer_phone"] / { date: …, … } → "fecha, teléfono" */
function changedFields(data: Record<string, unknown>): string {
  const raw = data.fields ?? data.changes ?? data.changed;
  const keys = Array.isArray(raw) ? raw.map(str) : raw && typeof raw === 'object' ? Object.keys(raw) : [];
  const names = [...new Set(keys.filter((k) => k && k !== 'version' && k !== 'updated_at').map(fieldName))];
  return names.join(', ');
}

/** The server's own line (`summary`) wins as the title; the rest comes from the type and data. */
export function eventView(
  e: Pick<TBookingEventResponse, 'type' | 'data'> & Partial<Pick<TBookingEventResponse, 'summary'>>,
): TEventView {
  const view = eventViewOfType(e);
  const summary = e.summary?.trim();
  if (!summary) return view;
  // The summary already says what happened; only a payment's reference is worth adding.
  const reference = typeof e.data?.reference === 'string' ? e.data.reference : '';
  return { ...view, title: summary, detail: reference && !summary.includes(reference) ? reference : '' };
}

function eventViewOfType(e: Pick<TBookingEventResponse, 'type' | 'data'>): TEventView {
  const d = (e.data ?? {}) as Record<string, unknown>;
  const currency = str(d.currency) || 'EUR';
  const amount = num(d.amount_cents);
  const money = amount !== null ? formatMoney(amount, currency) : '';
  const method = str(d.method) ? paymentMethodName(str(d.method)) : '';
  switch (e.type) {
    case 'created': {
      const parts = [
        str(d.channel) ? `Canal ${channelName(str(d.channel))}` : '',
        d.pax && typeof d.pax === 'object' ? paxSummary(d.pax as Record<string, number>) : '',
        num(d.total_cents) !== null ? formatMoney(num(d.total_cents) ?? 0, currency) : '',
      ];
      return { title: 'Reserva creada', detail: parts.filter(Boolean).join(' · '), color: 'brand' };
    }
    case 'updated': {
      const fields = changedFields(d);
      return { title: 'Reserva modificada', detail: fields ? `Cambios: ${fields}` : '', color: 'gray' };
    }
    case 'state_changed':
    case 'state': {
      const to = str(d.to ?? d.state);
      const from = str(d.from);
      return {
        title: from ? `Estado: ${bookingStateName(from)} → ${bookingStateName(to)}` : `Estado: ${bookingStateName(to)}`,
        detail: str(d.reason),
        color:
          to === 'cancelled'
            ? 'red'
            : to === 'confirmed'
              ? 'green'
              : to === 'completed'
                ? 'blue'
                : to === 'no_show'
                  ? 'orange'
                  : 'gray',
      };
    }
    case 'confirmed':
      return { title: 'Reserva confirmada', detail: '', color: 'green' };
    case 'completed':
      return { title: 'Marcada como realizada', detail: '', color: 'blue' };
    case 'no_show':
      return { title: 'Marcada como no presentado', detail: '', color: 'orange' };
    case 'cancelled':
      return { title: 'Reserva cancelada', detail: str(d.reason), color: 'red' };
    case 'payment':
    case 'payment_recorded':
    case 'payment_created':
      if (str(d.kind) === 'refund') return { title: `Reembolso de ${money}`, detail: method, color: 'grape' };
      return {
        title: money ? `Cobro de ${money}` : 'Cobro registrado',
        detail: [method, str(d.reference)].filter(Boolean).join(' · '),
        color: 'teal',
      };
    case 'refund':
    case 'refund_recorded':
      return { title: money ? `Reembolso de ${money}` : 'Reembolso registrado', detail: method, color: 'grape' };
    case 'checked_in':
    case 'check_in':
      return { title: 'Check-in hecho', detail: '', color: 'teal' };
    case 'public_updated':
      return { title: 'El cliente completó sus datos', detail: changedFields(d), color: 'gray' };
    case 'public_confirmed':
      return { title: 'El cliente confirmó la reserva', detail: '', color: 'green' };
    case 'public_cancelled':
      return { title: 'El cliente canceló la reserva', detail: str(d.reason), color: 'red' };
    default: {
      const t = e.type.replace(/[_.]/g, ' ');
      return { title: t.charAt(0).toUpperCase() + t.slice(1), detail: '', color: 'gray' };
    }
  }
}

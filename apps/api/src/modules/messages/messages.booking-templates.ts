/**
 * What customers read (issue 14): the e-mail of each booking message and the WhatsApp texts, built
 * from the booking as its customer sees it (the public booking view: never internal notes) and the
 * facts of the cause stored with the message (`payload`). Spanish for now; the customer's language
 * arrives with issue 15 (the booking's `language` is stored on every message already).
 */
import {
  DEPARTURE_CANCEL_REASON_NAMES,
  formatCents,
  formatDay,
  formatDuration,
  PAX_TYPE_NAMES,
  PAYMENT_METHOD_NAMES,
  paxCounts,
  type TDepartureCancelReason,
  type TMessageKind,
  type TPublicBooking,
  type TWhatsappKind,
  wallClockIn,
} from '@trayecto/shared';
import type { EmailBlock, EmailLayout } from './messages.templates';

/** The facts of a booking message's cause, stored with it and read when it is rendered. */
export type BookingMessagePayload = {
  /** Who cancelled: the office or the customer. */
  by?: 'staff' | 'customer';
  reason?: string;
  /** booking_changed: the fields that changed, `[before, after]` as the API names them. */
  changes?: Record<string, [unknown, unknown]>;
  /** payment_received / payment_refunded. */
  amount_cents?: number;
  method?: string;
  /** departure_cancelled. */
  departure_reason?: TDepartureCancelReason;
  next_steps?: string;
  /** booking_reminder: the departure date it is for. */
  date?: string;
};

/** Absolute links of one booking. */
export type BookingLinks = { voucher: string; booking: string };

const paxName = (type: string, n: number) => {
  const name = (PAX_TYPE_NAMES[type as keyof typeof PAX_TYPE_NAMES] ?? type).toLowerCase();
  return n === 1 ? name : `${name}s`;
};

/** "2 adultos, 1 niño" */
export function paxText(source: Parameters<typeof paxCounts>[0]): string {
  return paxCounts(source)
    .map(({ type, n }) => `${n} ${paxName(type, n)}`)
    .join(', ');
}

/** "sáb, 5 dic 2026 a las 09:00" */
const whenText = (b: Pick<TPublicBooking, 'date' | 'time'>) => `${formatDay(b.date)} a las ${b.time}`;

/** Where and when the customer is collected, or where they meet; null when neither is known. */
export function pickupText(b: TPublicBooking): { label: string; value: string } | null {
  if (b.accommodation) {
    const at = b.pickup_at ?? b.accommodation;
    const point = at.pickup_point ? ` (${at.pickup_point})` : '';
    const place = b.pickup_at
      ? `${b.pickup_at.name}${point}, recogida de ${b.accommodation.name}`
      : `${at.name}${point}`;
    const room = b.room ? ` · habitación ${b.room}` : '';
    return {
      label: 'Recogida',
      value: b.pickup_time ? `${b.pickup_time} en ${place}${room}` : `${place}${room} (te confirmaremos la hora)`,
    };
  }
  if (b.product.meeting_point) {
    return { label: 'Punto de encuentro', value: `${b.product.meeting_point}, a las ${b.pickup_time ?? b.time}` };
  }
  return null;
}

/** The booking's details as rows: what the voucher says, in a message. */
function detailRows(b: TPublicBooking): [string, string][] {
  const rows: [string, string][] = [
    ['Localizador', b.locator],
    ['Excursión', b.product.name],
    ['Fecha', whenText(b)],
    ['Pasajeros', paxText(b.lines) || `${b.pax_total}`],
  ];
  if (b.product.duration_minutes) rows.push(['Duración', formatDuration(b.product.duration_minutes)]);
  const pickup = pickupText(b);
  if (pickup) rows.push([pickup.label, pickup.value]);
  rows.push(['Total', formatCents(b.total_cents, b.currency)]);
  if (b.paid_cents > 0) rows.push(['Pagado', formatCents(b.paid_cents, b.currency)]);
  if (b.pending_cents > 0) rows.push(['Pendiente', formatCents(b.pending_cents, b.currency)]);
  return rows;
}

function contactNote(b: TPublicBooking): EmailBlock {
  const op = b.tour_operator;
  const ways = [op.phone && `llama al ${op.phone}`, op.email && `escribe a ${op.email}`].filter(Boolean);
  const how = ways.length ? `: ${ways.join(' o ')}` : ', responde a este mensaje';
  return { type: 'note', text: `¿Alguna pregunta? Estamos para ayudarte${how}.` };
}

function cancellationNote(b: TPublicBooking): EmailBlock | null {
  if (!b.free_cancellation_until || b.state === 'cancelled') return null;
  const until = wallClockIn(b.tour_operator.timezone, new Date(b.free_cancellation_until));
  return {
    type: 'note',
    text: `Cancelación gratuita hasta el ${whenText(until)} desde la página de tu reserva.`,
  };
}

const greeting = (b: TPublicBooking): EmailBlock => ({
  type: 'paragraph',
  text: b.customer_name ? `Hola, ${b.customer_name}:` : 'Hola:',
});

/** Subjects: the locator and the day, so a customer with several bookings tells them apart. */
export function bookingSubject(kind: TMessageKind, b: { locator: string; date: string; productName: string }): string {
  const day = formatDay(b.date);
  const tail = `${b.productName}, ${day} (${b.locator})`;
  switch (kind) {
    case 'booking_confirmed':
      return `Reserva confirmada: ${tail}`;
    case 'booking_requested':
      return `Hemos recibido tu solicitud: ${tail}`;
    case 'booking_prepared':
      return `Tu reserva está lista para confirmar: ${tail}`;
    case 'booking_changed':
      return `Cambios en tu reserva: ${tail}`;
    case 'booking_cancelled':
      return `Reserva cancelada: ${tail}`;
    case 'payment_received':
      return `Pago recibido: ${tail}`;
    case 'payment_refunded':
      return `Reembolso de tu reserva: ${tail}`;
    case 'booking_reminder':
      return `Mañana es tu excursión: ${tail}`;
    case 'departure_cancelled':
      return `Salida cancelada: ${tail}`;
    default:
      return tail;
  }
}

/** A changed field as the customer reads it, or null for fields the message tells otherwise. */
function changeLine(field: string, [before, after]: [unknown, unknown], b: TPublicBooking): string | null {
  const str = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
  switch (field) {
    case 'date':
      return `Fecha: ${formatDay(str(before))} → ${formatDay(str(after))}`;
    case 'time':
      return `Hora de salida: ${str(before)} → ${str(after)}`;
    case 'pax':
      return `Pasajeros: ${paxText(before as Record<string, number>) || '—'} → ${paxText(after as Record<string, number>) || '—'}`;
    case 'pickup_time':
      return `Hora de recogida: ${str(before)} → ${str(after)}`;
    case 'product_id':
      return `Excursión: ${b.product.name}`;
    case 'accommodation_id':
      return `Lugar de recogida: ${b.accommodation?.name ?? 'sin recogida'}`;
    case 'room':
      return `Habitación: ${str(before)} → ${str(after)}`;
    case 'total_cents':
      return `Total: ${formatCents(Number(before) || 0, b.currency)} → ${formatCents(Number(after) || 0, b.currency)}`;
    default:
      return null;
  }
}

/** The fields whose change the customer is told about (booking_changed is queued only for these). */
export const CUSTOMER_VISIBLE_CHANGES = [
  'product_id',
  'date',
  'time',
  'pax',
  'accommodation_id',
  'room',
  'pickup_time',
] as const;

const methodName = (m: string | undefined) =>
  (m && PAYMENT_METHOD_NAMES[m as keyof typeof PAYMENT_METHOD_NAMES]?.toLowerCase()) || m || '';

/** The e-mail of a booking message. */
export function bookingEmail(
  kind: TMessageKind,
  b: TPublicBooking,
  p: BookingMessagePayload,
  links: BookingLinks,
): EmailLayout {
  const brand = b.tour_operator.name;
  const subject = bookingSubject(kind, { locator: b.locator, date: b.date, productName: b.product.name });
  const details: EmailBlock = { type: 'details', rows: detailRows(b) };
  const voucher: EmailBlock = { type: 'button', label: 'Ver el bono', href: links.voucher };
  const manage: EmailBlock = { type: 'button', label: 'Ver o cambiar mi reserva', href: links.booking };
  const blocks: EmailBlock[] = [greeting(b)];
  let preview = `${b.product.name}, ${whenText(b)}.`;
  const pickup = pickupText(b);
  switch (kind) {
    case 'booking_confirmed': {
      blocks.push(
        {
          type: 'paragraph',
          text: `Tu reserva de «${b.product.name}» está confirmada. ¡Gracias por reservar con ${brand}!`,
        },
        details,
        voucher,
        {
          type: 'paragraph',
          text: pickup
            ? `Qué hacer ahora: guarda el bono (el código QR basta, en el móvil o impreso) y espera ${pickup.label === 'Recogida' ? 'en el lugar de recogida 5 minutos antes de la hora' : 'en el punto de encuentro 10 minutos antes'}. Te añadimos la excursión al calendario en el archivo adjunto.`
            : 'Qué hacer ahora: guarda el bono (el código QR basta, en el móvil o impreso). Te añadimos la excursión al calendario en el archivo adjunto.',
        },
      );
      const note = cancellationNote(b);
      if (note) blocks.push(note);
      blocks.push(manage);
      preview = `${b.product.name}, ${whenText(b)}. Tu bono y la recogida, dentro.`;
      break;
    }
    case 'booking_requested':
      blocks.push(
        {
          type: 'paragraph',
          text: `Hemos recibido tu solicitud de «${b.product.name}». ${brand} la revisará y te escribiremos en cuanto esté confirmada; todavía no es un bono válido.`,
        },
        details,
        manage,
      );
      break;
    case 'booking_prepared':
      blocks.push(
        {
          type: 'paragraph',
          text: `${brand} ha preparado esta reserva para ti. Revisa los datos, completa lo que falte y confírmala desde el enlace:`,
        },
        details,
        { type: 'button', label: 'Revisar y confirmar la reserva', href: links.booking },
      );
      preview = `Revisa y confirma tu reserva de ${b.product.name}.`;
      break;
    case 'booking_changed': {
      const lines = Object.entries(p.changes ?? {})
        .map(([f, v]) => changeLine(f, v, b))
        .filter((l): l is string => !!l);
      blocks.push({ type: 'paragraph', text: 'Hemos cambiado tu reserva. Esto es lo que cambia:' });
      if (lines.length) blocks.push({ type: 'details', rows: lines.map((l) => splitLine(l)) });
      blocks.push({ type: 'heading', text: 'Tu reserva ahora' }, details, voucher, {
        type: 'note',
        text: 'Tu bono sigue siendo el mismo enlace y muestra ya los datos nuevos.',
      });
      preview = lines[0] ?? preview;
      break;
    }
    case 'booking_cancelled': {
      const who = p.by === 'customer' ? 'Has cancelado tu reserva' : `${brand} ha cancelado tu reserva`;
      blocks.push({ type: 'paragraph', text: `${who} de «${b.product.name}» del ${whenText(b)}.` });
      if (p.by !== 'customer' && p.reason) blocks.push({ type: 'paragraph', text: `Motivo: ${p.reason}` });
      blocks.push(refundBlock(b));
      blocks.push({
        type: 'details',
        rows: [
          ['Localizador', b.locator],
          ['Excursión', b.product.name],
          ['Fecha', whenText(b)],
        ],
      });
      preview = `${b.product.name}, ${whenText(b)}: cancelada.`;
      break;
    }
    case 'payment_received':
      blocks.push(
        {
          type: 'paragraph',
          text: `Hemos recibido tu pago de ${formatCents(p.amount_cents ?? 0, b.currency)}${p.method ? ` (${methodName(p.method)})` : ''}. ¡Gracias!`,
        },
        details,
        voucher,
      );
      preview = `Pago de ${formatCents(p.amount_cents ?? 0, b.currency)} recibido.`;
      break;
    case 'payment_refunded':
      blocks.push(
        {
          type: 'paragraph',
          text: `Te hemos devuelto ${formatCents(p.amount_cents ?? 0, b.currency)}${p.method ? ` (${methodName(p.method)})` : ''}. Según tu banco, puede tardar unos días en verse en tu cuenta.`,
        },
        {
          type: 'details',
          rows: [
            ['Localizador', b.locator],
            ['Excursión', b.product.name],
            ['Fecha', whenText(b)],
            ['Pagado (neto)', formatCents(b.paid_cents, b.currency)],
          ],
        },
      );
      preview = `Reembolso de ${formatCents(p.amount_cents ?? 0, b.currency)}.`;
      break;
    case 'booking_reminder':
      blocks.push(
        { type: 'paragraph', text: `Mañana es tu excursión «${b.product.name}». Te esperamos:` },
        details,
        {
          type: 'paragraph',
          text: pickup
            ? `${pickup.label}: ${pickup.value}. Ten el bono a mano (el QR en el móvil basta) y llega 5 minutos antes.`
            : 'Ten el bono a mano (el QR en el móvil basta) y llega 10 minutos antes.',
        },
        voucher,
      );
      preview = pickup ? `${pickup.label}: ${pickup.value}.` : `${b.product.name}, ${whenText(b)}.`;
      break;
    case 'departure_cancelled': {
      const why = p.departure_reason ? DEPARTURE_CANCEL_REASON_NAMES[p.departure_reason] : '';
      blocks.push(
        {
          type: 'paragraph',
          text: `Lo sentimos mucho: ${brand} ha tenido que cancelar la salida de «${b.product.name}» del ${whenText(b)}${why ? ` (${why.toLowerCase()})` : ''}, y con ella tu reserva ${b.locator}.`,
        },
        { type: 'heading', text: 'Qué pasa ahora' },
        { type: 'paragraph', text: p.next_steps ?? '' },
        refundBlock(b),
      );
      preview = `Salida del ${whenText(b)} cancelada: qué pasa ahora.`;
      break;
    }
    default:
      blocks.push(details);
  }
  blocks.push(contactNote(b));
  return { brand, subject, preview, blocks, color: b.tour_operator.brand_color };
}

/** "Fecha: a → b" as a details row. */
function splitLine(line: string): [string, string] {
  const i = line.indexOf(': ');
  return i > 0 ? [line.slice(0, i), line.slice(i + 2)] : ['', line];
}

function refundBlock(b: TPublicBooking): EmailBlock {
  if (b.paid_cents <= 0) return { type: 'paragraph', text: 'No tenías nada pagado: no hay ningún cargo.' };
  return {
    type: 'paragraph',
    text: `Tienes pagados ${formatCents(b.paid_cents, b.currency)}. Te escribiremos de nuevo cuando hagamos el reembolso.`,
  };
}

/** The WhatsApp text staff send with one tap (click-to-chat): short, the links, the pickup. */
export function whatsappText(kind: TWhatsappKind, b: TPublicBooking, links: BookingLinks): string {
  const hello = b.customer_name ? `Hola, ${b.customer_name.split(' ')[0]}.` : 'Hola.';
  const pickup = pickupText(b);
  const where = pickup ? `\n${pickup.label}: ${pickup.value}.` : '';
  const who = b.tour_operator.name;
  switch (kind) {
    case 'booking_prepared':
      return `${hello} Te escribimos de ${who}. Hemos preparado tu reserva de «${b.product.name}» para el ${whenText(b)} (${b.locator}). Revísala y confírmala aquí:\n${links.booking}`;
    case 'booking_cancelled':
      return `${hello} Te escribimos de ${who}: tu reserva ${b.locator} de «${b.product.name}» del ${whenText(b)} está cancelada.${b.paid_cents > 0 ? ` Tienes pagados ${formatCents(b.paid_cents, b.currency)}: te avisaremos cuando hagamos el reembolso.` : ''} Para cualquier duda, responde a este mensaje.`;
    case 'booking_reminder':
      return `${hello} Te recordamos de ${who} que mañana es tu excursión «${b.product.name}», ${whenText(b)}.${where}\nTu bono: ${links.voucher}`;
    default:
      return `${hello} Te escribimos de ${who}. Tu reserva ${b.locator} de «${b.product.name}» es el ${whenText(b)}.${where}\nTu bono: ${links.voucher}`;
  }
}

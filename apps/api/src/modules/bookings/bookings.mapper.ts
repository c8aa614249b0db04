import {
  BOOKING_CHANNEL_NAMES,
  BOOKING_STATE_NAMES,
  FIELD_LABELS,
  fieldName,
  formatCents,
  PAYMENT_METHOD_NAMES,
  pathTo,
  plural,
  type TBookingChannel,
  type TBookingEventResponse,
  type TBookingResponse,
  type TBookingState,
  type TPaxType,
  type TPaymentMethod,
  type TPaymentResponse,
  timeZoneOf,
} from '@trayecto/shared';
import type { bookingEvents, bookings, payments } from '../../db/schema';
import { isoOf, isoOrNull } from '../../lib/instants';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingView = {
  booking: BookingRow;
  product: { id: string; code: string; name: string };
  operator: { id: string; name: string };
  seller: { id: string; fullName: string } | null;
  accommodation: { id: string; name: string; zone: string; pickupPoint: string } | null;
  pickupAt: { id: string; name: string; pickupPoint: string } | null;
  createdAtExact: string;
  /** The operator's time zone. */
  timezone: string;
};
export type PaymentView = {
  payment: typeof payments.$inferSelect;
  recorder: { id: string; fullName: string } | null;
};
export type EventView = {
  event: typeof bookingEvents.$inferSelect;
  actor: { id: string; fullName: string } | null;
};

/** What the customer still owes: nothing once cancelled (money paid is returned with a refund). */
export function pendingCents(b: Pick<BookingRow, 'state' | 'totalCents' | 'paidCents' | 'refundedCents'>) {
  if (b.state === 'cancelled') return 0;
  return Math.max(0, b.totalCents - b.paidCents + b.refundedCents);
}

const iso = isoOrNull;

/** The booking as the API answers it (the shared ZBookingResponse). */
export function toBookingResponse(v: BookingView): TBookingResponse {
  const b = v.booking;
  return {
    id: b.id,
    locator: b.locator,
    tour_operator_id: b.tourOperatorId,
    timezone: timeZoneOf(v.timezone),
    tour_operator: v.operator,
    product_id: b.productId,
    product: v.product,
    departure_id: b.departureId,
    date: b.date,
    time: b.time,
    lines: b.lines,
    pax_total: b.paxTotal,
    seats: b.seats,
    subtotal_cents: b.subtotalCents,
    discount_cents: b.discountCents,
    discount_reason: b.discountReason,
    total_cents: b.totalCents,
    paid_cents: b.paidCents,
    refunded_cents: b.refundedCents,
    pending_cents: pendingCents(b),
    currency: b.currency,
    customer_name: b.customerName,
    customer_email: b.customerEmail,
    customer_phone: b.customerPhone,
    customer_country: b.customerCountry,
    language: b.language,
    accommodation_id: b.accommodationId,
    accommodation: v.accommodation?.id
      ? {
          id: v.accommodation.id,
          name: v.accommodation.name,
          zone: v.accommodation.zone,
          pickup_point: v.accommodation.pickupPoint,
        }
      : null,
    pickup_at: v.pickupAt?.id
      ? { id: v.pickupAt.id, name: v.pickupAt.name, pickup_point: v.pickupAt.pickupPoint }
      : null,
    room: b.room,
    pickup_time: b.pickupTime,
    pickup_time_overridden: b.pickupTimeOverridden,
    notes: b.notes,
    internal_notes: b.internalNotes,
    channel: b.channel,
    seller_id: b.sellerId,
    seller: v.seller?.id ? { id: v.seller.id, full_name: v.seller.fullName } : null,
    commission_pct: b.commissionPct === null ? null : Number(b.commissionPct),
    commission_cents: b.commissionCents,
    created_by: b.createdBy,
    state: b.state,
    payment_state: b.paymentState,
    passengers: b.passengers,
    checked_in_at: iso(b.checkedInAt),
    cancel_reason: b.cancelReason,
    cancelled_at: iso(b.cancelledAt),
    version: b.version,
    public_urls: {
      booking: pathTo('publicBookingExisting', { bookingId: b.id }),
      voucher: pathTo('publicBookingVoucher', { bookingId: b.id }),
    },
    created_at: isoOf(b.createdAt),
    updated_at: isoOf(b.updatedAt),
  };
}

export function toPaymentResponse({ payment: p, recorder }: PaymentView): TPaymentResponse {
  return {
    id: p.id,
    booking_id: p.bookingId,
    kind: p.kind,
    amount_cents: p.amountCents,
    method: p.method,
    paid_at: isoOf(p.paidAt, p.createdAt),
    reference: p.reference,
    notes: p.notes,
    recorded_by: recorder?.id ? { id: recorder.id, full_name: recorder.fullName } : null,
    created_at: isoOf(p.createdAt),
  };
}

const stateName = (s: unknown) => BOOKING_STATE_NAMES[s as TBookingState] ?? String(s);
const methodName = (m: unknown) => PAYMENT_METHOD_NAMES[m as TPaymentMethod] ?? String(m);

const PAX_WORDS: Record<TPaxType, [string, string]> = {
  adult: ['adulto', 'adultos'],
  child: ['niño', 'niños'],
  infant: ['bebé', 'bebés'],
  senior: ['senior', 'seniors'],
};

/** { adult: 2, child: 1 } → "2 adultos, 1 niño" */
export function paxSummary(pax: Record<string, number>): string {
  return Object.entries(pax)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => {
      const [one, many] = PAX_WORDS[t as TPaxType] ?? [t, t];
      return plural(n, one, many);
    })
    .join(', ');
}

/** The changed fields of an `updated` event in Spanish, in the form's order (jsonb keeps none). */
function changedFields(data: Record<string, unknown>): string {
  const changed = Object.keys((data.changes ?? {}) as Record<string, unknown>);
  const ordered = [
    ...Object.keys(FIELD_LABELS).filter((f) => changed.includes(f)),
    ...changed.filter((f) => !(f in FIELD_LABELS)),
  ];
  return ordered.map(fieldName).join(', ');
}

function eventSummary(type: string, data: Record<string, unknown>, currency = 'EUR'): string {
  // Changes the customer made on their public page (no actor): "El cliente …".
  if (data.by === 'customer') {
    switch (type) {
      case 'updated':
        return `El cliente modificó: ${changedFields(data)}`;
      case 'customer_confirmed':
        return 'El cliente confirmó la reserva';
      case 'state_changed':
        return `El cliente confirmó la reserva (estado: ${stateName(data.from)} → ${stateName(data.to)})`;
      case 'cancelled':
        return String(data.reason ?? 'Cancelada por el cliente');
    }
  }
  switch (type) {
    case 'created': {
      const pax = (data.pax ?? {}) as Record<string, number>;
      const channel = BOOKING_CHANNEL_NAMES[data.channel as TBookingChannel] ?? String(data.channel ?? '');
      const total = formatCents(Number(data.total_cents ?? 0), currency);
      const state = stateName(data.state).toLowerCase();
      if (data.channel === 'public') return `El cliente reservó en la web (${paxSummary(pax)}; ${total}; ${state})`;
      return `Reserva creada (${paxSummary(pax)}; ${total}; canal ${channel}; ${state})`;
    }
    case 'updated':
      return `Modificada: ${changedFields(data)}`;
    case 'state_changed':
      return `Estado: ${stateName(data.from)} → ${stateName(data.to)}`;
    case 'payment':
      return `Cobro de ${formatCents(Number(data.amount_cents ?? 0), currency)} (${methodName(data.method)})`;
    case 'refund':
      return `Reembolso de ${formatCents(Number(data.amount_cents ?? 0), currency)} (${methodName(data.method)})`;
    case 'cancelled':
      return `Cancelada: ${String(data.reason ?? '')}`;
    default:
      return type;
  }
}

export function toEventResponse({ event: e, actor }: EventView, currency = 'EUR'): TBookingEventResponse {
  return {
    id: e.id,
    booking_id: e.bookingId,
    type: e.type,
    summary: eventSummary(e.type, e.data, currency),
    data: e.data,
    actor: actor?.id ? { id: actor.id, full_name: actor.fullName } : null,
    created_at: isoOf(e.createdAt),
  };
}

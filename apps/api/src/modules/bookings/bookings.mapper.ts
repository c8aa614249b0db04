import {
  AUDIT_ACTOR_KIND_NAMES,
  BOOKING_CHANNEL_NAMES,
  BOOKING_STATE_NAMES,
  dueNowCentsOf,
  FIELD_LABELS,
  fieldName,
  formatCents,
  PAYMENT_METHOD_NAMES,
  PRODUCT_PAYMENT_MODES,
  pathTo,
  plural,
  splitTaxIncluded,
  type TAuditActorKind,
  type TBookingChannel,
  type TBookingEventResponse,
  type TBookingResponse,
  type TBookingState,
  type TPaxType,
  type TPaymentMethod,
  type TPaymentResponse,
  type TPaymentTerms,
  type TProductPaymentMode,
  timeZoneOf,
  zonedDateTimeToInstant,
} from '@trayecto/shared';
import type { bookingEvents, bookings, payments } from '../../db/schema';
import { isoOf, isoOrNull } from '../../lib/instants';
import { liveLinkOf, type PaymentLinkRow } from './online.repository';

/** A booking row as the app reads it: its search text (ADR 032) is the database's, for `q` alone. */
export type BookingRow = Omit<typeof bookings.$inferSelect, 'searchText'>;
export type BookingView = {
  booking: BookingRow;
  product: { id: string; code: string; name: string };
  operator: { id: string; name: string };
  seller: { id: string; fullName: string } | null;
  /** The channel it was sold through (ADR 023), null for the operator's own sales. */
  salesChannel?: { id: string; name: string; kind: string; collects?: string } | null;
  accommodation: { id: string; name: string; zone: string; pickupPoint: string } | null;
  pickupAt: { id: string; name: string; pickupPoint: string } | null;
  createdAtExact: string;
  /** The operator's time zone. */
  timezone: string;
  /** The product's payment terms and whether the operator has a payment provider (ADR 022). */
  payment: {
    mode: string;
    depositPercent: number | null;
    depositPerPaxCents: number | null;
    onlineEnabled: boolean;
  };
  /** The booking's payment links, latest first (read for the rows answered). */
  links?: PaymentLinkRow[];
};
export type PaymentView = {
  payment: typeof payments.$inferSelect;
  recorder: { id: string; fullName: string } | null;
};
export type EventView = {
  event: typeof bookingEvents.$inferSelect;
  actor: { id: string; fullName: string } | null;
};

/** The departure's start as an instant, in the operator's time zone. */
export const startsAtOf = (b: { date: string; time: string }, timezone: string) =>
  zonedDateTimeToInstant(b.date, b.time, timeZoneOf(timezone));

/** What the customer still owes: nothing once cancelled (money paid is returned with a refund). */
export function pendingCents(b: Pick<BookingRow, 'state' | 'totalCents' | 'paidCents' | 'refundedCents'>) {
  if (b.state === 'cancelled') return 0;
  return Math.max(0, b.totalCents - b.paidCents + b.refundedCents);
}

const iso = isoOrNull;

/**
 * The one mapping of a booking row to the API's field names (issue 31 item 5): the staff answer
 * (`toBookingResponse`) and the customer's (`public.mapper.ts`, which picks the fields ZPublicBooking
 * picks) both start here, so a field means the same in both. Amounts: `paid_cents` is everything
 * received, `refunded_cents` everything returned, `pending_cents` what is still owed.
 */
export function bookingRowFields(b: BookingRow) {
  return {
    id: b.id,
    locator: b.locator,
    tour_operator_id: b.tourOperatorId,
    product_id: b.productId,
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
    room: b.room,
    pickup_time: b.pickupTime,
    pickup_time_overridden: b.pickupTimeOverridden,
    notes: b.notes,
    internal_notes: b.internalNotes,
    channel: b.channel,
    seller_id: b.sellerId,
    commission_pct: b.commissionPct === null ? null : Number(b.commissionPct),
    commission_cents: b.commissionCents,
    tax_rate: Number(b.taxRate),
    tax_cents: splitTaxIncluded(b.totalCents, Number(b.taxRate)).taxCents,
    created_by: b.createdBy,
    state: b.state,
    payment_state: b.paymentState,
    passengers: b.passengers,
    answers: b.answers ?? [],
    checked_in_at: iso(b.checkedInAt),
    cancel_reason: b.cancelReason,
    cancelled_at: iso(b.cancelledAt),
    hold_expires_at: iso(b.holdExpiresAt),
    version: b.version,
    created_at: isoOf(b.createdAt),
    updated_at: isoOf(b.updatedAt),
  };
}

/** The product's terms as the shared arithmetic reads them (`dueNowCentsOf`). */
export function termsOf(p: {
  mode: string;
  depositPercent: number | null;
  depositPerPaxCents: number | null;
}): TPaymentTerms {
  if (p.mode !== 'deposit') return { payment_mode: p.mode, deposit: null };
  if (p.depositPercent !== null) return { payment_mode: p.mode, deposit: { percent: p.depositPercent } };
  if (p.depositPerPaxCents !== null) return { payment_mode: p.mode, deposit: { per_pax_cents: p.depositPerPaxCents } };
  return { payment_mode: p.mode, deposit: null };
}

/**
 * What the customer must pay online now (ADR 022 "Money words"): the product's mode, or a live
 * payment link's amount, capped at what is pending; 0 once cancelled.
 */
export function dueNowOf(b: BookingRow, terms: TPaymentTerms, links: readonly PaymentLinkRow[], now: Date): number {
  const live = liveLinkOf(links, now);
  return dueNowCentsOf(
    terms,
    {
      state: b.state,
      total_cents: b.totalCents,
      pax_total: b.paxTotal,
      paid_cents: b.paidCents,
      refunded_cents: b.refundedCents,
    },
    live ? live.amountCents : null,
  );
}

const paymentModeOf = (mode: string): TProductPaymentMode =>
  (PRODUCT_PAYMENT_MODES as readonly string[]).includes(mode) ? (mode as TProductPaymentMode) : 'on_the_day';

/** The booking as the staff API answers it (the shared ZBookingResponse): its row and what it names. */
export function toBookingResponse(v: BookingView, now = new Date()): TBookingResponse {
  const b = v.booking;
  const links = v.links ?? [];
  // The row's fields object takes the rest: one object per booking, not three (a copy without a
  // field and a spread each copied ~60 properties; ADR 053). The answer's order is the schema's.
  return Object.assign(bookingRowFields(b), {
    due_now_cents: dueNowOf(b, termsOf(v.payment), links, now),
    payment_mode: paymentModeOf(v.payment.mode),
    online_payments_enabled: v.payment.onlineEnabled,
    payment_links: links.map((l) => ({
      id: l.id,
      amount_cents: l.amountCents,
      expires_at: isoOf(l.expiresAt),
      channel: l.channel as 'email' | 'whatsapp' | 'none',
      paid_at: iso(l.paidAt),
      created_at: isoOf(l.createdAt),
    })),
    timezone: timeZoneOf(v.timezone),
    tour_operator: v.operator,
    product: v.product,
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
    seller: v.seller?.id ? { id: v.seller.id, full_name: v.seller.fullName } : null,
    sales_channel: v.salesChannel?.id
      ? {
          id: v.salesChannel.id,
          name: v.salesChannel.name,
          kind: v.salesChannel.kind === 'agency' ? ('agency' as const) : ('octo' as const),
          collects: v.salesChannel.collects === 'agency' ? ('agency' as const) : ('operator' as const),
        }
      : null,
    reseller_reference: b.resellerReference ?? null,
    public_urls: {
      booking: pathTo('publicBookingExisting', { bookingId: b.id }),
      voucher: pathTo('publicBookingVoucher', { bookingId: b.id }),
    },
  });
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
    provider: p.provider === 'redsys' || p.provider === 'stripe' ? p.provider : null,
    provider_ref: p.providerRef ?? null,
    pay_method: p.payMethod === 'card' || p.payMethod === 'bizum' ? p.payMethod : null,
    reason: p.reason ?? '',
    collected_at_check_in: p.collectedAtCheckIn ?? false,
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

const CHECK_IN_METHODS: Record<string, string> = {
  scan: 'código QR',
  tap: 'lista de pasajeros',
  locator: 'localizador',
};

function eventSummary(type: string, data: Record<string, unknown>, actorKind: string, currency = 'EUR'): string {
  // Changes the customer made through their booking's link: "El cliente …".
  if (actorKind === 'customer') {
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
    case 'state_changed': {
      // A reason when the system gives one (ADR 022: «Reactivada por un pago recibido tras la retención»).
      const why = typeof data.reason === 'string' && data.reason ? ` (${data.reason})` : '';
      return `Estado: ${stateName(data.from)} → ${stateName(data.to)}${why}`;
    }
    case 'payment':
      return `Cobro de ${formatCents(Number(data.amount_cents ?? 0), currency)} (${methodName(data.method)})`;
    case 'refund':
      return `Reembolso de ${formatCents(Number(data.amount_cents ?? 0), currency)} (${methodName(data.method)})`;
    case 'cancelled':
      return `Cancelada: ${String(data.reason ?? '')}`;
    case 'checked_in': {
      const how = CHECK_IN_METHODS[String(data.method ?? '')];
      const why = data.override_reason ? `; fuera de su día: ${String(data.override_reason)}` : '';
      return `Embarcado${how ? ` (${how}${why})` : why ? ` (${why.slice(2)})` : ''}`;
    }
    case 'check_in_undone':
      return 'Embarque deshecho';
    case 'customer_confirmed':
      return 'Confirmada por el cliente';
    default:
      return type;
  }
}

/**
 * A line of the booking's history, with who acted: the kind (staff, customer, channel, system),
 * the name kept at the time, and for staff the user as they are named today.
 */
export function toEventResponse({ event: e, actor }: EventView, currency = 'EUR'): TBookingEventResponse {
  const kind = e.actorKind as TAuditActorKind;
  return {
    id: e.id,
    booking_id: e.bookingId,
    type: e.type,
    summary: eventSummary(e.type, e.data, kind, currency),
    data: e.data,
    actor: actor?.id ? { id: actor.id, full_name: actor.fullName } : null,
    actor_kind: kind,
    actor_label: actor?.id ? actor.fullName : e.actorLabel || AUDIT_ACTOR_KIND_NAMES[kind] || '',
    created_at: isoOf(e.createdAt),
  };
}

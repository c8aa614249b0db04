import type { TPaxType } from '../common/catalog';
import { PAX_TYPES } from '../common/catalog';

/** The parts of a product pricing needs (API rows and web responses both fit). */
export type TPricingProduct = {
  prices: { pax_type: string; amount_cents: number; occupies_seat: boolean }[];
  seasons: {
    name: string;
    from: string;
    to: string;
    prices: { pax_type: string; amount_cents: number; occupies_seat: boolean }[];
  }[];
};

export type TBookingLine = {
  pax_type: TPaxType;
  quantity: number;
  unit_cents: number;
  total_cents: number;
  occupies_seat: boolean;
};

export type TQuote = {
  lines: TBookingLine[];
  /** Passengers in all (including those without a seat). */
  pax_total: number;
  /** Passengers that take a seat on the departure. */
  seats: number;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  /** Season whose prices applied, if any. */
  season: string | null;
};

export class PricingError extends Error {
  constructor(
    public readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }
}

/**
 * The largest amount one booking holds, in cents: its totals are 32-bit integers in the database
 * (2 147 483 647 cents = 21 474 836,47). The dearest tariff the contract allows (10 000 000) times
 * a few hundred passengers goes past it, so the sale refuses it on `pax` (issue 21).
 */
export const MAX_BOOKING_CENTS = 2_147_483_647;

/** The prices in force on a date: the first season containing it, else the base prices. */
export function pricesOn(product: TPricingProduct, date: string) {
  const season = product.seasons.find((s) => s.from <= date && date <= s.to);
  return { prices: season ? season.prices : product.prices, season: season?.name ?? null };
}

/**
 * Prices a booking from the product's tariffs (PRODUCT.md §4: the server computes totals; a
 * client's total is never trusted). Throws PricingError for a type the product does not offer on
 * that date, no passengers, a subtotal above MAX_BOOKING_CENTS, or a discount above the subtotal.
 */
export function quoteBooking(
  product: TPricingProduct,
  date: string,
  pax: Partial<Record<string, number>>,
  discountCents = 0,
): TQuote {
  const { prices, season } = pricesOn(product, date);
  const lines: TBookingLine[] = [];
  for (const [type, raw] of Object.entries(pax)) {
    const quantity = raw ?? 0;
    if (quantity === 0) continue;
    if (!(PAX_TYPES as readonly string[]).includes(type))
      throw new PricingError(`pax.${type}`, 'Tipo de pasajero no válido');
    const price = prices.find((p) => p.pax_type === type);
    if (!price) throw new PricingError(`pax.${type}`, 'Este tipo de pasajero no se ofrece en esa fecha');
    lines.push({
      pax_type: type as TPaxType,
      quantity,
      unit_cents: price.amount_cents,
      total_cents: price.amount_cents * quantity,
      occupies_seat: price.occupies_seat,
    });
  }
  lines.sort((a, b) => PAX_TYPES.indexOf(a.pax_type) - PAX_TYPES.indexOf(b.pax_type));
  const pax_total = lines.reduce((n, l) => n + l.quantity, 0);
  if (pax_total === 0) throw new PricingError('pax', 'Indica al menos un pasajero');
  const seats = lines.reduce((n, l) => n + (l.occupies_seat ? l.quantity : 0), 0);
  const subtotal_cents = lines.reduce((n, l) => n + l.total_cents, 0);
  if (subtotal_cents > MAX_BOOKING_CENTS) {
    throw new PricingError('pax', 'El importe de la reserva supera el máximo que admite una reserva (21 474 836,47)');
  }
  if (discountCents < 0 || discountCents > subtotal_cents) {
    throw new PricingError('discount_cents', 'El descuento no puede superar el importe de la reserva');
  }
  return {
    lines,
    pax_total,
    seats,
    subtotal_cents,
    discount_cents: discountCents,
    total_cents: subtotal_cents - discountCents,
    season,
  };
}

/** A pickup as products list them: minutes before the departure, or a fixed time. */
export type TPickupRule = { minutes_before: number | null; fixed_time: string | null };

/**
 * The pickup time for a departure at `time` (HH:mm): fixed, or `minutes_before` earlier. A pickup
 * that would fall on the previous day is clamped to 00:00.
 */
export function pickupTimeFor(time: string, rule: TPickupRule | null | undefined): string | null {
  if (!rule) return null;
  if (rule.fixed_time) return rule.fixed_time;
  if (rule.minutes_before === null || rule.minutes_before === undefined) return null;
  const [h, m] = time.split(':').map(Number);
  const total = Math.max(0, h * 60 + m - rule.minutes_before);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Commission in cents for a seller: a percentage of the total after discount, rounded half up. */
export function commissionCents(totalCents: number, pct: number | null | undefined): number {
  if (!pct || pct <= 0) return 0;
  return Math.round((totalCents * pct) / 100);
}

/**
 * Payment state from the amounts (PRODUCT.md §4). `paidCents` is what the customer has paid net of
 * refunds; `refundedCents` what was returned. Nothing to collect (a free booking) counts as paid.
 */
export function paymentStateOf(totalCents: number, paidCents: number, refundedCents: number) {
  if (refundedCents > 0 && paidCents <= 0) return 'refunded' as const;
  if (paidCents >= totalCents) return 'paid' as const;
  if (paidCents <= 0) return 'pending' as const;
  return 'partial' as const;
}

/**
 * How a product asks to be paid (ADR 022): all of it online when booking, a deposit online and the
 * rest on the day or by link, or everything on the day (today's behaviour, the default).
 */
export const PRODUCT_PAYMENT_MODES = ['full', 'deposit', 'on_the_day'] as const;
export type TProductPaymentMode = (typeof PRODUCT_PAYMENT_MODES)[number];
export const PRODUCT_PAYMENT_MODE_NAMES: Record<TProductPaymentMode, string> = {
  full: 'Pago completo en línea',
  deposit: 'Señal en línea y resto el día o por enlace',
  on_the_day: 'Pago el día de la excursión',
};
/** A deposit: a percentage of the total (1–99) or a fixed amount per passenger. */
export type TDeposit = { percent: number } | { per_pax_cents: number };
/** A product's payment terms as the API answers them. */
export type TPaymentTerms = { payment_mode: TProductPaymentMode | string; deposit: TDeposit | null };

/**
 * The deposit of a booking (ADR 022): `round(total × percent / 100)` or `per_pax_cents × pax_total`,
 * never below 0 nor above the total.
 */
export function depositCents(totalCents: number, paxTotal: number, deposit: TDeposit | null): number {
  if (!deposit || totalCents <= 0) return 0;
  const raw =
    'percent' in deposit
      ? Math.round((totalCents * deposit.percent) / 100)
      : deposit.per_pax_cents * Math.max(0, paxTotal);
  return Math.min(totalCents, Math.max(0, raw));
}

/**
 * What a new booking costs online now and what later (the public form shows it before booking):
 * `full` → all now; `deposit` → the deposit now, the rest later; `on_the_day` → all later.
 */
export function paymentSplit(
  terms: TPaymentTerms,
  totalCents: number,
  paxTotal: number,
): { now_cents: number; later_cents: number } {
  const total = Math.max(0, totalCents);
  let now = 0;
  if (terms.payment_mode === 'full') now = total;
  else if (terms.payment_mode === 'deposit') now = depositCents(total, paxTotal, terms.deposit);
  return { now_cents: now, later_cents: total - now };
}

/** The amounts of a booking `dueNowCentsOf` reads (a booking row and an answer both fit). */
export type TDueBooking = {
  state: string;
  total_cents: number;
  pax_total: number;
  paid_cents: number;
  refunded_cents: number;
};

/**
 * What the customer must pay online now for a booking (ADR 022 "Money words"): nothing once
 * cancelled; with a live payment link, the link's amount capped at what is pending; else by the
 * product's mode — `full` the pending amount, `deposit` the deposit still missing
 * (`max(0, deposit − (paid − refunded))`), `on_the_day` nothing. Never above the pending amount.
 */
export function dueNowCentsOf(terms: TPaymentTerms, booking: TDueBooking, liveLinkCents: number | null = null): number {
  if (booking.state === 'cancelled') return 0;
  const kept = booking.paid_cents - booking.refunded_cents;
  const pending = Math.max(0, booking.total_cents - kept);
  if (pending === 0) return 0;
  if (liveLinkCents !== null && liveLinkCents > 0) return Math.min(liveLinkCents, pending);
  if (terms.payment_mode === 'full') return pending;
  if (terms.payment_mode === 'deposit') {
    const deposit = depositCents(booking.total_cents, booking.pax_total, terms.deposit);
    return Math.min(pending, Math.max(0, deposit - kept));
  }
  return 0;
}

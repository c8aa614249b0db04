/**
 * The OCTO supplier API's rules (ADR 023, "OCTO supplier API"), read side: who a key is, the
 * supplier, the products a channel may sell and their availability. What a product is, costs and
 * has free is never decided here: the texts are the public catalogue's (in the language the public
 * pages would pick), the departures and seats the departures module's (the numbers the public
 * booking form shows), the prices the product's tariffs through the shared pricing rules, the
 * pickup places and times the public catalogue's and the bookings module's pickup rule. This file
 * puts them together with the channel's products, allotment, net rates and commission.
 */
import {
  addDays,
  daysInRange,
  hasText,
  isUuid,
  negotiateLocale,
  PricingError,
  pickupTimeFor,
  quoteBooking,
  type TPaxType,
  type TPublicLocale,
  type TPublicProduct,
  timeZoneOf,
  todayIn,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { pickupRuleFor } from '../bookings/bookings.rules';
import { hashChannelKey, looksLikeChannelKey } from '../channels/channel-keys';
import type { AvailabilitySlot, DepartureInput } from '../departures/availability';
import { slotsFrom, slotsOf } from '../departures/departures.service';
import type { ProductRow } from '../products/products.mapper';
import { defaultLocaleOf, offeredLocales } from '../public/public.i18n';
import { getPublicProduct, pickupPlaces } from '../public/public.service';
import { availabilityOf, type ChannelSlot, calendarDay, channelSlot, localDateTime } from './octo.availability';
import { badRequest, invalidAvailability, invalidOption, invalidProduct, invalidUnit, OctoError } from './octo.errors';
import {
  type ChannelRates,
  netCents,
  type PickupPlaces,
  pricingOf,
  toPickupPoint,
  toProduct,
  toSupplier,
  unitPricesOf,
  unitPricingOn,
} from './octo.mapper';
import * as repo from './octo.repository';
import {
  DEFAULT_OPTION_ID,
  OCTO_CAPABILITIES,
  type TOctoAvailability,
  type TOctoAvailabilityCalendar,
  type TOctoAvailabilityRequest,
  type TOctoCalendarRequest,
  type TOctoCapability,
  type TOctoPricing,
  type TOctoProduct,
} from './octo.schemas';

export type { OctoCaller } from './octo.repository';

/** How far ahead availability reaches, and the most days one request may ask for. */
export const AVAILABILITY_DAYS_AHEAD = 366;

/** What a request brings besides its body: the capabilities asked for, the language, the clock. */
export type OctoRequestContext = {
  capabilities: ReadonlySet<TOctoCapability>;
  acceptLanguage: string | null;
  /** The public origin (`https://reservas.example.com`): the supplier's endpoint is written on it. */
  origin: string;
  now: Date;
};

/** The capabilities of an `Octo-Capabilities` header this supplier implements (others ignored). */
export function capabilitiesOf(header: string | string[] | undefined): Set<TOctoCapability> {
  const asked = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim().toLowerCase());
  return new Set(OCTO_CAPABILITIES.filter((c) => asked.includes(c)));
}

// ── Keys ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * The caller of an `Authorization: Bearer <key>` header is a key of the right shape whose hash is a
 * live key of an active `octo` channel of an active operator (octo.repository's `findCallerCounting`,
 * octo.rate-limit's `authenticateCounted`). Anything else is 401 UNAUTHORIZED at once; keys are never
 * cached, so a revoked key or a deactivated channel stops working at once.
 *
 * This is the header's part: the hash of its key when the key has the right shape; 401 otherwise.
 */
export function keyHashOf(authorization: string | undefined): string {
  if (!authorization) throw new OctoError('UNAUTHORIZED', 'missingKey');
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!m || !looksLikeChannelKey(m[1])) throw new OctoError('UNAUTHORIZED', 'invalidKey');
  return hashChannelKey(m[1]);
}

/** The caller a key's hash found; 401 when it found none. */
export function callerOf<C>(found: C | undefined): C {
  if (!found) throw new OctoError('UNAUTHORIZED', 'invalidKey');
  return found;
}

/** What an authenticated request leaves behind, once it has been answered (octo.request-log.ts). */
export type RequestRecord = {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  errorCode: string | null;
};

// ── Supplier and capabilities ────────────────────────────────────────────────────────────────────

/** The path of this API under the public origin. */
export const OCTO_BASE_PATH = '/api/octo/v1';

export const getSupplier = (caller: repo.OctoCaller, ctx: Pick<OctoRequestContext, 'origin'>) =>
  toSupplier(caller.operator, `${ctx.origin}${OCTO_BASE_PATH}`);

/** GET /capabilities: what this supplier implements (docs/octo.md explains each). */
export const listCapabilities = () =>
  OCTO_CAPABILITIES.map((id) => ({ id, revision: 1, required: false, dependencies: [], docs: null }));

// ── Products ─────────────────────────────────────────────────────────────────────────────────────

/** An answer with products: the products, and the languages for Content-Language/Available-Languages. */
export type ProductsAnswer<T> = { body: T; contentLanguages: string[]; availableLanguages: string[] };

/** The channel's money on some products: the operator's currency, its commission, its net rates. */
export const ratesOf = async (db: DbOrTx, caller: repo.OctoCaller, productIds: string[]): Promise<ChannelRates> =>
  ratesFrom(caller, await repo.listNetRates(db, caller.channel.id, productIds));

export const ratesFrom = (caller: repo.OctoCaller, netRates: Map<string, number>): ChannelRates => ({
  currency: caller.operator.currency,
  commissionPct: caller.channel.commissionPct,
  netRates,
});

/**
 * The languages a product is written in (ADR 023 "locale"): the operator's default and those of its
 * public languages the product has a translation in; and the one a request gets (Accept-Language
 * among them, else the operator's default, `es` unless the operator chose another).
 */
export function productLocale(
  product: ProductRow,
  operator: repo.OctoCaller['operator'],
  acceptLanguage: string | null,
): { locale: TPublicLocale; written: TPublicLocale[] } {
  const fallback = defaultLocaleOf(operator);
  const written = offeredLocales(operator).filter(
    (l) => l === fallback || Object.values(product.translations?.[l] ?? {}).some((v) => hasText(v)),
  );
  return { locale: negotiateLocale({ acceptLanguage, offered: written, fallback }), written };
}

/** A product as OCTO describes it to a request (its texts in the language negotiated). */
export async function describeProduct(
  db: DbOrTx,
  caller: repo.OctoCaller,
  product: ProductRow,
  rates: ChannelRates,
  ctx: OctoRequestContext,
): Promise<{ product: TOctoProduct | undefined; locale: TPublicLocale; written: TPublicLocale[] }> {
  const timeZone = timeZoneOf(caller.operator.timezone);
  const { locale, written } = productLocale(product, caller.operator, ctx.acceptLanguage);
  // The public catalogue's texts of the product, in that language (each falling back to the
  // operator's own language where it has no translation), exactly as its public page shows them.
  const texts: TPublicProduct | undefined = ctx.capabilities.has('octo/content')
    ? await getPublicProduct(db, product.id, { locale })
    : undefined;
  const pickups: PickupPlaces | undefined = ctx.capabilities.has('octo/pickups')
    ? await pickupPlaces(db, product)
    : undefined;
  const mapped = toProduct(product, {
    caps: ctx.capabilities,
    locale,
    today: todayIn(timeZone, ctx.now),
    timeZone,
    rates,
    texts,
    pickups,
  });
  return { product: mapped, locale, written };
}

const unique = <T>(items: T[]) => [...new Set(items)];

/** GET /products: every product the key's channel may sell, by name. */
export async function listProducts(
  db: DbOrTx,
  caller: repo.OctoCaller,
  ctx: OctoRequestContext,
): Promise<ProductsAnswer<TOctoProduct[]>> {
  const rows = await repo.listSellableProducts(db, caller);
  const rates = await ratesOf(
    db,
    caller,
    rows.map((r) => r.id),
  );
  const body: TOctoProduct[] = [];
  const content: string[] = [];
  const available: string[] = [];
  for (const row of rows) {
    const d = await describeProduct(db, caller, row, rates, ctx);
    if (!d.product) continue;
    body.push(d.product);
    content.push(d.locale);
    available.push(...d.written);
  }
  return { body, contentLanguages: unique(content), availableLanguages: unique(available) };
}

/** A product the channel may sell, by the id a reseller sent; INVALID_PRODUCT_ID otherwise. */
export async function sellableProduct(db: DbOrTx, caller: repo.OctoCaller, id: string): Promise<ProductRow> {
  const product = isUuid(id) ? await repo.findSellableProduct(db, caller, id.toLowerCase()) : undefined;
  if (!product) throw invalidProduct(id);
  return product;
}

/** GET /products/{id}. */
export async function getProduct(
  db: DbOrTx,
  caller: repo.OctoCaller,
  id: string,
  ctx: OctoRequestContext,
): Promise<ProductsAnswer<TOctoProduct>> {
  const row = await sellableProduct(db, caller, id);
  const d = await describeProduct(db, caller, row, await ratesOf(db, caller, [row.id]), ctx);
  // A product without start times has nothing to sell through OCTO (docs/octo.md).
  if (!d.product) throw invalidProduct(id);
  return { body: d.product, contentLanguages: [d.locale], availableLanguages: d.written };
}

// ── Availability ─────────────────────────────────────────────────────────────────────────────────

/** The units a request asks for, checked against the product: unitId → quantity (zeros dropped). */
function askedUnits(product: ProductRow, units: { id: string; quantity: number }[] | undefined, today: string) {
  if (!units) return undefined;
  const sold = unitPricesOf(product, today);
  const asked = new Map<TPaxType, number>();
  for (const u of units) {
    if (!sold.has(u.id as TPaxType)) throw invalidUnit(u.id);
    asked.set(u.id as TPaxType, (asked.get(u.id as TPaxType) ?? 0) + u.quantity);
  }
  for (const [type, n] of asked) if (n === 0) asked.delete(type);
  return asked.size > 0 ? asked : undefined;
}

/**
 * What asked units take and cost on a date: the seats (the types that occupy one) and the total
 * (the sale's own quote, so it is what a booking would cost); `offered` false when one of the
 * types is not sold that date.
 */
function quoteOn(
  product: ProductRow,
  rates: ChannelRates,
  asked: Map<TPaxType, number>,
  date: string,
): { offered: boolean; seats: number; pricing: TOctoPricing | null } {
  try {
    const quote = quoteBooking(product, date, Object.fromEntries(asked));
    const net = quote.lines.reduce(
      (sum, l) => sum + netCents(rates, product.id, l.pax_type, l.unit_cents) * l.quantity,
      0,
    );
    return { offered: true, seats: quote.seats, pricing: pricingOf(quote.subtotal_cents, net, rates.currency) };
  } catch (err) {
    if (err instanceof PricingError) return { offered: false, seats: 0, pricing: null };
    throw err;
  }
}

/** A product's availability as one request asks for it. */
export type AvailabilityScope = {
  product: ProductRow;
  timeZone: string;
  today: string;
  rates: ChannelRates;
  asked: Map<TPaxType, number> | undefined;
};

/**
 * What a request for a product's availability (or a reserve) names, checked: a product the channel
 * may sell (INVALID_PRODUCT_ID), the DEFAULT option (INVALID_OPTION_ID), units it sells
 * (INVALID_UNIT_ID), the operator's currency (BAD_REQUEST).
 */
export async function scopeOf(
  db: DbOrTx,
  caller: repo.OctoCaller,
  body: { productId: string; optionId: string; units?: { id: string; quantity: number }[]; currency?: string | null },
  ctx: Pick<OctoRequestContext, 'now'>,
): Promise<AvailabilityScope> {
  // ADR 043: the product and the channel's rates of it in one read.
  const found = isUuid(body.productId)
    ? await repo.findSellableProductWithRates(db, caller, body.productId.toLowerCase())
    : undefined;
  if (!found) throw invalidProduct(body.productId);
  assertOptionAndCurrency(caller, body);
  return scopeWith(caller, found.product, ratesFrom(caller, found.netRates), ctx, body.units);
}

/** The scope of a product already found (a booked one may no longer be for sale), with units asked or none. */
export async function productScope(
  db: DbOrTx,
  caller: repo.OctoCaller,
  product: ProductRow,
  ctx: Pick<OctoRequestContext, 'now'>,
  units?: { id: string; quantity: number }[],
): Promise<AvailabilityScope> {
  return scopeWith(caller, product, await ratesOf(db, caller, [product.id]), ctx, units);
}

/** The one option (DEFAULT: INVALID_OPTION_ID otherwise) and, when sent, the operator's currency. */
export function assertOptionAndCurrency(caller: repo.OctoCaller, body: { optionId: string; currency?: string | null }) {
  if (body.optionId !== DEFAULT_OPTION_ID) throw invalidOption(body.optionId);
  if (body.currency && body.currency.toUpperCase() !== caller.operator.currency.toUpperCase()) {
    throw badRequest('currency', { currency: caller.operator.currency });
  }
}

/** A product's scope from what was read (the product, the channel's rates of it), with units asked or none. */
export function scopeWith(
  caller: repo.OctoCaller,
  product: ProductRow,
  rates: ChannelRates,
  ctx: Pick<OctoRequestContext, 'now'>,
  units?: { id: string; quantity: number }[],
): AvailabilityScope {
  const timeZone = timeZoneOf(caller.operator.timezone);
  const today = todayIn(timeZone, ctx.now);
  return { product, timeZone, today, rates, asked: askedUnits(product, units, today) };
}

/** A date range a reseller may ask for: in order, at most 366 days, ending at most 366 days ahead. */
function checkRange(from: string, to: string, today: string) {
  if (to < from) throw badRequest('endBeforeStart');
  if (daysInRange(from, to) > AVAILABILITY_DAYS_AHEAD)
    throw badRequest('rangeTooLong', { max: AVAILABILITY_DAYS_AHEAD });
  const last = addDays(today, AVAILABILITY_DAYS_AHEAD);
  if (to > last) throw badRequest('tooFarAhead', { max: AVAILABILITY_DAYS_AHEAD, last });
}

/**
 * The product's departures between two dates as the channel sees them, from today on (the past is
 * not for sale, nor anybody's business): the departures module's slots — the public form's
 * numbers — with the channel's allotment and the asked units applied.
 */
export async function channelSlots(
  db: DbOrTx,
  caller: repo.OctoCaller,
  scope: AvailabilityScope,
  from: string,
  to: string,
  now: Date,
): Promise<ChannelSlotEntry[]> {
  const start = from < scope.today ? scope.today : from;
  if (to < start) return [];
  const { product } = scope;
  const slots = await slotsOf(db, product, scope.timeZone, start, to, now);
  const held =
    caller.channel.allotment === null
      ? new Map<string, number>()
      : await repo.seatsHeldByChannel(db, caller.channel.id, product.id, start, to);
  return channelViews(caller, scope, slots, (slot) => held.get(`${slot.date} ${slot.time}`) ?? 0, now);
}

/**
 * One departure as the channel sees it, from what a sale read (ADR 043): the departure's row at that
 * date and time (none: the product's rules alone) and the seats the channel holds there. Undefined
 * when the product has no departure then, or it is in the past.
 */
export function channelSlotOfSale(
  caller: repo.OctoCaller,
  scope: AvailabilityScope,
  at: { date: string; time: string; row: DepartureInput | null; heldByChannel: number },
  now: Date,
): ChannelSlotEntry | undefined {
  if (at.date < scope.today) return undefined;
  const slots = slotsFrom(scope.product, scope.timeZone, at.date, at.date, at.row ? [at.row] : [], now);
  const slot = slots.filter((s) => s.time === at.time);
  return channelViews(caller, scope, slot, () => at.heldByChannel, now)[0];
}

/** The departures module's slots as the channel sees them: its allotment and the asked units applied. */
function channelViews(
  caller: repo.OctoCaller,
  scope: AvailabilityScope,
  slots: AvailabilitySlot[],
  heldOf: (slot: AvailabilitySlot) => number,
  now: Date,
): ChannelSlotEntry[] {
  const { product } = scope;
  const allotment = caller.channel.allotment;
  const quotes = new Map<string, ReturnType<typeof quoteOn>>();
  return slots.map((slot) => {
    let request: { seats: number; offered: boolean } | undefined;
    if (scope.asked) {
      let q = quotes.get(slot.date);
      if (!q) {
        q = quoteOn(product, scope.rates, scope.asked, slot.date);
        quotes.set(slot.date, q);
      }
      request = { seats: q.seats, offered: q.offered };
    }
    const heldByChannel = allotment === null ? 0 : heldOf(slot);
    const view = channelSlot({
      slot,
      timeZone: scope.timeZone,
      bookingCutoffHours: product.bookingCutoffHours,
      now,
      allotment,
      heldByChannel,
      request,
    });
    return { slot, view, heldByChannel };
  });
}

/** One departure of {@link channelSlots}: the departures module's slot, the channel's view of it and the seats the channel holds there. */
export type ChannelSlotEntry = { slot: AvailabilitySlot; view: ChannelSlot; heldByChannel: number };

/**
 * A departure as the channel sees it once a booking of the channel took `seats` more of it, from
 * the departure as read before that sale (ADR 043): a reserve's answer, with no second read. Other
 * sales made meanwhile are not in it, as they would not be in a read made a moment earlier.
 */
export function channelSlotAfterSale(
  caller: repo.OctoCaller,
  scope: AvailabilityScope,
  entry: ChannelSlotEntry,
  seats: number,
  now: Date,
): ChannelSlot {
  const seatsTaken = entry.slot.seats_taken + seats;
  const seatsLeft = Math.max(0, entry.slot.capacity - seatsTaken);
  return channelSlot({
    slot: {
      ...entry.slot,
      seats_taken: seatsTaken,
      seats_left: seatsLeft,
      available: entry.slot.available && seatsLeft > 0,
    },
    timeZone: scope.timeZone,
    bookingCutoffHours: scope.product.bookingCutoffHours,
    now,
    allotment: caller.channel.allotment,
    heldByChannel: entry.heldByChannel + seats,
  });
}

/** POST /availability/calendar: one entry per day asked, CLOSED and SOLD_OUT days included. */
export async function getCalendar(
  db: DbOrTx,
  caller: repo.OctoCaller,
  body: TOctoCalendarRequest,
  ctx: OctoRequestContext,
): Promise<TOctoAvailabilityCalendar[]> {
  const scope = await scopeOf(db, caller, body, ctx);
  checkRange(body.localDateStart, body.localDateEnd, scope.today);
  const byDate = new Map<string, ChannelSlot[]>();
  for (const { view } of await channelSlots(db, caller, scope, body.localDateStart, body.localDateEnd, ctx.now)) {
    byDate.set(view.date, [...(byDate.get(view.date) ?? []), view]);
  }
  const pricing = ctx.capabilities.has('octo/pricing');
  const out: TOctoAvailabilityCalendar[] = [];
  for (let date = body.localDateStart; date <= body.localDateEnd; date = addDays(date, 1)) {
    const day = calendarDay(byDate.get(date) ?? []);
    const entry: TOctoAvailabilityCalendar = { localDate: date, ...day, openingHours: [] };
    if (pricing) {
      entry.unitPricingFrom = [...unitPricingOn(scope.product, scope.rates, date).values()];
      const quote = scope.asked ? quoteOn(scope.product, scope.rates, scope.asked, date) : null;
      if (quote?.pricing) entry.pricingFrom = quote.pricing;
    }
    out.push(entry);
  }
  return out;
}

/** The dates a request for availability covers (BAD_REQUEST when it names none or both kinds). */
function requestedDates(body: TOctoAvailabilityRequest): { from: string; to: string; ids?: Set<string> } {
  const hasDates = Boolean(body.localDate || body.localDateStart || body.localDateEnd);
  if (body.availabilityIds) {
    if (hasDates) throw badRequest('datesAndIds');
    const dates: string[] = [];
    for (const id of body.availabilityIds) {
      const date = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:00(?:[+-]\d{2}:\d{2}|Z)$/.exec(id)?.[1];
      if (!date) throw invalidAvailability(id);
      dates.push(date);
    }
    dates.sort();
    return { from: dates[0], to: dates[dates.length - 1], ids: new Set(body.availabilityIds) };
  }
  if (body.localDate && !body.localDateStart && !body.localDateEnd) return { from: body.localDate, to: body.localDate };
  if (body.localDateStart && body.localDateEnd && !body.localDate) {
    return { from: body.localDateStart, to: body.localDateEnd };
  }
  throw badRequest('datesRequired');
}

/**
 * POST /availability: every departure of the days asked (CLOSED and SOLD_OUT ones included), or the
 * departures named by `availabilityIds` (an id that is not one: INVALID_AVAILABILITY_ID).
 */
export async function checkAvailability(
  db: DbOrTx,
  caller: repo.OctoCaller,
  body: TOctoAvailabilityRequest,
  ctx: OctoRequestContext,
): Promise<TOctoAvailability[]> {
  const scope = await scopeOf(db, caller, body, ctx);
  const asked = requestedDates(body);
  checkRange(asked.from, asked.to, scope.today);
  let slots = await channelSlots(db, caller, scope, asked.from, asked.to, ctx.now);
  if (asked.ids) {
    const found = new Set(slots.map((s) => s.view.id));
    const missing = [...asked.ids].find((id) => !found.has(id));
    if (missing) throw invalidAvailability(missing);
    slots = slots.filter((s) => asked.ids?.has(s.view.id));
  }
  const { product, timeZone, rates } = scope;
  const pricing = ctx.capabilities.has('octo/pricing');
  const pickups = ctx.capabilities.has('octo/pickups') ? await pickupPlaces(db, product) : undefined;
  const pricesByDate = new Map<string, ReturnType<typeof unitPricingOn>>();
  return slots.map(({ slot, view }) => {
    const out: TOctoAvailability = availabilityOf(view, product, timeZone);
    if (pricing) {
      let prices = pricesByDate.get(slot.date);
      if (!prices) {
        prices = unitPricingOn(product, rates, slot.date);
        pricesByDate.set(slot.date, prices);
      }
      out.unitPricing = [...prices.values()];
      const quote = scope.asked ? quoteOn(product, rates, scope.asked, slot.date) : null;
      if (quote?.pricing) out.pricing = quote.pricing;
    }
    if (pickups) Object.assign(out, slotPickups(product, pickups, slot, timeZone));
    return out;
  });
}

/**
 * octo/pickups on a departure: the product's pickup places, each with its pickup time for this
 * departure (the bookings module's rule: minutes before the start or a fixed time, the place a
 * "collect at" redirect names deciding), or the departure's start when the product sets none.
 */
function slotPickups(product: ProductRow, pickups: PickupPlaces, slot: AvailabilitySlot, timeZone: string) {
  const points = product.pickupEnabled
    ? pickups.places.map((place) => {
        const a = place.accommodation;
        const at = place.pickupAt?.id
          ? { id: place.pickupAt.id, zone: place.pickupAt.zone }
          : { id: a.id, zone: a.zone };
        const time = pickupTimeFor(slot.time, pickupRuleFor(pickups.entries, at)) ?? slot.time;
        return {
          ...toPickupPoint(place),
          localDateTime: localDateTime(slot.date, time, timeZone).iso,
          localDateTimeTo: null,
        };
      })
    : [];
  return { pickupAvailable: points.length > 0, pickupRequired: false, pickupPoints: points };
}

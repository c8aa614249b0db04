/**
 * The OCTO supplier API's availability (ADR 023): the calendar and the slots of a product as a
 * channel sees them, and the departure a reserve takes — what octo.service.ts's products are
 * checked against on a date. Reads the departures module's slots (the numbers the public booking
 * form shows) and puts them through octo.availability.ts's pure rules with the channel's allotment,
 * the seats it already holds and its net rates.
 */
import {
  addDays,
  daysInRange,
  isUuid,
  PricingError,
  pickupTimeFor,
  quoteBooking,
  type TPaxType,
  timeZoneOf,
  todayIn,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { pickupRuleFor } from '../bookings/bookings.rules';
import type { AvailabilitySlot, DepartureInput } from '../departures/availability';
import { slotsFrom, slotsOf } from '../departures/departures.service';
import type { ProductRow } from '../products/products.mapper';
import { pickupPlaces } from '../public/public.service';
import { availabilityOf, type ChannelSlot, calendarDay, channelSlot, localDateTime } from './octo.availability';
import { badRequest, invalidAvailability, invalidOption, invalidProduct, invalidUnit } from './octo.errors';
import {
  type ChannelRates,
  netCents,
  type PickupPlaces,
  pricingOf,
  toPickupPoint,
  unitPricesOf,
  unitPricingOn,
} from './octo.mapper';
import * as repo from './octo.repository';
import {
  DEFAULT_OPTION_ID,
  type TOctoAvailability,
  type TOctoAvailabilityCalendar,
  type TOctoAvailabilityRequest,
  type TOctoCalendarRequest,
  type TOctoPricing,
} from './octo.schemas';

import { type OctoRequestContext, ratesFrom, ratesOf } from './octo.service';

/** How far ahead availability reaches, and the most days one request may ask for. */
export const AVAILABILITY_DAYS_AHEAD = 366;

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

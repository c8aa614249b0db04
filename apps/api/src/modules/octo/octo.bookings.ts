/**
 * The OCTO supplier API's bookings (issue 33, ADR 023): a channel reserves, confirms, changes,
 * extends, cancels, reads and lists its own bookings. What a booking is, costs and may do is the
 * bookings module's (`bookings.channel.ts`, through its service: the one sales path and its seat
 * lock, the channel's allotment, the hold and the job that ends it, the one cancel path, the
 * channel as the actor). This file checks what a reseller sends against what its key may sell (the
 * same INVALID_* errors as availability), turns OCTO into our words (availability id → local date
 * and time, unit items → passengers, contact → customer, pickup point → accommodation) and back
 * (octo.bookings.mapper.ts), the reseller's answers to the product's questions
 * (octo.bookings.questions.ts), and the bookings module's refusals into the specification's errors
 * (octo.bookings.refusals.ts): no such booking of this channel → INVALID_BOOKING_UUID; no seats, a
 * closed or started departure, an ended hold, a state that does not allow it, invalid passengers →
 * UNPROCESSABLE_ENTITY.
 */
import { randomUUID } from 'node:crypto';
import { daysInRange, isCalendarDate, isUuid, LANGUAGES, type TPaxType, timeZoneOf, todayIn } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import type { RequestOrigin } from '../../lib/actors';
import type { BookingRow } from '../bookings/bookings.mapper';
import {
  type ChannelSeller,
  canCancel,
  cancelChannelBooking,
  channelBookingStatus,
  confirmChannelBooking,
  extendChannelHold,
  findChannelBooking,
  freeCancellationUntil,
  listChannelBookings,
  reserveForChannel,
  startsAtOf,
  updateChannelBooking,
} from '../bookings/bookings.service';
import type { ProductRow } from '../products/products.mapper';
import { pickupPlaces } from '../public/public.service';
import { availabilityOf, type ChannelSlot, closedSlot, localDateTime } from './octo.availability';
import { toBooking, toChannelContact, voucherUrl } from './octo.bookings.mapper';
import { answersOf, hasAnswers } from './octo.bookings.questions';
import { attempt } from './octo.bookings.refusals';
import {
  badRequest,
  invalidAvailability,
  invalidBooking,
  invalidOption,
  invalidProduct,
  invalidUnit,
  unprocessable,
} from './octo.errors';
import { type ChannelRates, type PickupPlaces, toPickupPoint, unitPricesOf } from './octo.mapper';
import * as repo from './octo.repository';
import { type ChannelSaleRead, channelSaleRead, netRatesOf } from './octo.repository';
import {
  DEFAULT_OPTION_ID,
  type TOctoBooking,
  type TOctoBookingStatus,
  type TOctoBookingsQuery,
  type TOctoConfirmRequest,
  type TOctoContactInput,
  type TOctoPickupPoint,
  type TOctoProduct,
  type TOctoReserveRequest,
  type TOctoUpdateRequest,
} from './octo.schemas';
import { describeProduct, type OctoRequestContext, type ProductsAnswer, ratesFrom, ratesOf } from './octo.service';
import {
  AVAILABILITY_DAYS_AHEAD,
  type AvailabilityScope,
  assertOptionAndCurrency,
  type ChannelSlotEntry,
  channelSlotAfterSale,
  channelSlotOfSale,
  channelSlots,
  productScope,
  scopeWith,
} from './octo.slots';

/** How long a reserve holds its seats (ADR 023): 30 minutes unless asked, at least 5, at most a day. */
export const HOLD_MINUTES = { default: 30, min: 5, max: 1_440 } as const;

/** At most this many bookings in one list (by date: narrow the dates for more). */
export const MAX_LISTED_BOOKINGS = 500;

/** The hold a reseller asks for, within ADR 023's limits. */
export const holdMinutesOf = (asked: number | null | undefined) =>
  Math.min(HOLD_MINUTES.max, Math.max(HOLD_MINUTES.min, asked ?? HOLD_MINUTES.default));

const isLanguage = (l: string) => (LANGUAGES as readonly string[]).includes(l);

const sellerOf = (caller: repo.OctoCaller): ChannelSeller => ({
  id: caller.channel.id,
  name: caller.channel.name,
  tourOperatorId: caller.operator.id,
  allotment: caller.channel.allotment,
  commissionPct: caller.channel.commissionPct,
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

/** What the answer of a booking needs of its product, loaded once per product. */
type ProductView = {
  row: ProductRow;
  described: TOctoProduct | undefined;
  locale: string;
  written: string[];
  scope: AvailabilityScope;
  pickups?: PickupPlaces;
};

const unique = <T>(items: T[]) => [...new Set(items)];

/** The booking's departure as the channel sees it now (CLOSED once it is past or gone). */
async function departuresOf(
  db: DbOrTx,
  caller: repo.OctoCaller,
  view: ProductView,
  date: string,
  now: Date,
): Promise<Map<string, ChannelSlot>> {
  const slots = await channelSlots(db, caller, view.scope, date, date, now);
  return new Map(slots.map((s) => [s.view.time, s.view]));
}

/** Whether the channel may still cancel (and change) a booking: a hold, or before the free-cancellation deadline. */
function isCancellable(b: BookingRow, status: TOctoBookingStatus, product: ProductRow, timezone: string, now: Date) {
  if (status === 'ON_HOLD') return true;
  if (status !== 'CONFIRMED' && status !== 'PENDING') return false;
  return canCancel(b, freeCancellationUntil(startsAtOf(b, timezone), product.freeCancellationHours), now);
}

/** octo/pickups: the booking's pickup place among the product's, with the booking's pickup time. */
function pickupPointOf(b: BookingRow, pickups: PickupPlaces | undefined, timeZone: string): TOctoPickupPoint | null {
  if (!b.accommodationId || !pickups) return null;
  const place = pickups.places.find((p) => p.accommodation.id === b.accommodationId);
  if (!place) return null;
  return {
    ...toPickupPoint(place),
    ...(b.pickupTime ? { localDateTime: localDateTime(b.date, b.pickupTime, timeZone).iso } : {}),
    localDateTimeTo: null,
  };
}

/** Bookings of the caller's channel as OCTO answers them, with the languages of their products' texts. */
async function answerAll(
  db: DbOrTx,
  caller: repo.OctoCaller,
  rows: BookingRow[],
  ctx: OctoRequestContext,
  /**
   * The product of a reserve or a change, with its rates, as the request already read them (ADR 035),
   * and a reserve's departure as its sale left it (ADR 043): the answer reads neither again.
   */
  given?: Known,
): Promise<ProductsAnswer<TOctoBooking[]>> {
  const timeZone = timeZoneOf(caller.operator.timezone);
  const productIds = unique(rows.map((r) => r.productId));
  const known = given?.scope;
  const isKnown = known !== undefined && productIds.length === 1 && productIds[0] === known.product.id;
  const products = isKnown ? [known.product] : await repo.findOperatorProducts(db, caller.operator.id, productIds);
  const rates = isKnown ? known.rates : await ratesOf(db, caller, productIds);
  const views = new Map<string, ProductView>();
  for (const row of products) {
    const d = await describeProduct(db, caller, row, rates, ctx);
    views.set(row.id, {
      row,
      described: d.product,
      locale: d.locale,
      written: d.written,
      // The product's availability as a booking shows it: no units asked; the rates just read.
      scope: isKnown ? { ...known, asked: undefined } : bookedScope(caller, row, rates, ctx.now),
      pickups: ctx.capabilities.has('octo/pickups') ? await pickupPlaces(db, row) : undefined,
    });
  }
  const departures = new Map<string, Map<string, ChannelSlot>>();
  const slot = given?.slot;
  if (isKnown && slot) departures.set(`${known.product.id} ${slot.date}`, new Map([[slot.time, slot]]));
  const body: TOctoBooking[] = [];
  for (const b of rows) {
    const view = views.get(b.productId);
    // The booking's product is its operator's (a foreign key and the tenancy check): never missing.
    if (!view) throw new Error(`OCTO: the product ${b.productId} of booking ${b.id} was not found`);
    const key = `${b.productId} ${b.date}`;
    let ofDay = departures.get(key);
    if (!ofDay) {
      ofDay = await departuresOf(db, caller, view, b.date, ctx.now);
      departures.set(key, ofDay);
    }
    const status = channelBookingStatus(b, ctx.now);
    const slot = ofDay.get(b.time) ?? closedSlot(b.date, b.time, timeZone);
    body.push(
      toBooking({
        booking: b,
        status,
        cancellable: isCancellable(b, status, view.row, caller.operator.timezone, ctx.now),
        product: view.described,
        availability: availabilityOf(slot, view.row, timeZone),
        voucherUrl: voucherUrl(ctx.origin, b),
        caps: ctx.capabilities,
        rates: {
          currency: b.currency,
          commissionPct: b.commissionPct,
          netRates: rates.netRates,
        },
        pickupPoint: pickupPointOf(b, view.pickups, timeZone),
      }),
    );
  }
  const used = rows.map((r) => views.get(r.productId)).filter((v): v is ProductView => v !== undefined);
  return {
    body,
    contentLanguages: unique(used.map((v) => v.locale)),
    availableLanguages: unique(used.flatMap((v) => v.written)),
  };
}

/** What a request already read that its answer would read again. */
type Known = { scope: AvailabilityScope; slot?: ChannelSlot };

/** productScope's answer with the rates already read (no units asked): a booking's availability. */
function bookedScope(caller: repo.OctoCaller, product: ProductRow, rates: ChannelRates, now: Date): AvailabilityScope {
  const timeZone = timeZoneOf(caller.operator.timezone);
  return { product, timeZone, today: todayIn(timeZone, now), rates, asked: undefined };
}

async function answerOne(
  db: DbOrTx,
  caller: repo.OctoCaller,
  row: BookingRow,
  ctx: OctoRequestContext,
  known?: Known,
): Promise<ProductsAnswer<TOctoBooking>> {
  const all = await answerAll(db, caller, [row], ctx, known);
  return { ...all, body: all.body[0] };
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

/** The caller's channel's booking by the uuid its reseller gave; INVALID_BOOKING_UUID otherwise. */
async function findOwn(db: DbOrTx, caller: repo.OctoCaller, uuid: string): Promise<BookingRow> {
  const b = isUuid(uuid) ? await findChannelBooking(db, caller.channel.id, uuid.toLowerCase()) : undefined;
  if (!b) throw invalidBooking(uuid);
  return b;
}

/** GET /bookings/{uuid}. */
export async function getBooking(db: DbOrTx, caller: repo.OctoCaller, uuid: string, ctx: OctoRequestContext) {
  return answerOne(db, caller, await findOwn(db, caller, uuid), ctx);
}

/**
 * GET /bookings: the channel's bookings by its reference, our locator, a local date or a range of
 * them (at least one; they combine), by date, at most MAX_LISTED_BOOKINGS.
 */
export async function listBookings(
  db: DbOrTx,
  caller: repo.OctoCaller,
  q: TOctoBookingsQuery,
  ctx: OctoRequestContext,
): Promise<ProductsAnswer<TOctoBooking[]>> {
  const hasRange = q.localDateStart !== undefined || q.localDateEnd !== undefined;
  if (hasRange && (!q.localDateStart || !q.localDateEnd || q.localDate)) throw badRequest('bookingFilterRequired');
  if (!hasRange && q.localDate === undefined && !q.resellerReference && !q.supplierReference) {
    throw badRequest('bookingFilterRequired');
  }
  if (q.localDateStart && q.localDateEnd) {
    if (q.localDateEnd < q.localDateStart) throw badRequest('endBeforeStart');
    if (daysInRange(q.localDateStart, q.localDateEnd) > AVAILABILITY_DAYS_AHEAD) {
      throw badRequest('rangeTooLong', { max: AVAILABILITY_DAYS_AHEAD });
    }
  }
  const rows = await listChannelBookings(
    db,
    caller.channel.id,
    {
      resellerReference: q.resellerReference || undefined,
      supplierReference: q.supplierReference?.toUpperCase() || undefined,
      localDate: q.localDate,
      localDateStart: q.localDateStart,
      localDateEnd: q.localDateEnd,
    },
    MAX_LISTED_BOOKINGS,
  );
  return answerAll(db, caller, rows, ctx);
}

// ── Reserving ────────────────────────────────────────────────────────────────────────────────────

/** Unit items → units asked: `adult` × 2, `child` × 1… */
const unitsOf = (items: { unitId: string }[]) => {
  const n = new Map<string, number>();
  for (const i of items) n.set(i.unitId, (n.get(i.unitId) ?? 0) + 1);
  return [...n].map(([id, quantity]) => ({ id, quantity }));
};

const AVAILABILITY_ID = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):00(?:[+-]\d{2}:\d{2}|Z)$/;

/**
 * octo/pickups on a reserve: the pickup point a request names (an accommodation's id; none: null),
 * or UNPROCESSABLE_ENTITY when it asks for one without naming it or names no id. Whether it is one of
 * the product's pickup places is checked once the product is read ({@link assertPickupPoint}). A
 * free-text `pickupHotel` is not taken.
 */
function pickupPointIdOf(body: { pickupRequested?: boolean | null; pickupPointId?: string | null }): string | null {
  if (body.pickupRequested === false) return null;
  const id = body.pickupPointId?.trim().toLowerCase();
  if (!id) {
    if (body.pickupRequested) throw unprocessable('pickupPointRequired');
    return null;
  }
  if (!isUuid(id)) throw unprocessable('invalidPickupPoint');
  return id;
}

/** A pickup point (an accommodation's id) among the product's pickup places; UNPROCESSABLE_ENTITY otherwise. */
async function assertPickupPoint(db: DbOrTx, product: ProductRow, id: string) {
  const places = product.pickupEnabled ? (await pickupPlaces(db, product)).places : [];
  if (!places.some((p) => p.accommodation.id === id)) throw unprocessable('invalidPickupPoint');
}

/** The notes a request sets: `notes`, else the contact's notes; null clears them; absent leaves them. */
function notesOf(body: { notes?: string | null; contact?: TOctoContactInput }): string | undefined {
  if (body.notes !== undefined) return body.notes ?? '';
  if (body.contact?.notes !== undefined) return body.contact.notes ?? '';
  return undefined;
}

/**
 * POST /bookings: an ON_HOLD booking of one departure, its seats held for `expirationMinutes`
 * (HOLD_MINUTES). The reseller's `uuid` makes it idempotent: a uuid this channel already booked
 * answers that booking again (nothing more is held), whatever the request asks now; without one,
 * one is made up. ADR 043: the uuid is not looked up first — the booking's insert finds it taken
 * (its unique key; nothing is written), and a request that cannot be sold looks it up before
 * answering its error (a retried reserve of the last seats finds them sold, by itself).
 */
export async function reserveBooking(
  db: DbOrTx,
  caller: repo.OctoCaller,
  body: TOctoReserveRequest,
  ctx: OctoRequestContext,
  origin: RequestOrigin,
): Promise<ProductsAnswer<TOctoBooking>> {
  const uuid = (body.uuid ?? randomUUID()).toLowerCase();
  try {
    return await reserve(db, caller, body, ctx, origin, uuid);
  } catch (err) {
    const existing = body.uuid ? await findChannelBooking(db, caller.channel.id, uuid) : undefined;
    if (existing) return answerOne(db, caller, existing, ctx);
    throw err;
  }
}

async function reserve(
  db: DbOrTx,
  caller: repo.OctoCaller,
  body: TOctoReserveRequest,
  ctx: OctoRequestContext,
  origin: RequestOrigin,
  uuid: string,
): Promise<ProductsAnswer<TOctoBooking>> {
  // ADR 043: what needs no read is checked first; the product, the channel's rates of it, whether
  // it may sell it and the departure are read with the sale, and checked once read (`check`).
  assertOptionAndCurrency(caller, body);
  const at = AVAILABILITY_ID.exec(body.availabilityId);
  if (!at || !isCalendarDate(at[1])) throw invalidAvailability(body.availabilityId);
  if (!isUuid(body.productId)) throw invalidProduct(body.productId);
  const [date, time] = [at[1], at[2]];
  const units = unitsOf(body.unitItems);
  const accommodationId = pickupPointIdOf(body);
  let scope: AvailabilityScope | undefined;
  let entry: ChannelSlotEntry | undefined;
  const { booking, replayed } = await attempt(
    () =>
      reserveForChannel(db, {
        channel: sellerOf(caller),
        origin,
        octoUuid: uuid,
        productId: body.productId.toLowerCase(),
        date,
        time,
        pax: Object.fromEntries(units.map((u) => [u.id, u.quantity])),
        holdMinutes: holdMinutesOf(body.expirationMinutes),
        resellerReference: body.resellerReference,
        notes: notesOf(body),
        contact: toChannelContact(body.contact, isLanguage),
        accommodationId,
        now: ctx.now,
        readAlso: channelSaleRead(caller),
        check: (sale) => {
          const read = sale.also as ChannelSaleRead;
          scope = scopeWith(caller, sale.product, ratesFrom(caller, netRatesOf(sale.product.id, read)), ctx, units);
          const row = sale.departure?.id ? sale.departure : null;
          entry = channelSlotOfSale(caller, scope, { date, time, row, heldByChannel: read.held ?? 0 }, ctx.now);
          if (entry?.view.id !== body.availabilityId) throw invalidAvailability(body.availabilityId);
          // A reserve may leave required questions for the confirmation (OCTO: answer by then at the latest).
          return { answers: answersOf(sale.product, body, [], { paxTotal: body.unitItems.length, requireAll: false }) };
        },
        verify: accommodationId ? (d, sale) => assertPickupPoint(d, sale.product, accommodationId) : undefined,
      }),
    { productId: body.productId },
  );
  // The product and its rates as the sale read them, and the departure as it left it (ADR 043):
  // the answer reads none of them again. A uuid booked meanwhile answers that booking.
  if (replayed || !scope || !entry) return answerOne(db, caller, booking, ctx);
  const slot = channelSlotAfterSale(caller, scope, entry, booking.seats, ctx.now);
  return answerOne(db, caller, booking, ctx, { scope, slot });
}

// ── Changing ─────────────────────────────────────────────────────────────────────────────────────

/** The booking's product, whatever its state now. */
async function productOf(db: DbOrTx, caller: repo.OctoCaller, b: BookingRow): Promise<ProductRow> {
  const [row] = await repo.findOperatorProducts(db, caller.operator.id, [b.productId]);
  if (!row) throw new Error(`OCTO: the product ${b.productId} of booking ${b.id} was not found`);
  return row;
}

/**
 * Unit items sent again (confirm, PATCH): each a unit the product sells (INVALID_UNIT_ID) and, all
 * together, the booking's passengers as they are — changing them is not supported yet.
 */
function checkSamePassengers(b: BookingRow, product: ProductRow, items: { unitId: string }[], today: string) {
  const sold = unitPricesOf(product, today);
  const unknown = items.find((i) => !sold.has(i.unitId as TPaxType) && !b.lines.some((l) => l.pax_type === i.unitId));
  if (unknown) throw invalidUnit(unknown.unitId);
  const asked = new Map(unitsOf(items).map((u) => [u.id, u.quantity]));
  const booked = new Map(b.lines.filter((l) => l.quantity > 0).map((l) => [l.pax_type, l.quantity]));
  const same = asked.size === booked.size && [...asked].every(([type, n]) => booked.get(type) === n);
  if (!same) throw unprocessable('changeNotSupported');
}

/**
 * POST /bookings/{uuid}/confirm: the hold becomes CONFIRMED with the contact, the reseller's
 * reference and notes; the customer is e-mailed only with `emailReceipt`. Unit items may be sent as
 * booked (their contacts are not kept). Confirming a confirmed booking updates it and answers it.
 */
export async function confirmBooking(
  db: DbOrTx,
  caller: repo.OctoCaller,
  uuid: string,
  body: TOctoConfirmRequest,
  ctx: OctoRequestContext,
  origin: RequestOrigin,
): Promise<ProductsAnswer<TOctoBooking>> {
  const b = await findOwn(db, caller, uuid);
  const status = channelBookingStatus(b, ctx.now);
  const product = await productOf(db, caller, b);
  if (body.unitItems) {
    const today = todayIn(timeZoneOf(caller.operator.timezone), ctx.now);
    checkSamePassengers(b, product, body.unitItems, today);
  }
  // Every required question answered by the confirmation (ADR 024); a booking already cancelled or
  // expired is refused for that by the bookings module first.
  const answers =
    status === 'ON_HOLD' || status === 'CONFIRMED'
      ? answersOf(product, body, b.answers, { paxTotal: b.paxTotal, requireAll: true })
      : undefined;
  const row = await attempt(
    () =>
      confirmChannelBooking(
        db,
        sellerOf(caller),
        origin,
        b.octoUuid ?? uuid,
        {
          contact: toChannelContact(body.contact, isLanguage),
          resellerReference: body.resellerReference,
          notes: notesOf(body),
          answers,
          emailReceipt: body.emailReceipt ?? false,
          // Read above: the bookings module needs not read it again (ADR 035).
          product,
        },
        ctx.now,
      ),
    { uuid, status },
  );
  return answerOne(db, caller, row, ctx, { scope: await productScope(db, caller, product, ctx) });
}

/**
 * PATCH /bookings/{uuid}: the contact, the reseller's reference, the notes, and a hold's
 * `expirationMinutes` (as /extend). The product, option, departure, passengers and pickup may be
 * sent only as they are: changing them through OCTO is not supported yet (UNPROCESSABLE_ENTITY —
 * cancel and book again).
 */
export async function updateBooking(
  db: DbOrTx,
  caller: repo.OctoCaller,
  uuid: string,
  body: TOctoUpdateRequest,
  ctx: OctoRequestContext,
  origin: RequestOrigin,
): Promise<ProductsAnswer<TOctoBooking>> {
  const b = await findOwn(db, caller, uuid);
  const status = channelBookingStatus(b, ctx.now);
  const timeZone = timeZoneOf(caller.operator.timezone);
  if (body.optionId !== undefined && body.optionId !== DEFAULT_OPTION_ID) throw invalidOption(body.optionId);
  const otherProduct = body.productId !== undefined && body.productId.toLowerCase() !== b.productId;
  const otherDeparture =
    body.availabilityId !== undefined && body.availabilityId !== localDateTime(b.date, b.time, timeZone).iso;
  const pointId = body.pickupPointId?.trim().toLowerCase();
  const otherPickup =
    (body.pickupRequested === false && b.accommodationId !== null) ||
    (body.pickupRequested === true && !pointId && b.accommodationId === null) ||
    (pointId !== undefined && pointId !== '' && pointId !== b.accommodationId);
  if (otherProduct || otherDeparture || otherPickup) throw unprocessable('changeNotSupported');
  const product = await productOf(db, caller, b);
  if (body.unitItems) checkSamePassengers(b, product, body.unitItems, todayIn(timeZone, ctx.now));
  // A held booking may leave required questions for its confirmation; a confirmed one may not.
  const answers =
    status === 'CANCELLED' || status === 'EXPIRED'
      ? undefined
      : answersOf(product, body, b.answers, {
          paxTotal: b.paxTotal,
          requireAll: status !== 'ON_HOLD' && hasAnswers(body),
        });
  const seller = sellerOf(caller);
  const octoUuid = b.octoUuid ?? uuid;
  if (body.expirationMinutes != null && status === 'ON_HOLD') {
    await attempt(
      () => extendChannelHold(db, seller, origin, octoUuid, holdMinutesOf(body.expirationMinutes), ctx.now),
      { uuid, status },
    );
  }
  const row = await attempt(
    () =>
      updateChannelBooking(
        db,
        seller,
        origin,
        octoUuid,
        {
          contact: toChannelContact(body.contact, isLanguage),
          resellerReference: body.resellerReference,
          notes: notesOf(body),
          answers,
        },
        ctx.now,
      ),
    { uuid, status },
  );
  return answerOne(db, caller, row, ctx);
}

/** POST /bookings/{uuid}/extend: an ON_HOLD booking's hold ends `expirationMinutes` from now instead. */
export async function extendBooking(
  db: DbOrTx,
  caller: repo.OctoCaller,
  uuid: string,
  body: { expirationMinutes?: number | null },
  ctx: OctoRequestContext,
  origin: RequestOrigin,
): Promise<ProductsAnswer<TOctoBooking>> {
  const b = await findOwn(db, caller, uuid);
  const status = channelBookingStatus(b, ctx.now);
  const row = await attempt(
    () =>
      extendChannelHold(
        db,
        sellerOf(caller),
        origin,
        b.octoUuid ?? uuid,
        holdMinutesOf(body.expirationMinutes),
        ctx.now,
      ),
    { uuid, status },
    { STATE_CONFLICT: unprocessable('extendNotHeld', { status }) },
  );
  return answerOne(db, caller, row, ctx);
}

/**
 * POST /bookings/{uuid}/cancel: a hold is released at any time; a confirmed booking until the
 * product's free-cancellation deadline (the option's `cancellationCutoff`; after it,
 * UNPROCESSABLE_ENTITY: the supplier may still cancel it). Its seats go back. Cancelling a
 * cancelled booking answers it again.
 */
export async function cancelBooking(
  db: DbOrTx,
  caller: repo.OctoCaller,
  uuid: string,
  body: { reason?: string | null },
  ctx: OctoRequestContext,
  origin: RequestOrigin,
): Promise<ProductsAnswer<TOctoBooking>> {
  const b = await findOwn(db, caller, uuid);
  const status = channelBookingStatus(b, ctx.now);
  if (status === 'CONFIRMED' || status === 'PENDING') {
    const product = await productOf(db, caller, b);
    if (!isCancellable(b, status, product, caller.operator.timezone, ctx.now)) {
      throw unprocessable('cancellationClosed', { hours: product.freeCancellationHours });
    }
  }
  const row = await attempt(
    () => cancelChannelBooking(db, sellerOf(caller), origin, b.octoUuid ?? uuid, body.reason ?? '', ctx.now),
    { uuid, status },
  );
  return answerOne(db, caller, row, ctx);
}

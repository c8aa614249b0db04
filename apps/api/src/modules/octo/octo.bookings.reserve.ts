/**
 * Reserving through OCTO (POST /bookings, ADR 043): a reseller's request checked and turned into
 * one sale of the bookings module that holds its seats, idempotent by the reseller's uuid. The
 * tuned path: the product, the channel's rates and the departure are read with the sale, and the
 * answer reads none of them again.
 */
import { randomUUID } from 'node:crypto';
import { isCalendarDate, isUuid } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import type { RequestOrigin } from '../../lib/actors';
import { findChannelBooking, reserveForChannel } from '../bookings/bookings.service';
import type { ProductRow } from '../products/products.mapper';
import { pickupPlaces } from '../public/public.service';
import { answerOne } from './octo.bookings.answer';
import { toChannelContact } from './octo.bookings.mapper';
import { answersOf } from './octo.bookings.questions';
import { attempt } from './octo.bookings.refusals';
import { holdMinutesOf, isLanguage, notesOf, sellerOf, unitsOf } from './octo.bookings.request';
import { invalidAvailability, invalidProduct, unprocessable } from './octo.errors';
import type * as repo from './octo.repository';
import { type ChannelSaleRead, channelSaleRead, netRatesOf } from './octo.repository';
import type { TOctoBooking, TOctoReserveRequest } from './octo.schemas';
import { type OctoRequestContext, type ProductsAnswer, ratesFrom } from './octo.service';
import {
  type AvailabilityScope,
  assertOptionAndCurrency,
  type ChannelSlotEntry,
  channelSlotAfterSale,
  channelSlotOfSale,
  scopeWith,
} from './octo.slots';

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

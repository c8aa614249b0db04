import { MAX_START_TIMES_PER_DAY, type TAvailabilitySlot, type TDepartureUpdateRequest } from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, notFound, validation } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { computeAvailability, ruleTimesOn } from '../products/availability';
import { isConstraintViolation } from '../products/db-errors';
import type { ProductRow } from '../products/products.mapper';
import * as productsRepo from '../products/products.repository';
import { CAPACITY_BELOW_SOLD, timeZoneOf } from '../products/products.service';
import * as repo from './departures.repository';

const NOT_FOUND = 'El producto';
const belowSold = () => fieldError('CAPACITY_BELOW_SOLD', 'capacity', CAPACITY_BELOW_SOLD);
export const DAY_FULL_OF_DEPARTURES = `Ese día ya tiene ${MAX_START_TIMES_PER_DAY} salidas, el máximo: cambia la hora de una existente`;

/**
 * An extra departure (a time no rule gives) may not take a day past MAX_START_TIMES_PER_DAY, the
 * limit the product's rules have (the availability answers stay bounded).
 */
async function assertRoomForExtraDeparture(db: DbOrTx, product: ProductRow, date: string, time: string) {
  const times = new Set(ruleTimesOn(date, product.availabilityRules, new Set()));
  if (times.has(time)) return;
  for (const row of await repo.listDepartures(db, product.id, date, date)) times.add(row.time);
  if (!times.has(time) && times.size >= MAX_START_TIMES_PER_DAY) {
    throw validation({ time: [DAY_FULL_OF_DEPARTURES] }, DAY_FULL_OF_DEPARTURES);
  }
}

/** A product's departures between two dates as the calendar and the sale see them (capacity, seats left, sellable at `now`). */
export async function slotsOf(db: DbOrTx, product: ProductRow, timeZone: string, from: string, to: string, now: Date) {
  const rows = await repo.listDepartures(db, product.id, from, to);
  return computeAvailability({
    from,
    to,
    rules: product.availabilityRules,
    closedDates: product.closedDates,
    capacity: product.capacity,
    bookingCutoffHours: product.bookingCutoffHours,
    departures: rows,
    timeZone,
    now,
  });
}

/**
 * The departures of a product between two dates with capacity, seats taken and left, and whether
 * each can still be sold at `now` (in the operator's time zone, after the booking cut-off).
 */
export async function getAvailability(
  db: Db,
  actor: Actor,
  id: string,
  range: { from: string; to: string },
  now: Date,
): Promise<TAvailabilitySlot[]> {
  const row = await productsRepo.findVisibleProduct(db, actor, id);
  if (!row) throw notFound(NOT_FOUND);
  return slotsOf(db, row.product, timeZoneOf(row.operator.timezone), range.from, range.to, now);
}

/**
 * Overrides one departure's capacity (null = the product's again), closes or reopens it, or
 * annotates it; creates the departure row if needed (which is how staff add an extra departure at
 * a time no rule gives). A capacity below the seats already sold answers 409.
 */
export async function updateDeparture(
  db: Db,
  actor: Actor,
  id: string,
  body: TDepartureUpdateRequest,
  now: Date,
): Promise<TAvailabilitySlot> {
  return db.transaction(async (tx) => {
    const product = await productsRepo.lockVisibleProduct(tx, actor, id);
    if (!product) throw notFound(NOT_FOUND);
    const existing = await repo.findDepartureForUpdate(tx, id, body.date, body.time);
    if (!existing) await assertRoomForExtraDeparture(tx, product, body.date, body.time);

    const changes: Parameters<typeof repo.upsertDeparture>[2] = {};
    if (body.capacity !== undefined) {
      changes.capacity = body.capacity ?? product.capacity;
      changes.capacityOverride = body.capacity !== null;
    }
    if (body.closed !== undefined) changes.closed = body.closed;
    if (body.notes !== undefined) changes.notes = body.notes;
    if (existing && changes.capacity !== undefined && changes.capacity < existing.seatsTaken) throw belowSold();

    try {
      await repo.upsertDeparture(
        tx,
        {
          tourOperatorId: product.tourOperatorId,
          productId: id,
          date: body.date,
          time: body.time,
          capacity: changes.capacity ?? product.capacity,
          capacityOverride: changes.capacityOverride ?? false,
          closed: changes.closed ?? false,
          notes: changes.notes ?? '',
        },
        changes,
      );
    } catch (err) {
      if (isConstraintViolation(err, '23514', 'departures_seats_check')) throw belowSold();
      throw err;
    }
    const operator = await productsRepo.findOperator(tx, product.tourOperatorId);
    const slots = await slotsOf(tx, product, timeZoneOf(operator?.timezone), body.date, body.date, now);
    const slot = slots.find((s) => s.time === body.time);
    if (!slot) throw notFound('La salida');
    return slot;
  });
}

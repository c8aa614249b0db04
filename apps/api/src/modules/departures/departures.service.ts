/**
 * Departures (product × date × start time): their availability, staff overrides, the seats sales
 * take and give back, and the capacity that follows the product's. The departures module knows the
 * product only as a row its caller passes in (products, bookings and schedule sheets call it; it
 * calls none of them), so the modules' dependencies point one way (issue 31 item 4).
 */
import {
  displayDate,
  MAX_START_TIMES_PER_DAY,
  plural,
  type TAvailabilitySlot,
  type TDepartureUpdateRequest,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import type { products } from '../../db/schema';
import { AppError, fieldError, notFound, validation } from '../../lib/app-error';
import { isConstraintViolation } from '../../lib/db-errors';
import { computeAvailability, type DepartureInput, ruleTimesOn } from './availability';
import * as repo from './departures.repository';

// The departures other modules read and the seats they take and give back: the owner's queries.
export {
  type DepartureKey,
  type DepartureRow,
  departureAt,
  ensureDeparture,
  findDeparture,
  findDepartureById,
  findSoldDepartureFrom,
  hasSoldDeparturesBetween,
  listDeparturesOf,
  listDeparturesToPlan,
  releaseSeats,
  takeSeats,
  takeSeatsQuery,
} from './departures.repository';

/** A product as the departures read it (the whole row; the caller has checked who may see it). */
type ProductRow = typeof products.$inferSelect;

export const CAPACITY_BELOW_SOLD = 'No se puede bajar la capacidad por debajo de las plazas vendidas';
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

/**
 * A product's departures between two dates as the calendar and the sale see them: capacity, seats
 * taken and left, and whether each can still be sold at `now` (in the operator's time zone, after
 * the booking cut-off).
 */
export async function slotsOf(db: DbOrTx, product: ProductRow, timeZone: string, from: string, to: string, now: Date) {
  return slotsFrom(product, timeZone, from, to, await repo.listDepartures(db, product.id, from, to), now);
}

/** {@link slotsOf} from the product's departure rows between those dates, already read (ADR 043: with a sale's read). */
export function slotsFrom(
  product: ProductRow,
  timeZone: string,
  from: string,
  to: string,
  rows: DepartureInput[],
  now: Date,
) {
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
 * Overrides one departure's capacity (null = the product's again), closes or reopens it, or
 * annotates it; creates the departure row if needed (which is how staff add an extra departure at
 * a time no rule gives). A capacity below the seats already sold answers 409. `product` is locked
 * by the caller in `tx`; answers the departure as the calendar shows it.
 */
export async function updateDeparture(
  tx: DbOrTx,
  product: ProductRow,
  timeZone: string,
  body: TDepartureUpdateRequest,
  now: Date,
): Promise<TAvailabilitySlot> {
  const existing = await repo.findDepartureForUpdate(tx, product.id, body.date, body.time);
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
        productId: product.id,
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
  const slots = await slotsOf(tx, product, timeZone, body.date, body.date, now);
  const slot = slots.find((s) => s.time === body.time);
  if (!slot) throw notFound('La salida');
  return slot;
}

/**
 * The product's capacity changed: the departures without a capacity of their own take the new one,
 * in the caller's transaction; refused (409) when one of them has sold more seats than that.
 */
export async function followProductCapacity(tx: DbOrTx, productId: string, capacity: number) {
  const refusing = await repo.findFollowerAbove(tx, productId, capacity);
  if (refusing) {
    throw new AppError({
      code: 'CAPACITY_BELOW_SOLD',
      message: CAPACITY_BELOW_SOLD,
      errors: {
        capacity: [
          `${CAPACITY_BELOW_SOLD}: la salida del ${displayDate(refusing.date)} a las ${refusing.time} tiene ${plural(refusing.seatsTaken, 'plaza vendida', 'plazas vendidas')}`,
        ],
      },
    });
  }
  try {
    await repo.setFollowersCapacity(tx, productId, capacity);
  } catch (err) {
    // A booking took seats between the check and the update: the CHECK constraint refuses it.
    if (isConstraintViolation(err, '23514', 'departures_seats_check')) throw belowSold();
    throw err;
  }
}

/**
 * The operator cancels a departure (bookings.departure-cancel.ts): it must be one the product has
 * (a row already, booked or added by staff, or a time of its weekly rules; else 422 on `time`), and
 * it closes for sale from now on (the row is created if nobody had booked it yet). `product` is
 * locked by the caller in `tx`; answers the departure row.
 */
export async function closeDeparture(tx: DbOrTx, product: ProductRow, date: string, time: string) {
  const existing = await repo.findDepartureForUpdate(tx, product.id, date, time);
  const offered = ruleTimesOn(date, product.availabilityRules, new Set(product.closedDates));
  if (!existing && !offered.includes(time)) {
    const m = 'El producto no tiene salida a esa hora ese día';
    throw validation({ time: [m] }, m);
  }
  return repo.upsertDeparture(
    tx,
    {
      tourOperatorId: product.tourOperatorId,
      productId: product.id,
      date,
      time,
      capacity: product.capacity,
      closed: true,
    },
    { closed: true },
  );
}

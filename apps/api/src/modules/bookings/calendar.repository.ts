/** What the bookings calendar reads: the products it shows, their departures and bookings. */
import { LEVEL } from '@trayecto/shared';
import { and, asc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, departures, products, tourOperators } from '../../db/schema';
import { type Actor, tenantScope } from '../../lib/tenant';
import type { DepartureInput } from '../departures/availability';
import { hasSoldDeparturesBetween } from '../departures/departures.service';

/**
 * Products whose departures the calendar shows: live products in the actor's scope (a Vendedor
 * only active ones) that are active or have departure rows in the range (so staff still see who is
 * booked on a product taken off sale).
 */
export async function listCalendarProducts(
  db: DbOrTx,
  actor: Actor,
  opts: { from: string; to: string; productId?: string; tourOperatorId?: string },
) {
  const hasRows = hasSoldDeparturesBetween(products.id, opts.from, opts.to);
  return (
    db
      // Only what the calendar computes with (a product row also carries its texts and images).
      .select({
        product: {
          id: products.id,
          name: products.name,
          state: products.state,
          capacity: products.capacity,
          bookingCutoffHours: products.bookingCutoffHours,
          availabilityRules: products.availabilityRules,
          closedDates: products.closedDates,
        },
        timezone: tourOperators.timezone,
      })
      .from(products)
      .innerJoin(tourOperators, eq(tourOperators.id, products.tourOperatorId))
      .where(
        and(
          isNull(products.deletedAt),
          tenantScope(products.tourOperatorId, actor),
          actor.level === LEVEL.SELLER ? eq(products.state, 'active') : or(eq(products.state, 'active'), hasRows),
          opts.productId ? eq(products.id, opts.productId) : undefined,
          opts.tourOperatorId ? eq(products.tourOperatorId, opts.tourOperatorId) : undefined,
        ),
      )
      .orderBy(asc(products.name), asc(products.id))
  );
}

/**
 * The departure rows of these products between two dates (inclusive, in no particular order), each
 * with its seat-holding bookings (every state but cancelled: SEAT_HOLDING_STATES) and the
 * passengers they carry — one statement for the whole range (ADR 031). Departure rows are the
 * departures module's; this only joins them, read-only, with the columns the calendar uses.
 *
 * The bookings are counted from `bookings_calendar_idx` — (product_id, date, departure_id,
 * pax_total) of the bookings that are not cancelled — without reading the table: a month of an
 * operator is some 50,000 index entries side by side, grouped in the index's order, where asking
 * by departure id read each booking's row from wherever it lies (15,000 pages for a month at 1 M
 * bookings). A booking's product and date are its departure's (the sale and every edit write them
 * together, and a departure never moves), so the range finds exactly the range's departures'
 * bookings. `state <> 'cancelled'` is written as the index's predicate is, so the planner can use
 * it (the two say the same: every other state holds seats, calendar.test.ts checks it).
 */
export async function listCalendarDepartures(
  db: DbOrTx,
  productIds: readonly string[],
  from: string,
  to: string,
): Promise<CalendarDepartureRow[]> {
  if (productIds.length === 0) return [];
  // Plain rows named as the calendar reads them: thousands of them, and drizzle's generic row
  // mapping cost a sixth of the month's CPU time (ADR 031).
  const res = await db.execute<CalendarDepartureRow>(calendarDeparturesQuery(productIds, from, to));
  return res.rows;
}

/** A departure row as the calendar reads it, with its seat-holding bookings and their passengers. */
export type CalendarDepartureRow = DepartureInput & { productId: string; bookings: number; pax: number };

/** The statement listCalendarDepartures sends (its plan is tested: calendar.test.ts). */
export function calendarDeparturesQuery(productIds: readonly string[], from: string, to: string): SQL {
  const ids = [...productIds];
  // A departure has one product and date: grouping by the three follows the index's order, so the
  // counts come out as the index is read (no sort, no hash table of thousands of departures).
  return sql`
    select ${departures.id} as "id", ${departures.productId} as "productId", ${departures.date} as "date",
      ${departures.time} as "time", ${departures.capacity} as "capacity",
      ${departures.capacityOverride} as "capacityOverride", ${departures.seatsTaken} as "seatsTaken",
      ${departures.closed} as "closed", coalesce(counted.bookings, 0) as "bookings", coalesce(counted.pax, 0) as "pax"
    from ${departures}
    left join (
      select ${bookings.departureId} as departure_id, count(*)::int as bookings, sum(${bookings.paxTotal})::int as pax
      from ${bookings}
      where ${and(inArray(bookings.productId, ids), gte(bookings.date, from), lte(bookings.date, to))}
        and ${bookings.state} <> 'cancelled'
      group by ${bookings.productId}, ${bookings.date}, ${bookings.departureId}
    ) counted on counted.departure_id = ${departures.id}
    where ${and(inArray(departures.productId, ids), gte(departures.date, from), lte(departures.date, to))}`;
}

/** What the bookings calendar reads: the products it shows, their departures and bookings. */
import { LEVEL } from '@trayecto/shared';
import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { departures, products, tourOperators } from '../../db/schema';
import { runSelectTemplate, ShapeBinder } from '../../db/select-template';
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
  // Built once per shape (ADR 052): the actor's scope and level, and which filters are asked.
  const b = new ShapeBinder('calendar.products')
    .shape(actor.level === LEVEL.SELLER)
    .shape(Boolean(opts.productId))
    .shape(Boolean(opts.tourOperatorId));
  const where = and(
    isNull(products.deletedAt),
    tenantScope(products.tourOperatorId, actor, b),
    actor.level === LEVEL.SELLER
      ? eq(products.state, b.bind('active', products.state) as never)
      : or(
          eq(products.state, b.bind('active', products.state) as never),
          hasSoldDeparturesBetween(products.id, b.bind(opts.from), b.bind(opts.to)),
        ),
    opts.productId ? eq(products.id, b.bind(opts.productId, products.id) as never) : undefined,
    opts.tourOperatorId
      ? eq(products.tourOperatorId, b.bind(opts.tourOperatorId, products.tourOperatorId) as never)
      : undefined,
  );
  const build = (d: DbOrTx) =>
    d
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
      .where(where)
      .orderBy(asc(products.name), asc(products.id));
  return runSelectTemplate(db, b.key, build, b.values, { strict: true });
}

/**
 * The departure rows of these products between two dates (inclusive, in no particular order), each
 * with its seat-holding bookings (every state but cancelled: SEAT_HOLDING_STATES) and the
 * passengers they carry — one statement for the whole range (ADR 031). Departure rows are the
 * departures module's; this only reads them, with the columns the calendar uses.
 *
 * The bookings and passengers are the row's own counts (`bookings_count`, `pax_count`), kept by the
 * database at every booking change (migration 0025): the range reads departure rows only, where it
 * counted a week's ~10,000 bookings (a month's ~50,000) from their index per request before.
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
  return sql`
    select ${departures.id} as "id", ${departures.productId} as "productId", ${departures.date} as "date",
      ${departures.time} as "time", ${departures.capacity} as "capacity",
      ${departures.capacityOverride} as "capacityOverride", ${departures.seatsTaken} as "seatsTaken",
      ${departures.closed} as "closed", ${departures.bookingsCount} as "bookings", ${departures.paxCount} as "pax"
    from ${departures}
    where ${departures.productId} = any(${arrayLiteral(ids)}::uuid[])
      and ${departures.date} >= ${from}::date and ${departures.date} <= ${to}::date`;
}

// ---------------------------------------------------------------------------------------------
// The month view, a day at a time (ADR 031, 2026-11-26)
// ---------------------------------------------------------------------------------------------

/** A product of the month view, in the calendar's order (Spanish name, then id), with its operator's today. */
export type CalendarDaysProduct = { id: string; today: string };

/**
 * A departure's key in a month view's statement: its product's place in the calendar's order, its
 * day in the range and its start time, as one integer (the statement computes the same for the rows).
 */
export const calendarSlotKey = (rank: number, dayOffset: number, time: string) =>
  rank * 100_000 + dayOffset * 1440 + Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A day's departure rows shown, added up (what the weekly rules add is the caller's). */
export type CalendarDayRows = {
  date: string;
  rows: number;
  closed: number;
  /** Capacity and seats left of the open rows. */
  capacity: number;
  seatsTaken: number;
  seatsLeft: number;
  /** Rows on a start time the rules give (`ruleKeys`), on or after the product's today: they take its place. */
  onRule: number;
  /** The products' capacity of those rows (what the rule's departure would have counted). */
  onRuleCapacity: number;
  bookings: number;
  pax: number;
};

/** One of a day's first rows shown (by time, then the products' order). */
export type CalendarPreviewRow = {
  date: string;
  rank: number;
  time: string;
  departureId: string;
  capacity: number;
  seatsTaken: number;
  closed: boolean;
  bookings: number;
  pax: number;
};

/** A PostgreSQL array literal of values that need no quoting (ids, dates, numbers): one parameter. */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/**
 * The month view's departure rows between two dates (inclusive), per day: those shown counted and
 * added up, and the first `preview` of each day by time and then by the order of `ranked` (the
 * caller's Spanish name order) with their bookings — one statement, a few dozen rows out whatever
 * the number of departures. The caller adds the start times the weekly rules give without a row.
 *
 * A row is shown as getCalendar shows it: a product off sale only shows its rows with seats sold;
 * a row on a product's closed date is closed. On a day before the product's operator's today, a row
 * with nothing sold (no seat and no booking) is not shown (the screen never showed them). A row on
 * or after that today whose key (calendarSlotKey) is in `ruleKeys` stands on a start time of the
 * rules, so the caller does not count that time again.
 *
 * The bookings and passengers of a day are the shown rows' own counts (`bookings_count`,
 * `pax_count`, kept by the database: migration 0025) — those of a product off sale only on its rows
 * with seats sold, the rows it shows — where they were counted from the bookings' index per
 * request before. Written so that the planner's estimates stay near the truth (no per-row subquery
 * over every departure): a misestimate past `jit_above_cost` made PostgreSQL compile the statement,
 * 400 ms for a few.
 */
export async function listCalendarDays(
  db: DbOrTx,
  ranked: readonly CalendarDaysProduct[],
  ruleKeys: readonly number[],
  from: string,
  to: string,
  preview: number,
): Promise<{ days: CalendarDayRows[]; previews: CalendarPreviewRow[] }> {
  if (ranked.length === 0) return { days: [], previews: [] };
  const res = await db.execute<Record<string, unknown>>(calendarDaysQuery(ranked, ruleKeys, from, to, preview));
  const days: CalendarDayRows[] = [];
  const previews: CalendarPreviewRow[] = [];
  for (const r of res.rows) {
    if (r.rank === null) {
      days.push({
        date: String(r.date),
        rows: Number(r.n),
        closed: Number(r.closed),
        capacity: Number(r.capacity ?? 0),
        seatsTaken: Number(r.seats_taken ?? 0),
        seatsLeft: Number(r.seats_left ?? 0),
        onRule: Number(r.on_rule ?? 0),
        onRuleCapacity: Number(r.on_rule_capacity ?? 0),
        bookings: Number(r.bookings ?? 0),
        pax: Number(r.pax ?? 0),
      });
    } else {
      previews.push({
        date: String(r.date),
        rank: Number(r.rank),
        time: String(r.time),
        departureId: String(r.departure_id),
        capacity: Number(r.capacity),
        seatsTaken: Number(r.seats_taken),
        closed: Number(r.closed) === 1,
        bookings: Number(r.bookings ?? 0),
        pax: Number(r.pax ?? 0),
      });
    }
  }
  return { days, previews };
}

/** The statement listCalendarDays sends (calendar.test.ts reads its plan). */
export function calendarDaysQuery(
  ranked: readonly CalendarDaysProduct[],
  ruleKeys: readonly number[],
  from: string,
  to: string,
  preview: number,
): SQL {
  const ids = sql`${arrayLiteral(ranked.map((p) => p.id))}::uuid[]`;
  const todays = sql`${arrayLiteral(ranked.map((p) => p.today))}::date[]`;
  const range = sql`between ${from}::date and ${to}::date`;
  // At most `preview` a day: a bound the planner counts with (a window's filter it does not).
  const previews = preview * (Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1);
  return sql`
    with p as (
      -- The products in the caller's order (rank), each with its operator's today.
      -- (int: the rows' keys are ints, and only int = int looks the rules' keys up in a hash.)
      select x.rank::int as rank, x.today, p.id, p.capacity, p.state = 'active' as on_sale, p.closed_dates
      from unnest(${ids}, ${todays}) with ordinality as x(id, today, rank)
      join ${products} p on p.id = x.id
    ), r as (
      select d.id, d.product_id, d.date, d.time, p.rank, p.today, p.on_sale, p.capacity as product_capacity,
             p.rank * 100000 + (d.date - ${from}::date) * 1440 + substr(d.time, 1, 2)::int * 60
               + substr(d.time, 4, 2)::int as key,
             case when d.capacity_override then d.capacity else p.capacity end as capacity,
             d.seats_taken, d.closed or d.date = any(p.closed_dates) as closed,
             d.bookings_count, d.pax_count
      from ${departures} d
      join p on p.id = d.product_id
      where d.product_id = any(${ids}) and d.date ${range} and (p.on_sale or d.seats_taken > 0)
    ), shown as materialized (
      -- Before its today a row shows what it sold: seats, or a booking without one (a baby's).
      select r.*, r.date >= r.today and r.key = any(${arrayLiteral(ruleKeys)}::int[]) as on_rule
      from r
      where r.date >= r.today or r.seats_taken > 0 or r.bookings_count > 0
    ), days as (
      select s.date, count(*) as n, count(*) filter (where s.closed) as closed,
             sum(s.capacity) filter (where not s.closed) as capacity, sum(s.seats_taken) as seats_taken,
             sum(greatest(s.capacity - s.seats_taken, 0)) filter (where not s.closed) as seats_left,
             count(*) filter (where s.on_rule) as on_rule,
             sum(s.product_capacity) filter (where s.on_rule) as on_rule_capacity,
             sum(s.bookings_count) as bookings, sum(s.pax_count) as pax
      from shown s
      group by s.date
    ), firsts as materialized (
      select * from (
        select s.*, row_number() over (partition by s.date order by s.time, s.rank) as n from shown s
      ) f
      where f.n <= ${preview}
      limit ${previews}
    )
    select d.date::text as date, null::int as rank, null::text as time, null::text as departure_id, d.n,
           d.closed, d.capacity, d.seats_taken, d.seats_left, d.on_rule, d.on_rule_capacity, d.bookings, d.pax
    from days d
    union all
    select f.date::text, f.rank, f.time, f.id::text, null, f.closed::int, f.capacity, f.seats_taken, null, null,
           null, f.bookings_count, f.pax_count
    from firsts f`;
}

/**
 * The home page's figures (PRODUCT.md §5 Inicio), each from a bounded read (ADR 030):
 * - sales (the 30-day chart, by channel, a Vendedor's month) from the booking totals (ADR 026),
 *   sale basis, day and month grain: a few hundred rows whatever the size of the data;
 * - the coming 7 days of an operator (or of every operator) added up per day: the window's
 *   departures, the totals by service day (pax, sales) and the bookings still owing money;
 * - today's departures listed with their sheet and pax;
 * - a Vendedor's and a Chofer's or Guía's departures from their own bookings or sheets.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Whose figures the dashboard adds up (PRODUCT.md §3 "dashboard"): every operator or one, a
 * seller's own sales, or the departures of a Chofer's or Guía's sheets.
 */
export type DashboardScope =
  | { kind: 'all' }
  | { kind: 'operator'; tourOperatorId: string }
  | { kind: 'seller'; tourOperatorId: string; sellerId: string }
  | { kind: 'own_day'; tourOperatorId: string; userId: string; role: 'driver' | 'guide' };

/** The scopes whose figures are the whole operator's (or every operator's). */
export type OperatorScope = Extract<DashboardScope, { kind: 'all' | 'operator' }>;
export type SalesScope = Extract<DashboardScope, { kind: 'all' | 'operator' | 'seller' }>;

const operatorOf = (scope: DashboardScope) => (scope.kind === 'all' ? null : scope.tourOperatorId);

const num = (v: number | string | null | undefined) => Number(v ?? 0);

/**
 * The operator condition on a tenant column. "All operators" is spelt as an array of operators
 * (`= any(array(…))`, computed once before the scan) so the (tour_operator_id, …) indexes serve it,
 * one range per operator. `in (select …)` let the planner pick a semi-join over a parallel scan of
 * every booking instead (the administrator's dashboard: 1.1 s at 1 M bookings, docs/benchmarks.md).
 */
function tenant(column: SQL, scope: DashboardScope): SQL {
  const op = operatorOf(scope);
  return op ? sql`${column} = ${op}::uuid` : sql`${column} = any(array(select id from tour_operators))`;
}

/**
 * Always true, and keeps the statement from starting parallel workers (ADR 026, as «Informes»
 * does): `txid_current_if_assigned()` is parallel-unsafe, so the planner plans no worker for the
 * statement; the few hundred rows of the totals cost less than starting one.
 */
const NO_WORKERS = sql`txid_current_if_assigned() is distinct from -1`;

/** Time zones and currencies of the operators in scope (the administrator's "all" may mix them). */
export async function operatorSettings(db: DbOrTx, scope: DashboardScope) {
  const op = operatorOf(scope);
  const res = await db.execute<{ timezone: string; currency: string }>(
    op
      ? sql`select timezone, currency from tour_operators where id = ${op}::uuid`
      : sql`select distinct timezone, currency from tour_operators where state = 1 order by 1, 2`,
  );
  return res.rows;
}

// ---------------------------------------------------------------------------------------------
// Sales: the booking totals (ADR 026)
// ---------------------------------------------------------------------------------------------

type TotalsRange = { basis: 'sale' | 'service'; grain: 'day' | 'month'; dims: string[]; from: string; to: string };

/**
 * The non-cancelled totals' rows of some dimensions over a range of days, folded and not yet folded
 * alike: one range of the primary key of `booking_totals` and one of `booking_totals_delta`'s index.
 * `key` narrows them to one key (a Vendedor's own).
 */
function totalsRows(scope: DashboardScope, r: TotalsRange, key?: string): SQL {
  const dims =
    r.dims.length === 1
      ? sql`dim = ${r.dims[0]}`
      : sql`dim in (${sql.join(
          r.dims.map((d) => sql`${d}`),
          sql`, `,
        )})`;
  const oneKey = key === undefined ? sql`` : sql`and key = ${key}`;
  return sql.join(
    ['booking_totals', 'booking_totals_delta'].map(
      (table) => sql`select tour_operator_id, grain, dim, day, key, bookings, pax, gross_cents, commission_cents
        from ${sql.identifier(table)}
        where ${tenant(sql`tour_operator_id`, scope)} and basis = ${r.basis} and grain = ${r.grain} and ${dims}
          and day between ${r.from}::date and ${r.to}::date ${oneKey} and not cancelled`,
    ),
    sql` union all `,
  );
}

export type SalesDay = { day: string; salesCents: number; bookings: number };
export type SalesChannel = {
  channel: string;
  channelId: string | null;
  name: string | null;
  bookings: number;
  salesCents: number;
  commissionCents: number;
};
export type SalesFigures = {
  byDay: SalesDay[];
  byChannel: SalesChannel[];
  /** A Vendedor's month (null for the other scopes). */
  month: { salesCents: number; commissionCents: number; bookings: number } | null;
};

/**
 * Non-cancelled sales by local sale day (each operator's own zone, as the totals keep them) over
 * [from, to] and, for an operator or every operator, by channel — each reseller and agency by name
 * (ADR 023; the totals' `agency` rows are the bookings with a channel, `channel` the rest); for a
 * Vendedor, their own (`seller` rows) and their month's (the month row starting on `month`). One
 * statement: a few hundred rows of the totals.
 */
export async function salesFigures(
  db: DbOrTx,
  scope: SalesScope,
  from: string,
  to: string,
  month: string,
): Promise<SalesFigures> {
  const res = await db.execute<{
    part: 'day' | 'channel' | 'month';
    day: string | null;
    channel: string | null;
    channel_id: string | null;
    name: string | null;
    bookings: number | string | null;
    sales_cents: number | string | null;
    commission_cents: number | string | null;
  }>(
    scope.kind === 'seller'
      ? sql`
    with t as (
      ${totalsRows(scope, { basis: 'sale', grain: 'day', dims: ['seller'], from, to }, scope.sellerId)}
      union all
      ${totalsRows(scope, { basis: 'sale', grain: 'month', dims: ['seller'], from: month, to: month }, scope.sellerId)}
    )
    (select 'day' as part, t.day::text as day, null::text as channel, null::text as channel_id, null::text as name,
       sum(t.bookings) as bookings, sum(t.gross_cents) as sales_cents, sum(t.commission_cents) as commission_cents
     from t where t.grain = 'day' and ${NO_WORKERS} group by t.day)
    union all
    (select 'month', null, null, null, null, sum(t.bookings), sum(t.gross_cents), sum(t.commission_cents)
     from t where t.grain = 'month')`
      : sql`
    with t as (${totalsRows(scope, { basis: 'sale', grain: 'day', dims: ['channel', 'agency'], from, to })}),
    c as (
      select case when t.dim = 'agency' then 'channel' else t.key end as channel,
             case when t.dim = 'agency' then t.key end as channel_id,
             sum(t.bookings) as bookings, sum(t.gross_cents) as sales_cents, sum(t.commission_cents) as commission_cents
      from t
      where (t.dim = 'channel' and t.key <> 'channel') or (t.dim = 'agency' and t.key <> '')
      group by 1, 2
      having sum(t.bookings) > 0
    )
    (select 'day' as part, t.day::text as day, null::text as channel, null::text as channel_id, null::text as name,
       sum(t.bookings) as bookings, sum(t.gross_cents) as sales_cents, sum(t.commission_cents) as commission_cents
     from t where t.dim = 'channel' and ${NO_WORKERS} group by t.day)
    union all
    (select 'channel', null, c.channel, c.channel_id, ch.name, c.bookings, c.sales_cents, c.commission_cents
     from c left join channels ch on ch.id::text = c.channel_id
     order by c.sales_cents desc, ch.name, c.channel, c.channel_id)`,
  );
  const byDay: SalesDay[] = [];
  const byChannel: SalesChannel[] = [];
  let monthTotals: SalesFigures['month'] = null;
  for (const r of res.rows) {
    if (r.part === 'day') byDay.push({ day: String(r.day), salesCents: num(r.sales_cents), bookings: num(r.bookings) });
    else if (r.part === 'month')
      monthTotals = {
        salesCents: num(r.sales_cents),
        commissionCents: num(r.commission_cents),
        bookings: num(r.bookings),
      };
    else
      byChannel.push({
        channel: String(r.channel),
        channelId: r.channel_id,
        name: r.name,
        bookings: num(r.bookings),
        salesCents: num(r.sales_cents),
        commissionCents: num(r.commission_cents),
      });
  }
  return { byDay, byChannel, month: monthTotals };
}

// ---------------------------------------------------------------------------------------------
// Departures: the coming days added up, today's listed
// ---------------------------------------------------------------------------------------------

/** One day of one time zone's operators, added up (the KPIs are sums of these). */
export type DayFigures = {
  /** The operators' time zone (whose "today" the day is measured against). */
  timezone: string;
  date: string;
  departures: number;
  capacity: number;
  seatsTaken: number;
  pax: number;
  salesCents: number;
  pendingCents: number;
};

/**
 * The departures that count, for an operator or every operator: a sheet, or a non-cancelled booking.
 * Every non-cancelled booking holds its seats on its departure (`seats_taken`, ADR 005), so a
 * departure with seats taken has one; the sheet and the bookings are looked up only for a departure
 * with none (a booking of infants only holds no seat). Scalar subqueries, not `exists`: inside an
 * `or` the planner may turn an `exists` into a hash of every sheet (120,000 at 1 M bookings).
 */
const counts = sql`(d.seats_taken > 0
  or (select 1 from schedule_sheets s where s.departure_id = d.id) is not null
  or (select 1 from bookings b where b.departure_id = d.id and b.state <> 'cancelled' limit 1) is not null)`;

/** What a booking still owes (PRODUCT.md §5: total − paid + refunded, never below zero). */
const owes = sql`b.total_cents - b.paid_cents + b.refunded_cents`;

/**
 * An operator's (or every operator's) days [from, to] added up per day and time zone, from three
 * bounded reads in one statement: the window's departures that count (capacity and seats, the
 * (tour_operator_id, date) index), their pax and sales from the totals by service day, and what
 * the bookings still owing money owe (`bookings_owing_idx`: only those bookings). The departures'
 * day is `date`, the bookings' is theirs (a booking's date is its departure's).
 */
export async function dayFigures(db: DbOrTx, scope: OperatorScope, from: string, to: string): Promise<DayFigures[]> {
  const res = await db.execute<Record<string, string | number | null>>(sql`
    with deps as (
      select d.tour_operator_id, d.date, count(*) as departures, sum(d.capacity) as capacity,
             sum(d.seats_taken) as seats_taken
      from departures d
      where ${tenant(sql`d.tour_operator_id`, scope)} and d.date between ${from}::date and ${to}::date and ${counts}
      group by 1, 2
    ), t as (${totalsRows(scope, { basis: 'service', grain: 'day', dims: ['channel'], from, to })}
    ), owing as (
      select b.tour_operator_id, b.date, sum(${owes}) as pending_cents
      from bookings b
      where ${tenant(sql`b.tour_operator_id`, scope)} and b.date between ${from}::date and ${to}::date
        and b.state <> 'cancelled' and ${owes} > 0
      group by 1, 2
    ), f as (
      select tour_operator_id, date, departures, capacity, seats_taken, 0 as pax, 0 as sales_cents, 0 as pending_cents
      from deps
      union all
      select tour_operator_id, day, 0, 0, 0, sum(pax), sum(gross_cents), 0 from t group by 1, 2
      union all
      select tour_operator_id, date, 0, 0, 0, 0, 0, pending_cents from owing
    )
    select o.timezone, f.date::text as date, sum(f.departures) as departures, sum(f.capacity) as capacity,
           sum(f.seats_taken) as seats_taken, sum(f.pax) as pax, sum(f.sales_cents) as sales_cents,
           sum(f.pending_cents) as pending_cents
    from f join tour_operators o on o.id = f.tour_operator_id
    where ${NO_WORKERS}
    group by 1, 2
    order by 2, 1`);
  return res.rows.map((r) => ({
    timezone: String(r.timezone),
    date: String(r.date),
    departures: num(r.departures),
    capacity: num(r.capacity),
    seatsTaken: num(r.seats_taken),
    pax: num(r.pax),
    salesCents: num(r.sales_cents),
    pendingCents: num(r.pending_cents),
  }));
}

export type DepartureFigures = {
  departure_id: string;
  date: string;
  time: string;
  capacity: number;
  seats_taken: number;
  product_id: string;
  product_name: string;
  sheet_id: string | null;
  sheet_state: string | null;
  vehicle_plate: string | null;
  driver_name: string | null;
  guide_name: string | null;
  /** The departure's operator's time zone (whose "today" it is measured against). */
  timezone: string;
  bookings: number;
  pax: number;
  sales_cents: number;
  pending_cents: number;
};

type RawFigures = Omit<DepartureFigures, 'bookings' | 'pax' | 'sales_cents' | 'pending_cents' | 'seats_taken'> & {
  seats_taken: number | string;
  bookings: number | string | null;
  pax: number | string | null;
  sales_cents: number | string | null;
  pending_cents: number | string | null;
};

/**
 * The departures `deps` (id, tour_operator_id, product_id, date, time, capacity, seats_taken) with
 * their sheet and their bookings `a` added up (departure_id, bookings, pax, sales_cents,
 * pending_cents), both defined by `ctes`, listed in the screen's order.
 */
async function listed(db: DbOrTx, ctes: SQL, where: SQL): Promise<DepartureFigures[]> {
  const res = await db.execute<RawFigures>(sql`
    with ${ctes}
    select deps.id::text as departure_id, deps.date::text as date, deps.time, deps.capacity, deps.seats_taken,
           p.id::text as product_id, p.name as product_name, s.id::text as sheet_id, s.state as sheet_state,
           v.plate as vehicle_plate,
           (select u.full_name from users u where u.id = s.driver_id) as driver_name,
           (select u.full_name from users u where u.id = s.guide_id) as guide_name,
           (select o.timezone from tour_operators o where o.id = deps.tour_operator_id) as timezone, a.bookings, a.pax, a.sales_cents, a.pending_cents
    from deps
    join products p on p.id = deps.product_id
    left join schedule_sheets s on s.departure_id = deps.id
    left join vehicles v on v.id = s.vehicle_id
    left join a on a.departure_id = deps.id
    where ${where}
    order by deps.date, deps.time, p.name, deps.id`);
  return res.rows.map(figuresOf);
}

const figuresOf = (r: RawFigures): DepartureFigures => ({
  ...r,
  seats_taken: Number(r.seats_taken),
  bookings: num(r.bookings),
  pax: num(r.pax),
  sales_cents: num(r.sales_cents),
  pending_cents: num(r.pending_cents),
});

/** Some days as a `date[]`. */
const dateArray = (days: string[]) =>
  sql`array[${sql.join(
    days.map((d) => sql`${d}`),
    sql`, `,
  )}]::date[]`;

/** Bookings `b` added up per departure. */
const perDeparture = sql`b.departure_id, count(*) as bookings, sum(b.pax_total) as pax, sum(b.total_cents) as sales_cents,
  sum(greatest(${owes}, 0)) as pending_cents`;

/**
 * An operator's (or every operator's) departures that count on some days (each time zone's today),
 * with their sheet and their non-cancelled bookings' count and pax (what the list shows; the day's
 * sums are `dayFigures`'): the days' departures from the (tour_operator_id, date) index, the
 * bookings of each — `product_id` and `date` (a booking's are its departure's) let the calendar's
 * index of seat-holding bookings (product_id, date, departure_id, pax_total) serve them from the
 * index alone where it exists.
 */
export async function departuresOn(db: DbOrTx, scope: OperatorScope, dates: string[]): Promise<DepartureFigures[]> {
  const res = await db.execute<RawFigures>(sql`
    select d.id::text as departure_id, d.date::text as date, d.time, d.capacity, d.seats_taken,
           p.id::text as product_id, p.name as product_name, s.id::text as sheet_id, s.state as sheet_state,
           v.plate as vehicle_plate,
           (select u.full_name from users u where u.id = s.driver_id) as driver_name,
           (select u.full_name from users u where u.id = s.guide_id) as guide_name,
           (select o.timezone from tour_operators o where o.id = d.tour_operator_id) as timezone, a.bookings, a.pax, null as sales_cents, null as pending_cents
    from departures d
    join products p on p.id = d.product_id
    left join schedule_sheets s on s.departure_id = d.id
    left join vehicles v on v.id = s.vehicle_id
    cross join lateral (
      select count(*) as bookings, sum(b.pax_total) as pax
      from bookings b
      where b.product_id = d.product_id and b.date = d.date and b.departure_id = d.id and b.state <> 'cancelled'
    ) a
    where ${tenant(sql`d.tour_operator_id`, scope)} and d.date = any(${dateArray(dates)}) and (a.bookings > 0 or s.id is not null)
    order by d.date, d.time, p.name, d.id`);
  return res.rows.map(figuresOf);
}

/**
 * A Vendedor's departures of [from, to] with their own non-cancelled bookings, those added up:
 * from the seller's index (seller_id, tour_operator_id, date, time), a few hundred bookings. Only
 * the departures of `todays` are listed on screen, so only theirs look up their sheet.
 */
export async function sellerDepartures(
  db: DbOrTx,
  scope: Extract<DashboardScope, { kind: 'seller' }>,
  from: string,
  to: string,
  todays: string[],
): Promise<DepartureFigures[]> {
  const res = await db.execute<RawFigures>(sql`
    select d.id::text as departure_id, d.date::text as date, d.time, d.capacity, d.seats_taken,
           p.id::text as product_id, p.name as product_name, s.id::text as sheet_id, s.state as sheet_state,
           v.plate as vehicle_plate,
           (select u.full_name from users u where u.id = s.driver_id) as driver_name,
           (select u.full_name from users u where u.id = s.guide_id) as guide_name,
           (select o.timezone from tour_operators o where o.id = d.tour_operator_id) as timezone, a.bookings, a.pax, a.sales_cents, a.pending_cents
    from (
      select ${perDeparture}
      from bookings b
      where b.seller_id = ${scope.sellerId}::uuid and b.tour_operator_id = ${scope.tourOperatorId}::uuid
        and b.date between ${from}::date and ${to}::date and b.state <> 'cancelled'
      group by b.departure_id
    ) a
    join departures d on d.id = a.departure_id
    join products p on p.id = d.product_id
    left join schedule_sheets s on s.departure_id = d.id and d.date = any(${dateArray(todays)})
    left join vehicles v on v.id = s.vehicle_id
    where d.tour_operator_id = ${scope.tourOperatorId}::uuid and d.date between ${from}::date and ${to}::date
    order by d.date, d.time, p.name, d.id`);
  return res.rows.map(figuresOf);
}

/**
 * A Chofer's or Guía's departures of [from, to]: those of their own sheets (the sheets' crew
 * index; a sheet's date is its departure's), with every non-cancelled booking added up.
 */
export function crewDepartures(
  db: DbOrTx,
  scope: Extract<DashboardScope, { kind: 'own_day' }>,
  from: string,
  to: string,
): Promise<DepartureFigures[]> {
  const crew = scope.role === 'driver' ? sql`cs.driver_id` : sql`cs.guide_id`;
  return listed(
    db,
    sql`deps as (
      select d.id, d.tour_operator_id, d.product_id, d.date, d.time, d.capacity, d.seats_taken
      from schedule_sheets cs join departures d on d.id = cs.departure_id
      where ${crew} = ${scope.userId}::uuid and cs.tour_operator_id = ${scope.tourOperatorId}::uuid
        and cs.date between ${from}::date and ${to}::date
        and d.tour_operator_id = ${scope.tourOperatorId}::uuid and d.date between ${from}::date and ${to}::date
    ), a as (
      select ${perDeparture}
      from deps join bookings b on b.departure_id = deps.id and b.state <> 'cancelled'
      group by b.departure_id
    )`,
    sql`true`,
  );
}

/**
 * «Informes» (issue 34): read-only SQL, one grouped statement per report, tenant-scoped here.
 * Days are the operator's: a booking's sale day is `created_at` in its operator's zone; its service
 * day is `bookings.date` (already a local day).
 *
 * Sales and taxes of an operator (or of every operator) add up the booking totals the database
 * keeps by day and by month (ADR 026: `booking_totals` plus the deltas not yet folded in), so a
 * year costs a few thousand rows, not its 200,000 bookings. A Vendedor's own sales, a few bookings,
 * are added up from the bookings themselves (`salesFromBookings`), which is also the definition the
 * totals are tested against.
 */
import { addDays } from '@trayecto/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** Whose bookings a report adds up: every operator (administrator), one, or a Vendedor's own sales. */
export type ReportScope =
  | { kind: 'all' }
  | { kind: 'operator'; tourOperatorId: string }
  | { kind: 'seller'; tourOperatorId: string; sellerId: string };

const operatorOf = (scope: ReportScope) => (scope.kind === 'all' ? null : scope.tourOperatorId);

/**
 * The operator condition on a tenant column; "all operators" as an array computed once, so the
 * (tour_operator_id, …) indexes serve it one range per operator (as the dashboard does).
 */
function tenant(column: SQL, scope: ReportScope): SQL {
  const op = operatorOf(scope);
  return op ? sql`${column} = ${op}::uuid` : sql`${column} = any(array(select id from tour_operators))`;
}

const sellerOnly = (scope: ReportScope) =>
  scope.kind === 'seller' ? sql`and b.seller_id = ${scope.sellerId}::uuid` : sql``;

const num = (v: number | string | null | undefined) => Number(v ?? 0);

/** Time zones, currencies and tax territories of the operators in scope. */
export async function operatorSettings(db: DbOrTx, scope: ReportScope) {
  const op = operatorOf(scope);
  const res = await db.execute<{ timezone: string; currency: string; tax_territory: string }>(
    op
      ? sql`select timezone, currency, tax_territory from tour_operators where id = ${op}::uuid`
      : sql`select distinct timezone, currency, tax_territory from tour_operators order by 1, 2, 3`,
  );
  return res.rows;
}

/**
 * The period's condition on bookings `b` (joined to their operator `o`). By service day: the
 * (tour_operator_id, date) index. By sale day: the (tour_operator_id, created_at) index over the
 * instants that can hold the period in any of the operators' zones, then each booking's own local day.
 */
export type Period = { from: string; to: string; basis: 'sale' | 'service'; start: Date; end: Date };

function inPeriod(p: Period): SQL {
  if (p.basis === 'service') return sql`b.date between ${p.from}::date and ${p.to}::date`;
  return sql`b.created_at >= ${p.start.toISOString()}::timestamptz and b.created_at < ${p.end.toISOString()}::timestamptz
    and (b.created_at at time zone o.timezone)::date between ${p.from}::date and ${p.to}::date`;
}

export type SalesGroup = 'day' | 'product' | 'channel' | 'seller' | 'agency';

/** The group's key and label columns. */
function groupColumns(group: SalesGroup, basis: Period['basis']): { key: SQL; label: SQL; joins: SQL } {
  switch (group) {
    case 'day':
      return {
        key: basis === 'service' ? sql`b.date::text` : sql`(b.created_at at time zone o.timezone)::date::text`,
        label: sql`null::text`,
        joins: sql``,
      };
    case 'product':
      return { key: sql`b.product_id::text`, label: sql`p.name`, joins: sql`join products p on p.id = b.product_id` };
    case 'channel':
      return { key: sql`b.channel`, label: sql`null::text`, joins: sql`` };
    case 'seller':
      return {
        key: sql`b.seller_id::text`,
        label: sql`u.full_name`,
        joins: sql`left join users u on u.id = b.seller_id`,
      };
    case 'agency':
      return {
        key: sql`b.channel_id::text`,
        label: sql`c.name`,
        joins: sql`left join channels c on c.id = b.channel_id`,
      };
  }
}

export type SalesRow = {
  key: string | null;
  label: string | null;
  bookings: number;
  pax: number;
  grossCents: number;
  discountCents: number;
  commissionCents: number;
  cancelledBookings: number;
  cancelledCents: number;
};

/** Sales of the period by group: from the totals, or from a Vendedor's own bookings. */
export function salesBy(db: DbOrTx, scope: ReportScope, period: Period, group: SalesGroup): Promise<SalesRow[]> {
  return scope.kind === 'seller'
    ? salesFromBookings(db, scope, period, group)
    : salesFromTotals(db, scope, period, group);
}

const salesRowOf = (r: Record<string, string | number | null>): SalesRow => ({
  key: r.key === null ? null : String(r.key),
  label: r.label === null ? null : String(r.label),
  bookings: num(r.bookings),
  pax: num(r.pax),
  grossCents: num(r.gross_cents),
  discountCents: num(r.discount_cents),
  commissionCents: num(r.commission_cents),
  cancelledBookings: num(r.cancelled_bookings),
  cancelledCents: num(r.cancelled_cents),
});

/** Sales of the period by group, added up from the bookings: one grouped statement. */
export async function salesFromBookings(
  db: DbOrTx,
  scope: ReportScope,
  period: Period,
  group: SalesGroup,
): Promise<SalesRow[]> {
  const g = groupColumns(group, period.basis);
  const res = await db.execute<Record<string, string | number | null>>(sql`
    select ${g.key} as key, ${g.label} as label,
      count(*) filter (where b.state <> 'cancelled') as bookings,
      coalesce(sum(b.pax_total) filter (where b.state <> 'cancelled'), 0) as pax,
      coalesce(sum(b.total_cents), 0) as gross_cents,
      coalesce(sum(b.discount_cents) filter (where b.state <> 'cancelled'), 0) as discount_cents,
      coalesce(sum(b.commission_cents) filter (where b.state <> 'cancelled'), 0) as commission_cents,
      count(*) filter (where b.state = 'cancelled') as cancelled_bookings,
      coalesce(sum(b.total_cents) filter (where b.state = 'cancelled'), 0) as cancelled_cents
    from bookings b
    join tour_operators o on o.id = b.tour_operator_id
    ${g.joins}
    where ${tenant(sql`b.tour_operator_id`, scope)} and ${inPeriod(period)} ${sellerOnly(scope)}
    group by 1, 2
    order by 1`);
  return res.rows.map(salesRowOf);
}

type Span = { grain: 'day' | 'month'; from: string; to: string };

const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
const nextMonth = (d: string) => {
  const [y, m] = [Number(d.slice(0, 4)), Number(d.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * The period as ranges of the totals: its whole months by month, the days before and after them by
 * day (a year is 12 month rows per key and at most 60 day rows). `byDay` keeps every day.
 */
export function spansOf(from: string, to: string, byDay: boolean): Span[] {
  const first = from === monthStart(from) ? from : nextMonth(from);
  const after = addDays(to, 1);
  const end = after === monthStart(after) ? after : monthStart(to);
  if (byDay || first >= end) return [{ grain: 'day', from, to }];
  const spans: Span[] = [];
  if (from < first) spans.push({ grain: 'day', from, to: addDays(first, -1) });
  spans.push({ grain: 'month', from: first, to: addDays(end, -1) });
  if (end <= to) spans.push({ grain: 'day', from: end, to });
  return spans;
}

/**
 * A condition that is always true and keeps the statement from starting parallel workers: the
 * planner plans no worker for a statement that calls a parallel-unsafe function, as
 * `txid_current_if_assigned()` is (it only reads, and a transaction id is never -1). A totals
 * statement reads a few thousand rows in a few milliseconds, and the workers the planner would
 * start for its `union all` cost more than the whole work (docs/benchmarks.md, ADR 026); one
 * statement keeps it one round trip (a `SET LOCAL` would need a transaction).
 */
const NO_WORKERS = sql`txid_current_if_assigned() is distinct from -1`;

type TotalsDim = 'product' | 'channel' | 'seller' | 'agency' | 'tax' | 'reason';

/**
 * The totals' rows of one dimension over the period (folded and not yet folded alike): one index
 * range of `booking_totals` and of `booking_totals_delta` per span.
 */
function totalsRows(scope: ReportScope, period: Period, dim: TotalsDim, byDay: boolean): SQL {
  const branches = spansOf(period.from, period.to, byDay).flatMap((s) =>
    ['booking_totals', 'booking_totals_delta'].map(
      (table) => sql`select tour_operator_id, day, key, cancelled, bookings, pax, gross_cents, discount_cents,
          commission_cents, base_cents, refunded_cents
        from ${sql.identifier(table)}
        where ${tenant(sql`tour_operator_id`, scope)} and basis = ${period.basis} and grain = ${s.grain}
          and dim = ${dim} and day between ${s.from}::date and ${s.to}::date`,
    ),
  );
  return sql.join(branches, sql` union all `);
}

const TOTALS_DIM: Record<SalesGroup, TotalsDim> = {
  day: 'channel',
  product: 'product',
  channel: 'channel',
  seller: 'seller',
  agency: 'agency',
};

const TOTALS_LABEL: Record<SalesGroup, { label: SQL; joins: SQL }> = {
  day: { label: sql`null::text`, joins: sql`` },
  channel: { label: sql`null::text`, joins: sql`` },
  product: { label: sql`p.name`, joins: sql`left join products p on p.id = s.key::uuid` },
  seller: { label: sql`u.full_name`, joins: sql`left join users u on u.id = s.key::uuid` },
  agency: { label: sql`c.name`, joins: sql`left join channels c on c.id = s.key::uuid` },
};

/** Sales of the period by group, added up from the totals (operator or administrator). */
export async function salesFromTotals(
  db: DbOrTx,
  scope: ReportScope,
  period: Period,
  group: SalesGroup,
): Promise<SalesRow[]> {
  const { label, joins } = TOTALS_LABEL[group];
  const key = group === 'day' ? sql`t.day::text` : sql`nullif(t.key, '')`;
  const res = await db.execute<Record<string, string | number | null>>(sql`
    with t as (${totalsRows(scope, period, TOTALS_DIM[group], group === 'day')}),
    s as (
      select ${key} as key,
        sum(t.bookings) filter (where not t.cancelled) as bookings,
        sum(t.pax) filter (where not t.cancelled) as pax,
        sum(t.gross_cents) as gross_cents,
        sum(t.discount_cents) filter (where not t.cancelled) as discount_cents,
        sum(t.commission_cents) filter (where not t.cancelled) as commission_cents,
        sum(t.bookings) filter (where t.cancelled) as cancelled_bookings,
        sum(t.gross_cents) filter (where t.cancelled) as cancelled_cents
      from t group by 1 having sum(t.bookings) > 0
    )
    select s.key, ${label} as label, s.bookings, s.pax, s.gross_cents, s.discount_cents, s.commission_cents,
      s.cancelled_bookings, s.cancelled_cents
    from s ${joins}
    where ${NO_WORKERS}
    order by 1`);
  return res.rows.map(salesRowOf);
}

export type OccupancyRow =
  | {
      kind: 'departure';
      departureId: string;
      productId: string;
      productName: string;
      date: string;
      time: string;
      capacity: number;
      seatsTaken: number;
      closed: boolean;
    }
  | {
      kind: 'product';
      productId: string;
      productName: string;
      departures: number;
      capacity: number;
      seatsTaken: number;
    };

/**
 * The period's departures (the (tour_operator_id, date) index) with their seats, `limit` of them
 * from `offset` listed, and every product's totals over all of them: one statement.
 */
export async function occupancy(
  db: DbOrTx,
  scope: ReportScope,
  from: string,
  to: string,
  productId: string | undefined,
  limit: number,
  offset = 0,
): Promise<OccupancyRow[]> {
  const product = productId ? sql`and d.product_id = ${productId}::uuid` : sql``;
  const period = sql`${tenant(sql`d.tour_operator_id`, scope)} and d.date between ${from}::date and ${to}::date ${product}`;
  // ADR 037: the page from the (tour_operator_id, date) index in its order (the first days only,
  // sorted within the day: no sort of the month's departures); the products' totals added up before
  // their names are joined (one row per product, not per departure). The same rows as one CTE of the
  // month's departures read twice (19 → 7.5 ms of CPU for a month of 4,400 departures at 1 M bookings).
  const res = await db.execute<Record<string, string | number | boolean | null>>(sql`
    (select 'departure' as kind, d.id::text as departure_id, d.product_id::text as product_id, p.name as product_name,
            d.date::text as date, d.time, d.capacity, d.seats_taken, d.closed, 1 as departures
     from departures d join products p on p.id = d.product_id
     where ${period}
     order by d.date, d.time, p.name, d.id
     limit ${limit} offset ${offset})
    union all
    (select 'product', null, x.product_id::text, p.name, null, null, x.capacity, x.seats_taken, null, x.departures
     from (select d.product_id, sum(d.capacity) as capacity, sum(d.seats_taken) as seats_taken, count(*) as departures
           from departures d where ${period} group by d.product_id) x
       join products p on p.id = x.product_id
     order by p.name, x.product_id::text)`);
  return res.rows.map((r) =>
    r.kind === 'departure'
      ? {
          kind: 'departure',
          departureId: String(r.departure_id),
          productId: String(r.product_id),
          productName: String(r.product_name),
          date: String(r.date),
          time: String(r.time),
          capacity: num(r.capacity as number),
          seatsTaken: num(r.seats_taken as number),
          closed: Boolean(r.closed),
        }
      : {
          kind: 'product',
          productId: String(r.product_id),
          productName: String(r.product_name),
          departures: num(r.departures as number),
          capacity: num(r.capacity as number),
          seatsTaken: num(r.seats_taken as number),
        },
  );
}

export type CancellationRow = {
  state: 'cancelled' | 'no_show';
  reason: string;
  bookings: number;
  pax: number;
  totalCents: number;
  refundedCents: number;
};

/** Cancelled and no-show bookings of the period's service days by state and reason. */
export function cancellations(db: DbOrTx, scope: ReportScope, from: string, to: string): Promise<CancellationRow[]> {
  return scope.kind === 'seller'
    ? cancellationsFromBookings(db, scope, from, to)
    : cancellationsFromTotals(db, scope, from, to);
}

const cancellationRowOf = (r: Record<string, string | number>): CancellationRow => ({
  state: r.state === 'no_show' ? 'no_show' : 'cancelled',
  reason: String(r.reason ?? ''),
  bookings: num(r.bookings),
  pax: num(r.pax),
  totalCents: num(r.total_cents),
  refundedCents: num(r.refunded_cents),
});

/**
 * From the bookings (a Vendedor's own, and the definition the totals are tested against): the
 * (tour_operator_id, state, date, time) index, one range per state; the seller's (seller_id, …).
 */
export async function cancellationsFromBookings(
  db: DbOrTx,
  scope: ReportScope,
  from: string,
  to: string,
): Promise<CancellationRow[]> {
  const res = await db.execute<Record<string, string | number>>(sql`
    select b.state, b.cancel_reason as reason, count(*) as bookings, coalesce(sum(b.pax_total), 0) as pax,
      coalesce(sum(b.total_cents), 0) as total_cents, coalesce(sum(b.refunded_cents), 0) as refunded_cents
    from bookings b
    where ${tenant(sql`b.tour_operator_id`, scope)} and b.state in ('cancelled', 'no_show')
      and b.date between ${from}::date and ${to}::date ${sellerOnly(scope)}
    group by 1, 2
    order by 1, count(*) desc, 2`);
  return res.rows.map(cancellationRowOf);
}

/** From the totals' `reason` rows, keyed `state:reason` (operator or administrator). */
export async function cancellationsFromTotals(
  db: DbOrTx,
  scope: ReportScope,
  from: string,
  to: string,
): Promise<CancellationRow[]> {
  const period: Period = { from, to, basis: 'service', start: new Date(0), end: new Date(0) };
  const res = await db.execute<Record<string, string | number>>(sql`
    with t as (${totalsRows(scope, period, 'reason', false)}),
    s as (
      select t.key, sum(t.bookings) as bookings, sum(t.pax) as pax, sum(t.gross_cents) as total_cents,
        sum(t.refunded_cents) as refunded_cents
      from t group by 1 having sum(t.bookings) > 0
    )
    select split_part(s.key, ':', 1) as state, substr(s.key, strpos(s.key, ':') + 1) as reason, s.bookings, s.pax,
      s.total_cents, s.refunded_cents
    from s
    where ${NO_WORKERS}
    order by 1, s.bookings desc, 2`);
  return res.rows.map(cancellationRowOf);
}

export type TaxRow = { territory: string; rate: number; bookings: number; baseCents: number; totalCents: number };

/**
 * Bookings of the period not cancelled, by the tax rate they were sold at (and their operator's
 * territory): the base is taken out of each booking's tax-inclusive total, rounded to the cent,
 * then added up (ADR 025; the tax is the rest).
 */
export async function taxesFromBookings(db: DbOrTx, scope: ReportScope, period: Period): Promise<TaxRow[]> {
  const res = await db.execute<Record<string, string | number>>(sql`
    select o.tax_territory as territory, b.tax_rate::float8 as rate, count(*) as bookings,
      coalesce(sum(round(b.total_cents * 100.0 / (100 + b.tax_rate))), 0) as base_cents,
      coalesce(sum(b.total_cents), 0) as total_cents
    from bookings b
    join tour_operators o on o.id = b.tour_operator_id
    where ${tenant(sql`b.tour_operator_id`, scope)} and ${inPeriod(period)} and b.state <> 'cancelled'
    group by 1, 2
    order by 1, 2 desc`);
  return res.rows.map(taxRowOf);
}

const taxRowOf = (r: Record<string, string | number>): TaxRow => ({
  territory: String(r.territory),
  rate: Number(r.rate),
  bookings: num(r.bookings),
  baseCents: num(r.base_cents),
  totalCents: num(r.total_cents),
});

/** The tax summary from the totals (its definition: `taxesFromBookings`). */
export async function taxes(db: DbOrTx, scope: ReportScope, period: Period): Promise<TaxRow[]> {
  const res = await db.execute<Record<string, string | number>>(sql`
    with t as (${totalsRows(scope, period, 'tax', false)})
    select o.tax_territory as territory, t.key::numeric::float8 as rate, sum(t.bookings) as bookings,
      sum(t.base_cents) as base_cents, sum(t.gross_cents) as total_cents
    from t join tour_operators o on o.id = t.tour_operator_id
    where not t.cancelled and ${NO_WORKERS}
    group by 1, 2
    having sum(t.bookings) > 0
    order by 1, 2 desc`);
  return res.rows.map(taxRowOf);
}

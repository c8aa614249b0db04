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

const operatorOf = (scope: DashboardScope) => (scope.kind === 'all' ? null : scope.tourOperatorId);

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
 * The departures of [from, to] that count (non-cancelled bookings in scope, or a sheet), each with
 * its sheet and its bookings added up: one query. Departures come from their (operator, date)
 * index; their bookings from bookings_departure_idx.
 */
export async function departureFigures(
  db: DbOrTx,
  scope: DashboardScope,
  from: string,
  to: string,
): Promise<DepartureFigures[]> {
  const crew =
    scope.kind === 'own_day'
      ? scope.role === 'driver'
        ? sql`and exists (select 1 from schedule_sheets cs where cs.departure_id = d.id and cs.driver_id = ${scope.userId}::uuid)`
        : sql`and exists (select 1 from schedule_sheets cs where cs.departure_id = d.id and cs.guide_id = ${scope.userId}::uuid)`
      : sql``;
  const seller = scope.kind === 'seller' ? sql`and b.seller_id = ${scope.sellerId}::uuid` : sql``;
  const counts = scope.kind === 'seller' ? sql`a.bookings > 0` : sql`(a.bookings > 0 or s.id is not null)`;
  const res = await db.execute<RawFigures>(sql`
    with deps as (
      select d.id, d.date, d.time, d.capacity, d.seats_taken, d.product_id, d.tour_operator_id
      from departures d
      where ${tenant(sql`d.tour_operator_id`, scope)} and d.date between ${from}::date and ${to}::date ${crew}
    ), a as (
      select b.departure_id, count(*) as bookings, sum(b.pax_total) as pax, sum(b.total_cents) as sales_cents,
             sum(greatest(b.total_cents - b.paid_cents + b.refunded_cents, 0)) as pending_cents
      from bookings b
      where b.departure_id in (select id from deps) and b.state <> 'cancelled' ${seller}
      group by b.departure_id
    )
    select deps.id::text as departure_id, deps.date::text as date, deps.time, deps.capacity, deps.seats_taken,
           p.id::text as product_id, p.name as product_name, s.id::text as sheet_id, s.state as sheet_state,
           v.plate as vehicle_plate, du.full_name as driver_name, gu.full_name as guide_name,
           (select o.timezone from tour_operators o where o.id = deps.tour_operator_id) as timezone,
           a.bookings, a.pax, a.sales_cents, a.pending_cents
    from deps
    join products p on p.id = deps.product_id
    left join schedule_sheets s on s.departure_id = deps.id
    left join vehicles v on v.id = s.vehicle_id
    left join users du on du.id = s.driver_id
    left join users gu on gu.id = s.guide_id
    left join a on a.departure_id = deps.id
    where ${counts}
    order by deps.date, deps.time, p.name, deps.id`);
  return res.rows.map((r) => ({
    ...r,
    seats_taken: Number(r.seats_taken),
    bookings: Number(r.bookings ?? 0),
    pax: Number(r.pax ?? 0),
    sales_cents: Number(r.sales_cents ?? 0),
    pending_cents: Number(r.pending_cents ?? 0),
  }));
}

/**
 * Non-cancelled bookings created per local day (the operator's time zone) in [start, end):
 * one range scan of (tour_operator_id, created_at). `timeZone` null (operators in different
 * zones): each booking's day is its own operator's.
 */
export async function salesByDay(db: DbOrTx, scope: DashboardScope, timeZone: string | null, start: Date, end: Date) {
  const seller = scope.kind === 'seller' ? sql`and b.seller_id = ${scope.sellerId}::uuid` : sql``;
  const zone = timeZone ? sql`${timeZone}` : sql`o.timezone`;
  const operators = timeZone ? sql`` : sql`join tour_operators o on o.id = b.tour_operator_id`;
  const res = await db.execute<{ day: string; sales_cents: number | string; bookings: number | string }>(sql`
    select (b.created_at at time zone ${zone})::date::text as day, sum(b.total_cents) as sales_cents, count(*) as bookings
    from bookings b ${operators}
    where ${tenant(sql`b.tour_operator_id`, scope)}
      and b.created_at >= ${start.toISOString()}::timestamptz and b.created_at < ${end.toISOString()}::timestamptz
      and b.state <> 'cancelled' ${seller}
    group by 1`);
  return res.rows.map((r) => ({ day: r.day, salesCents: Number(r.sales_cents), bookings: Number(r.bookings) }));
}

/**
 * Non-cancelled bookings created in [start, end) by channel and, for resellers and agencies, by
 * which one (ADR 023): the same range scan of (tour_operator_id, created_at) as the chart.
 */
export async function salesByChannel(db: DbOrTx, scope: DashboardScope, start: Date, end: Date) {
  const res = await db.execute<{
    channel: string;
    channel_id: string | null;
    name: string | null;
    bookings: number | string;
    sales_cents: number | string;
    commission_cents: number | string;
  }>(sql`
    select b.channel, b.channel_id::text as channel_id, c.name, count(*) as bookings,
      coalesce(sum(b.total_cents), 0) as sales_cents, coalesce(sum(b.commission_cents), 0) as commission_cents
    from bookings b left join channels c on c.id = b.channel_id
    where ${tenant(sql`b.tour_operator_id`, scope)}
      and b.created_at >= ${start.toISOString()}::timestamptz and b.created_at < ${end.toISOString()}::timestamptz
      and b.state <> 'cancelled'
    group by b.channel, b.channel_id, c.name
    order by sum(b.total_cents) desc, c.name`);
  return res.rows.map((r) => ({
    channel: r.channel,
    channelId: r.channel_id,
    name: r.name,
    bookings: Number(r.bookings),
    salesCents: Number(r.sales_cents),
    commissionCents: Number(r.commission_cents),
  }));
}

/** A seller's non-cancelled sales created in [start, end): total, commission and count. */
export async function sellerTotals(db: DbOrTx, tourOperatorId: string, sellerId: string, start: Date, end: Date) {
  const res = await db.execute<{
    sales_cents: number | string;
    commission_cents: number | string;
    bookings: number | string;
  }>(sql`
    select coalesce(sum(total_cents), 0) as sales_cents, coalesce(sum(commission_cents), 0) as commission_cents, count(*) as bookings
    from bookings
    where tour_operator_id = ${tourOperatorId}::uuid and seller_id = ${sellerId}::uuid
      and created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
      and state <> 'cancelled'`);
  const r = res.rows[0];
  return {
    salesCents: Number(r?.sales_cents ?? 0),
    commissionCents: Number(r?.commission_cents ?? 0),
    bookings: Number(r?.bookings ?? 0),
  };
}

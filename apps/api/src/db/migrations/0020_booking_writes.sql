-- ADR 035 (issue 35 goal 3): a booking change appends ONE row of its contribution to the booking
-- totals, not 20 to 24. `booking_totals_change` keeps each change's figures once, with its two days
-- (the sale's in the operator's zone, the service's) and its keys of every dimension; the reports'
-- and dashboards' `booking_totals_delta` becomes a view that spreads each row over basis × grain ×
-- dimension exactly as the deltas were written (ADR 026), so every reader stays as it was. The
-- trigger's names and WHEN conditions, the compaction task and the rebuild keep their contract.
-- Nothing of the bookings is touched; the old deltas are folded into `booking_totals` first.
CREATE TABLE IF NOT EXISTS "booking_totals_change" (
	"tour_operator_id" uuid NOT NULL,
	"sale_day" date NOT NULL,
	"service_day" date NOT NULL,
	"product" text NOT NULL,
	"channel" text NOT NULL,
	"seller" text NOT NULL,
	"agency" text NOT NULL,
	"tax" text NOT NULL,
	"reason" text,
	"cancelled" boolean NOT NULL,
	"bookings" integer NOT NULL,
	"pax" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"commission_cents" bigint NOT NULL,
	"base_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "booking_totals_change_tenant_idx" ON "booking_totals_change" USING btree ("tour_operator_id");
--> statement-breakpoint
-- One booking's contribution with its sign (1: the row as it is now; -1: as it was), as one row.
-- `reason` is the state and reason of a cancelled or no-show booking, null for the others.
-- PL/pgSQL, not SQL: a SQL function called once per row is planned again at each call (0.4 ms of
-- the trigger's 0.5 ms), a PL/pgSQL one keeps its plan for the session.
CREATE OR REPLACE FUNCTION booking_totals_change_of(b bookings, sign integer) RETURNS booking_totals_change
LANGUAGE plpgsql STABLE AS $$
declare
  r booking_totals_change;
begin
  r := row(b.tour_operator_id,
           (b.created_at at time zone (select o.timezone from tour_operators o where o.id = b.tour_operator_id))::date,
           b.date, b.product_id::text, b.channel, coalesce(b.seller_id::text, ''), coalesce(b.channel_id::text, ''),
           b.tax_rate::text, case when b.state in ('cancelled', 'no_show') then b.state || ':' || b.cancel_reason end,
           b.state = 'cancelled', sign,
           sign * b.pax_total::bigint, sign * b.total_cents::bigint, sign * b.discount_cents::bigint,
           sign * b.commission_cents::bigint, sign * round(b.total_cents * 100.0 / (100 + b.tax_rate))::bigint,
           sign * b.refunded_cents::bigint);
  return r;
end $$;
--> statement-breakpoint
-- A change row spread over the totals' rows: each basis (the sale's day, the service day), grain
-- (the day, the month on its first day) and dimension (`reason` only for cancelled and no-show).
CREATE OR REPLACE FUNCTION booking_totals_spread(c booking_totals_change) RETURNS SETOF booking_totals
LANGUAGE sql STABLE AS $$
  select c.tour_operator_id, s.basis, g.grain, m.dim,
         case when g.grain = 'day' then s.day else date_trunc('month', s.day)::date end,
         m.key, c.cancelled, c.bookings, c.pax, c.gross_cents, c.discount_cents, c.commission_cents, c.base_cents,
         c.refunded_cents
  from (values ('sale', c.sale_day), ('service', c.service_day)) s(basis, day)
  cross join (values ('day'), ('month')) g(grain)
  cross join (values ('product', c.product), ('channel', c.channel), ('seller', c.seller), ('agency', c.agency),
                     ('tax', c.tax), ('reason', c.reason)) m(dim, key)
  where m.key is not null
$$;
--> statement-breakpoint
-- ADR 026's definition of a booking's contribution returned the old table's rows: it is made again
-- below, as the spread of the booking's one change row.
DROP FUNCTION IF EXISTS booking_totals_of(bookings, integer);
--> statement-breakpoint
-- The deltas written before this migration, folded into the totals (the old compaction, while the
-- old table is still there), so the old table is empty when it goes: derived figures only, all kept.
DO $$
begin
  if exists (select 1 from pg_class where relname = 'booking_totals_delta' and relkind = 'r') then
    loop
      exit when booking_totals_compact(100000) = 0;
    end loop;
    drop table booking_totals_delta;
  end if;
end $$;
--> statement-breakpoint
-- ADR 026's definition of a booking's contribution, spread over its totals' rows straight from the
-- booking (one SQL statement the planner inlines: the rebuild reads a million bookings through it,
-- and a function per row there cost 15 times as much). The same figures as
-- booking_totals_spread(booking_totals_change_of(b, sign)): the tests' drift check compares the
-- totals kept from the change rows with this, row by row (test/booking-totals.ts).
CREATE OR REPLACE FUNCTION booking_totals_of(b bookings, sign integer) RETURNS SETOF booking_totals
LANGUAGE sql STABLE AS $$
  select b.tour_operator_id, s.basis, g.grain, m.dim,
         case when g.grain = 'day' then s.day else date_trunc('month', s.day)::date end,
         m.key, b.state = 'cancelled', sign,
         sign * b.pax_total::bigint, sign * b.total_cents::bigint, sign * b.discount_cents::bigint,
         sign * b.commission_cents::bigint, sign * round(b.total_cents * 100.0 / (100 + b.tax_rate))::bigint,
         sign * b.refunded_cents::bigint
  from (values ('sale', (b.created_at at time zone (select o.timezone from tour_operators o where o.id = b.tour_operator_id))::date),
               ('service', b.date)) s(basis, day)
  cross join (values ('day'), ('month')) g(grain)
  cross join (values ('product', b.product_id::text), ('channel', b.channel), ('seller', coalesce(b.seller_id::text, '')),
                     ('agency', coalesce(b.channel_id::text, '')), ('tax', b.tax_rate::text),
                     ('reason', b.state || ':' || b.cancel_reason)) m(dim, key)
  where m.dim <> 'reason' or b.state in ('cancelled', 'no_show')
$$;
--> statement-breakpoint
-- What the reports and dashboards read as the deltas not yet folded: the change rows spread, one
-- branch per basis, grain and dimension with its constants, so that a report's condition on them
-- leaves one branch per span (the others are pruned when the statement is planned) and its day
-- range reads the change row's own day column. Same columns, in the same order, as booking_totals.
DO $$
declare
  parts text[] := '{}';
  b text;
  g text;
  d text;
begin
  foreach b in array array['sale', 'service'] loop
    foreach g in array array['day', 'month'] loop
      foreach d in array array['product', 'channel', 'seller', 'agency', 'tax', 'reason'] loop
        parts := parts || format(
          'select tour_operator_id, %L::text as basis, %L::text as grain, %L::text as dim, %s as day, %I as key, '
          'cancelled, bookings, pax, gross_cents, discount_cents, commission_cents, base_cents, refunded_cents '
          'from booking_totals_change%s',
          b, g, d,
          case when g = 'day' then format('%I', b || '_day') else format('date_trunc(''month'', %I)::date', b || '_day') end,
          d,
          case when d = 'reason' then ' where reason is not null' else '' end);
      end loop;
    end loop;
  end loop;
  execute 'create or replace view booking_totals_delta as ' || array_to_string(parts, ' union all ');
end $$;
--> statement-breakpoint
-- Each change of a booking appends its contribution in the change's own transaction, one row for
-- an insert or a delete, two for an update (the old row's with -1, the new one's with +1). No row
-- is updated, so two sales never wait for each other here. The triggers (0018) stay as they were.
CREATE OR REPLACE FUNCTION booking_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
declare
  was booking_totals_change;
  now_is booking_totals_change;
begin
  if tg_op <> 'INSERT' then
    was := booking_totals_change_of(old, -1);
  end if;
  if tg_op <> 'DELETE' then
    now_is := booking_totals_change_of(new, 1);
  end if;
  if tg_op = 'INSERT' then
    insert into booking_totals_change select (now_is).*;
  elsif tg_op = 'DELETE' then
    insert into booking_totals_change select (was).*;
  else
    insert into booking_totals_change select (was).* union all select (now_is).*;
  end if;
  return null;
end $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION booking_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  truncate booking_totals, booking_totals_change;
  return null;
end $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION booking_totals_rebuild(op uuid) RETURNS void LANGUAGE plpgsql AS $$
begin
  delete from booking_totals_change where op is null or tour_operator_id = op;
  delete from booking_totals where op is null or tour_operator_id = op;
  insert into booking_totals
  select t.tour_operator_id, t.basis, t.grain, t.dim, t.day, t.key, t.cancelled, sum(t.bookings), sum(t.pax),
         sum(t.gross_cents), sum(t.discount_cents), sum(t.commission_cents), sum(t.base_cents), sum(t.refunded_cents)
  from bookings b cross join lateral booking_totals_of(b, 1) t
  where op is null or b.tour_operator_id = op
  group by 1, 2, 3, 4, 5, 6, 7;
end $$;
--> statement-breakpoint
-- Folds change rows into the totals, each spread over its totals' rows, in key order (two
-- compactions never deadlock). `batch` keeps ADR 026's meaning, the totals' contributions folded in
-- one go: as many change rows as make about that many (a sale spreads over 20 to 24), so one run of
-- the task `reports.compact-totals` holds its transaction as long as before. Answers how many
-- contributions it folded (fewer than `batch`: nothing was left).
CREATE OR REPLACE FUNCTION booking_totals_compact(batch integer) RETURNS integer LANGUAGE plpgsql AS $$
declare folded_n integer;
begin
  with moved as (
    delete from booking_totals_change
    where ctid = any(array(select ctid from booking_totals_change limit greatest(1, batch / 20)))
    returning *
  ), spread as (
    select t.* from moved m cross join lateral booking_totals_spread(row(m.*)::booking_totals_change) t
  ), folded as (
    select tour_operator_id, basis, grain, dim, day, key, cancelled, sum(bookings)::integer as bookings,
           sum(pax) as pax, sum(gross_cents) as gross_cents, sum(discount_cents) as discount_cents,
           sum(commission_cents) as commission_cents, sum(base_cents) as base_cents,
           sum(refunded_cents) as refunded_cents, count(*) as n
    from spread group by 1, 2, 3, 4, 5, 6, 7
  ), up as (
    insert into booking_totals
    select tour_operator_id, basis, grain, dim, day, key, cancelled, bookings, pax, gross_cents, discount_cents,
           commission_cents, base_cents, refunded_cents
    from folded order by 1, 2, 3, 4, 5, 6, 7
    on conflict (tour_operator_id, basis, grain, dim, day, key, cancelled) do update set
      bookings = booking_totals.bookings + excluded.bookings, pax = booking_totals.pax + excluded.pax,
      gross_cents = booking_totals.gross_cents + excluded.gross_cents,
      discount_cents = booking_totals.discount_cents + excluded.discount_cents,
      commission_cents = booking_totals.commission_cents + excluded.commission_cents,
      base_cents = booking_totals.base_cents + excluded.base_cents,
      refunded_cents = booking_totals.refunded_cents + excluded.refunded_cents
    returning 1
  )
  select coalesce(sum(folded.n), 0) into folded_n from folded;
  return folded_n;
end $$;

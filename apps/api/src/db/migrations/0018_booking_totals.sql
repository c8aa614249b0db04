CREATE TABLE "booking_totals" (
	"tour_operator_id" uuid NOT NULL,
	"basis" text NOT NULL,
	"grain" text NOT NULL,
	"dim" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"cancelled" boolean NOT NULL,
	"bookings" integer NOT NULL,
	"pax" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"commission_cents" bigint NOT NULL,
	"base_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL,
	CONSTRAINT "booking_totals_pkey" PRIMARY KEY("tour_operator_id","basis","grain","dim","day","key","cancelled"),
	CONSTRAINT "booking_totals_basis_check" CHECK ("booking_totals"."basis" in ('sale', 'service')),
	CONSTRAINT "booking_totals_grain_check" CHECK ("booking_totals"."grain" in ('day', 'month')),
	CONSTRAINT "booking_totals_dim_check" CHECK ("booking_totals"."dim" in ('product', 'channel', 'seller', 'agency', 'tax', 'reason'))
);
--> statement-breakpoint
CREATE TABLE "booking_totals_delta" (
	"tour_operator_id" uuid NOT NULL,
	"basis" text NOT NULL,
	"grain" text NOT NULL,
	"dim" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
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
CREATE INDEX "booking_totals_delta_idx" ON "booking_totals_delta" USING btree ("tour_operator_id","basis","grain","dim","day");--> statement-breakpoint
-- ADR 026: the rows one booking adds to the totals (sign 1) or takes away from them (sign -1): for
-- each basis (its sale's day in its operator's zone; its service day), grain (the day; the month)
-- and dimension (product, channel, seller, agency, tax rate; the state and reason of a cancelled or
-- no-show booking). The one definition the trigger, the rebuild and the tests use.
CREATE FUNCTION booking_totals_of(b bookings, sign integer) RETURNS SETOF booking_totals_delta
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
-- Each change of a booking appends its contribution in the change's own transaction: no row is
-- updated, so two sales never wait for each other here.
CREATE FUNCTION booking_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op <> 'INSERT' then
    insert into booking_totals_delta select * from booking_totals_of(old, -1);
  end if;
  if tg_op <> 'DELETE' then
    insert into booking_totals_delta select * from booking_totals_of(new, 1);
  end if;
  return null;
end $$;
--> statement-breakpoint
CREATE TRIGGER booking_totals_insert_delete AFTER INSERT OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION booking_totals_track();
--> statement-breakpoint
-- Only the changes that move a total: a payment, a check-in or a note leaves them alone.
CREATE TRIGGER booking_totals_update AFTER UPDATE ON bookings FOR EACH ROW
  WHEN ((old.state IS DISTINCT FROM new.state
      AND (old.state IN ('cancelled', 'no_show') OR new.state IN ('cancelled', 'no_show')))
    OR old.cancel_reason IS DISTINCT FROM new.cancel_reason OR old.refunded_cents IS DISTINCT FROM new.refunded_cents
    OR old.pax_total IS DISTINCT FROM new.pax_total OR old.total_cents IS DISTINCT FROM new.total_cents
    OR old.discount_cents IS DISTINCT FROM new.discount_cents OR old.commission_cents IS DISTINCT FROM new.commission_cents
    OR old.tax_rate IS DISTINCT FROM new.tax_rate OR old.product_id IS DISTINCT FROM new.product_id
    OR old.date IS DISTINCT FROM new.date OR old.channel IS DISTINCT FROM new.channel
    OR old.seller_id IS DISTINCT FROM new.seller_id OR old.channel_id IS DISTINCT FROM new.channel_id
    OR old.created_at IS DISTINCT FROM new.created_at OR old.tour_operator_id IS DISTINCT FROM new.tour_operator_id)
  EXECUTE FUNCTION booking_totals_track();
--> statement-breakpoint
CREATE FUNCTION booking_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  truncate booking_totals, booking_totals_delta;
  return null;
end $$;
--> statement-breakpoint
CREATE TRIGGER booking_totals_truncate AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION booking_totals_truncate();
--> statement-breakpoint
-- One operator's totals (or everyone's, with null) computed again from its bookings: the backfill
-- below, the 1 M generator after its bulk load, and a change of the operator's time zone.
CREATE FUNCTION booking_totals_rebuild(op uuid) RETURNS void LANGUAGE plpgsql AS $$
begin
  delete from booking_totals_delta where op is null or tour_operator_id = op;
  delete from booking_totals where op is null or tour_operator_id = op;
  insert into booking_totals
  select t.tour_operator_id, t.basis, t.grain, t.dim, t.day, t.key, t.cancelled, sum(t.bookings), sum(t.pax),
         sum(t.gross_cents), sum(t.discount_cents), sum(t.commission_cents), sum(t.base_cents), sum(t.refunded_cents)
  from bookings b cross join lateral booking_totals_of(b, 1) t
  where op is null or b.tour_operator_id = op
  group by 1, 2, 3, 4, 5, 6, 7;
end $$;
--> statement-breakpoint
-- The sale's day is local to the operator: a new time zone moves its bookings' sale days.
CREATE FUNCTION booking_totals_rezone() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  perform booking_totals_rebuild(new.id);
  return null;
end $$;
--> statement-breakpoint
CREATE TRIGGER booking_totals_rezone AFTER UPDATE OF timezone ON tour_operators FOR EACH ROW
  WHEN (old.timezone IS DISTINCT FROM new.timezone) EXECUTE FUNCTION booking_totals_rezone();
--> statement-breakpoint
-- Folds up to `batch` deltas into the totals, in key order (two compactions never deadlock), and
-- says how many it folded. Run by the task `reports.compact-totals`.
CREATE FUNCTION booking_totals_compact(batch integer) RETURNS integer LANGUAGE plpgsql AS $$
declare folded_n integer;
begin
  with moved as (
    delete from booking_totals_delta
    where ctid = any(array(select ctid from booking_totals_delta limit batch))
    returning *
  ), folded as (
    select tour_operator_id, basis, grain, dim, day, key, cancelled, sum(bookings)::integer as bookings,
           sum(pax) as pax, sum(gross_cents) as gross_cents, sum(discount_cents) as discount_cents,
           sum(commission_cents) as commission_cents, sum(base_cents) as base_cents,
           sum(refunded_cents) as refunded_cents, count(*) as n
    from moved group by 1, 2, 3, 4, 5, 6, 7
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
--> statement-breakpoint
SELECT booking_totals_rebuild(NULL);

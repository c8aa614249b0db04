-- Issue 35, goal 1 (ADR 037): the money screens at 1 M bookings. «Comisiones» added up every booking
-- of the period (and found what earlier statements counted through each booking's date), «Caja» read
-- every cash or card payment the office ever recorded, an invoice's dependents were a sequential scan.
-- New tables of derived figures, a column, indexes and triggers; nothing is removed.
--
-- 1. A statement line keeps its booking's departure date, so what the party's statements counted for
--    the bookings of a period is a range of an index, not a visit to each booking. The trigger
--    commission_lines_follow_booking keeps it equal to bookings.date when a booking moves (a rare
--    edit); a new line takes the date under a share lock of its booking (commissions.repository.ts
--    insertLines), so a move racing a statement either waits for it or is what it reads.
ALTER TABLE "commission_statement_lines" ADD COLUMN IF NOT EXISTS "booking_date" date;--> statement-breakpoint
UPDATE "commission_statement_lines" l SET "booking_date" = b."date"
  FROM "bookings" b WHERE b."id" = l."booking_id" AND l."booking_date" IS DISTINCT FROM b."date";--> statement-breakpoint
ALTER TABLE "commission_statement_lines" ALTER COLUMN "booking_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "commission_statement_lines_tenant_date_idx" ON "commission_statement_lines" USING btree ("tour_operator_id","booking_date") INCLUDE ("statement_id","booking_id","amount_cents");--> statement-breakpoint
CREATE OR REPLACE FUNCTION commission_lines_follow_booking() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  update commission_statement_lines set booking_date = new.date
  where booking_id = new.id and booking_date is distinct from new.date;
  return null;
end $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS commission_lines_follow_booking ON bookings;--> statement-breakpoint
-- Only a booking that changes its departure date: a sale (insert) and every other edit fire nothing.
CREATE TRIGGER commission_lines_follow_booking AFTER UPDATE OF "date" ON bookings FOR EACH ROW
  WHEN (old.date IS DISTINCT FROM new.date) EXECUTE FUNCTION commission_lines_follow_booking();--> statement-breakpoint
--
-- 2. What is due, per operator, departure day and party (ADR 037), kept by the database like the
--    booking totals of ADR 026. A pair (booking, party) owes net = its commission for the party now
--    (commission_due_cur) − what the party's statement lines counted for it (commission_due_counted);
--    «Pendiente» lists the pairs with net <> 0. Each day and party holds how many such pairs its
--    bookings have (`bookings`) and their sum (`amount_cents`). Every change appends its difference to
--    commission_due_delta (no row is updated: two sales never wait for each other here); the task
--    `commissions.compact-due` folds the deltas into commission_due_totals; a reader adds both.
CREATE TABLE IF NOT EXISTS "commission_due_totals" (
  "tour_operator_id" uuid NOT NULL,
  "day" date NOT NULL,
  "party_kind" text NOT NULL,
  "party_id" uuid NOT NULL,
  "bookings" integer NOT NULL,
  "amount_cents" bigint NOT NULL,
  CONSTRAINT "commission_due_totals_pkey" PRIMARY KEY ("tour_operator_id","day","party_kind","party_id")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "commission_due_delta" (
  "tour_operator_id" uuid NOT NULL,
  "day" date NOT NULL,
  "party_kind" text NOT NULL,
  "party_id" uuid NOT NULL,
  "bookings" integer NOT NULL,
  "amount_cents" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "commission_due_delta_idx" ON "commission_due_delta" USING btree ("tour_operator_id","day");--> statement-breakpoint
-- A booking's commission for one party now: what the sale and its edits left (commission_cents) while
-- the booking is confirmed, completed or a no-show (COMMISSION_EARNING_STATES), it is the party's, and
-- — a channel — the operator collects the customer's money for it; else 0.
CREATE OR REPLACE FUNCTION commission_due_cur(b bookings, kind text, party uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  select case when b.state in ('confirmed', 'completed', 'no_show')
               and case kind when 'seller' then b.seller_id = party
                             else b.channel_id = party
                                  and exists (select 1 from channels c where c.id = party and c.collects = 'operator')
                   end
              then b.commission_cents else 0 end
$$;
--> statement-breakpoint
-- What the party's statements counted for one booking (the sum of its lines).
CREATE OR REPLACE FUNCTION commission_due_counted(booking uuid, kind text, party uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  select coalesce(sum(l.amount_cents), 0)::integer
  from commission_statement_lines l join commission_statements s on s.id = l.statement_id
  where l.booking_id = booking and s.party_kind = kind and coalesce(s.seller_id, s.channel_id) = party
$$;
--> statement-breakpoint
-- A booking's change: for each party it had or has, its pair's net before (at the old day) and after
-- (at the new day); what moved is appended. A new booking has no lines yet (counted 0), a deleted one
-- cannot have any (their foreign key).
CREATE OR REPLACE FUNCTION commission_due_track() RETURNS trigger LANGUAGE plpgsql AS $$
declare
  p record;
  counted integer;
  net_old integer := 0;
  net_new integer := 0;
begin
  for p in
    select distinct v.kind, v.party from (values
      ('seller', case when tg_op <> 'INSERT' then old.seller_id end),
      ('channel', case when tg_op <> 'INSERT' then old.channel_id end),
      ('seller', case when tg_op <> 'DELETE' then new.seller_id end),
      ('channel', case when tg_op <> 'DELETE' then new.channel_id end)) as v(kind, party)
    where v.party is not null
  loop
    counted := case when tg_op = 'UPDATE' then commission_due_counted(new.id, p.kind, p.party) else 0 end;
    if tg_op <> 'INSERT' then net_old := commission_due_cur(old, p.kind, p.party) - counted; end if;
    if tg_op <> 'DELETE' then net_new := commission_due_cur(new, p.kind, p.party) - counted; end if;
    if tg_op = 'UPDATE' and net_old = net_new and old.date = new.date
       and old.tour_operator_id = new.tour_operator_id then
      continue;
    end if;
    if net_old <> 0 then
      insert into commission_due_delta values (old.tour_operator_id, old.date, p.kind, p.party, -1, -net_old);
    end if;
    if net_new <> 0 then
      insert into commission_due_delta values (new.tour_operator_id, new.date, p.kind, p.party, 1, net_new);
    end if;
  end loop;
  return null;
end $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS commission_due_insert ON bookings;--> statement-breakpoint
DROP TRIGGER IF EXISTS commission_due_update ON bookings;--> statement-breakpoint
DROP TRIGGER IF EXISTS commission_due_delete ON bookings;--> statement-breakpoint
-- A sale with neither a seller nor a channel (the web, the office) fires nothing.
CREATE TRIGGER commission_due_insert AFTER INSERT ON bookings FOR EACH ROW
  WHEN (new.seller_id IS NOT NULL OR new.channel_id IS NOT NULL) EXECUTE FUNCTION commission_due_track();--> statement-breakpoint
-- Only what moves a commission due: its party, state, amount or day (a payment, a check-in or a note: nothing).
CREATE TRIGGER commission_due_update AFTER UPDATE ON bookings FOR EACH ROW
  WHEN ((old.seller_id IS NOT NULL OR old.channel_id IS NOT NULL OR new.seller_id IS NOT NULL OR new.channel_id IS NOT NULL)
    AND (old.seller_id IS DISTINCT FROM new.seller_id OR old.channel_id IS DISTINCT FROM new.channel_id
      OR old.state IS DISTINCT FROM new.state OR old.commission_cents IS DISTINCT FROM new.commission_cents
      OR old.date IS DISTINCT FROM new.date OR old.tour_operator_id IS DISTINCT FROM new.tour_operator_id))
  EXECUTE FUNCTION commission_due_track();--> statement-breakpoint
CREATE TRIGGER commission_due_delete AFTER DELETE ON bookings FOR EACH ROW
  WHEN (old.seller_id IS NOT NULL OR old.channel_id IS NOT NULL) EXECUTE FUNCTION commission_due_track();--> statement-breakpoint
-- A statement's line: its pair's net before and after it (a line is never changed nor deleted).
CREATE OR REPLACE FUNCTION commission_due_track_line() RETURNS trigger LANGUAGE plpgsql AS $$
declare
  s record;
  b bookings;
  cur integer;
  counted integer;
  net_old integer;
  net_new integer;
begin
  select party_kind, coalesce(seller_id, channel_id) as party into s
  from commission_statements where id = new.statement_id;
  select * into b from bookings where id = new.booking_id;
  cur := commission_due_cur(b, s.party_kind, s.party);
  counted := commission_due_counted(new.booking_id, s.party_kind, s.party);
  net_old := cur - (counted - new.amount_cents);
  net_new := cur - counted;
  if net_old <> net_new then
    insert into commission_due_delta values
      (b.tour_operator_id, b.date, s.party_kind, s.party, (net_new <> 0)::int - (net_old <> 0)::int, net_new - net_old);
  end if;
  return null;
end $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS commission_due_line ON commission_statement_lines;--> statement-breakpoint
CREATE TRIGGER commission_due_line AFTER INSERT ON commission_statement_lines FOR EACH ROW
  EXECUTE FUNCTION commission_due_track_line();--> statement-breakpoint
-- The figures of one operator (or all, with null), or of one party of it, computed again from the
-- bookings and the lines: the backfill below, the 1 M generator, a channel that changes who
-- collects, a repair (`select commission_due_rebuild(null)`). The one definition the tests compare with.
CREATE OR REPLACE FUNCTION commission_due_rebuild(p_op uuid, p_kind text DEFAULT NULL, p_party uuid DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
begin
  delete from commission_due_delta d where (p_op is null or d.tour_operator_id = p_op)
    and (p_kind is null or (d.party_kind = p_kind and d.party_id = p_party));
  delete from commission_due_totals t where (p_op is null or t.tour_operator_id = p_op)
    and (p_kind is null or (t.party_kind = p_kind and t.party_id = p_party));
  insert into commission_due_totals (tour_operator_id, day, party_kind, party_id, bookings, amount_cents)
  select coalesce(c.op, p.op), coalesce(c.day, p.day), coalesce(c.kind, p.kind), coalesce(c.party, p.party),
         count(*), sum(coalesce(c.cur, 0) - coalesce(p.counted, 0))
  from (
    select b.id, b.tour_operator_id as op, b.date as day, v.kind, v.party, commission_due_cur(b, v.kind, v.party) as cur
    from bookings b
    cross join lateral (values ('seller', b.seller_id), ('channel', b.channel_id)) as v(kind, party)
    where v.party is not null and (p_op is null or b.tour_operator_id = p_op)
      and (p_kind is null or (v.kind = p_kind and v.party = p_party))
  ) c
  full join (
    select l.booking_id, b.tour_operator_id as op, b.date as day, s.party_kind as kind,
           coalesce(s.seller_id, s.channel_id) as party, sum(l.amount_cents)::integer as counted
    from commission_statement_lines l
    join commission_statements s on s.id = l.statement_id
    join bookings b on b.id = l.booking_id
    where (p_op is null or l.tour_operator_id = p_op)
      and (p_kind is null or (s.party_kind = p_kind and coalesce(s.seller_id, s.channel_id) = p_party))
    group by 1, 2, 3, 4, 5
  ) p on p.booking_id = c.id and p.kind = c.kind and p.party = c.party
  where coalesce(c.cur, 0) <> coalesce(p.counted, 0)
  group by 1, 2, 3, 4;
end $$;
--> statement-breakpoint
-- Who collects a channel's customers' money decides whether its bookings earn it a commission here:
-- its figures are computed again (a set-up change, not daily work).
CREATE OR REPLACE FUNCTION commission_due_recollect() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  perform commission_due_rebuild(new.tour_operator_id, 'channel', new.id);
  return null;
end $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS commission_due_recollect ON channels;--> statement-breakpoint
CREATE TRIGGER commission_due_recollect AFTER UPDATE OF collects ON channels FOR EACH ROW
  WHEN (old.collects IS DISTINCT FROM new.collects) EXECUTE FUNCTION commission_due_recollect();--> statement-breakpoint
CREATE OR REPLACE FUNCTION commission_due_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  truncate commission_due_totals, commission_due_delta;
  return null;
end $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS commission_due_truncate ON bookings;--> statement-breakpoint
CREATE TRIGGER commission_due_truncate AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION commission_due_truncate();--> statement-breakpoint
-- Folds up to `batch` deltas into the totals, in key order (two foldings never deadlock); says how
-- many it folded. Run by the task `commissions.compact-due`.
CREATE OR REPLACE FUNCTION commission_due_compact(batch integer) RETURNS integer LANGUAGE plpgsql AS $$
declare folded_n integer;
begin
  with moved as (
    delete from commission_due_delta
    where ctid = any(array(select ctid from commission_due_delta limit batch))
    returning *
  ), folded as (
    select tour_operator_id, day, party_kind, party_id, sum(bookings)::integer as bookings,
           sum(amount_cents) as amount_cents, count(*) as n
    from moved group by 1, 2, 3, 4
  ), up as (
    insert into commission_due_totals
    select tour_operator_id, day, party_kind, party_id, bookings, amount_cents
    from folded order by 1, 2, 3, 4
    on conflict (tour_operator_id, day, party_kind, party_id) do update set
      bookings = commission_due_totals.bookings + excluded.bookings,
      amount_cents = commission_due_totals.amount_cents + excluded.amount_cents
    returning 1
  )
  select coalesce(sum(folded.n), 0) into folded_n from folded;
  return folded_n;
end $$;
--> statement-breakpoint
SELECT commission_due_rebuild(NULL);--> statement-breakpoint
-- What replaces an invoice (an F3 for an F2): with invoices_corrects_idx, an invoice's dependents by index.
CREATE INDEX IF NOT EXISTS "invoices_replaces_idx" ON "invoices" USING btree ("replaces_id") WHERE "invoices"."replaces_id" IS NOT NULL;

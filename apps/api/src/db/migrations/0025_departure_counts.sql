-- Issue 35: each departure keeps its seat-holding bookings (every state but cancelled) and their
-- passengers on its row, as it keeps its seats, so the bookings calendar (a week: ~10,000 bookings
-- counted per request; a month: ~50,000, on the 1 M data set) reads departure rows only.
--
-- Kept by a trigger on `bookings`, so every write path counts the same way (the sale, an edit or a
-- move, a cancellation, a hold that ends, a restore, a deletion). It is a DEFERRED constraint
-- trigger: it runs at COMMIT, after the transaction's last statement — the sale's seat UPDATE,
-- which already holds the departure row (bookings.sale.ts takes the seats last so the row stays
-- locked as briefly as possible; an immediate trigger would have locked it from the booking's
-- INSERT on). A move updates its two departures in id order, the order the edit takes their seats
-- in (no deadlock between crossing moves). The bookings table is locked against writes while the
-- counts are filled in, so none is missed between the fill and the trigger.
LOCK TABLE "bookings" IN SHARE MODE;--> statement-breakpoint
ALTER TABLE "departures" ADD COLUMN "bookings_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "departures" ADD COLUMN "pax_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "departures" d SET "bookings_count" = c.n, "pax_count" = c.pax
FROM (
  SELECT departure_id, count(*)::int AS n, sum(pax_total)::int AS pax
  FROM "bookings" WHERE state <> 'cancelled' GROUP BY departure_id
) c
WHERE d.id = c.departure_id;--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_counts_check" CHECK ("departures"."bookings_count" >= 0 and "departures"."pax_count" >= 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION departure_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_dep uuid;
  new_dep uuid;
  old_pax integer := 0;
  new_pax integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.state <> 'cancelled' THEN
    old_dep := OLD.departure_id;
    old_pax := OLD.pax_total;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.state <> 'cancelled' THEN
    new_dep := NEW.departure_id;
    new_pax := NEW.pax_total;
  END IF;
  IF old_dep IS NOT DISTINCT FROM new_dep THEN
    -- Counted before and after on the same departure (or on none): only its passengers may change.
    IF new_dep IS NOT NULL AND new_pax <> old_pax THEN
      UPDATE departures SET pax_count = pax_count + new_pax - old_pax WHERE id = new_dep;
    END IF;
    RETURN NULL;
  END IF;
  IF old_dep IS NOT NULL AND new_dep IS NOT NULL AND new_dep < old_dep THEN
    UPDATE departures SET bookings_count = bookings_count + 1, pax_count = pax_count + new_pax WHERE id = new_dep;
    UPDATE departures SET bookings_count = bookings_count - 1, pax_count = pax_count - old_pax WHERE id = old_dep;
  ELSE
    IF old_dep IS NOT NULL THEN
      UPDATE departures SET bookings_count = bookings_count - 1, pax_count = pax_count - old_pax WHERE id = old_dep;
    END IF;
    IF new_dep IS NOT NULL THEN
      UPDATE departures SET bookings_count = bookings_count + 1, pax_count = pax_count + new_pax WHERE id = new_dep;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER departure_counts_insert_delete AFTER INSERT OR DELETE ON bookings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION departure_counts_track();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER departure_counts_update AFTER UPDATE OF state, departure_id, pax_total ON bookings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.departure_id IS DISTINCT FROM NEW.departure_id
        OR OLD.pax_total IS DISTINCT FROM NEW.pax_total)
  EXECUTE FUNCTION departure_counts_track();--> statement-breakpoint
-- TRUNCATE fires no row trigger: the counts go back to none with the bookings.
CREATE OR REPLACE FUNCTION departure_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE departures SET bookings_count = 0, pax_count = 0 WHERE bookings_count <> 0 OR pax_count <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER departure_counts_truncate AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION departure_counts_truncate();

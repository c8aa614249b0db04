-- Issue 35, goal 1 (ADR 032, 2026-11-26): the bookings list's `q` and its pages.
-- 1. `search_text`: what `q` searches (locator, customer name, e-mail, phone, reseller reference),
--    f_unaccent'ed and joined by newlines, kept by the row itself (a stored generated column: every
--    insert and update computes it; no writer can forget it). Adding it rewrites `bookings` once
--    (4.5 minutes at 1 M bookings on the 2-core bench machine under load, the table locked meanwhile;
--    the two indexes below took 0.5 and 3.5 minutes more).
-- 2. One GIN index for `q`: the operator (btree_gin) and the text's trigrams (pg_trgm), so a search
--    reads only its operator's matches and rechecks a plain column; it replaces the trigram index of
--    migration 0003 over four f_unaccent expressions (whose recheck called f_unaccent per candidate).
-- 2b. The planner chooses between reading a search's matches from the GIN index and walking the order
--    index below by how many rows it expects `search_text LIKE '%…%'` to match, which it estimates
--    from the column's sampled values: with the default 100 a surname matching 0.3 % of the bookings
--    was estimated at 0.005 % or 1 % by the luck of the sample, and a week's search read 3,400 pages
--    instead of 385. 1,000 makes the estimate steady (ANALYZE samples 300,000 rows instead of 30,000).
-- 3. The operator's default order whole, with the id, and the search text carried in its entries
--    (INCLUDE): a page's ids come from the index alone, and `q` within dates (or a common name over
--    every date, read in the list's order) is checked on the index entries without reading a row.
--    It replaces (tour_operator_id, date, time), a prefix of it, created first so no query is left
--    without one.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (f_unaccent(locator || E'\n' || customer_name || E'\n' || customer_email || E'\n' || customer_phone || E'\n' || coalesce(reseller_reference, ''))) STORED;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_tenant_search_idx" ON "bookings" USING gin ("tour_operator_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_tenant_order_idx" ON "bookings" USING btree ("tour_operator_id","date","time","created_at","id") INCLUDE ("search_text");--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_search_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_tenant_date_idx";

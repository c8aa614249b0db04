-- Issue 35, goal 1: a channel's bookings (GET /bookings?channel_id[eq]=…, the agency's or reseller's
-- list). Its count read the channel's entries of (channel_id, date) AND the operator's entries of the
-- search index (migration 0022's GIN index on (tour_operator_id, search_text) answers an operator
-- equality too: 556,000 entries, 40 ms) to intersect them: 50 ms for a channel's 7,000 bookings.
-- With the operator in the channel's index the count is an index-only scan of those 7,000 (1.5 ms on
-- the 1 M data set). The new index is built before the old one goes, so no query is left without one
-- (built in about a second at 1 M bookings, 45,000 of them a channel's; bookings' writes wait meanwhile).
CREATE INDEX IF NOT EXISTS "bookings_channel_tenant_date_idx" ON "bookings" USING btree ("channel_id","tour_operator_id","date") WHERE "bookings"."channel_id" is not null;--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_channel_date_idx";

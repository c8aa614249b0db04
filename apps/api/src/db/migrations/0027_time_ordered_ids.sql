-- Issue 35: time-ordered ids for the tables a sale adds rows to and whose ids stay in the
-- back-office (ADR 059). A random (v4) key put each new row on a random leaf page of its index,
-- and the first change to a page after a checkpoint writes the whole page to the WAL: one page
-- image per table per sale. A version-7 UUID (RFC 9562: 48 bits of Unix time in milliseconds,
-- then the version, 74 random bits and the variant) goes where the last rows already are.
-- PostgreSQL 15 has no uuidv7() of its own (18 has): this one takes gen_random_uuid()'s random
-- bytes, writes the time over the first six and turns version 4 into 7. Rows already there keep
-- their ids; only the defaults change (no data is touched). bookings.id stays random: it is the
-- customer's link to their booking (PRODUCT.md, "Ids").
CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(
      set_bit(
        overlay(uuid_send(gen_random_uuid())
          PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
          FROM 1 FOR 6),
        52, 1),
      53, 1),
    'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "booking_events" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "channel_requests" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "id" SET DEFAULT uuid_v7();
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_kind_check";--> statement-breakpoint
ALTER TABLE "booking_events" ADD COLUMN "actor_kind" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_events" ADD COLUMN "actor_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Who acted in the events written before actors had a kind: a user (the name they have now), the
-- customer (marked `by: customer` in the event's data; the name on the booking) or the system.
UPDATE "booking_events" e SET "actor_kind" = 'staff', "actor_label" = coalesce(u."full_name", '')
  FROM "users" u WHERE e."actor_id" IS NOT NULL AND u."id" = e."actor_id";--> statement-breakpoint
UPDATE "booking_events" e SET "actor_kind" = 'customer', "actor_label" = b."customer_name"
  FROM "bookings" b WHERE e."actor_id" IS NULL AND e."data" ->> 'by' = 'customer' AND b."id" = e."booking_id";--> statement-breakpoint
UPDATE "booking_events" SET "actor_kind" = 'system', "actor_label" = 'Sistema'
  WHERE "actor_id" IS NULL AND coalesce("data" ->> 'by', '') <> 'customer';--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_kind_check" CHECK ("audit_log"."actor_kind" in ('staff', 'customer', 'channel', 'system'));--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_actor_kind_check" CHECK ("booking_events"."actor_kind" in ('staff', 'customer', 'channel', 'system'));
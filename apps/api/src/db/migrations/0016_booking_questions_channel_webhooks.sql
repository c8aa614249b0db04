ALTER TABLE "bookings" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "webhook_endpoint_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A channel that already has a webhook gets its outbox endpoint: the same URL and the same sealed
-- secret (both sealed with APP_ENCRYPTION_KEY), so nothing is decrypted here (issue 33 item 7).
UPDATE "channels" SET "webhook_endpoint_id" = gen_random_uuid() WHERE "webhook_url" IS NOT NULL AND "webhook_secret" IS NOT NULL;--> statement-breakpoint
INSERT INTO "webhook_endpoints" ("id", "tour_operator_id", "url", "secret", "description", "active")
  SELECT "webhook_endpoint_id", "tour_operator_id", "webhook_url", "webhook_secret", left('Canal ' || "name", 200), "active"
  FROM "channels" WHERE "webhook_endpoint_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_webhook_endpoint_fk" FOREIGN KEY ("webhook_endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE set null ON UPDATE no action;
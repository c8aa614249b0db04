-- Issue 12, first week: per-product booking terms (falling back to the operator's), the reason of a check-in made
-- before the departure's day (office override), and each user's own screen settings (list columns). Adds only.
ALTER TABLE "products" ADD COLUMN "booking_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;
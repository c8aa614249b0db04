ALTER TABLE "products" ADD COLUMN "what_to_bring" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pickup_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_operators" ADD COLUMN "default_language" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_operators" ADD COLUMN "public_languages" text[] DEFAULT '{es,en,de,fr,it,nl}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_operators" ADD COLUMN "booking_terms_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_operators" ADD CONSTRAINT "tour_operators_default_language_check" CHECK ("tour_operators"."default_language" in ('es', 'en', 'de', 'fr', 'it', 'nl'));
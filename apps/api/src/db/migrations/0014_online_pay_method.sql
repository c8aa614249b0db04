ALTER TABLE "payments" ADD COLUMN "pay_method" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "pay_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pay_method_check" CHECK ("payments"."pay_method" is null or "payments"."pay_method" in ('card', 'bizum'));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_pay_method_check" CHECK ("payment_attempts"."pay_method" in ('card', 'bizum'));--> statement-breakpoint
-- Online payments recorded before this column: card, unless their reference said Bizum.
UPDATE "payments" SET "pay_method" = CASE WHEN "reference" ILIKE '%bizum%' THEN 'bizum' ELSE 'card' END WHERE "provider" IS NOT NULL;

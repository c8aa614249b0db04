CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"mode" text NOT NULL,
	"order_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"link_id" uuid,
	"state" text DEFAULT 'started' NOT NULL,
	"provider_payment_ref" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_order_key" UNIQUE("provider","order_ref"),
	CONSTRAINT "payment_attempts_provider_check" CHECK ("payment_attempts"."provider" in ('redsys', 'stripe')),
	CONSTRAINT "payment_attempts_mode_check" CHECK ("payment_attempts"."mode" in ('test', 'live')),
	CONSTRAINT "payment_attempts_state_check" CHECK ("payment_attempts"."state" in ('started', 'paid', 'failed', 'refunded_late')),
	CONSTRAINT "payment_attempts_amount_check" CHECK ("payment_attempts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"channel" text DEFAULT 'none' NOT NULL,
	"message_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_links_tenant_id_key" UNIQUE("tour_operator_id","id"),
	CONSTRAINT "payment_links_amount_check" CHECK ("payment_links"."amount_cents" > 0),
	CONSTRAINT "payment_links_channel_check" CHECK ("payment_links"."channel" in ('email', 'whatsapp', 'none'))
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"tour_operator_id" uuid NOT NULL,
	"provider" text,
	"mode" text DEFAULT 'test' NOT NULL,
	"hold_minutes" integer DEFAULT 15 NOT NULL,
	"redsys_merchant_code" text,
	"redsys_terminal" text,
	"redsys_bizum" boolean DEFAULT false NOT NULL,
	"secrets" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_pkey" PRIMARY KEY("tour_operator_id"),
	CONSTRAINT "payment_settings_provider_check" CHECK ("payment_settings"."provider" is null or "payment_settings"."provider" in ('redsys', 'stripe')),
	CONSTRAINT "payment_settings_mode_check" CHECK ("payment_settings"."mode" in ('test', 'live')),
	CONSTRAINT "payment_settings_hold_check" CHECK ("payment_settings"."hold_minutes" between 1 and 120),
	CONSTRAINT "payment_settings_redsys_check" CHECK (("payment_settings"."redsys_merchant_code" is null or "payment_settings"."redsys_merchant_code" ~ '^[0-9]{9}$') and ("payment_settings"."redsys_terminal" is null or "payment_settings"."redsys_terminal" ~ '^[0-9]{1,3}$'))
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"tour_operator_id" uuid,
	"attempt_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	CONSTRAINT "provider_events_key" UNIQUE("provider","event_key"),
	CONSTRAINT "provider_events_provider_check" CHECK ("provider_events"."provider" in ('redsys', 'stripe')),
	CONSTRAINT "provider_events_outcome_check" CHECK ("provider_events"."outcome" in ('applied', 'duplicate', 'ignored', 'refunded_late'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "link_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "collected_at_check_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "payment_mode" text DEFAULT 'on_the_day' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deposit_percent" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deposit_per_pax_cents" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_booking_fk" FOREIGN KEY ("tour_operator_id","booking_id") REFERENCES "public"."bookings"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_link_fk" FOREIGN KEY ("tour_operator_id","link_id") REFERENCES "public"."payment_links"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_booking_fk" FOREIGN KEY ("tour_operator_id","booking_id") REFERENCES "public"."bookings"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_message_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_tour_operator_fk" FOREIGN KEY ("tour_operator_id") REFERENCES "public"."tour_operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_updated_by_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_tour_operator_fk" FOREIGN KEY ("tour_operator_id") REFERENCES "public"."tour_operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_attempt_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_booking_idx" ON "payment_attempts" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_links_booking_idx" ON "payment_links" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "provider_events_tenant_received_idx" ON "provider_events" USING btree ("tour_operator_id","received_at");--> statement-breakpoint
CREATE INDEX "bookings_hold_expires_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."hold_expires_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("provider","provider_ref") WHERE "payments"."provider" is not null and "payments"."provider_ref" is not null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('booking', 'user', 'schedule_sheet', 'payment_settings'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" is null or "payments"."provider" in ('redsys', 'stripe'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_payment_mode_check" CHECK ("products"."payment_mode" in ('full', 'deposit', 'on_the_day'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_deposit_check" CHECK (("products"."deposit_percent" is null or "products"."deposit_percent" between 1 and 99) and ("products"."deposit_per_pax_cents" is null or "products"."deposit_per_pax_cents" >= 1) and (case when "products"."payment_mode" = 'deposit' then ("products"."deposit_percent" is null) <> ("products"."deposit_per_pax_cents" is null) else "products"."deposit_percent" is null and "products"."deposit_per_pax_cents" is null end));
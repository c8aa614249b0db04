CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"locator" text NOT NULL,
	"product_id" uuid NOT NULL,
	"departure_id" uuid NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"lines" jsonb NOT NULL,
	"pax_total" integer NOT NULL,
	"seats" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"discount_reason" text DEFAULT '' NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"customer_country" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"accommodation_id" uuid,
	"room" text DEFAULT '' NOT NULL,
	"pickup_time" text,
	"pickup_time_overridden" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"internal_notes" text DEFAULT '' NOT NULL,
	"channel" text DEFAULT 'office' NOT NULL,
	"seller_id" uuid,
	"commission_pct" numeric(5, 2),
	"commission_cents" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"state" text DEFAULT 'confirmed' NOT NULL,
	"payment_state" text DEFAULT 'pending' NOT NULL,
	"passengers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" uuid,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_locator_key" UNIQUE("locator"),
	CONSTRAINT "bookings_tenant_id_key" UNIQUE("tour_operator_id","id"),
	CONSTRAINT "bookings_state_check" CHECK ("bookings"."state" in ('pending', 'confirmed', 'completed', 'cancelled', 'no_show')),
	CONSTRAINT "bookings_payment_state_check" CHECK ("bookings"."payment_state" in ('pending', 'partial', 'paid', 'refunded')),
	CONSTRAINT "bookings_channel_check" CHECK ("bookings"."channel" in ('public', 'seller', 'office')),
	CONSTRAINT "bookings_amounts_check" CHECK ("bookings"."total_cents" >= 0 and "bookings"."discount_cents" >= 0 and "bookings"."seats" >= 0 and "bookings"."pax_total" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text DEFAULT 'payment' NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('payment', 'refund')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('cash', 'card', 'transfer', 'online')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_fk" FOREIGN KEY ("tour_operator_id","booking_id") REFERENCES "public"."bookings"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tour_operator_fk" FOREIGN KEY ("tour_operator_id") REFERENCES "public"."tour_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_product_fk" FOREIGN KEY ("tour_operator_id","product_id") REFERENCES "public"."products"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_departure_fk" FOREIGN KEY ("tour_operator_id","departure_id") REFERENCES "public"."departures"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_seller_fk" FOREIGN KEY ("tour_operator_id","seller_id") REFERENCES "public"."users"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_accommodation_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_fk" FOREIGN KEY ("tour_operator_id","booking_id") REFERENCES "public"."bookings"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_tenant_date_idx" ON "bookings" USING btree ("tour_operator_id","date","time");--> statement-breakpoint
CREATE INDEX "bookings_tenant_created_idx" ON "bookings" USING btree ("tour_operator_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_departure_idx" ON "bookings" USING btree ("departure_id");--> statement-breakpoint
CREATE INDEX "bookings_product_date_idx" ON "bookings" USING btree ("product_id","date");--> statement-breakpoint
CREATE INDEX "bookings_seller_date_idx" ON "bookings" USING btree ("seller_id","date");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");
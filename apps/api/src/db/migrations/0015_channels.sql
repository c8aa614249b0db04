CREATE TABLE "channel_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "channel_keys_hash_key" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "channel_net_rates" (
	"tour_operator_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"pax_type" text NOT NULL,
	"net_cents" integer NOT NULL,
	CONSTRAINT "channel_net_rates_pkey" PRIMARY KEY("channel_id","product_id","pax_type"),
	CONSTRAINT "channel_net_rates_amount_check" CHECK ("channel_net_rates"."net_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "channel_products" (
	"tour_operator_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "channel_products_pkey" PRIMARY KEY("channel_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "channel_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"key_id" uuid,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'octo' NOT NULL,
	"commission_pct" numeric(5, 2),
	"collects" text DEFAULT 'operator' NOT NULL,
	"all_products" boolean DEFAULT true NOT NULL,
	"allotment" integer,
	"webhook_url" text,
	"webhook_secret" text,
	"contact_email" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_tenant_id_key" UNIQUE("tour_operator_id","id"),
	CONSTRAINT "channels_kind_check" CHECK ("channels"."kind" in ('octo', 'agency')),
	CONSTRAINT "channels_collects_check" CHECK ("channels"."collects" in ('agency', 'operator')),
	CONSTRAINT "channels_commission_check" CHECK ("channels"."commission_pct" is null or "channels"."commission_pct" between 0 and 100),
	CONSTRAINT "channels_allotment_check" CHECK ("channels"."allotment" is null or "channels"."allotment" >= 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_channel_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "channel_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reseller_reference" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "octo_uuid" uuid;--> statement-breakpoint
ALTER TABLE "channel_keys" ADD CONSTRAINT "channel_keys_channel_fk" FOREIGN KEY ("tour_operator_id","channel_id") REFERENCES "public"."channels"("tour_operator_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_keys" ADD CONSTRAINT "channel_keys_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_keys" ADD CONSTRAINT "channel_keys_revoked_by_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_net_rates" ADD CONSTRAINT "channel_net_rates_channel_fk" FOREIGN KEY ("tour_operator_id","channel_id") REFERENCES "public"."channels"("tour_operator_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_net_rates" ADD CONSTRAINT "channel_net_rates_product_fk" FOREIGN KEY ("tour_operator_id","product_id") REFERENCES "public"."products"("tour_operator_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_products" ADD CONSTRAINT "channel_products_channel_fk" FOREIGN KEY ("tour_operator_id","channel_id") REFERENCES "public"."channels"("tour_operator_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_products" ADD CONSTRAINT "channel_products_product_fk" FOREIGN KEY ("tour_operator_id","product_id") REFERENCES "public"."products"("tour_operator_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_requests" ADD CONSTRAINT "channel_requests_channel_fk" FOREIGN KEY ("tour_operator_id","channel_id") REFERENCES "public"."channels"("tour_operator_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_requests" ADD CONSTRAINT "channel_requests_key_fk" FOREIGN KEY ("key_id") REFERENCES "public"."channel_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_tour_operator_fk" FOREIGN KEY ("tour_operator_id") REFERENCES "public"."tour_operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_keys_channel_idx" ON "channel_keys" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE INDEX "channel_requests_channel_at_idx" ON "channel_requests" USING btree ("channel_id","at");--> statement-breakpoint
CREATE INDEX "channel_requests_at_idx" ON "channel_requests" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_tenant_name_key" ON "channels" USING btree ("tour_operator_id",lower("name"));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_channel_fk" FOREIGN KEY ("tour_operator_id","channel_id") REFERENCES "public"."channels"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_channel_octo_uuid_key" ON "bookings" USING btree ("channel_id","octo_uuid") WHERE "bookings"."octo_uuid" is not null;--> statement-breakpoint
CREATE INDEX "bookings_channel_date_idx" ON "bookings" USING btree ("channel_id","date") WHERE "bookings"."channel_id" is not null;--> statement-breakpoint
CREATE INDEX "bookings_channel_reference_idx" ON "bookings" USING btree ("channel_id","reseller_reference") WHERE "bookings"."reseller_reference" is not null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('booking', 'user', 'schedule_sheet', 'payment_settings', 'channel'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_channel_id_check" CHECK (("bookings"."channel" = 'channel') = ("bookings"."channel_id" is not null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_channel_check" CHECK ("bookings"."channel" in ('public', 'seller', 'office', 'channel'));
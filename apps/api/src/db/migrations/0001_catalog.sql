CREATE TABLE "accommodations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid,
	"name" text NOT NULL,
	"type" text DEFAULT 'hotel' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"zone" text DEFAULT '' NOT NULL,
	"lat_lng" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"pickup_point" text DEFAULT '' NOT NULL,
	"pickup_at_id" uuid,
	"state" smallint DEFAULT 1 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "accommodations_tenant_id_key" UNIQUE("tour_operator_id","id"),
	CONSTRAINT "accommodations_type_check" CHECK ("accommodations"."type" in ('hotel', 'apartment', 'meeting_point', 'bus_stop')),
	CONSTRAINT "accommodations_state_check" CHECK ("accommodations"."state" in (1, 2)),
	CONSTRAINT "accommodations_not_self_check" CHECK ("accommodations"."pickup_at_id" is null or "accommodations"."pickup_at_id" <> "accommodations"."id")
);
--> statement-breakpoint
CREATE TABLE "departures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"capacity" integer NOT NULL,
	"capacity_override" boolean DEFAULT false NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departures_tenant_id_key" UNIQUE("tour_operator_id","id"),
	CONSTRAINT "departures_product_date_time_key" UNIQUE("product_id","date","time"),
	CONSTRAINT "departures_seats_check" CHECK ("departures"."seats_taken" >= 0 and "departures"."seats_taken" <= "departures"."capacity"),
	CONSTRAINT "departures_time_check" CHECK ("departures"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"path" text NOT NULL,
	"thumb_path" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_pickups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"accommodation_id" uuid,
	"zone" text,
	"minutes_before" integer,
	"fixed_time" text,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_pickups_target_check" CHECK (("product_pickups"."accommodation_id" is null) <> ("product_pickups"."zone" is null)),
	CONSTRAINT "product_pickups_when_check" CHECK (("product_pickups"."minutes_before" is null) <> ("product_pickups"."fixed_time" is null)),
	CONSTRAINT "product_pickups_minutes_check" CHECK ("product_pickups"."minutes_before" is null or ("product_pickups"."minutes_before" between 0 and 720))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"meeting_point" text DEFAULT '' NOT NULL,
	"meeting_lat_lng" text DEFAULT '' NOT NULL,
	"pickup_enabled" boolean DEFAULT false NOT NULL,
	"includes" text[] DEFAULT '{}'::text[] NOT NULL,
	"excludes" text[] DEFAULT '{}'::text[] NOT NULL,
	"capacity" integer NOT NULL,
	"min_pax" integer DEFAULT 1 NOT NULL,
	"booking_cutoff_hours" integer DEFAULT 0 NOT NULL,
	"free_cancellation_hours" integer DEFAULT 24 NOT NULL,
	"instant_confirmation" boolean DEFAULT true NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"availability_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"closed_dates" date[] DEFAULT '{}'::date[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "products_tenant_id_key" UNIQUE("tour_operator_id","id"),
	CONSTRAINT "products_state_check" CHECK ("products"."state" in ('draft', 'active', 'inactive')),
	CONSTRAINT "products_capacity_check" CHECK ("products"."capacity" >= 1 and "products"."capacity" <= 10000),
	CONSTRAINT "products_min_pax_check" CHECK ("products"."min_pax" >= 1)
);
--> statement-breakpoint
CREATE TABLE "vehicle_unavailabilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"from" date NOT NULL,
	"to" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "vehicle_unavailabilities_range_check" CHECK ("vehicle_unavailabilities"."from" <= "vehicle_unavailabilities"."to")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"plate" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'bus' NOT NULL,
	"seats" integer NOT NULL,
	"transport_authorization" text DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "vehicles_tenant_id_key" UNIQUE("tour_operator_id","id"),
	CONSTRAINT "vehicles_type_check" CHECK ("vehicles"."type" in ('bus', 'minibus', 'van', 'car', '4x4', 'boat')),
	CONSTRAINT "vehicles_state_check" CHECK ("vehicles"."state" in (1, 2, 3)),
	CONSTRAINT "vehicles_seats_check" CHECK ("vehicles"."seats" between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"document_id" text DEFAULT '' NOT NULL,
	"document_expiry" date,
	"role" text DEFAULT 'guide' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"license_number" text DEFAULT '' NOT NULL,
	"license_expiry" date,
	"state" smallint DEFAULT 1 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "persons_tenant_id_key" UNIQUE("tour_operator_id","id"),
	CONSTRAINT "persons_role_check" CHECK ("persons"."role" in ('guide', 'driver', 'assistant', 'other')),
	CONSTRAINT "persons_state_check" CHECK ("persons"."state" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_tour_operator_fk" FOREIGN KEY ("tour_operator_id") REFERENCES "public"."tour_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_pickup_at_fk" FOREIGN KEY ("pickup_at_id") REFERENCES "public"."accommodations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_product_fk" FOREIGN KEY ("tour_operator_id","product_id") REFERENCES "public"."products"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_fk" FOREIGN KEY ("tour_operator_id","product_id") REFERENCES "public"."products"("tour_operator_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_pickups" ADD CONSTRAINT "product_pickups_product_fk" FOREIGN KEY ("tour_operator_id","product_id") REFERENCES "public"."products"("tour_operator_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_pickups" ADD CONSTRAINT "product_pickups_accommodation_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tour_operator_fk" FOREIGN KEY ("tour_operator_id") REFERENCES "public"."tour_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_unavailabilities" ADD CONSTRAINT "vehicle_unavailabilities_vehicle_fk" FOREIGN KEY ("tour_operator_id","vehicle_id") REFERENCES "public"."vehicles"("tour_operator_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_tour_operator_fk" FOREIGN KEY ("tour_operator_id") REFERENCES "public"."tour_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_tour_operator_fk" FOREIGN KEY ("tour_operator_id") REFERENCES "public"."tour_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accommodations_tenant_zone_idx" ON "accommodations" USING btree ("tour_operator_id","zone");--> statement-breakpoint
CREATE INDEX "accommodations_name_idx" ON "accommodations" USING btree (f_unaccent("name"));--> statement-breakpoint
CREATE INDEX "departures_tenant_date_idx" ON "departures" USING btree ("tour_operator_id","date");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_pickups_product_idx" ON "product_pickups" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_tenant_code_key" ON "products" USING btree ("tour_operator_id",lower("code")) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_tenant_state_idx" ON "products" USING btree ("tour_operator_id","state");--> statement-breakpoint
CREATE INDEX "vehicle_unavailabilities_vehicle_idx" ON "vehicle_unavailabilities" USING btree ("vehicle_id","from");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_tenant_plate_key" ON "vehicles" USING btree ("tour_operator_id",upper("plate")) WHERE "vehicles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "persons_tenant_role_idx" ON "persons" USING btree ("tour_operator_id","role");
CREATE TABLE "tour_operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"brand_color" text DEFAULT '' NOT NULL,
	"timezone" text DEFAULT 'Europe/Madrid' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"default_commission_pct" numeric(5, 2) DEFAULT 0 NOT NULL,
	"booking_terms" text DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_operators_state_check" CHECK ("tour_operators"."state" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"level" smallint NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"lat_lng" text DEFAULT '' NOT NULL,
	"commission_pct" numeric(5, 2),
	"password_hash" text NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_tenant_id_key" UNIQUE("tour_operator_id","id"),
	CONSTRAINT "users_level_check" CHECK ("users"."level" between 0 and 5),
	CONSTRAINT "users_state_check" CHECK ("users"."state" in (1, 2)),
	CONSTRAINT "users_tenant_required_check" CHECK (("users"."level" = 0 and "users"."tour_operator_id" is null) or ("users"."level" > 0 and "users"."tour_operator_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tour_operator_fk" FOREIGN KEY ("tour_operator_id") REFERENCES "public"."tour_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tour_operators_name_idx" ON "tour_operators" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_active_key" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_tenant_level_idx" ON "users" USING btree ("tour_operator_id","level");--> statement-breakpoint
-- Case- and accent-insensitive matching for `like` filters and `q`, without extensions, so the
-- same SQL runs on PGlite and on any PostgreSQL 15+.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT translate(lower($1), 'áàäâãåéèëêíìïîóòöôõúùüûñçý', 'aaaaaaeeeeiiiiooooouuuuncy') $$;

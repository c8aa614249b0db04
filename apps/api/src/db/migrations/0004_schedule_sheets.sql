CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"sheet_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"action" text NOT NULL,
	"method" text DEFAULT 'tap' NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_action_check" CHECK ("check_ins"."action" in ('present', 'absent', 'no_show')),
	CONSTRAINT "check_ins_method_check" CHECK ("check_ins"."method" in ('tap', 'scan', 'locator', 'finish'))
);
--> statement-breakpoint
CREATE TABLE "schedule_sheet_persons" (
	"tour_operator_id" uuid NOT NULL,
	"sheet_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "schedule_sheet_persons_sheet_id_person_id_pk" PRIMARY KEY("sheet_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "schedule_sheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"departure_id" uuid NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"vehicle_id" uuid,
	"driver_id" uuid,
	"guide_id" uuid,
	"origin" text DEFAULT '' NOT NULL,
	"destination" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_sheets_tenant_id_key" UNIQUE("tour_operator_id","id"),
	CONSTRAINT "schedule_sheets_departure_key" UNIQUE("departure_id"),
	CONSTRAINT "schedule_sheets_state_check" CHECK ("schedule_sheets"."state" in ('draft', 'ready', 'in_progress', 'done')),
	CONSTRAINT "schedule_sheets_interval_check" CHECK ("schedule_sheets"."ends_at" > "schedule_sheets"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_sheet_fk" FOREIGN KEY ("tour_operator_id","sheet_id") REFERENCES "public"."schedule_sheets"("tour_operator_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_booking_fk" FOREIGN KEY ("tour_operator_id","booking_id") REFERENCES "public"."bookings"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sheet_persons" ADD CONSTRAINT "schedule_sheet_persons_sheet_fk" FOREIGN KEY ("tour_operator_id","sheet_id") REFERENCES "public"."schedule_sheets"("tour_operator_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sheet_persons" ADD CONSTRAINT "schedule_sheet_persons_person_fk" FOREIGN KEY ("tour_operator_id","person_id") REFERENCES "public"."persons"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sheets" ADD CONSTRAINT "schedule_sheets_tour_operator_fk" FOREIGN KEY ("tour_operator_id") REFERENCES "public"."tour_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sheets" ADD CONSTRAINT "schedule_sheets_product_fk" FOREIGN KEY ("tour_operator_id","product_id") REFERENCES "public"."products"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sheets" ADD CONSTRAINT "schedule_sheets_departure_fk" FOREIGN KEY ("tour_operator_id","departure_id") REFERENCES "public"."departures"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sheets" ADD CONSTRAINT "schedule_sheets_vehicle_fk" FOREIGN KEY ("tour_operator_id","vehicle_id") REFERENCES "public"."vehicles"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sheets" ADD CONSTRAINT "schedule_sheets_driver_fk" FOREIGN KEY ("tour_operator_id","driver_id") REFERENCES "public"."users"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sheets" ADD CONSTRAINT "schedule_sheets_guide_fk" FOREIGN KEY ("tour_operator_id","guide_id") REFERENCES "public"."users"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_ins_sheet_idx" ON "check_ins" USING btree ("sheet_id","created_at");--> statement-breakpoint
CREATE INDEX "check_ins_booking_idx" ON "check_ins" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "schedule_sheet_persons_person_idx" ON "schedule_sheet_persons" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "schedule_sheets_tenant_date_idx" ON "schedule_sheets" USING btree ("tour_operator_id","date","time");--> statement-breakpoint
CREATE INDEX "schedule_sheets_vehicle_idx" ON "schedule_sheets" USING btree ("vehicle_id","starts_at");--> statement-breakpoint
CREATE INDEX "schedule_sheets_driver_idx" ON "schedule_sheets" USING btree ("driver_id","starts_at");--> statement-breakpoint
CREATE INDEX "schedule_sheets_guide_idx" ON "schedule_sheets" USING btree ("guide_id","starts_at");
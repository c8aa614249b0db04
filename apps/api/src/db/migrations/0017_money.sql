CREATE TABLE "cash_handovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"holder_id" uuid NOT NULL,
	"expected_cents" integer NOT NULL,
	"received_cents" integer NOT NULL,
	"difference_cents" integer NOT NULL,
	"payment_count" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"received_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_handovers_tenant_id_key" UNIQUE("tour_operator_id","id"),
	CONSTRAINT "cash_handovers_difference_check" CHECK ("cash_handovers"."difference_cents" = "cash_handovers"."received_cents" - "cash_handovers"."expected_cents"),
	CONSTRAINT "cash_handovers_received_check" CHECK ("cash_handovers"."received_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "commission_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"commission_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "commission_statement_lines_statement_booking_key" UNIQUE("statement_id","booking_id")
);
--> statement-breakpoint
CREATE TABLE "commission_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"party_kind" text NOT NULL,
	"seller_id" uuid,
	"channel_id" uuid,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"total_cents" integer NOT NULL,
	"line_count" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"settled_on" date,
	"method" text,
	"reference" text DEFAULT '' NOT NULL,
	"settled_by" uuid,
	"settled_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_statements_tenant_id_key" UNIQUE("tour_operator_id","id"),
	CONSTRAINT "commission_statements_party_check" CHECK ("commission_statements"."party_kind" in ('seller', 'channel')),
	CONSTRAINT "commission_statements_party_id_check" CHECK (("commission_statements"."party_kind" = 'seller') = ("commission_statements"."seller_id" is not null) and ("commission_statements"."party_kind" = 'channel') = ("commission_statements"."channel_id" is not null)),
	CONSTRAINT "commission_statements_period_check" CHECK ("commission_statements"."period_from" <= "commission_statements"."period_to"),
	CONSTRAINT "commission_statements_state_check" CHECK ("commission_statements"."state" in ('open', 'settled')),
	CONSTRAINT "commission_statements_settled_check" CHECK (("commission_statements"."state" = 'settled') = ("commission_statements"."settled_on" is not null and "commission_statements"."method" is not null)),
	CONSTRAINT "commission_statements_method_check" CHECK ("commission_statements"."method" is null or "commission_statements"."method" in ('cash', 'transfer', 'card', 'offset'))
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"tour_operator_id" uuid NOT NULL,
	"series" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_pkey" PRIMARY KEY("tour_operator_id","series")
);
--> statement-breakpoint
CREATE TABLE "invoice_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"issuer_nif" text NOT NULL,
	"invoice_code" text NOT NULL,
	"issue_date" text NOT NULL,
	"invoice_type" text,
	"tax_total" text,
	"total" text,
	"previous_fingerprint" text NOT NULL,
	"fingerprint" text NOT NULL,
	"generated_at" text NOT NULL,
	"xml" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"aeat_csv" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_records_tenant_seq_key" UNIQUE("tour_operator_id","seq"),
	CONSTRAINT "invoice_records_kind_check" CHECK ("invoice_records"."kind" in ('alta', 'anulacion')),
	CONSTRAINT "invoice_records_state_check" CHECK ("invoice_records"."state" in ('pending', 'sent', 'rejected', 'failed')),
	CONSTRAINT "invoice_records_fingerprint_check" CHECK ("invoice_records"."fingerprint" ~ '^[0-9A-F]{64}$')
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_operator_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"corrects_id" uuid,
	"replaces_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"issue_date" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"issuer_name" text NOT NULL,
	"issuer_tax_id" text NOT NULL,
	"issuer_address" text DEFAULT '' NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_tax_id" text DEFAULT '' NOT NULL,
	"customer_address" text DEFAULT '' NOT NULL,
	"customer_country" text DEFAULT '' NOT NULL,
	"tax_kind" text NOT NULL,
	"lines" jsonb NOT NULL,
	"taxes" jsonb NOT NULL,
	"base_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_tenant_id_key" UNIQUE("tour_operator_id","id"),
	CONSTRAINT "invoices_tenant_series_number_key" UNIQUE("tour_operator_id","series","number"),
	CONSTRAINT "invoices_tenant_code_key" UNIQUE("tour_operator_id","code"),
	CONSTRAINT "invoices_type_check" CHECK ("invoices"."type" in ('F1', 'F2', 'F3', 'R1', 'R5')),
	CONSTRAINT "invoices_tax_kind_check" CHECK ("invoices"."tax_kind" in ('IGIC', 'IVA')),
	CONSTRAINT "invoices_actor_kind_check" CHECK ("invoices"."actor_kind" in ('staff', 'customer', 'channel', 'system')),
	CONSTRAINT "invoices_number_check" CHECK ("invoices"."number" >= 1),
	CONSTRAINT "invoices_corrects_check" CHECK (("invoices"."type" in ('R1', 'R5')) = ("invoices"."corrects_id" is not null) and ("invoices"."type" = 'F3') = ("invoices"."replaces_id" is not null)),
	CONSTRAINT "invoices_totals_check" CHECK ("invoices"."base_cents" + "invoices"."tax_cents" = "invoices"."total_cents")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_rate" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "handover_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_rate" numeric(5, 2) DEFAULT 21 NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_operators" ADD COLUMN "tax_territory" text DEFAULT 'peninsula' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_tour_operator_fk" FOREIGN KEY ("tour_operator_id") REFERENCES "public"."tour_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_holder_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_received_by_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statement_lines" ADD CONSTRAINT "commission_statement_lines_statement_fk" FOREIGN KEY ("tour_operator_id","statement_id") REFERENCES "public"."commission_statements"("tour_operator_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statement_lines" ADD CONSTRAINT "commission_statement_lines_booking_fk" FOREIGN KEY ("tour_operator_id","booking_id") REFERENCES "public"."bookings"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_tour_operator_fk" FOREIGN KEY ("tour_operator_id") REFERENCES "public"."tour_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_seller_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_channel_fk" FOREIGN KEY ("tour_operator_id","channel_id") REFERENCES "public"."channels"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_tour_operator_fk" FOREIGN KEY ("tour_operator_id") REFERENCES "public"."tour_operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_records" ADD CONSTRAINT "invoice_records_invoice_fk" FOREIGN KEY ("tour_operator_id","invoice_id") REFERENCES "public"."invoices"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tour_operator_fk" FOREIGN KEY ("tour_operator_id") REFERENCES "public"."tour_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_fk" FOREIGN KEY ("tour_operator_id","booking_id") REFERENCES "public"."bookings"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_fk" FOREIGN KEY ("tour_operator_id","corrects_id") REFERENCES "public"."invoices"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replaces_fk" FOREIGN KEY ("tour_operator_id","replaces_id") REFERENCES "public"."invoices"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_handovers_tenant_created_idx" ON "cash_handovers" USING btree ("tour_operator_id","created_at");--> statement-breakpoint
CREATE INDEX "cash_handovers_holder_idx" ON "cash_handovers" USING btree ("holder_id","created_at");--> statement-breakpoint
CREATE INDEX "commission_statement_lines_booking_idx" ON "commission_statement_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "commission_statements_tenant_created_idx" ON "commission_statements" USING btree ("tour_operator_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_records_invoice_idx" ON "invoice_records" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_records_pending_idx" ON "invoice_records" USING btree ("tour_operator_id","seq") WHERE "invoice_records"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_booking_type_key" ON "invoices" USING btree ("booking_id","type") WHERE "invoices"."type" in ('F1', 'F2', 'F3');--> statement-breakpoint
CREATE INDEX "invoices_booking_idx" ON "invoices" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_issued_idx" ON "invoices" USING btree ("tour_operator_id","issue_date","code");--> statement-breakpoint
CREATE INDEX "invoices_corrects_idx" ON "invoices" USING btree ("corrects_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_handover_fk" FOREIGN KEY ("tour_operator_id","handover_id") REFERENCES "public"."cash_handovers"("tour_operator_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_unhanded_idx" ON "payments" USING btree ("tour_operator_id","recorded_by") WHERE "payments"."handover_id" is null and "payments"."method" in ('cash', 'card') and "payments"."recorded_by" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_rate_check" CHECK ("products"."tax_rate" >= 0 and "products"."tax_rate" < 100);--> statement-breakpoint
ALTER TABLE "tour_operators" ADD CONSTRAINT "tour_operators_tax_territory_check" CHECK ("tour_operators"."tax_territory" in ('peninsula', 'canarias'));--> statement-breakpoint
-- Existing operators (issue 34, ADR 025): one in the Canaries' time zone pays IGIC; its products
-- take the general rate of their territory (IGIC 7 %, IVA 21 %) until the office says otherwise, and
-- each booking keeps its product's rate as sold.
UPDATE "tour_operators" SET "tax_territory" = 'canarias' WHERE "timezone" = 'Atlantic/Canary';--> statement-breakpoint
UPDATE "products" p SET "tax_rate" = 7 FROM "tour_operators" o WHERE o."id" = p."tour_operator_id" AND o."tax_territory" = 'canarias';--> statement-breakpoint
UPDATE "bookings" b SET "tax_rate" = p."tax_rate" FROM "products" p WHERE p."id" = b."product_id";

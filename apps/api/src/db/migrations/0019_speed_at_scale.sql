-- Issue 35 (speed at scale): the indexes of ADRs 028 (audit log), 029 (schedule sheets), 030
-- (dashboard), 031 (bookings calendar) and 032 (bookings list), measured on the 1 M-booking data
-- set. IF NOT EXISTS: a database where they were built by hand to measure them keeps them. The three
-- indexes dropped at the end are replaced by wider ones created first (same leading columns).
CREATE INDEX IF NOT EXISTS "audit_log_actor_tenant_idx" ON "audit_log" USING btree ("actor_id","created_at","id","tour_operator_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_entity_type_created_idx" ON "audit_log" USING btree ("entity_type","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_tenant_action_idx" ON "audit_log" USING btree ("tour_operator_id","action","created_at","id","entity_type");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at","id","entity_type");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_tenant_name_idx" ON "bookings" USING btree ("tour_operator_id",f_unaccent("customer_name"),"date");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_departure_order_idx" ON "bookings" USING btree ("departure_id","tour_operator_id","date","time","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_product_date_tenant_idx" ON "bookings" USING btree ("product_id","date","tour_operator_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_calendar_idx" ON "bookings" USING btree ("product_id","date","departure_id","pax_total") WHERE "bookings"."state" <> 'cancelled';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_owing_idx" ON "bookings" USING btree ("tour_operator_id","date","total_cents","paid_cents","refunded_cents") WHERE "bookings"."state" <> 'cancelled' and "bookings"."total_cents" - "bookings"."paid_cents" + "bookings"."refunded_cents" > 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "schedule_sheets_tenant_state_date_idx" ON "schedule_sheets" USING btree ("tour_operator_id","state","date","time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "schedule_sheets_driver_date_idx" ON "schedule_sheets" USING btree ("driver_id","date","time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "schedule_sheets_guide_date_idx" ON "schedule_sheets" USING btree ("guide_id","date","time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "schedule_sheets_product_date_idx" ON "schedule_sheets" USING btree ("product_id","date","time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "schedule_sheets_date_idx" ON "schedule_sheets" USING btree ("date","time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "schedule_sheets_driver_departure_idx" ON "schedule_sheets" USING btree ("driver_id","departure_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "schedule_sheets_guide_departure_idx" ON "schedule_sheets" USING btree ("guide_id","departure_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "schedule_sheets_starts_idx" ON "schedule_sheets" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "schedule_sheets_duration_idx" ON "schedule_sheets" USING btree (("ends_at" - "starts_at"));--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_departure_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_product_date_idx";

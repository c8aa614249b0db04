-- Issue 7, speed at scale (docs/benchmarks.md, run 8). Plain CREATE INDEX: drizzle runs a migration in a
-- transaction, so CONCURRENTLY is impossible; each CREATE INDEX holds a SHARE lock on its table (reads go on,
-- writes wait) for as long as the build takes: measured on 1 M bookings / 2.9 M audit entries in run 8.
DROP INDEX "audit_log_tenant_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "bookings_tenant_created_idx";--> statement-breakpoint
DROP INDEX "bookings_seller_date_idx";--> statement-breakpoint
CREATE INDEX "audit_log_tenant_entity_type_idx" ON "audit_log" USING btree ("tour_operator_id","entity_type","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_tenant_state_date_idx" ON "bookings" USING btree ("tour_operator_id","state","date","time");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_created_idx" ON "audit_log" USING btree ("tour_operator_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_tenant_created_idx" ON "bookings" USING btree ("tour_operator_id","created_at","state","total_cents","seller_id");--> statement-breakpoint
CREATE INDEX "bookings_seller_date_idx" ON "bookings" USING btree ("seller_id","tour_operator_id","date","time");
-- Issue 35, goal 1: the administrator's lists of every operator (ADR 032's "administrator's all-
-- operators views"). Without an operator filter, «Mensajes» and «Facturas» sorted every row to show
-- the newest 50: 0.9 s for 1.6 M messages and 150 ms for 140 k invoices alone (the bench's ad4 never
-- finished a request under 10 connections; ad5 answered in 1.9 s). Each index serves its list's
-- default order exactly (the invoices' `desc` is NULLS FIRST, as the query's ORDER BY says).
-- Built at once (0.1 s and 0.8 s on the 1 M data set: reads go on meanwhile, writes of those two
-- tables wait).
CREATE INDEX IF NOT EXISTS "invoices_issued_idx" ON "invoices" USING btree ("issue_date" DESC NULLS FIRST,"code" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_created_idx" ON "messages" USING btree ("created_at","id");
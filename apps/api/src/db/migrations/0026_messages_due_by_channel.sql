-- Issue 35: the delivery claims one channel at a time, by channel and due time. A process without
-- SMTP claims webhooks only, and messages_due_idx (every queued or sending message by due time)
-- made it read every e-mail queued for later to find none: 95–139 ms per claim at 220,000 queued
-- e-mails, on every write's kick. The new index first, then the old one goes (an index, no data).
CREATE INDEX "messages_due_channel_idx" ON "messages" USING btree ("channel","next_attempt_at") WHERE "messages"."state" in ('queued', 'sending');--> statement-breakpoint
DROP INDEX "messages_due_idx";

import { sql } from 'drizzle-orm';
import { uuid } from 'drizzle-orm/pg-core';

/**
 * The primary key of a table that only ever grows by a few rows per sale and whose ids never leave
 * the back-office (the audit log, a booking's history, the messages, a channel's request log, the
 * background jobs): a time-ordered UUID (version 7, RFC 9562) made by PostgreSQL's `uuid_v7()`
 * (migration 0027). A random one (v4) put every new row on a random leaf page of the key's index,
 * and the first change to a page after a checkpoint writes the whole page to the WAL: one page
 * image per table per sale (docs/decisions/059-time-ordered-ids.md). A v7 id goes on the right-hand
 * edge of the index, where the last sales' rows already are.
 *
 * A booking's own id stays random (v4): it is the customer's link to their booking (PRODUCT.md §2,
 * "Ids"), and a v7 id would carry 48 bits of time in place of randomness.
 */
export const timeOrderedId = () => uuid('id').primaryKey().default(sql`uuid_v7()`);

/**
 * Each departure's seat-holding bookings and passengers as kept on its row (migration 0025's
 * trigger) against the same counted afresh from the bookings: the departures that differ (at most
 * 20), none when they agree. The concurrency and totals tests and the fault bench
 * (bench/fault-pg-restart.ts) run it after their writes, beside the booking totals' drift.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';

export const DEPARTURE_COUNTS_DRIFT_SQL = `
  select d.id::text as departure_id, d.bookings_count, d.pax_count,
         coalesce(c.n, 0) as counted_bookings, coalesce(c.pax, 0) as counted_pax
  from departures d
  left join (
    select departure_id, count(*)::int as n, sum(pax_total)::int as pax
    from bookings where state <> 'cancelled' group by departure_id
  ) c on c.departure_id = d.id
  where d.bookings_count <> coalesce(c.n, 0) or d.pax_count <> coalesce(c.pax, 0)
  order by d.id
  limit 20`;

export async function departureCountsDrift(db: DbOrTx) {
  return (await db.execute<Record<string, unknown>>(sql.raw(DEPARTURE_COUNTS_DRIFT_SQL))).rows;
}

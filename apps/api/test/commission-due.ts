/**
 * The commissions due kept by day and party (ADR 037) — folded rows plus the deltas not yet folded —
 * against the same figures computed afresh from the bookings and the statement lines (the definition
 * `commission_due_rebuild` inserts): the rows that differ, none when they agree. The commissions'
 * concurrency test runs it after its writes.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';

/** At most 20 rows that differ (`side`: which one has the row), every operator. */
export const COMMISSION_DUE_DRIFT_SQL = `
  with kept as (
    select t.tour_operator_id, t.day::text, t.party_kind, t.party_id, sum(t.bookings)::bigint as bookings,
      sum(t.amount_cents)::bigint as amount_cents
    from (select * from commission_due_totals union all select * from commission_due_delta) t
    group by 1, 2, 3, 4
    having sum(t.bookings) <> 0 or sum(t.amount_cents) <> 0
  ), fresh as (
    select coalesce(c.op, p.op) as tour_operator_id, coalesce(c.day, p.day)::text as day,
      coalesce(c.kind, p.kind) as party_kind, coalesce(c.party, p.party) as party_id,
      count(*)::bigint as bookings, sum(coalesce(c.cur, 0) - coalesce(p.counted, 0))::bigint as amount_cents
    from (
      select b.id, b.tour_operator_id as op, b.date as day, v.kind, v.party, commission_due_cur(b, v.kind, v.party) as cur
      from bookings b cross join lateral (values ('seller', b.seller_id), ('channel', b.channel_id)) as v(kind, party)
      where v.party is not null
    ) c
    full join (
      select l.booking_id, b.tour_operator_id as op, b.date as day, s.party_kind as kind,
        coalesce(s.seller_id, s.channel_id) as party, sum(l.amount_cents)::integer as counted
      from commission_statement_lines l
        join commission_statements s on s.id = l.statement_id
        join bookings b on b.id = l.booking_id
      group by 1, 2, 3, 4, 5
    ) p on p.booking_id = c.id and p.kind = c.kind and p.party = c.party
    where coalesce(c.cur, 0) <> coalesce(p.counted, 0)
    group by 1, 2, 3, 4
  )
  (select 'kept' as side, * from kept except select 'kept', * from fresh)
  union all
  (select 'fresh' as side, * from fresh except select 'fresh', * from kept)
  order by 2, 3, 4, 5, 1
  limit 20`;

export async function commissionDueDrift(db: DbOrTx) {
  return (await db.execute<Record<string, unknown>>(sql.raw(COMMISSION_DUE_DRIFT_SQL))).rows;
}

/** Folds every delta into the totals (what the task `commissions.compact-due` does each minute). */
export async function compactCommissionDueAll(db: DbOrTx) {
  const res = await db.execute<{ n: number }>(sql`select commission_due_compact(100000) as n`);
  return Number(res.rows[0]?.n ?? 0);
}

/** The lines' booking date is their booking's (migration 0021's trigger and share lock): the lines that are not. */
export async function linesOffTheirBookingDate(db: DbOrTx) {
  const res = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from commission_statement_lines l join bookings b on b.id = l.booking_id
    where l.booking_date <> b.date`);
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * The cash's queries (issue 34, ADR 025): who holds money now (payments by cash or card they
 * recorded, not yet closed by a handover: index payments_unhanded_idx) and the handovers
 * (`cash_handovers`, owned here). Payments and bookings are only read here; setting a payment's
 * `handover_id` is the bookings module's (markPaymentsHandedOver). The tenant scope is applied here.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { cashHandovers, tourOperators, users } from '../../db/schema';
import { runListTemplate, ShapeBinder } from '../../db/select-template';
import { buildListConditions, buildOrderBy, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { type Actor, tenantScope } from '../../lib/tenant';

export const HANDOVER_LIST_SPEC: ResourceListSpec = {
  filters: {
    holder_id: { column: cashHandovers.holderId, type: 'uuid' },
    received_by: { column: cashHandovers.receivedBy, type: 'uuid' },
    tour_operator_id: { column: cashHandovers.tourOperatorId, type: 'uuid' },
    difference_cents: { column: cashHandovers.differenceCents, type: 'int' },
    created_at: { column: sql`${cashHandovers.createdAt}`, type: 'timestamp' },
  },
  sort: {
    created_at: cashHandovers.createdAt,
    expected_cents: cashHandovers.expectedCents,
    difference_cents: cashHandovers.differenceCents,
  },
  defaultSort: ['-created_at'],
  search: [],
  tiebreaker: cashHandovers.id,
};

/** The operator an actor reads, or null for the administrator (every operator). */
const operatorOf = (actor: Actor): string | null => {
  const scope = tenantScope(cashHandovers.tourOperatorId, actor);
  return scope ? (actor.tourOperatorId as string) : null;
};

export type HolderRow = {
  user_id: string;
  name: string;
  level: number;
  tour_operator_id: string | null;
  cash_cents: number;
  card_cents: number;
  payment_count: number;
  oldest_at: Date | string | null;
  timezone: string;
};

export type PaymentRow = {
  id: string;
  booking_id: string;
  locator: string;
  date: string;
  customer_name: string;
  kind: 'payment' | 'refund';
  method: 'cash' | 'card';
  amount_cents: number;
  paid_at: Date | string;
  collected_at_check_in: boolean;
  recorded_by: string | null;
  handover_id: string | null;
  tour_operator_id: string;
};

const signed = sql`case p.kind when 'refund' then -p.amount_cents else p.amount_cents end`;
// Money on the spot that a seller, driver or guide still holds (issue 34: "collected … by sellers,
// guides and drivers"); what the office records at its own desk is already the office's.
const held = sql`p.handover_id is null and p.method in ('cash', 'card') and p.recorded_by is not null
  and exists (select 1 from users hu where hu.id = p.recorded_by and hu.level in (2, 4, 5))`;

/**
 * Every planner's choice here is a few hundred rows: no parallel workers (their start costs more than
 * the work; `txid_current_if_assigned()` is parallel-unsafe and only reads, as in the reports).
 */
const NO_WORKERS = sql`txid_current_if_assigned() is distinct from -1`;

/**
 * Everyone who holds money now (one row each), by name; `holderId` for one person. The held
 * payments are found by their recorder among the people who can hold money (Vendedor, Chofer, Guía:
 * `recorded_by = any(array(…))`, each a range of `payments_unhanded_idx` (tour_operator_id,
 * recorded_by)), not by reading every payment not handed over and then its recorder: the cash and
 * card the office records at its own desk stay in that index for ever (never handed over) and are
 * no longer read (ADR 037: 65,000 of them for one operator at 1 M bookings, against ~1,000 held).
 * The same rows as ADR 025's statement (tested against it).
 */
export async function listHolders(db: DbOrTx, actor: Actor, holderId?: string): Promise<HolderRow[]> {
  const op = operatorOf(actor);
  const res = await db.execute<HolderRow>(sql`
    select u.id::text as user_id, u.full_name as name, u.level::int as level, u.tour_operator_id::text,
      coalesce(sum(case when p.method = 'cash' then ${signed} else 0 end), 0)::int as cash_cents,
      coalesce(sum(case when p.method = 'card' then ${signed} else 0 end), 0)::int as card_cents,
      count(*)::int as payment_count, min(p.paid_at) as oldest_at, coalesce(o.timezone, 'Europe/Madrid') as timezone
    from payments p
      join users u on u.id = p.recorded_by
      join tour_operators o on o.id = p.tour_operator_id
    where p.handover_id is null and p.method in ('cash', 'card')
      and p.recorded_by = any(array(select hu.id from users hu where hu.level in (2, 4, 5)))
      and p.tour_operator_id ${op ? sql`= ${op}::uuid` : sql`= any(array(select id from tour_operators))`}
      ${holderId ? sql`and p.recorded_by = ${holderId}::uuid` : sql``}
      and ${NO_WORKERS}
    group by u.id, u.full_name, u.level, u.tour_operator_id, o.timezone
    order by u.full_name, u.id`);
  return res.rows;
}

/** A user the actor may see (their operator's), for a holder's page and a handover. */
export async function findUser(db: DbOrTx, actor: Actor, id: string) {
  const op = operatorOf(actor);
  const res = await db.execute<{
    id: string;
    full_name: string;
    level: number;
    tour_operator_id: string | null;
    timezone: string;
  }>(sql`
    select u.id::text, u.full_name, u.level::int as level, u.tour_operator_id::text,
      coalesce(o.timezone, 'Europe/Madrid') as timezone
    from users u left join tour_operators o on o.id = u.tour_operator_id
    where u.id = ${id}::uuid and u.tour_operator_id is not null
      ${op ? sql`and u.tour_operator_id = ${op}::uuid` : sql``}`);
  return res.rows[0];
}

const paymentColumns = sql`p.id::text, p.booking_id::text, b.locator, b.date::text as date, b.customer_name, p.kind,
  p.method, p.amount_cents, p.paid_at, p.collected_at_check_in, p.recorded_by::text, p.handover_id::text,
  p.tour_operator_id::text`;

/** A holder's payments not handed over yet, oldest first. */
export async function listHeldPayments(db: DbOrTx, tourOperatorId: string, holderId: string): Promise<PaymentRow[]> {
  const res = await db.execute<PaymentRow>(sql`
    select ${paymentColumns} from payments p join bookings b on b.id = p.booking_id
    where ${held} and p.tour_operator_id = ${tourOperatorId}::uuid and p.recorded_by = ${holderId}::uuid
    order by p.paid_at, p.created_at, p.id`);
  return res.rows;
}

/** Payments by id (of the operator), whatever their state: a handover checks each. */
export async function findPayments(db: DbOrTx, tourOperatorId: string, ids: string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const res = await db.execute<PaymentRow>(sql`
    select ${paymentColumns} from payments p join bookings b on b.id = p.booking_id
    where p.tour_operator_id = ${tourOperatorId}::uuid and p.id in (${list})`);
  return res.rows;
}

/** The payments a handover closed. */
export async function listHandoverPayments(db: DbOrTx, handoverId: string): Promise<PaymentRow[]> {
  const res = await db.execute<PaymentRow>(sql`
    select ${paymentColumns} from payments p join bookings b on b.id = p.booking_id
    where p.handover_id = ${handoverId}::uuid
    order by p.paid_at, p.created_at, p.id`);
  return res.rows;
}

export async function insertHandover(db: DbOrTx, values: typeof cashHandovers.$inferInsert) {
  const [row] = await db.insert(cashHandovers).values(values).returning();
  return row;
}

const holder = alias(users, 'holder');
const receiver = alias(users, 'receiver');
const handoverSelection = {
  h: cashHandovers,
  holderName: holder.fullName,
  receiverName: receiver.fullName,
  timezone: tourOperators.timezone,
};
export type HandoverRow = {
  h: typeof cashHandovers.$inferSelect;
  holderName: string | null;
  receiverName: string | null;
  timezone: string;
};

const handovers = (db: DbOrTx) =>
  db
    .select(handoverSelection)
    .from(cashHandovers)
    .innerJoin(tourOperators, eq(tourOperators.id, cashHandovers.tourOperatorId))
    .leftJoin(holder, eq(holder.id, cashHandovers.holderId))
    .leftJoin(receiver, eq(receiver.id, cashHandovers.receivedBy));

const visible = (actor: Actor, binder?: ShapeBinder): SQL | undefined =>
  tenantScope(cashHandovers.tourOperatorId, actor, binder);

/** A page of handovers and the total, both selects built once per shape (ADR 052). */
export async function listHandovers(db: DbOrTx, actor: Actor, params: ListParams) {
  const b = new ShapeBinder('cash.handovers');
  const where = combine([visible(actor, b), ...buildListConditions(params, HANDOVER_LIST_SPEC, b)]);
  const order = buildOrderBy(params, HANDOVER_LIST_SPEC, b);
  const { rows, total } = await runListTemplate(db, b, params, { rows: handovers, table: cashHandovers, where, order });
  return { rows: rows as HandoverRow[], total };
}

export async function findHandover(db: DbOrTx, actor: Actor, id: string) {
  const [row] = await handovers(db).where(and(visible(actor), eq(cashHandovers.id, id)));
  return row as HandoverRow | undefined;
}

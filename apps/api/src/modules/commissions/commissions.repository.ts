/**
 * The commissions' queries (issue 34, ADR 025): what each seller and channel is owed for a period
 * of departure dates, and the statements (`commission_statements` and their lines, owned here).
 * Bookings, products, users and channels are only read (joined), never written. The tenant scope
 * is applied here; a Vendedor's own scope (their seller id) is the caller's `sellerId`.
 */
import { COMMISSION_EARNING_STATES } from '@trayecto/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  commissionDueDelta,
  commissionDueTotals,
  commissionStatementLines,
  commissionStatements,
  tourOperators,
  users,
} from '../../db/schema';
import { runListTemplate, ShapeBinder } from '../../db/select-template';
import { affectedRows } from '../../db/types';
import { buildListConditions, buildOrderBy, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { type Actor, isAdmin } from '../../lib/tenant';

export const STATEMENT_LIST_SPEC: ResourceListSpec = {
  filters: {
    party_kind: { column: commissionStatements.partyKind, type: 'enum', values: ['seller', 'channel'] },
    state: { column: commissionStatements.state, type: 'enum', values: ['open', 'settled'] },
    seller_id: { column: commissionStatements.sellerId, type: 'uuid' },
    channel_id: { column: commissionStatements.channelId, type: 'uuid' },
    tour_operator_id: { column: commissionStatements.tourOperatorId, type: 'uuid' },
    period_from: { column: commissionStatements.periodFrom, type: 'date' },
    period_to: { column: commissionStatements.periodTo, type: 'date' },
    created_at: { column: sql`${commissionStatements.createdAt}`, type: 'timestamp' },
  },
  sort: {
    created_at: commissionStatements.createdAt,
    period_from: commissionStatements.periodFrom,
    total_cents: commissionStatements.totalCents,
    state: commissionStatements.state,
  },
  defaultSort: ['-created_at'],
  search: [],
  tiebreaker: commissionStatements.id,
};

/** Who may be read: the tenant, and a Vendedor's own seller id. */
export type CommissionScope = { tourOperatorId: string | null; sellerId: string | null };

export const scopeOf = (actor: Actor, sellerOnly: boolean): CommissionScope => ({
  tourOperatorId: isAdmin(actor) ? null : actor.tourOperatorId,
  sellerId: sellerOnly ? actor.id : null,
});

/** A booking's line for one party, as due or as a statement holds it. */
export type LineRow = {
  booking_id: string;
  party_kind: 'seller' | 'channel';
  party_id: string;
  party_name: string;
  tour_operator_id: string;
  locator: string;
  date: string;
  time: string;
  product_name: string;
  customer_name: string;
  booking_state: string;
  booking_total_cents: number;
  commission_cents: number;
  counted_cents: number;
  amount_cents: number;
};

export type DueFilter = {
  from: string;
  to: string;
  partyKind?: 'seller' | 'channel';
  partyId?: string;
  /** The administrator's choice of operator. */
  tourOperatorId?: string;
};

const earning = sql.raw(`(${COMMISSION_EARNING_STATES.map((s) => `'${s}'`).join(', ')})`);

/**
 * The pairs (booking, party) of the period whose commission now differs from what the party's
 * statements counted for it, as the CTE `due` (booking_id, party_kind, party_id, op,
 * commission_cents, counted_cents) — the definition of ADR 025, read the way ADR 037 measured:
 *
 * - `cand`: the bookings with departure dates in the period that a seller, or a channel the operator
 *   collects for, earns on — their commission now (0 unless confirmed, completed or no-show). From
 *   `bookings_commission_idx` alone (a seller's own: `bookings_seller_date_idx`).
 * - `prior`: what the party's statements already counted for the bookings of the period — the lines
 *   by their booking's date (`commission_statement_lines_tenant_date_idx`, kept equal to the
 *   booking's by migration 0021), not a visit to every booking of the period.
 * - full-joined per booking and party: a booking that moved to another party (or stopped earning
 *   after being counted) comes as 0 − counted, a correction; pairs with nothing owed are left out.
 *
 * The administrator's "every operator" is `= any(array(select id from tour_operators))`, so the
 * (tour_operator_id, …) indexes serve it as for one operator.
 */
/** Who and which parties a due reads: the operator (or every one), a seller or a channel, which kinds. */
function dueParties(scope: CommissionScope, f: DueFilter) {
  const op = scope.tourOperatorId ?? f.tourOperatorId ?? null;
  const sellerId = scope.sellerId ?? (f.partyKind === 'seller' ? (f.partyId ?? null) : null);
  const channelId = f.partyKind === 'channel' ? (f.partyId ?? null) : null;
  return {
    ops: op ? sql`= ${op}::uuid` : sql`= any(array(select id from tour_operators))`,
    sellerId,
    channelId,
    wantSellers: f.partyKind !== 'channel' && !channelId,
    wantChannels: f.partyKind !== 'seller' && !scope.sellerId && !sellerId,
  };
}

function dueCte(scope: CommissionScope, f: DueFilter): SQL | undefined {
  const { ops, sellerId, channelId, wantSellers, wantChannels } = dueParties(scope, f);
  const inPeriod = (column: string) => sql`${sql.raw(column)} between ${f.from}::date and ${f.to}::date`;
  const commission = sql`case when b.state in ${earning} then b.commission_cents else 0 end`;
  const branches: SQL[] = [];
  if (wantSellers) {
    branches.push(sql`select b.id as booking_id, 'seller'::text as party_kind, b.seller_id as party_id,
        b.tour_operator_id as op, ${commission} as commission
      from bookings b where b.tour_operator_id ${ops} and ${inPeriod('b.date')} and b.seller_id is not null
      ${sellerId ? sql`and b.seller_id = ${sellerId}::uuid` : sql``}`);
  }
  if (wantChannels) {
    branches.push(sql`select b.id as booking_id, 'channel'::text as party_kind, b.channel_id as party_id,
        b.tour_operator_id as op, ${commission} as commission
      from bookings b where b.tour_operator_id ${ops} and ${inPeriod('b.date')} and b.channel_id is not null
      ${channelId ? sql`and b.channel_id = ${channelId}::uuid` : sql``}
      -- A channel that collects the customer's money keeps its commission out of it (it owes the
      -- operator the net): only channels the operator collects for are owed one.
      and exists (select 1 from channels cc where cc.id = b.channel_id and cc.collects = 'operator')`);
  }
  if (branches.length === 0) return undefined;
  const priorParty = [
    wantSellers && !wantChannels ? sql`and s.party_kind = 'seller'` : sql``,
    wantChannels && !wantSellers ? sql`and s.party_kind = 'channel'` : sql``,
    sellerId ? sql`and s.seller_id = ${sellerId}::uuid` : sql``,
    channelId ? sql`and s.channel_id = ${channelId}::uuid` : sql``,
  ];
  return sql`
    cand as (${sql.join(branches, sql` union all `)}),
    prior as (
      select l.booking_id, s.party_kind, coalesce(s.seller_id, s.channel_id) as party_id, l.tour_operator_id as op,
        sum(l.amount_cents)::int as counted
      from commission_statement_lines l join commission_statements s on s.id = l.statement_id
      where l.tour_operator_id ${ops} and ${inPeriod('l.booking_date')} ${sql.join(priorParty, sql` `)}
      group by 1, 2, 3, 4
    ),
    due as (
      select coalesce(c.booking_id, p.booking_id) as booking_id,
        coalesce(c.party_kind, p.party_kind) as party_kind,
        coalesce(c.party_id, p.party_id) as party_id,
        coalesce(c.op, p.op) as op,
        coalesce(c.commission, 0)::int as commission_cents,
        coalesce(p.counted, 0)::int as counted_cents
      from cand c full join prior p
        on p.booking_id = c.booking_id and p.party_kind = c.party_kind and p.party_id = c.party_id
      where coalesce(c.commission, 0) <> coalesce(p.counted, 0)
    )`;
}

const partyName = sql`coalesce(case d.party_kind when 'seller' then u.full_name else ch.name end, '')`;
const partyJoins = sql`left join users u on d.party_kind = 'seller' and u.id = d.party_id
      left join channels ch on d.party_kind = 'channel' and ch.id = d.party_id`;

/**
 * What is owed for the bookings with departure dates in the period, per booking and party: the
 * booking's commission now (0 if cancelled or pending) less what the party's statements already
 * counted for it. Bookings that moved to another party (or cancelled after being counted) come as
 * 0 − counted: a correction. Rows with nothing owed are left out. By party name, then departure.
 */
export async function listDueLines(db: DbOrTx, scope: CommissionScope, f: DueFilter): Promise<LineRow[]> {
  const due = dueCte(scope, f);
  if (!due) return [];
  const res = await db.execute<LineRow>(sql`
    with ${due}
    select d.booking_id::text, d.party_kind, d.party_id::text, ${partyName} as party_name,
      b.tour_operator_id::text, b.locator, b.date::text as date, b.time, pr.name as product_name,
      b.customer_name, b.state as booking_state, b.total_cents as booking_total_cents,
      d.commission_cents, d.counted_cents, (d.commission_cents - d.counted_cents)::int as amount_cents
    from due d
      join bookings b on b.id = d.booking_id
      join products pr on pr.id = b.product_id
      ${partyJoins}
    order by party_name, d.party_kind, d.party_id, b.date, b.time, b.locator`);
  return res.rows;
}

/** One party's due, added up: how many bookings and how much (the lines of `listDueLines`, counted and summed). */
export type DuePartyRow = {
  party_kind: 'seller' | 'channel';
  party_id: string;
  party_name: string;
  tour_operator_id: string;
  booking_count: number;
  amount_cents: number;
};

/**
 * `listDueLines` per party without the lines, from the figures the database keeps by day and party
 * (`commission_due_totals` and the deltas not folded yet, ADR 037): a month of an operator is a few
 * hundred rows, not its ~13,000 bookings. The same parties, counts and amounts as the lines (tested
 * against them), in their order (name, kind, id). A party's operator: a seller's and a channel's
 * bookings are all of their operator (the sale checks it; a channel's by its composite key).
 */
export async function listDueParties(db: DbOrTx, scope: CommissionScope, f: DueFilter): Promise<DuePartyRow[]> {
  const { ops, sellerId, channelId, wantSellers, wantChannels } = dueParties(scope, f);
  if (!wantSellers && !wantChannels) return [];
  const which = [
    wantSellers && !wantChannels ? sql`and party_kind = 'seller'` : sql``,
    wantChannels && !wantSellers ? sql`and party_kind = 'channel'` : sql``,
    sellerId ? sql`and party_kind = 'seller' and party_id = ${sellerId}::uuid` : sql``,
    channelId ? sql`and party_kind = 'channel' and party_id = ${channelId}::uuid` : sql``,
  ];
  const where = sql`where tour_operator_id ${ops} and day between ${f.from}::date and ${f.to}::date
      ${sql.join(which, sql` `)}`;
  const res = await db.execute<DuePartyRow>(sql`
    with d as (
      select tour_operator_id, party_kind, party_id, bookings, amount_cents from ${commissionDueTotals} ${where}
      union all
      select tour_operator_id, party_kind, party_id, bookings, amount_cents from ${commissionDueDelta} ${where}
    )
    select d.party_kind, d.party_id::text, ${partyName} as party_name, min(d.tour_operator_id::text) as tour_operator_id,
      sum(d.bookings)::int as booking_count, sum(d.amount_cents)::int as amount_cents
    from d
      ${partyJoins}
    group by d.party_kind, d.party_id, u.full_name, ch.name
    having sum(d.bookings) <> 0
    order by party_name, d.party_kind, d.party_id`);
  return res.rows;
}

/**
 * Serialises statements of one party: two made at once for the same seller or channel run one after
 * the other, so a booking is never counted twice (the second reads the first one's lines).
 */
export async function lockParty(tx: DbOrTx, partyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`commission-party:${partyId}`}))`);
}

/** A seller (level 2 user) of the operator, or any operator's for the administrator. */
export async function findSeller(db: DbOrTx, scope: CommissionScope, id: string) {
  const res = await db.execute<{ id: string; tour_operator_id: string; full_name: string; level: number }>(sql`
    select id::text, tour_operator_id::text, full_name, level from users
    where id = ${id}::uuid and tour_operator_id is not null
    ${scope.tourOperatorId ? sql`and tour_operator_id = ${scope.tourOperatorId}::uuid` : sql``}`);
  return res.rows[0];
}

export async function findChannel(db: DbOrTx, scope: CommissionScope, id: string) {
  const res = await db.execute<{ id: string; tour_operator_id: string; name: string }>(sql`
    select id::text, tour_operator_id::text, name from channels where id = ${id}::uuid
    ${scope.tourOperatorId ? sql`and tour_operator_id = ${scope.tourOperatorId}::uuid` : sql``}`);
  return res.rows[0];
}

export async function insertStatement(db: DbOrTx, values: typeof commissionStatements.$inferInsert) {
  const [row] = await db.insert(commissionStatements).values(values).returning();
  return row;
}

/**
 * A statement's lines, each with its booking's departure date read under a share lock of the booking
 * (ADR 037): a move of the booking that races the statement either waits for this transaction (and
 * its trigger then updates the committed line) or has committed and is the date read here. Answers
 * how many were written (all of them, or the caller rolls back).
 */
export async function insertLines(
  db: DbOrTx,
  statement: { id: string; tourOperatorId: string },
  lines: { bookingId: string; commissionCents: number; amountCents: number }[],
): Promise<number> {
  if (lines.length === 0) return 0;
  const values = JSON.stringify(
    lines.map((l) => ({ booking_id: l.bookingId, commission_cents: l.commissionCents, amount_cents: l.amountCents })),
  );
  const res = await db.execute(sql`
    insert into ${commissionStatementLines} (tour_operator_id, statement_id, booking_id, commission_cents, amount_cents,
      booking_date)
    select b.tour_operator_id, ${statement.id}::uuid, b.id, v.commission_cents, v.amount_cents, b.date
    from jsonb_to_recordset(${values}::jsonb) as v(booking_id uuid, commission_cents int, amount_cents int)
      join bookings b on b.id = v.booking_id and b.tour_operator_id = ${statement.tourOperatorId}::uuid
    for share of b`);
  return affectedRows(res);
}

const settler = alias(users, 'settler');
const creator = alias(users, 'creator');

const statementSelection = {
  s: commissionStatements,
  timezone: tourOperators.timezone,
  settlerName: settler.fullName,
  creatorName: creator.fullName,
  partyName: sql<string>`coalesce((select u.full_name from users u where u.id = ${commissionStatements.sellerId}), (select c.name from channels c where c.id = ${commissionStatements.channelId}), '')`,
};
export type StatementRow = {
  s: typeof commissionStatements.$inferSelect;
  timezone: string;
  settlerName: string | null;
  creatorName: string | null;
  partyName: string;
};

function visible(scope: CommissionScope, binder?: ShapeBinder): SQL | undefined {
  const bind = (v: string, column: unknown) => (binder ? (binder.bind(v, column) as unknown as string) : v);
  binder?.shape(`operator:${Boolean(scope.tourOperatorId)}`).shape(`seller:${Boolean(scope.sellerId)}`);
  return and(
    scope.tourOperatorId
      ? eq(commissionStatements.tourOperatorId, bind(scope.tourOperatorId, commissionStatements.tourOperatorId))
      : undefined,
    scope.sellerId ? eq(commissionStatements.sellerId, bind(scope.sellerId, commissionStatements.sellerId)) : undefined,
  );
}

const statements = (db: DbOrTx) =>
  db
    .select(statementSelection)
    .from(commissionStatements)
    .innerJoin(tourOperators, eq(tourOperators.id, commissionStatements.tourOperatorId))
    .leftJoin(settler, eq(settler.id, commissionStatements.settledBy))
    .leftJoin(creator, eq(creator.id, commissionStatements.createdBy));

/** A page of statements and the total, both selects built once per shape (ADR 052). */
export async function listStatements(db: DbOrTx, scope: CommissionScope, params: ListParams) {
  const b = new ShapeBinder('commissions.statements');
  const where = combine([visible(scope, b), ...buildListConditions(params, STATEMENT_LIST_SPEC, b)]);
  const order = buildOrderBy(params, STATEMENT_LIST_SPEC, b);
  const list = { rows: statements, table: commissionStatements, where, order };
  const { rows, total } = await runListTemplate(db, b, params, list);
  return { rows: rows as StatementRow[], total };
}

export async function findStatement(db: DbOrTx, scope: CommissionScope, id: string) {
  const [row] = await statements(db).where(and(visible(scope), eq(commissionStatements.id, id)));
  return row as StatementRow | undefined;
}

/** A statement's lines with their bookings, by departure. */
export async function listStatementLines(db: DbOrTx, statementId: string): Promise<LineRow[]> {
  const res = await db.execute<LineRow>(sql`
    select l.booking_id::text, s.party_kind, coalesce(s.seller_id, s.channel_id)::text as party_id, '' as party_name,
      s.tour_operator_id::text, b.locator, b.date::text as date, b.time, pr.name as product_name, b.customer_name,
      b.state as booking_state, b.total_cents as booking_total_cents, l.commission_cents,
      (l.commission_cents - l.amount_cents)::int as counted_cents, l.amount_cents
    from commission_statement_lines l
      join commission_statements s on s.id = l.statement_id
      join bookings b on b.id = l.booking_id
      join products pr on pr.id = b.product_id
    where l.statement_id = ${statementId}::uuid
    order by b.date, b.time, b.locator`);
  return res.rows;
}

/**
 * Settles an open statement: one conditional UPDATE (`state = 'open'`), so two settles at once
 * leave one winner. Answers the row, or nothing when it was not open (or not visible).
 */
export async function settleStatement(
  db: DbOrTx,
  scope: CommissionScope,
  id: string,
  values: { settledOn: string; method: string; reference: string; settledBy: string; settledAt: Date },
) {
  const [row] = await db
    .update(commissionStatements)
    .set({ ...values, state: 'settled' })
    .where(and(visible(scope), eq(commissionStatements.id, id), eq(commissionStatements.state, 'open')))
    .returning({ id: commissionStatements.id });
  return row;
}

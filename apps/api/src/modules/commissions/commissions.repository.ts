/**
 * The commissions' queries (issue 34, ADR 025): what each seller and channel is owed for a period
 * of departure dates, and the statements (`commission_statements` and their lines, owned here).
 * Bookings, products, users and channels are only read (joined), never written. The tenant scope
 * is applied here; a Vendedor's own scope (their seller id) is the caller's `sellerId`.
 */
import { COMMISSION_EARNING_STATES } from '@trayecto/shared';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { commissionStatementLines, commissionStatements, tourOperators, users } from '../../db/schema';
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
 * What is owed for the bookings with departure dates in the period, per booking and party: the
 * booking's commission now (0 if cancelled or pending) less what the party's statements already
 * counted for it. Bookings that moved to another party (or cancelled after being counted) come as
 * 0 − counted: a correction. Rows with nothing owed are left out.
 */
export async function listDueLines(db: DbOrTx, scope: CommissionScope, f: DueFilter): Promise<LineRow[]> {
  const op = scope.tourOperatorId ?? f.tourOperatorId ?? null;
  const sellerId = scope.sellerId ?? (f.partyKind === 'seller' ? (f.partyId ?? null) : null);
  const channelId = f.partyKind === 'channel' ? (f.partyId ?? null) : null;
  const wantSellers = f.partyKind !== 'channel' && !channelId;
  const wantChannels = f.partyKind !== 'seller' && !scope.sellerId && !sellerId;
  const inPeriod = sql`b.date between ${f.from}::date and ${f.to}::date`;
  const opOf = (alias: string) => (op ? sql`and ${sql.raw(alias)}.tour_operator_id = ${op}::uuid` : sql``);
  const commission = sql`case when b.state in ${earning} then b.commission_cents else 0 end`;
  const branches: SQL[] = [];
  if (wantSellers) {
    branches.push(sql`select b.id as booking_id, 'seller'::text as party_kind, b.seller_id as party_id, ${commission} as commission
      from bookings b where b.seller_id is not null and ${inPeriod} ${opOf('b')}
      ${sellerId ? sql`and b.seller_id = ${sellerId}::uuid` : sql``}`);
  }
  if (wantChannels) {
    branches.push(sql`select b.id as booking_id, 'channel'::text as party_kind, b.channel_id as party_id, ${commission} as commission
      from bookings b where b.channel_id is not null and ${inPeriod} ${opOf('b')}
      ${channelId ? sql`and b.channel_id = ${channelId}::uuid` : sql``}
      -- A channel that collects the customer's money keeps its commission out of it (it owes the
      -- operator the net): only channels the operator collects for are owed one.
      and exists (select 1 from channels cc where cc.id = b.channel_id and cc.collects = 'operator')`);
  }
  if (branches.length === 0) return [];
  const priorParty = [
    wantSellers && !wantChannels ? sql`and s.party_kind = 'seller'` : sql``,
    wantChannels && !wantSellers ? sql`and s.party_kind = 'channel'` : sql``,
    sellerId ? sql`and s.seller_id = ${sellerId}::uuid` : sql``,
    channelId ? sql`and s.channel_id = ${channelId}::uuid` : sql``,
  ];
  const res = await db.execute<LineRow>(sql`
    with cand as (${sql.join(branches, sql` union all `)}),
    prior as (
      select l.booking_id, s.party_kind, coalesce(s.seller_id, s.channel_id) as party_id,
        sum(l.amount_cents)::int as counted
      from commission_statement_lines l
        join commission_statements s on s.id = l.statement_id
        join bookings b on b.id = l.booking_id
      where ${inPeriod} ${opOf('s')} ${sql.join(priorParty, sql` `)}
      group by 1, 2, 3
    ),
    merged as (
      select coalesce(c.booking_id, p.booking_id) as booking_id,
        coalesce(c.party_kind, p.party_kind) as party_kind,
        coalesce(c.party_id, p.party_id) as party_id,
        coalesce(c.commission, 0)::int as commission_cents,
        coalesce(p.counted, 0)::int as counted_cents
      from cand c full join prior p
        on p.booking_id = c.booking_id and p.party_kind = c.party_kind and p.party_id = c.party_id
    )
    select m.booking_id::text, m.party_kind, m.party_id::text,
      coalesce(case m.party_kind when 'seller' then u.full_name else ch.name end, '') as party_name,
      b.tour_operator_id::text, b.locator, b.date::text as date, b.time, pr.name as product_name,
      b.customer_name, b.state as booking_state, b.total_cents as booking_total_cents,
      m.commission_cents, m.counted_cents, (m.commission_cents - m.counted_cents)::int as amount_cents
    from merged m
      join bookings b on b.id = m.booking_id
      join products pr on pr.id = b.product_id
      left join users u on m.party_kind = 'seller' and u.id = m.party_id
      left join channels ch on m.party_kind = 'channel' and ch.id = m.party_id
    where m.commission_cents <> m.counted_cents
    order by party_name, m.party_kind, m.party_id, b.date, b.time, b.locator`);
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

export async function insertLines(db: DbOrTx, values: (typeof commissionStatementLines.$inferInsert)[]) {
  if (values.length > 0) await db.insert(commissionStatementLines).values(values);
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

function visible(scope: CommissionScope): SQL | undefined {
  return and(
    scope.tourOperatorId ? eq(commissionStatements.tourOperatorId, scope.tourOperatorId) : undefined,
    scope.sellerId ? eq(commissionStatements.sellerId, scope.sellerId) : undefined,
  );
}

const statements = (db: DbOrTx) =>
  db
    .select(statementSelection)
    .from(commissionStatements)
    .innerJoin(tourOperators, eq(tourOperators.id, commissionStatements.tourOperatorId))
    .leftJoin(settler, eq(settler.id, commissionStatements.settledBy))
    .leftJoin(creator, eq(creator.id, commissionStatements.createdBy));

export async function listStatements(db: DbOrTx, scope: CommissionScope, params: ListParams) {
  const where = combine([visible(scope), ...buildListConditions(params, STATEMENT_LIST_SPEC)]);
  const [rows, [{ total }]] = await Promise.all([
    statements(db)
      .where(where)
      .orderBy(...buildOrderBy(params, STATEMENT_LIST_SPEC))
      .limit(params.perPage)
      .offset((params.page - 1) * params.perPage),
    db.select({ total: count() }).from(commissionStatements).where(where),
  ]);
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

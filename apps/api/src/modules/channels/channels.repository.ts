/**
 * The channels' queries (ADR 023): channels with their operator's name and live keys, their
 * products and net rates, their keys and their request log. The tenant scope is applied here: a
 * channel the actor may not see is never read.
 */
import { CHANNEL_COLLECTS, CHANNEL_KINDS } from '@trayecto/shared';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  channelKeys,
  channelNetRates,
  channelProducts,
  channelRequests,
  channels,
  products,
  tourOperators,
  users,
} from '../../db/schema';
import { runListTemplate, ShapeBinder } from '../../db/select-template';
import { affectedRows } from '../../db/types';
import { buildListConditions, buildOrderBy, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { countUpTo } from '../../lib/pagination';
import { type Actor, tenantScope } from '../../lib/tenant';

export const CHANNEL_LIST_SPEC: ResourceListSpec = {
  filters: {
    kind: { column: channels.kind, type: 'enum', values: CHANNEL_KINDS },
    active: { column: channels.active, type: 'bool' },
    collects: { column: channels.collects, type: 'enum', values: CHANNEL_COLLECTS },
    name: { column: channels.name, type: 'text' },
    tour_operator_id: { column: channels.tourOperatorId, type: 'uuid' },
    // As an SQL expression, so the parsed instant is bound as is.
    created_at: { column: sql`${channels.createdAt}`, type: 'timestamp' },
  },
  sort: {
    // Names sort as people expect ("Ávila" with the A's), not by byte value.
    name: sql`f_unaccent(${channels.name})`,
    kind: channels.kind,
    active: channels.active,
    created_at: channels.createdAt,
    updated_at: channels.updatedAt,
  },
  defaultSort: ['name'],
  search: [channels.name],
  tiebreaker: channels.id,
};

/** The request log: latest first (only `page` and `per_page` are published). */
export const CHANNEL_REQUEST_LIST_SPEC: ResourceListSpec = {
  filters: {},
  sort: { at: channelRequests.at },
  defaultSort: ['-at'],
  search: [],
  tiebreaker: channelRequests.id,
};

const visibleTo = (actor: Actor, binder?: ShapeBinder): SQL | undefined =>
  tenantScope(channels.tourOperatorId, actor, binder);

const keysActive = sql<number>`(select count(*)::int from channel_keys k where k.channel_id = "channels"."id" and k.revoked_at is null)`;
const selection = { ...getTableColumns(channels), operatorName: tourOperators.name, keysActive };

export type ChannelRow = typeof channels.$inferSelect;
export type ChannelWithOperator = ChannelRow & { operatorName: string; keysActive: number };

const withOperator = (db: DbOrTx) =>
  db.select(selection).from(channels).innerJoin(tourOperators, eq(tourOperators.id, channels.tourOperatorId));

/** A page of channels and the total, both selects built once per shape (ADR 052). */
export async function listChannels(db: DbOrTx, actor: Actor, params: ListParams) {
  const b = new ShapeBinder('channels.list');
  const where = combine([visibleTo(actor, b), ...buildListConditions(params, CHANNEL_LIST_SPEC, b)]);
  const order = buildOrderBy(params, CHANNEL_LIST_SPEC, b);
  const { rows, total } = await runListTemplate(db, b, params, { rows: withOperator, table: channels, where, order });
  return { rows: rows as ChannelWithOperator[], total };
}

export async function findVisibleChannel(db: DbOrTx, actor: Actor, id: string) {
  const [row] = await withOperator(db).where(and(visibleTo(actor), eq(channels.id, id)));
  return row as ChannelWithOperator | undefined;
}

/** Locks a visible channel row for the rest of the transaction: its writes run one after another. */
export async function lockVisibleChannel(db: DbOrTx, actor: Actor, id: string): Promise<ChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(visibleTo(actor), eq(channels.id, id)))
    .for('update');
  return row;
}

/** Whether another channel of the operator has this name (case-insensitive, as the unique index). */
export async function nameInUse(db: DbOrTx, tourOperatorId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        eq(channels.tourOperatorId, tourOperatorId),
        eq(sql`lower(${channels.name})`, sql`lower(${name})`),
        exceptId ? sql`${channels.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertChannel(db: DbOrTx, values: typeof channels.$inferInsert): Promise<ChannelRow> {
  const [row] = await db.insert(channels).values(values).returning();
  return row;
}

export async function updateChannelRow(db: DbOrTx, id: string, values: Partial<typeof channels.$inferInsert>) {
  await db
    .update(channels)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(channels.id, id));
}

/** The live products of the channels that sell only some (deleted products are left out), by name. */
export async function listChannelProductIds(db: DbOrTx, channelIds: string[]) {
  if (channelIds.length === 0) return [];
  return db
    .select({ channelId: channelProducts.channelId, productId: channelProducts.productId })
    .from(channelProducts)
    .innerJoin(products, eq(products.id, channelProducts.productId))
    .where(and(inArray(channelProducts.channelId, channelIds), isNull(products.deletedAt)))
    .orderBy(asc(products.name), asc(products.id));
}

export async function replaceChannelProducts(db: DbOrTx, tourOperatorId: string, channelId: string, ids: string[]) {
  await db.delete(channelProducts).where(eq(channelProducts.channelId, channelId));
  if (ids.length > 0) {
    await db.insert(channelProducts).values(ids.map((productId) => ({ tourOperatorId, channelId, productId })));
  }
}

export async function listNetRates(db: DbOrTx, channelIds: string[]) {
  if (channelIds.length === 0) return [];
  return db
    .select({
      channelId: channelNetRates.channelId,
      productId: channelNetRates.productId,
      paxType: channelNetRates.paxType,
      netCents: channelNetRates.netCents,
    })
    .from(channelNetRates)
    .innerJoin(products, eq(products.id, channelNetRates.productId))
    .where(and(inArray(channelNetRates.channelId, channelIds), isNull(products.deletedAt)))
    .orderBy(asc(products.name), asc(channelNetRates.productId), asc(channelNetRates.paxType));
}

export async function replaceNetRates(
  db: DbOrTx,
  tourOperatorId: string,
  channelId: string,
  rates: { productId: string; paxType: string; netCents: number }[],
) {
  await db.delete(channelNetRates).where(eq(channelNetRates.channelId, channelId));
  if (rates.length > 0) {
    await db.insert(channelNetRates).values(rates.map((r) => ({ tourOperatorId, channelId, ...r })));
  }
}

/**
 * Of these product ids, the operator's live ones (any state: a channel may list a product before
 * it is published), with their names and the passenger types they have a price for (base prices
 * and every season's).
 */
export async function findOperatorProducts(db: DbOrTx, tourOperatorId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, name: products.name, prices: products.prices, seasons: products.seasons })
    .from(products)
    .where(and(eq(products.tourOperatorId, tourOperatorId), inArray(products.id, ids), isNull(products.deletedAt)));
}

// ── Keys ───────────────────────────────────────────────────────────────────────────────────────

const creator = alias(users, 'key_creator');
const revoker = alias(users, 'key_revoker');

export async function insertKey(db: DbOrTx, values: typeof channelKeys.$inferInsert) {
  const [row] = await db.insert(channelKeys).values(values).returning();
  return row;
}

/** A channel's keys, newest first, with who created and revoked them. Never the hash. */
export async function listKeys(db: DbOrTx, channelId: string) {
  return db
    .select({
      id: channelKeys.id,
      label: channelKeys.label,
      keyPrefix: channelKeys.keyPrefix,
      createdAt: channelKeys.createdAt,
      lastUsedAt: channelKeys.lastUsedAt,
      revokedAt: channelKeys.revokedAt,
      createdBy: channelKeys.createdBy,
      createdByName: creator.fullName,
      revokedBy: channelKeys.revokedBy,
      revokedByName: revoker.fullName,
    })
    .from(channelKeys)
    .leftJoin(creator, eq(creator.id, channelKeys.createdBy))
    .leftJoin(revoker, eq(revoker.id, channelKeys.revokedBy))
    .where(eq(channelKeys.channelId, channelId))
    .orderBy(desc(channelKeys.createdAt), asc(channelKeys.id));
}
export type KeyListRow = Awaited<ReturnType<typeof listKeys>>[number];

/** One key of the channel, locked (another channel's key is not found). */
export async function lockKey(db: DbOrTx, channelId: string, keyId: string) {
  const [row] = await db
    .select({
      id: channelKeys.id,
      keyPrefix: channelKeys.keyPrefix,
      label: channelKeys.label,
      revokedAt: channelKeys.revokedAt,
    })
    .from(channelKeys)
    .where(and(eq(channelKeys.channelId, channelId), eq(channelKeys.id, keyId)))
    .for('update');
  return row;
}

export async function revokeKey(db: DbOrTx, keyId: string, by: string, at: Date) {
  await db.update(channelKeys).set({ revokedAt: at, revokedBy: by }).where(eq(channelKeys.id, keyId));
}

export async function countLiveKeys(db: DbOrTx, channelId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(channelKeys)
    .where(and(eq(channelKeys.channelId, channelId), isNull(channelKeys.revokedAt)));
  return Number(n);
}

// ── Request log ────────────────────────────────────────────────────────────────────────────────

export async function listRequests(db: DbOrTx, channelId: string, params: ListParams) {
  const where = eq(channelRequests.channelId, channelId);
  const [rows, total] = await Promise.all([
    db
      .select({ ...getTableColumns(channelRequests), keyPrefix: channelKeys.keyPrefix })
      .from(channelRequests)
      .leftJoin(channelKeys, eq(channelKeys.id, channelRequests.keyId))
      .where(where)
      .orderBy(...buildOrderBy(params, CHANNEL_REQUEST_LIST_SPEC))
      .limit(params.perPage)
      .offset((params.page - 1) * params.perPage),
    countUpTo(db, db.select({ one: sql`1` }).from(channelRequests).where(where)),
  ]);
  return { rows, total };
}
export type RequestListRow = Awaited<ReturnType<typeof listRequests>>['rows'][number];

/**
 * Deletes up to `limit` requests logged before `before` (bounded, so a purge never holds the
 * database long; the task repeats it). Returns how many.
 */
export async function deleteRequestsBefore(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const res = await db.execute(sql`
    delete from channel_requests where id in (
      select id from channel_requests where ${lt(channelRequests.at, before)} limit ${limit})`);
  return affectedRows(res);
}

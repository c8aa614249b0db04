/**
 * Queries of the OCTO API. Its scope is a channel key: one operator (the key's channel's), the
 * products that channel may sell, and that channel's own bookings (written, and read one by one,
 * through the bookings module's service, never here). The channel tables are owned by
 * modules/channels (ADR 023); this module only reads them, plus the two records a key's use leaves
 * behind — `channel_keys.last_used_at` and the `channel_requests` log — which are the OCTO API's
 * own (nothing else writes them).
 */
import { TOUR_OPERATOR_STATE } from '@trayecto/shared';
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  bookings,
  channelKeys,
  channelNetRates,
  channelProducts,
  channelRequests,
  channels,
  products,
  tourOperators,
  webhookEndpoints,
} from '../../db/schema';
import { runSelectTemplate } from '../../db/select-template';
import { countHits } from '../../lib/rate-limit';
import type { SaleReadExtra } from '../bookings/bookings.service';
import type { ProductRow } from '../products/products.mapper';

/** A live key, its channel and the channel's operator: what an authenticated request knows. */
export type OctoCaller = {
  keyId: string;
  keyLastUsedAt: Date | null;
  channel: {
    id: string;
    name: string;
    commissionPct: number | null;
    allProducts: boolean;
    allotment: number | null;
  };
  operator: {
    id: string;
    name: string;
    email: string;
    phone: string;
    website: string;
    address: string;
    timezone: string;
    currency: string;
    defaultLanguage: string;
    publicLanguages: string[];
  };
};

/** What a caller knows of its channel and operator (the key's, or a webhook's: octo.webhooks.ts). */
const CALLER_CHANNEL = {
  id: channels.id,
  name: channels.name,
  commissionPct: channels.commissionPct,
  allProducts: channels.allProducts,
  allotment: channels.allotment,
};
const CALLER_OPERATOR = {
  id: tourOperators.id,
  name: tourOperators.name,
  email: tourOperators.email,
  phone: tourOperators.phone,
  website: tourOperators.website,
  address: tourOperators.address,
  timezone: tourOperators.timezone,
  currency: tourOperators.currency,
  defaultLanguage: tourOperators.defaultLanguage,
  publicLanguages: tourOperators.publicLanguages,
};

/**
 * The key with this SHA-256, if it is not revoked, its channel is an active `octo` channel and the
 * channel's operator is active; undefined otherwise. One index read (`channel_keys_hash_key`).
 */
export async function findCallerByKeyHash(db: DbOrTx, keyHash: string): Promise<OctoCaller | undefined> {
  // Every OCTO request asks it: its text built once (db/select-template.ts, ADR 040).
  const [row] = await runSelectTemplate(
    db,
    'octo-caller',
    (d) =>
      d
        .select({ keyId: channelKeys.id, keyLastUsedAt: channelKeys.lastUsedAt, ...CALLER })
        .from(channelKeys)
        .innerJoin(channels, KEY_CHANNEL)
        .innerJoin(tourOperators, CHANNEL_OPERATOR)
        .where(liveKey())
        .limit(1),
    { keyHash },
  );
  return row;
}

/**
 * {@link findCallerByKeyHash} that also counts the request in the key's rate-limit window
 * (`octo:<key id>`, lib/rate-limit.ts), in the same statement (ADR 043): `hits` and `ttl` are the
 * window's after this request. A key that authenticates nothing counts nothing.
 */
export async function findCallerCounting(
  db: DbOrTx,
  keyHash: string,
  windowMs: number,
): Promise<(OctoCaller & { hits: number; ttl: number }) | undefined> {
  const [row] = await runSelectTemplate(
    db,
    'octo-caller-counting',
    (d) => {
      const live = d.$with('live_key').as(
        d
          .select({ key: sql<string>`'octo:' || ${channelKeys.id}`.as('key') })
          .from(channelKeys)
          .innerJoin(channels, KEY_CHANNEL)
          .innerJoin(tourOperators, CHANNEL_OPERATOR)
          .where(liveKey())
          .limit(1),
      );
      const windowSecs = sql`${sql.placeholder('windowSecs')}`;
      const counted = d.$with('counted', {}).as(countHits(sql`select ${live.key} from ${live}`, windowSecs));
      return d
        .with(live, counted)
        .select({
          keyId: channelKeys.id,
          keyLastUsedAt: channelKeys.lastUsedAt,
          ...CALLER,
          hits: sql<number>`(select hits from ${counted})`.mapWith(Number),
          ttl: sql<number>`(select ttl from ${counted})`.mapWith(Number),
        })
        .from(channelKeys)
        .innerJoin(channels, KEY_CHANNEL)
        .innerJoin(tourOperators, CHANNEL_OPERATOR)
        .where(liveKey())
        .limit(1);
    },
    { keyHash, windowSecs: windowMs / 1000 },
  );
  return row;
}

const CALLER = { channel: CALLER_CHANNEL, operator: CALLER_OPERATOR };
const KEY_CHANNEL = and(
  eq(channels.id, channelKeys.channelId),
  eq(channels.tourOperatorId, channelKeys.tourOperatorId),
);
const CHANNEL_OPERATOR = eq(tourOperators.id, channels.tourOperatorId);

/** The key whose hash is the placeholder `keyHash`, not revoked, of an active `octo` channel of an active operator. */
const liveKey = () =>
  and(
    eq(channelKeys.keyHash, sql.placeholder('keyHash')),
    isNull(channelKeys.revokedAt),
    eq(channels.active, true),
    eq(channels.kind, 'octo'),
    eq(tourOperators.state, TOUR_OPERATOR_STATE.ACTIVE),
  );

/**
 * Records that a key was used, at most once a minute (the condition makes a concurrent second
 * request a no-op instead of a second write of the same row).
 */
export async function touchKey(db: DbOrTx, keyId: string, now: Date) {
  await db
    .update(channelKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(channelKeys.id, keyId),
        or(isNull(channelKeys.lastUsedAt), lt(channelKeys.lastUsedAt, new Date(now.getTime() - 60_000))),
      ),
    );
}

export type RequestLogEntry = typeof channelRequests.$inferInsert;

/** Lines of the channel's request log ("Canales"), in one INSERT (octo.request-log.ts batches them). */
export async function insertRequestLogs(db: DbOrTx, entries: RequestLogEntry[]) {
  if (entries.length === 0) return;
  await db.insert(channelRequests).values(entries);
}

/** Active, not deleted products of the caller's operator that its channel may sell. */
function sellable(caller: OctoCaller) {
  return and(eq(products.tourOperatorId, caller.operator.id), sellableBy(caller, caller.channel.id));
}

/**
 * A product of the channel's operator the channel may sell — active, not deleted, and one of its
 * products unless it sells them all — with the channel's id given as a value or a placeholder.
 */
function sellableBy(caller: OctoCaller, channelId: string | Placeholder) {
  const mayBeSold = caller.channel.allProducts
    ? undefined
    : sql`exists (select 1 from ${channelProducts} where ${channelProducts.channelId} = ${channelId} and ${channelProducts.productId} = ${products.id})`;
  return and(eq(products.state, 'active'), isNull(products.deletedAt), mayBeSold);
}

/** The channel's net rates of the product in the query, as json [[paxType, cents], …] ({@link netRatesOf} reads it). */
const netRatesColumn = (channelId: string | Placeholder) =>
  sql<
    [string, number][] | string
  >`(select coalesce(json_agg(json_build_array(${channelNetRates.paxType}, ${channelNetRates.netCents})), '[]'::json)
    from ${channelNetRates}
    where ${channelNetRates.channelId} = ${channelId} and ${channelNetRates.productId} = ${products.id})`;

/** Every product the channel may sell, by name. */
export async function listSellableProducts(db: DbOrTx, caller: OctoCaller): Promise<ProductRow[]> {
  return db.select().from(products).where(sellable(caller)).orderBy(asc(products.name), asc(products.id));
}

/** One product the channel may sell (the id already checked to be a uuid). */
export async function findSellableProduct(db: DbOrTx, caller: OctoCaller, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), sellable(caller)));
  return row;
}

/**
 * A product the channel may sell, with the channel's net rates of it ("productId:paxType" → cents,
 * as {@link listNetRates}), in one statement (ADR 043): what a reserve and an availability check read first.
 */
export async function findSellableProductWithRates(
  db: DbOrTx,
  caller: OctoCaller,
  id: string,
): Promise<{ product: ProductRow; netRates: Map<string, number> } | undefined> {
  const [row] = await db
    .select({ product: products, rates: netRatesColumn(caller.channel.id) })
    .from(products)
    .where(and(eq(products.id, id), sellable(caller)));
  if (!row) return undefined;
  return { product: row.product, netRates: netRatesOf(row.product.id, row) };
}

/**
 * What a reserve reads with its sale (ADR 043, the bookings module's `SaleReadExtra`): the channel's
 * net rates of the product (as {@link findSellableProductWithRates}) and, for a channel with an
 * allotment, the seats its live bookings hold on the departure (as {@link seatsHeldByChannel}); and
 * the condition that the channel may sell the product (active, not deleted, one of its products):
 * else the sale reads nothing. The read's own placeholders name the channel, the product and the
 * departure's date and time.
 */
export function channelSaleRead(caller: OctoCaller): SaleReadExtra {
  // Placeholders only (the read's text is built once per key and reused for every channel): the
  // key names each choice made here.
  const channelId = sql.placeholder('channelId');
  const held = caller.channel.allotment !== null;
  return {
    key: `octo:${caller.channel.allProducts ? 'all' : 'listed'}${held ? ':allotment' : ''}`,
    columns: {
      rates: netRatesColumn(channelId),
      ...(held
        ? {
            held: sql<number>`(select coalesce(sum(${bookings.seats}), 0)::int from ${bookings}
              where ${bookings.channelId} = ${channelId} and ${bookings.productId} = ${products.id}
                and ${bookings.date} = ${sql.placeholder('date')} and ${bookings.time} = ${sql.placeholder('time')}
                and ${inArray(bookings.state, LIVE_STATES)})`,
          }
        : {}),
    },
    where: sellableBy(caller, channelId),
  };
}

/** What {@link channelSaleRead} answers under the sale's `also`. */
export type ChannelSaleRead = { rates: [string, number][] | string; held?: number };

/** The net rates {@link channelSaleRead} read, as {@link listNetRates} answers them. */
export function netRatesOf(productId: string, read: ChannelSaleRead): Map<string, number> {
  const rates = typeof read.rates === 'string' ? (JSON.parse(read.rates) as [string, number][]) : read.rates;
  return new Map(rates.map(([paxType, cents]) => [`${productId}:${paxType}`, Number(cents)]));
}

/**
 * The operator's products by id, whatever their state: the products of a channel's bookings, which
 * it may no longer be able to sell.
 */
export async function findOperatorProducts(db: DbOrTx, operatorId: string, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(and(eq(products.tourOperatorId, operatorId), inArray(products.id, ids)));
}

/** The channel's net rates of these products: "productId:paxType" → cents. */
export async function listNetRates(db: DbOrTx, channelId: string, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: channelNetRates.productId,
      paxType: channelNetRates.paxType,
      netCents: channelNetRates.netCents,
    })
    .from(channelNetRates)
    .where(and(eq(channelNetRates.channelId, channelId), inArray(channelNetRates.productId, productIds)));
  return new Map(rows.map((r) => [`${r.productId}:${r.paxType}`, r.netCents]));
}

/** Booking states whose seats count against a channel's allotment (ADR 023: its live bookings). */
const LIVE_STATES = ['pending', 'confirmed'];

/**
 * The seats the channel's live bookings hold on each departure of a product between two dates:
 * "YYYY-MM-DD HH:mm" → seats. Read-only (the allotment is enforced when a channel books, under the
 * departure's lock, by the sale).
 */
export async function seatsHeldByChannel(
  db: DbOrTx,
  channelId: string,
  productId: string,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ date: bookings.date, time: bookings.time, seats: sql<number>`sum(${bookings.seats})::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.channelId, channelId),
        eq(bookings.productId, productId),
        gte(bookings.date, from),
        lte(bookings.date, to),
        inArray(bookings.state, LIVE_STATES),
      ),
    )
    .groupBy(bookings.date, bookings.time);
  return new Map(rows.map((r) => [`${r.date} ${r.time}`, Number(r.seats)]));
}

/**
 * The webhooks to channels' one query (octo.webhooks.ts): the channel `channelId` of
 * `tourOperatorId` as an OCTO caller (no key: the supplier speaks first), with its endpoint — only
 * when the channel is active and its endpoint is on; undefined otherwise. The channel is
 * modules/channels' and its endpoint the outbox's (kept in step by the channels service); both are
 * only read here. One primary-key read joined to its operator and endpoint.
 */
export async function findWebhookCaller(
  db: DbOrTx,
  tourOperatorId: string,
  channelId: string,
): Promise<{ endpointId: string; caller: OctoCaller } | undefined> {
  const [row] = await db
    .select({ endpointId: webhookEndpoints.id, channel: CALLER_CHANNEL, operator: CALLER_OPERATOR })
    .from(channels)
    .innerJoin(tourOperators, eq(tourOperators.id, channels.tourOperatorId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, channels.webhookEndpointId))
    .where(
      and(
        eq(channels.id, channelId),
        eq(channels.tourOperatorId, tourOperatorId),
        eq(channels.active, true),
        eq(webhookEndpoints.active, true),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const { endpointId, channel, operator } = row;
  return { endpointId, caller: { keyId: '', keyLastUsedAt: null, channel, operator } };
}

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { webhookEndpoints } from './messages';
import { products } from './products';
import { timeOrderedId } from './time-ordered-id';
import { tourOperators } from './tour-operators';
import { users } from './users';

/**
 * A sales channel of an operator (issue 33, ADR 023), owned by modules/channels:
 * - `octo`: a reseller (an OTA, a channel manager) that books through the OCTO API with its keys;
 * - `agency`: a travel agency or hotel desk without an integration, whose bookings the office
 *   records on its behalf.
 * `commission_pct` is what the channel keeps of the retail price (null: none, or net rates);
 * `collects` says who takes the customer's money (`agency`: the channel pays the operator the net;
 * `operator`: the operator pays the channel its commission). `all_products` false limits it to
 * `channel_products`. `allotment`: at most this many seats of one departure held by this channel's
 * live bookings (null: the departure's seats). `webhook_secret` is sealed with APP_ENCRYPTION_KEY
 * (lib/encryption.ts) and never answered.
 */
export const channels = pgTable(
  'channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('octo'),
    commissionPct: numeric('commission_pct', { precision: 5, scale: 2, mode: 'number' }),
    collects: text('collects').notNull().default('operator'),
    allProducts: boolean('all_products').notNull().default(true),
    allotment: integer('allotment'),
    webhookUrl: text('webhook_url'),
    webhookSecret: text('webhook_secret'),
    /**
     * Where its webhooks are delivered (issue 33 item 7): the outbox's endpoint made from
     * `webhook_url` and the sealed `webhook_secret` (kept in step by the channels service).
     */
    webhookEndpointId: uuid('webhook_endpoint_id'),
    contactEmail: text('contact_email').notNull().default(''),
    notes: text('notes').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId],
      foreignColumns: [tourOperators.id],
      name: 'channels_tour_operator_fk',
    }).onDelete('cascade'),
    foreignKey({ columns: [t.createdBy], foreignColumns: [users.id], name: 'channels_created_by_fk' }).onDelete(
      'set null',
    ),
    foreignKey({
      columns: [t.webhookEndpointId],
      foreignColumns: [webhookEndpoints.id],
      name: 'channels_webhook_endpoint_fk',
    }).onDelete('set null'),
    unique('channels_tenant_id_key').on(t.tourOperatorId, t.id),
    uniqueIndex('channels_tenant_name_key').on(t.tourOperatorId, sql`lower(${t.name})`),
    check('channels_kind_check', sql`${t.kind} in ('octo', 'agency')`),
    check('channels_collects_check', sql`${t.collects} in ('agency', 'operator')`),
    check('channels_commission_check', sql`${t.commissionPct} is null or ${t.commissionPct} between 0 and 100`),
    check('channels_allotment_check', sql`${t.allotment} is null or ${t.allotment} >= 0`),
  ],
);

/** The products a channel with `all_products` false may sell; `net_rates` per pax type (cents). */
export const channelProducts = pgTable(
  'channel_products',
  {
    tourOperatorId: uuid('tour_operator_id').notNull(),
    channelId: uuid('channel_id').notNull(),
    productId: uuid('product_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.productId], name: 'channel_products_pkey' }),
    foreignKey({
      columns: [t.tourOperatorId, t.channelId],
      foreignColumns: [channels.tourOperatorId, channels.id],
      name: 'channel_products_channel_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tourOperatorId, t.productId],
      foreignColumns: [products.tourOperatorId, products.id],
      name: 'channel_products_product_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * Net rates of a channel: what the operator is paid per passenger of a type on a product, instead
 * of the retail price less the channel's commission.
 */
export const channelNetRates = pgTable(
  'channel_net_rates',
  {
    tourOperatorId: uuid('tour_operator_id').notNull(),
    channelId: uuid('channel_id').notNull(),
    productId: uuid('product_id').notNull(),
    paxType: text('pax_type').notNull(),
    netCents: integer('net_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.productId, t.paxType], name: 'channel_net_rates_pkey' }),
    foreignKey({
      columns: [t.tourOperatorId, t.channelId],
      foreignColumns: [channels.tourOperatorId, channels.id],
      name: 'channel_net_rates_channel_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tourOperatorId, t.productId],
      foreignColumns: [products.tourOperatorId, products.id],
      name: 'channel_net_rates_product_fk',
    }).onDelete('cascade'),
    check('channel_net_rates_amount_check', sql`${t.netCents} >= 0`),
  ],
);

/**
 * A channel's API key (the OCTO Bearer token): only its SHA-256 is stored (`key_hash`, unique), with
 * its first characters to recognise it (`key_prefix`). Revoked keys stay, for the request log.
 */
export const channelKeys = pgTable(
  'channel_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    channelId: uuid('channel_id').notNull(),
    label: text('label').notNull().default(''),
    keyHash: text('key_hash').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by'),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId, t.channelId],
      foreignColumns: [channels.tourOperatorId, channels.id],
      name: 'channel_keys_channel_fk',
    }).onDelete('cascade'),
    foreignKey({ columns: [t.createdBy], foreignColumns: [users.id], name: 'channel_keys_created_by_fk' }).onDelete(
      'set null',
    ),
    foreignKey({ columns: [t.revokedBy], foreignColumns: [users.id], name: 'channel_keys_revoked_by_fk' }).onDelete(
      'set null',
    ),
    unique('channel_keys_hash_key').on(t.keyHash),
    index('channel_keys_channel_idx').on(t.channelId, t.createdAt),
  ],
);

/** What a channel's keys asked the OCTO API (the operator reads it in "Canales"), kept 90 days. */
export const channelRequests = pgTable(
  'channel_requests',
  {
    id: timeOrderedId(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    channelId: uuid('channel_id').notNull(),
    keyId: uuid('key_id'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    errorCode: text('error_code'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId, t.channelId],
      foreignColumns: [channels.tourOperatorId, channels.id],
      name: 'channel_requests_channel_fk',
    }).onDelete('cascade'),
    foreignKey({ columns: [t.keyId], foreignColumns: [channelKeys.id], name: 'channel_requests_key_fk' }).onDelete(
      'set null',
    ),
    index('channel_requests_channel_at_idx').on(t.channelId, t.at),
    index('channel_requests_at_idx').on(t.at),
  ],
);

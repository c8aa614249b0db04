/**
 * Sales channels (issue 33, ADR 023): the rules and transactions of "Canales". A channel belongs to
 * one operator; levels 0–1 manage it (route-guarded; the repository scopes the administrator to
 * every operator and a manager to their own, so another operator's channel is 404). Every write is
 * one transaction with its audit entry (entity `channel`): never a key nor the webhook secret, which
 * the entry shows as "(cambiado)".
 *
 * The OCTO API (modules/octo) authenticates keys and logs requests on its side. A channel's webhook
 * is delivered by the outbox (modules/messages): every write keeps the channel's endpoint in step
 * with it ({@link syncWebhookEndpoint}); modules/octo decides what is sent (octo.webhooks.ts).
 */
import {
  CHANNEL_MSG,
  CHANNEL_REQUESTS_RETENTION_DAYS,
  formatCents,
  MSG,
  PAX_TYPE_NAMES,
  type TChannelCreateRequest,
  type TChannelKeyCreatedResponse,
  type TChannelKeyCreateRequest,
  type TChannelUpdateRequest,
  type TPaxType,
} from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { channels } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, type FieldErrors, fieldError, notFound, validation } from '../../lib/app-error';
import { isConstraintViolation } from '../../lib/db-errors';
import type { ListParams } from '../../lib/filters';
import { isoOf } from '../../lib/instants';
import { type Actor, isAdmin, tenantForWrite } from '../../lib/tenant';
import {
  type AuditChanges,
  createdFields,
  diffFields,
  nameReferences,
  recordAudit,
  staffAudit,
} from '../audit/audit.service';
import { setWebhookEndpointActive, upsertWebhookEndpoint } from '../messages/messages.webhooks';
import { findTourOperatorRow } from '../tour-operators/tour-operators.service';
import { newChannelKey } from './channel-keys';
import { openWebhookSecret, sealWebhookSecret } from './channel-secrets';
import { type NetRateRow, toChannelResponse, toKeyResponse, toRequestResponse } from './channels.mapper';
import * as repo from './channels.repository';

const WHAT = 'El canal';
const KEY_WHAT = 'La clave';
/** How a changed webhook secret shows in the audit log: never its value. */
const SECRET_CHANGED = '(cambiado)';
const DAY_MS = 24 * 60 * 60 * 1000;

const nameTaken = () => fieldError('CHANNEL_NAME_TAKEN', 'name', CHANNEL_MSG.nameTaken);

/** Two concurrent writes with the same name: the unique index decides, answered as the same 409. */
function rethrowNameRace(err: unknown): never {
  if (isConstraintViolation(err, '23505', 'channels_tenant_name_key')) throw nameTaken();
  throw err;
}

/** The operator a new channel belongs to: the caller's own; the administrator must name one that exists. */
async function resolveOperator(db: DbOrTx, actor: Actor, requested: string | undefined) {
  const id = tenantForWrite(actor, requested);
  if (!id) throw validation({ tour_operator_id: [MSG.required] }, CHANNEL_MSG.operatorRequired);
  if (isAdmin(actor) && !(await findTourOperatorRow(db, id))) {
    throw fieldError('VALIDATION', 'tour_operator_id', CHANNEL_MSG.operatorMissing);
  }
  return id;
}

type Body = TChannelUpdateRequest;
type ProductInfo = { name: string; paxTypes: Set<string> };

/** The operator's live products among those a body names, with the passenger types each has a price for. */
async function productsOf(db: DbOrTx, tourOperatorId: string, ids: string[]): Promise<Map<string, ProductInfo>> {
  const rows = await repo.findOperatorProducts(db, tourOperatorId, [...new Set(ids)]);
  return new Map(
    rows.map((p) => [
      p.id,
      {
        name: p.name,
        paxTypes: new Set([...p.prices, ...p.seasons.flatMap((s) => s.prices)].map((x) => x.pax_type)),
      },
    ]),
  );
}

/**
 * The body's products: each of `product_ids` and each net rate's product a live product of the
 * channel's operator, each net rate's passenger type one the product has a price for (its base
 * prices or a season's). 422 naming `product_ids.N`, `net_rates.N.product_id` or `…pax_type`.
 */
function productErrors(body: Body, known: Map<string, ProductInfo>): FieldErrors {
  const errors: FieldErrors = {};
  (body.product_ids ?? []).forEach((id, i) => {
    if (!known.has(id)) errors[`product_ids.${i}`] = [CHANNEL_MSG.productNotOwn];
  });
  (body.net_rates ?? []).forEach((r, i) => {
    const product = known.get(r.product_id);
    if (!product) errors[`net_rates.${i}.product_id`] = [CHANNEL_MSG.productNotOwn];
    else if (!product.paxTypes.has(r.pax_type)) errors[`net_rates.${i}.pax_type`] = [CHANNEL_MSG.paxTypeNotPriced];
  });
  return errors;
}

/** A webhook address needs its secret (sent now or stored): a delivery is always signed. */
function webhookErrors(url: string | null, hasSecret: boolean): FieldErrors {
  return url && !hasSecret ? { webhook_secret: [CHANNEL_MSG.webhookSecretRequired] } : {};
}

/** Whether the sealed secret is this one (one that no longer opens, the key changed, is not). */
function isStoredSecret(sealed: string | null, secret: string): boolean {
  if (!sealed) return false;
  try {
    return openWebhookSecret(sealed) === secret;
  } catch {
    return false;
  }
}

/** What the channel's endpoint is made of: the channel as it is after the write. */
type WebhookState = {
  tourOperatorId: string;
  name: string;
  active: boolean;
  webhookUrl: string | null;
  /** Sealed (channel-secrets.ts): the endpoint keeps the same envelope, opened only to sign. */
  webhookSecret: string | null;
  webhookEndpointId: string | null;
};

/**
 * Keeps the channel's outbox endpoint in step with the channel (issue 33 item 7, ADR 023), in the
 * write's transaction: with a webhook address, its endpoint (made the first time) gets the address,
 * the same sealed secret, «Canal <name>» and the channel's `active` — so what is still queued goes to
 * the new address, signed with the new secret, and nothing goes while the channel is inactive;
 * without one, the endpoint it had is switched off (what is queued for it is skipped) and unlinked.
 * Answers the endpoint the channel points to now.
 */
async function syncWebhookEndpoint(tx: DbOrTx, c: WebhookState): Promise<string | null> {
  if (c.webhookUrl && c.webhookSecret) {
    return upsertWebhookEndpoint(tx, {
      id: c.webhookEndpointId,
      tourOperatorId: c.tourOperatorId,
      url: c.webhookUrl,
      secret: c.webhookSecret,
      description: `Canal ${c.name}`,
      active: c.active,
    });
  }
  if (c.webhookEndpointId) await setWebhookEndpointActive(tx, c.webhookEndpointId, false);
  return null;
}

const idsInBody = (body: Body) => [...(body.product_ids ?? []), ...(body.net_rates ?? []).map((r) => r.product_id)];

/** Net rates as the activity log reads them: "Excursión al Teide · Adulto: 35,00 €", sorted. */
function netRatesText(rates: NetRateRow[], names: Map<string, ProductInfo>): string[] {
  return rates
    .map((r) => {
      const pax = PAX_TYPE_NAMES[r.paxType as TPaxType] ?? r.paxType;
      return `${names.get(r.productId)?.name ?? r.productId} · ${pax}: ${formatCents(r.netCents)}`;
    })
    .sort((a, b) => a.localeCompare(b, 'es'));
}

const ratesOf = (body: Body): NetRateRow[] | undefined =>
  body.net_rates?.map((r) => ({ productId: r.product_id, paxType: r.pax_type, netCents: r.net_cents }));

/** The columns a body sets (undefined: not sent, not changed), but the webhook secret. */
function columnsOf(body: Body): Partial<typeof channels.$inferInsert> {
  return {
    name: body.name,
    kind: body.kind,
    commissionPct: body.commission_pct,
    collects: body.collects,
    allProducts: body.product_ids === undefined ? undefined : body.product_ids === null,
    allotment: body.allotment,
    webhookUrl: body.webhook_url,
    contactEmail: body.contact_email,
    notes: body.notes,
    active: body.active,
  };
}

/** A channel's products (null: all) and net rates, as stored. */
async function setsOf(db: DbOrTx, row: { id: string; allProducts: boolean }) {
  const [products, rates] = await Promise.all([
    row.allProducts ? Promise.resolve([]) : repo.listChannelProductIds(db, [row.id]),
    repo.listNetRates(db, [row.id]),
  ]);
  return { productIds: row.allProducts ? null : products.map((p) => p.productId), rates };
}

async function readChannel(db: DbOrTx, actor: Actor, id: string) {
  const row = await repo.findVisibleChannel(db, actor, id);
  if (!row) throw notFound(WHAT);
  const { productIds, rates } = await setsOf(db, row);
  return toChannelResponse(row, productIds ?? [], rates);
}

/** GET /channels: a page of the channels the actor sees, with their products and net rates (two queries). */
export async function listChannels(db: Db, actor: Actor, params: ListParams) {
  const { rows, total } = await repo.listChannels(db, actor, params);
  const ids = rows.map((r) => r.id);
  const [products, rates] = await Promise.all([
    repo.listChannelProductIds(
      db,
      rows.filter((r) => !r.allProducts).map((r) => r.id),
    ),
    repo.listNetRates(db, ids),
  ]);
  const items = rows.map((r) =>
    toChannelResponse(
      r,
      products.filter((p) => p.channelId === r.id).map((p) => p.productId),
      rates.filter((x) => x.channelId === r.id),
    ),
  );
  return { items, total };
}

export async function getChannel(db: Db, actor: Actor, id: string) {
  return readChannel(db, actor, id);
}

/**
 * Creates a channel with its products and net rates, in one transaction. A manager's channel is
 * their operator's; the administrator names the operator. Name unique per operator, whatever the
 * case (409 CHANNEL_NAME_TAKEN); products and net rates of the operator (422).
 */
export async function createChannel(db: Db, actor: Actor, body: TChannelCreateRequest, now = new Date()) {
  try {
    return await inTransaction(db, async (tx) => {
      const tourOperatorId = await resolveOperator(tx, actor, body.tour_operator_id);
      const known = await productsOf(tx, tourOperatorId, idsInBody(body));
      const errors = {
        ...productErrors(body, known),
        ...webhookErrors(body.webhook_url ?? null, Boolean(body.webhook_secret)),
      };
      if (Object.keys(errors).length > 0) throw validation(errors);
      if (await repo.nameInUse(tx, tourOperatorId, body.name)) throw nameTaken();

      // A secret goes with an address only.
      const webhookSecret = body.webhook_url && body.webhook_secret ? sealWebhookSecret(body.webhook_secret) : null;
      const active = body.active ?? true;
      const webhookEndpointId = await syncWebhookEndpoint(tx, {
        tourOperatorId,
        name: body.name,
        active,
        webhookUrl: body.webhook_url ?? null,
        webhookSecret,
        webhookEndpointId: null,
      });
      const row = await repo.insertChannel(tx, {
        ...columnsOf(body),
        webhookSecret,
        webhookEndpointId,
        tourOperatorId,
        name: body.name,
        kind: body.kind ?? 'octo',
        collects: body.collects ?? 'operator',
        allProducts: body.product_ids == null,
        active,
        contactEmail: body.contact_email ?? '',
        notes: body.notes ?? '',
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      const productIds = body.product_ids ?? [];
      if (body.product_ids) await repo.replaceChannelProducts(tx, tourOperatorId, row.id, productIds);
      const rates = ratesOf(body) ?? [];
      if (rates.length > 0) await repo.replaceNetRates(tx, tourOperatorId, row.id, rates);

      const names = new Map([...known].map(([id, p]) => [id, p.name]));
      const changes = await nameReferences(
        tx,
        createdFields({
          name: row.name,
          kind: row.kind,
          commission_pct: row.commissionPct,
          collects: row.collects,
          all_products: row.allProducts,
          product_ids: body.product_ids ?? undefined,
          net_rates: netRatesText(rates, known),
          allotment: row.allotment,
          webhook_url: row.webhookUrl,
          webhook_secret: row.webhookSecret ? SECRET_CHANGED : undefined,
          contact_email: row.contactEmail,
          notes: row.notes,
          active: row.active,
        }),
        { product_ids: 'product' },
        names,
      );
      await recordAudit(tx, staffAudit(actor), {
        tourOperatorId,
        entityType: 'channel',
        entityId: row.id,
        action: 'create',
        summary: `Canal ${row.name}`,
        changes,
        at: now,
      });
      return readChannel(tx, actor, row.id);
    });
  } catch (err) {
    rethrowNameRace(err);
  }
}

/**
 * Edits a channel: fields not sent stay; `product_ids` and `net_rates`, when sent, replace the
 * stored sets; `webhook_url` null removes the webhook with its secret (a secret goes only with an
 * address: one stored, or sent, for a new address). A channel never changes operator (422); one with
 * live keys cannot become an agency (409 CHANNEL_KIND_CONFLICT: revoke them first).
 */
export async function updateChannel(db: Db, actor: Actor, id: string, body: TChannelUpdateRequest, now = new Date()) {
  try {
    return await inTransaction(db, async (tx) => {
      const current = await repo.lockVisibleChannel(tx, actor, id);
      if (!current) throw notFound(WHAT);
      const opId = current.tourOperatorId;
      if (isAdmin(actor) && body.tour_operator_id && body.tour_operator_id !== opId) {
        throw fieldError('VALIDATION', 'tour_operator_id', CHANNEL_MSG.operatorChange);
      }
      const before = await setsOf(tx, current);
      const known = await productsOf(tx, opId, [
        ...idsInBody(body),
        ...(before.productIds ?? []),
        ...before.rates.map((r) => r.productId),
      ]);
      const url = body.webhook_url !== undefined ? body.webhook_url : current.webhookUrl;
      const hasSecret = Boolean(body.webhook_secret) || Boolean(current.webhookSecret);
      const errors = { ...productErrors(body, known), ...webhookErrors(url, hasSecret) };
      if (Object.keys(errors).length > 0) throw validation(errors);
      if (body.name && (await repo.nameInUse(tx, opId, body.name, id))) throw nameTaken();
      if (body.kind === 'agency' && current.kind !== 'agency' && (await repo.countLiveKeys(tx, id)) > 0) {
        throw new AppError({ code: 'CHANNEL_KIND_CONFLICT', message: CHANNEL_MSG.liveKeysOnAgency });
      }

      // No address, no secret: `webhook_url` null takes the secret with it. A secret sent is sealed
      // unless it is the stored one (compared in memory, never logged).
      const hadSecret = Boolean(current.webhookSecret);
      const values = columnsOf(body);
      let hasSecretNow = hadSecret;
      if (!url) {
        hasSecretNow = false;
        if (hadSecret) values.webhookSecret = null;
      } else if (body.webhook_secret && !isStoredSecret(current.webhookSecret, body.webhook_secret)) {
        hasSecretNow = true;
        values.webhookSecret = sealWebhookSecret(body.webhook_secret);
      }
      const secretChanged = values.webhookSecret !== undefined;
      const endpointId = await syncWebhookEndpoint(tx, {
        tourOperatorId: opId,
        name: body.name ?? current.name,
        active: body.active ?? current.active,
        webhookUrl: url,
        webhookSecret: secretChanged ? (values.webhookSecret ?? null) : current.webhookSecret,
        webhookEndpointId: current.webhookEndpointId,
      });
      if (endpointId !== current.webhookEndpointId) values.webhookEndpointId = endpointId;
      await repo.updateChannelRow(tx, id, values);
      if (body.product_ids !== undefined) await repo.replaceChannelProducts(tx, opId, id, body.product_ids ?? []);
      const rates = ratesOf(body);
      if (rates) await repo.replaceNetRates(tx, opId, id, rates);

      const sorted = (l: string[] | null | undefined) => (l ? [...l].sort() : l);
      const changes: AuditChanges = diffFields(
        {
          name: current.name,
          kind: current.kind,
          commission_pct: current.commissionPct,
          collects: current.collects,
          all_products: current.allProducts,
          product_ids: sorted(before.productIds),
          net_rates: netRatesText(before.rates, known),
          allotment: current.allotment,
          webhook_url: current.webhookUrl,
          contact_email: current.contactEmail,
          notes: current.notes,
          active: current.active,
        },
        {
          name: body.name,
          kind: body.kind,
          commission_pct: body.commission_pct,
          collects: body.collects,
          all_products: values.allProducts,
          product_ids: sorted(body.product_ids),
          net_rates: rates ? netRatesText(rates, known) : undefined,
          allotment: body.allotment,
          webhook_url: body.webhook_url,
          contact_email: body.contact_email,
          notes: body.notes,
          active: body.active,
        },
      );
      if (secretChanged)
        changes.webhook_secret = [hadSecret ? SECRET_CHANGED : null, hasSecretNow ? SECRET_CHANGED : null];
      if (Object.keys(changes).length > 0) {
        const names = new Map([...known].map(([pid, p]) => [pid, p.name]));
        await recordAudit(tx, staffAudit(actor), {
          tourOperatorId: opId,
          entityType: 'channel',
          entityId: id,
          action: 'update',
          summary: `Canal ${body.name ?? current.name}`,
          changes: await nameReferences(tx, changes, { product_ids: 'product' }, names),
          at: now,
        });
      }
      return readChannel(tx, actor, id);
    });
  } catch (err) {
    rethrowNameRace(err);
  }
}

/** A visible channel, or 404. */
async function visibleChannel(db: DbOrTx, actor: Actor, id: string) {
  const row = await repo.findVisibleChannel(db, actor, id);
  if (!row) throw notFound(WHAT);
  return row;
}

/**
 * A new API key of an `octo` channel (an agency has none: 409 CHANNEL_KIND_CONFLICT). The key is
 * in this answer only: the database keeps its SHA-256 and first 12 characters; the audit entry its
 * label and those characters.
 */
export async function createChannelKey(
  db: Db,
  actor: Actor,
  id: string,
  body: TChannelKeyCreateRequest,
  now = new Date(),
): Promise<TChannelKeyCreatedResponse> {
  return inTransaction(db, async (tx) => {
    const channel = await repo.lockVisibleChannel(tx, actor, id);
    if (!channel) throw notFound(WHAT);
    if (channel.kind !== 'octo')
      throw new AppError({ code: 'CHANNEL_KIND_CONFLICT', message: CHANNEL_MSG.agencyHasNoKeys });
    const made = newChannelKey();
    const label = body.label ?? '';
    const row = await repo.insertKey(tx, {
      tourOperatorId: channel.tourOperatorId,
      channelId: channel.id,
      label,
      keyHash: made.hash,
      keyPrefix: made.prefix,
      createdBy: actor.id,
      createdAt: now,
    });
    await recordAudit(tx, staffAudit(actor), {
      tourOperatorId: channel.tourOperatorId,
      entityType: 'channel',
      entityId: channel.id,
      action: 'key_create',
      summary: `Canal ${channel.name}: clave ${made.prefix}…`,
      changes: createdFields({ label, key_prefix: made.prefix }),
      at: now,
    });
    return { id: row.id, key: made.key, key_prefix: row.keyPrefix, label: row.label, created_at: isoOf(row.createdAt) };
  });
}

/** A channel's keys (live and revoked), newest first, without the keys. */
export async function listChannelKeys(db: Db, actor: Actor, id: string) {
  const channel = await visibleChannel(db, actor, id);
  return (await repo.listKeys(db, channel.id)).map(toKeyResponse);
}

/**
 * Revokes a key of the channel at once (its next OCTO request answers 401). A key already revoked
 * stays as it was (no error); another channel's key is 404. Revoked keys stay, for the request log.
 */
export async function revokeChannelKey(db: Db, actor: Actor, id: string, keyId: string, now = new Date()) {
  await inTransaction(db, async (tx) => {
    const channel = await repo.lockVisibleChannel(tx, actor, id);
    if (!channel) throw notFound(WHAT);
    const key = await repo.lockKey(tx, channel.id, keyId);
    if (!key) throw notFound(KEY_WHAT);
    if (key.revokedAt) return;
    await repo.revokeKey(tx, key.id, actor.id, now);
    await recordAudit(tx, staffAudit(actor), {
      tourOperatorId: channel.tourOperatorId,
      entityType: 'channel',
      entityId: channel.id,
      action: 'key_revoke',
      summary: `Canal ${channel.name}: clave ${key.keyPrefix}…`,
      changes: { key_prefix: [key.keyPrefix, null], ...(key.label ? { label: [key.label, null] } : {}) },
      at: now,
    });
  });
}

/** A page of what the channel's keys asked the OCTO API, latest first. */
export async function listChannelRequests(db: Db, actor: Actor, id: string, params: ListParams) {
  const channel = await visibleChannel(db, actor, id);
  const { rows, total } = await repo.listRequests(db, channel.id, params);
  return { items: rows.map(toRequestResponse), total };
}

/**
 * The `channels.purge-requests` task's step (background.ts): deletes up to `limit` requests logged
 * more than CHANNEL_REQUESTS_RETENTION_DAYS ago. Returns how many.
 */
export function purgeOldChannelRequests(db: DbOrTx, now: Date, limit = 500): Promise<number> {
  return repo.deleteRequestsBefore(db, new Date(now.getTime() - CHANNEL_REQUESTS_RETENTION_DAYS * DAY_MS), limit);
}

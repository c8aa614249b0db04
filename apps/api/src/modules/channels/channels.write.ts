/**
 * Creating and editing a channel, each one transaction with its products, net rates, webhook
 * endpoint and audit entry (entity `channel`), where the webhook secret shows as "(cambiado)".
 */
import {
  CHANNEL_MSG,
  formatCents,
  PAX_TYPE_NAMES,
  type TChannelCreateRequest,
  type TChannelUpdateRequest,
  type TPaxType,
} from '@trayecto/shared';
import type { Db } from '../../db/client';
import type { channels } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError, notFound, validation } from '../../lib/app-error';
import { type Actor, isAdmin } from '../../lib/tenant';
import {
  type AuditChanges,
  createdFields,
  diffFields,
  nameReferences,
  recordAudit,
  staffAudit,
} from '../audit/audit.service';
import { sealWebhookSecret } from './channel-secrets';
import type { NetRateRow } from './channels.mapper';
import { readChannel, setsOf, WHAT } from './channels.read';
import * as repo from './channels.repository';
import {
  type Body,
  idsInBody,
  nameTaken,
  type ProductInfo,
  productErrors,
  productsOf,
  resolveOperator,
  rethrowNameRace,
  webhookErrors,
} from './channels.rules';
import { isStoredSecret, syncWebhookEndpoint } from './channels.webhook';

/** How a changed webhook secret shows in the audit log: never its value. */
const SECRET_CHANGED = '(cambiado)';

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

/**
 * The checks of a channel body (create and edit, ADR 023): the operator it belongs to, its products
 * and net rates (live products of that operator, priced for the passenger type), a webhook address
 * with its secret, and the name unique per operator (also when two writes race).
 */
import { CHANNEL_MSG, MSG, type TChannelUpdateRequest } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { type FieldErrors, fieldError, validation } from '../../lib/app-error';
import { isConstraintViolation } from '../../lib/db-errors';
import { type Actor, isAdmin, tenantForWrite } from '../../lib/tenant';
import { findTourOperatorRow } from '../tour-operators/tour-operators.service';
import * as repo from './channels.repository';

/** 409 CHANNEL_NAME_TAKEN on `name`. */
export const nameTaken = () => fieldError('CHANNEL_NAME_TAKEN', 'name', CHANNEL_MSG.nameTaken);

/** Two concurrent writes with the same name: the unique index decides, answered as the same 409. */
export function rethrowNameRace(err: unknown): never {
  if (isConstraintViolation(err, '23505', 'channels_tenant_name_key')) throw nameTaken();
  throw err;
}

/** The operator a new channel belongs to: the caller's own; the administrator must name one that exists. */
export async function resolveOperator(db: DbOrTx, actor: Actor, requested: string | undefined) {
  const id = tenantForWrite(actor, requested);
  if (!id) throw validation({ tour_operator_id: [MSG.required] }, CHANNEL_MSG.operatorRequired);
  if (isAdmin(actor) && !(await findTourOperatorRow(db, id))) {
    throw fieldError('VALIDATION', 'tour_operator_id', CHANNEL_MSG.operatorMissing);
  }
  return id;
}

export type Body = TChannelUpdateRequest;
export type ProductInfo = { name: string; paxTypes: Set<string> };

/** The operator's live products among those a body names, with the passenger types each has a price for. */
export async function productsOf(db: DbOrTx, tourOperatorId: string, ids: string[]): Promise<Map<string, ProductInfo>> {
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
export function productErrors(body: Body, known: Map<string, ProductInfo>): FieldErrors {
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
export function webhookErrors(url: string | null, hasSecret: boolean): FieldErrors {
  return url && !hasSecret ? { webhook_secret: [CHANNEL_MSG.webhookSecretRequired] } : {};
}

export const idsInBody = (body: Body) => [
  ...(body.product_ids ?? []),
  ...(body.net_rates ?? []).map((r) => r.product_id),
];

import type {
  TChannelCollects,
  TChannelKeyResponse,
  TChannelKind,
  TChannelNetRate,
  TChannelRequestResponse,
  TChannelResponse,
} from '@trayecto/shared';
import { isoOf, isoOrNull } from '../../lib/instants';
import type { ChannelWithOperator, KeyListRow, RequestListRow } from './channels.repository';

export type NetRateRow = { productId: string; paxType: string; netCents: number };

export const toNetRate = (r: NetRateRow): TChannelNetRate => ({
  product_id: r.productId,
  pax_type: r.paxType as TChannelNetRate['pax_type'],
  net_cents: r.netCents,
});

/** A channel as answered: its webhook secret only as `webhook_secret_set`, never a key. */
export function toChannelResponse(
  row: ChannelWithOperator,
  productIds: string[],
  netRates: NetRateRow[],
): TChannelResponse {
  return {
    id: row.id,
    tour_operator_id: row.tourOperatorId,
    tour_operator: { id: row.tourOperatorId, name: row.operatorName },
    name: row.name,
    kind: row.kind as TChannelKind,
    commission_pct: row.commissionPct === null ? null : Number(row.commissionPct),
    net_rates: netRates.map(toNetRate),
    collects: row.collects as TChannelCollects,
    all_products: row.allProducts,
    product_ids: row.allProducts ? null : productIds,
    allotment: row.allotment,
    webhook_url: row.webhookUrl,
    webhook_secret_set: Boolean(row.webhookSecret),
    contact_email: row.contactEmail,
    notes: row.notes,
    active: row.active,
    keys_active: Number(row.keysActive ?? 0),
    created_at: isoOf(row.createdAt),
    updated_at: isoOf(row.updatedAt),
  };
}

const userRef = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

export function toKeyResponse(row: KeyListRow): TChannelKeyResponse {
  return {
    id: row.id,
    label: row.label,
    key_prefix: row.keyPrefix,
    active: row.revokedAt === null,
    created_at: isoOf(row.createdAt),
    created_by: userRef(row.createdBy, row.createdByName),
    last_used_at: isoOrNull(row.lastUsedAt),
    revoked_at: isoOrNull(row.revokedAt),
    revoked_by: userRef(row.revokedBy, row.revokedByName),
  };
}

export function toRequestResponse(row: RequestListRow): TChannelRequestResponse {
  return {
    id: row.id,
    key_id: row.keyId,
    key_prefix: row.keyPrefix,
    method: row.method,
    path: row.path,
    status: row.status,
    duration_ms: row.durationMs,
    error_code: row.errorCode,
    at: isoOf(row.at),
  };
}

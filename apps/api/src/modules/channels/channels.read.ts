/**
 * Reading channels: a page of those the actor sees and one channel, each with its products and net
 * rates; a visible channel or 404 for the keys and the request log.
 */
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import type { Actor } from '../../lib/tenant';
import { toChannelResponse } from './channels.mapper';
import * as repo from './channels.repository';

/** How a 404 names a channel (here, in the writes and in the keys). */
export const WHAT = 'El canal';

/** A channel's products (null: all) and net rates, as stored. */
export async function setsOf(db: DbOrTx, row: { id: string; allProducts: boolean }) {
  const [products, rates] = await Promise.all([
    row.allProducts ? Promise.resolve([]) : repo.listChannelProductIds(db, [row.id]),
    repo.listNetRates(db, [row.id]),
  ]);
  return { productIds: row.allProducts ? null : products.map((p) => p.productId), rates };
}

/** One visible channel with its products and net rates, or 404. */
export async function readChannel(db: DbOrTx, actor: Actor, id: string) {
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

/** A visible channel, or 404. */
export async function visibleChannel(db: DbOrTx, actor: Actor, id: string) {
  const row = await repo.findVisibleChannel(db, actor, id);
  if (!row) throw notFound(WHAT);
  return row;
}

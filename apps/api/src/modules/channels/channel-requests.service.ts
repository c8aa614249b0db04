/**
 * A channel's request log: what its keys asked the OCTO API (logged by modules/octo), a page at a
 * time, and the background task's purge of entries past the retention.
 */
import { CHANNEL_REQUESTS_RETENTION_DAYS } from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { ListParams } from '../../lib/filters';
import type { Actor } from '../../lib/tenant';
import { toRequestResponse } from './channels.mapper';
import { visibleChannel } from './channels.read';
import * as repo from './channels.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

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

/**
 * A channel's API keys in "Canales": a new key (shown once), the list without the keys, and
 * revoking one, each write with its audit entry. The keys themselves are made in channel-keys.ts.
 */
import { CHANNEL_MSG, type TChannelKeyCreatedResponse, type TChannelKeyCreateRequest } from '@trayecto/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import { isoOf } from '../../lib/instants';
import type { Actor } from '../../lib/tenant';
import { createdFields, recordAudit, staffAudit } from '../audit/audit.service';
import { newChannelKey } from './channel-keys';
import { toKeyResponse } from './channels.mapper';
import { visibleChannel, WHAT } from './channels.read';
import * as repo from './channels.repository';

const KEY_WHAT = 'La clave';

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

/**
 * The audit log's write and read sides (issue 7). Every service that changes a booking, a user or a
 * schedule sheet calls {@link recordAudit} inside the transaction of the change: a rolled-back
 * change leaves no entry, and a committed change always has one (docs/decisions/008-audit-log.md).
 */
import type { TAuditAction, TAuditActorKind, TAuditEntityType, TAuditEntryResponse } from '@trayecto/shared';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  actorKindOf,
  actorUserId,
  type ChangeActor,
  labelOf,
  originOf,
  staffActor,
  systemActor,
} from '../../lib/actors';
import { fieldError } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import type { Actor } from '../../lib/tenant';
import { decodeAuditCursor, encodeAuditCursor } from './audit.cursor';
import { toAuditEntryResponse } from './audit.mapper';
import * as repo from './audit.repository';

/** Who acts and from where, as an entry keeps it (lib/actors.ts: staff, customer, channel, system). */
export type AuditContext = {
  kind: TAuditActorKind;
  /** The staff user; null for customers, channels and the system. */
  actorId: string | null;
  /** "Nombre <email>", the customer's or channel's name, or "Sistema". */
  label: string;
  requestId: string | null;
  ip: string | null;
};

/** `{ field: [before, after] }`, snake_case as the API names the field; only what changed. */
export type AuditChanges = Record<string, [unknown, unknown]>;

export type AuditEntry = {
  tourOperatorId: string | null;
  entityType: TAuditEntityType;
  entityId: string;
  action: TAuditAction;
  changes?: AuditChanges;
  summary: string;
  /** When it happened (the service's clock); the database's now() when left out. */
  at?: Date;
};

/** What an entry keeps of whoever acted (one of the four actors of lib/actors.ts). */
export function auditContextOf(actor: ChangeActor): AuditContext {
  return { kind: actorKindOf(actor), actorId: actorUserId(actor), label: labelOf(actor), ...originOf(actor) };
}

/** A staff user acting through the API (the Actor carries the request id and address). */
export const staffAudit = (actor: Actor): AuditContext => auditContextOf(staffActor(actor));

/** Changes nobody asked for in a request: the demo seed, start-up, jobs. */
export const SYSTEM_AUDIT: AuditContext = auditContextOf(systemActor());

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields whose value differs between `before` and `after`, as `{ field: [before, after] }`.
 * A field left out of `after` (or undefined there) was not sent, so it did not change.
 */
export function diffFields(before: Record<string, unknown>, after: Record<string, unknown>): AuditChanges {
  const out: AuditChanges = {};
  for (const [field, next] of Object.entries(after)) {
    if (next === undefined) continue;
    const prev = before[field] ?? null;
    if (!same(prev, next)) out[field] = [prev, next ?? null];
  }
  return out;
}

/** The changes of a new record: every given field as `[null, value]` (empty ones left out). */
export function createdFields(values: Record<string, unknown>): AuditChanges {
  const out: AuditChanges = {};
  for (const [field, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[field] = [null, v];
  }
  return out;
}

/** `{ field: { from, to } }` (the bookings history's shape) → `{ field: [from, to] }`. */
export function fromChangeMap(changes: Record<string, { from: unknown; to: unknown }>): AuditChanges {
  return Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, [c.from ?? null, c.to ?? null]]));
}

const isId = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v);

/**
 * Replaces the ids of reference fields (`seller_id`, `vehicle_id`, `person_ids`…) with
 * `{ id, name }`, the name read once, in one query, in the change's transaction: the entry keeps
 * saying "Antonio González" after the user is renamed or deleted.
 */
export async function nameReferences(
  tx: DbOrTx,
  changes: AuditChanges,
  fields: Partial<Record<string, repo.ReferenceKind>>,
  known: Map<string, string> = new Map(),
): Promise<AuditChanges> {
  const wanted: Record<repo.ReferenceKind, string[]> = {
    product: [],
    user: [],
    accommodation: [],
    vehicle: [],
    person: [],
  };
  const idsIn = (v: unknown): string[] => (Array.isArray(v) ? v.filter(isId) : isId(v) ? [v] : []);
  for (const [field, kind] of Object.entries(fields)) {
    const pair = changes[field];
    if (!pair || !kind) continue;
    for (const id of [...idsIn(pair[0]), ...idsIn(pair[1])]) if (!known.has(id)) wanted[kind].push(id);
  }
  const names = Object.values(wanted).some((l) => l.length > 0) ? await repo.referenceNames(tx, wanted) : new Map();
  const label = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(label);
    if (!isId(v)) return v;
    return { id: v, name: known.get(v) ?? names.get(v) ?? '' };
  };
  const out: AuditChanges = { ...changes };
  for (const field of Object.keys(fields)) {
    const pair = changes[field];
    if (pair) out[field] = [label(pair[0]), label(pair[1])];
  }
  return out;
}

/**
 * Writes audit entries in the caller's transaction (pass the transaction, never the pool): they
 * commit or roll back with the change they describe. Several entries of one request go in one
 * INSERT and keep their order (a millisecond apart).
 */
export async function recordAudit(tx: DbOrTx, ctx: AuditContext, entry: AuditEntry | AuditEntry[]): Promise<void> {
  const entries = Array.isArray(entry) ? entry : [entry];
  await repo.insertAuditEntries(
    tx,
    entries.map((e, k) => ({
      tourOperatorId: e.tourOperatorId,
      actorId: ctx.actorId,
      actorKind: ctx.kind,
      actorLabel: ctx.label.slice(0, 300),
      entityType: e.entityType,
      entityId: e.entityId,
      action: e.action,
      changes: e.changes ?? {},
      summary: e.summary.slice(0, 300),
      requestId: ctx.requestId,
      ip: ctx.ip,
      ...(e.at ? { createdAt: new Date(e.at.getTime() + k) } : {}),
    })),
  );
}

/**
 * The audit entry of a record that the same statement writes (ADR 035: a sale's booking, its event
 * and its entry in one round trip): the INSERT of the entry over `source`, the statement's own CTE
 * of the record (its `id` is the entity's). Same fields and bounds as {@link recordAudit}.
 */
export function auditStatementFor(
  source: SQL,
  ctx: AuditContext,
  entry: Omit<AuditEntry, 'entityId'> & { at: Date },
): SQL {
  return repo.insertAuditEntryFrom(source, {
    tourOperatorId: entry.tourOperatorId,
    actorId: ctx.actorId,
    actorKind: ctx.kind,
    actorLabel: ctx.label.slice(0, 300),
    entityType: entry.entityType,
    action: entry.action,
    changes: entry.changes ?? {},
    summary: entry.summary.slice(0, 300),
    requestId: ctx.requestId,
    ip: ctx.ip,
    createdAt: entry.at,
  });
}

/** A page of the log: its entries, the capped total (null on cursor pages) and the next cursor. */
export type AuditLogPage = {
  items: TAuditEntryResponse[];
  /** ADR 027: at most LIST_COUNT_CAP + 1; null on a cursor page (page one gave it). */
  total: number | null;
  /** The keyset cursor of the next page (ADR 028); null on the last page or an unkeyable sort. */
  nextCursor: string | null;
  hasMore: boolean;
};

/**
 * GET /audit-log: a page of what the actor may read (route-guarded to levels 0 and 1). With a
 * `cursor` (ADR 028) the page starts after that entry, without OFFSET and without a count.
 */
export async function listAuditLog(
  db: DbOrTx,
  actor: Actor,
  params: ListParams,
  cursor?: string,
): Promise<AuditLogPage> {
  const direction = repo.keysetDirection(params);
  if (cursor !== undefined && direction === null) {
    throw fieldError(
      'BAD_REQUEST',
      'cursor',
      'El cursor solo sirve ordenando por fecha (sort=-created_at o sort=created_at)',
    );
  }
  const after = cursor !== undefined ? decodeAuditCursor(cursor) : undefined;
  const { rows, total } = await repo.listAuditEntries(db, actor, params, after);
  const hasMore = rows.length > params.perPage;
  const page = rows.slice(0, params.perPage);
  const last = page.at(-1);
  const nextCursor =
    direction !== null && hasMore && last ? encodeAuditCursor({ createdAt: last.createdAtExact, id: last.id }) : null;
  return { items: page.map(toAuditEntryResponse), total, nextCursor, hasMore };
}

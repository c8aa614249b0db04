import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_ENTITY_TYPES, LIST_COUNT_CAP } from '@trayecto/shared';
import { asc, desc, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { accommodations, auditLog, persons, products, tourOperators, users, vehicles } from '../../db/schema';
import { runCountUpTo, runSelectTemplate, ShapeBinder } from '../../db/select-template';
import { buildListConditions, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { type Actor, tenantScope } from '../../lib/tenant';
import type { AuditPosition } from './audit.cursor';

export type AuditRow = typeof auditLog.$inferSelect;
/** An entry with its operator's time zone (null for entries of no operator). */
export type AuditView = AuditRow & { timezone: string | null; createdAtExact?: string };
export type AuditInsert = typeof auditLog.$inferInsert;

/**
 * The list conventions of GET /audit-log. Every filter the screens use is served by an index:
 * tenant + date (audit_log_tenant_created_idx), a record's trail (audit_log_entity_idx), a person's
 * actions (audit_log_actor_idx).
 */
export const AUDIT_LIST_SPEC: ResourceListSpec = {
  filters: {
    entity_type: { column: auditLog.entityType, type: 'enum', values: AUDIT_ENTITY_TYPES },
    entity_id: { column: auditLog.entityId, type: 'uuid' },
    actor_id: { column: auditLog.actorId, type: 'uuid' },
    actor_kind: { column: auditLog.actorKind, type: 'enum', values: AUDIT_ACTOR_KINDS },
    action: { column: auditLog.action, type: 'enum', values: AUDIT_ACTIONS },
    created_at: { column: auditLog.createdAt, type: 'timestamp' },
    tour_operator_id: { column: auditLog.tourOperatorId, type: 'uuid' },
  },
  sort: { created_at: auditLog.createdAt },
  defaultSort: ['-created_at'],
  search: [auditLog.summary, auditLog.actorLabel],
  tiebreaker: auditLog.id,
};

export async function insertAuditEntries(db: DbOrTx, values: AuditInsert[]) {
  if (values.length > 0) await db.insert(auditLog).values(values);
}

/**
 * The INSERT of one entry per row of `source` (a data-modifying CTE of the statement that writes the
 * record, ADR 035): the entry is written in the same statement as its record, and only if the
 * record is. `entityId` is read from that row (`<source>.id`); everything else is given.
 */
export function insertAuditEntryFrom(source: SQL, v: Omit<AuditInsert, 'id' | 'entityId'>): SQL {
  return sql`insert into ${auditLog} (tour_operator_id, actor_id, actor_kind, actor_label, entity_type, entity_id, action,
      changes, summary, request_id, ip, created_at)
    select ${v.tourOperatorId ?? null}::uuid, ${v.actorId ?? null}::uuid, ${v.actorKind ?? 'staff'}, ${v.actorLabel ?? ''},
      ${v.entityType}, r.id, ${v.action}, ${JSON.stringify(v.changes ?? {})}::jsonb, ${v.summary ?? ''}, ${v.requestId ?? null},
      ${v.ip ?? null}, ${(v.createdAt ?? new Date()).toISOString()}::timestamptz
    from ${source} r`;
}

/** The list's order is `created_at` one way, then `id` the same way: 'desc' (newest first) or 'asc'. */
export type AuditDirection = 'asc' | 'desc';

/**
 * The direction of the list's order when keyset paging can serve it: `sort` is `created_at` in one
 * direction (the only sortable field), else null (e.g. `sort=created_at,-created_at`).
 */
export function keysetDirection(params: ListParams): AuditDirection | null {
  const [first, ...rest] = params.sort;
  return first && rest.every((s) => s.dir === first.dir) ? first.dir : null;
}

/**
 * A page of the entries the actor may read (tenant scope: the administrator all, the operator's
 * admin those of its operator), one row more than asked (it tells whether there is a next page).
 * The tiebreaker follows the sort's direction, so the newest-first default reads the
 * (tenant, created_at, id) index backwards, in order. With `after`, the page starts after that
 * position (keyset, ADR 028): an index range, no OFFSET and no count (total null) however deep.
 * Built once per shape (ADR 052): every value — the actor's operator, the filters', the cursor's,
 * the page's — a placeholder of the template.
 */
export async function listAuditEntries(db: DbOrTx, actor: Actor, params: ListParams, after?: AuditPosition) {
  const b = new ShapeBinder('audit.list');
  const where = combine([
    tenantScope(auditLog.tourOperatorId, actor, b),
    ...buildListConditions(params, AUDIT_LIST_SPEC, b),
  ]);
  const order: SQL[] = params.sort.map((s) => (s.dir === 'desc' ? desc(auditLog.createdAt) : asc(auditLog.createdAt)));
  order.push(params.sort.at(-1)?.dir === 'asc' ? asc(auditLog.id) : desc(auditLog.id));
  b.shape(`sort:${params.sort.map((s) => s.dir).join(',')}`);
  const limit = b.bind(params.perPage + 1) as never;
  if (after) {
    const position = sql`(${b.bind(after.createdAt)}::timestamptz, ${b.bind(after.id)}::uuid)`;
    // A row comparison: one index range condition on (…, created_at, id), whatever the ties.
    const direction = keysetDirection(params);
    b.shape(`after:${direction}`);
    const keyset =
      direction === 'asc'
        ? sql`(${auditLog.createdAt}, ${auditLog.id}) > ${position}`
        : sql`(${auditLog.createdAt}, ${auditLog.id}) < ${position}`;
    const build = (d: DbOrTx) =>
      d
        .select(AUDIT_COLUMNS)
        .from(auditLog)
        .where(combine([where, keyset]))
        .orderBy(...order)
        .limit(limit);
    const rows = await runSelectTemplate(db, b.key, build, b.values, { strict: true });
    return { rows, total: null };
  }
  const offset = (params.page - 1) * params.perPage;
  // A deeper page number (ADR 028) skips its OFFSET over the ids alone, an index-only scan of the
  // (…, created_at, id) index that serves the filter, then reads just the page's rows by id:
  // OFFSET 9,950 reads no row it skips (95 ms → a few ms at 2.9 M entries).
  const deeper = offset === 0 ? undefined : b.shape('offset').bind(offset);
  const page = (d: DbOrTx) => {
    if (deeper === undefined) {
      return d
        .select(AUDIT_COLUMNS)
        .from(auditLog)
        .where(where)
        .orderBy(...order)
        .limit(limit);
    }
    const pageIds = d
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(deeper as never);
    return d
      .select(AUDIT_COLUMNS)
      .from(auditLog)
      .where(inArray(auditLog.id, pageIds))
      .orderBy(...order);
  };
  const [rows, total] = await Promise.all([
    runSelectTemplate(db, `${b.key}|page`, page, b.values, { strict: true }),
    runCountUpTo(db, b, auditLog, where, LIST_COUNT_CAP),
  ]);
  return { rows, total: total as number | null };
}

/** An entry as the log lists it. */
const AUDIT_COLUMNS = {
  ...getTableColumns(auditLog),
  // Exact (microseconds) for the cursor; a JS Date would round it to milliseconds.
  createdAtExact: sql<string>`${auditLog.createdAt}::text`,
  // A scalar subquery, read only for the page's rows: the index scans stay as they were.
  timezone: sql<
    string | null
  >`(select ${tourOperators.timezone} from ${tourOperators} where ${tourOperators.id} = ${auditLog.tourOperatorId})`,
};

/** What a reference field points at, to label it with the name it had at the time of the change. */
export type ReferenceKind = 'product' | 'user' | 'accommodation' | 'vehicle' | 'person';

/** Names of the referenced records, in one query: id → name (plate for vehicles). */
export async function referenceNames(db: DbOrTx, ids: Record<ReferenceKind, string[]>): Promise<Map<string, string>> {
  const parts: SQL[] = [];
  const add = (table: AnyPgTable, idCol: AnyPgColumn, name: AnyPgColumn, list: string[]) => {
    if (list.length > 0) {
      parts.push(sql`select ${idCol}::text as id, ${name} as name from ${table} where ${inArray(idCol, list)}`);
    }
  };
  add(products, products.id, products.name, ids.product);
  add(users, users.id, users.fullName, ids.user);
  add(accommodations, accommodations.id, accommodations.name, ids.accommodation);
  add(vehicles, vehicles.id, vehicles.plate, ids.vehicle);
  add(persons, persons.id, persons.fullName, ids.person);
  const out = new Map<string, string>();
  if (parts.length === 0) return out;
  const res = await db.execute<{ id: string; name: string }>(sql.join(parts, sql` union all `));
  for (const r of res.rows) out.set(r.id, r.name);
  return out;
}

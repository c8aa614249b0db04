import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_ENTITY_TYPES } from '@trayecto/shared';
import { asc, count, desc, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { accommodations, auditLog, persons, products, tourOperators, users, vehicles } from '../../db/schema';
import { buildListConditions, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { type Actor, tenantScope } from '../../lib/tenant';

export type AuditRow = typeof auditLog.$inferSelect;
/** An entry with its operator's time zone (null for entries of no operator). */
export type AuditView = AuditRow & { timezone: string | null };
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
 * A page of the entries the actor may read (tenant scope: the administrator all, the operator's
 * admin those of its operator). The tiebreaker follows the sort's direction, so the newest-first
 * default reads the (tenant, created_at desc, id desc) index in order.
 */
export async function listAuditEntries(db: DbOrTx, actor: Actor, params: ListParams) {
  const where = combine([tenantScope(auditLog.tourOperatorId, actor), ...buildListConditions(params, AUDIT_LIST_SPEC)]);
  const order: SQL[] = params.sort.map((s) => (s.dir === 'desc' ? desc(auditLog.createdAt) : asc(auditLog.createdAt)));
  order.push(params.sort.at(-1)?.dir === 'asc' ? asc(auditLog.id) : desc(auditLog.id));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        ...getTableColumns(auditLog),
        // A scalar subquery, read only for the page's rows: the index scans stay as they were.
        timezone: sql<
          string | null
        >`(select ${tourOperators.timezone} from ${tourOperators} where ${tourOperators.id} = ${auditLog.tourOperatorId})`,
      })
      .from(auditLog)
      .where(where)
      .orderBy(...order)
      .limit(params.perPage)
      .offset((params.page - 1) * params.perPage),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total };
}

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

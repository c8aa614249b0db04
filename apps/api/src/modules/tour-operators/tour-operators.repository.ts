import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tourOperators } from '../../db/schema';
import { runListTemplate, runSelectTemplate, ShapeBinder } from '../../db/select-template';
import { buildListConditions, buildOrderBy, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { type Actor, tenantScope } from '../../lib/tenant';
import type { TourOperatorRow } from './tour-operators.mapper';

export const TOUR_OPERATOR_LIST_SPEC: ResourceListSpec = {
  filters: {
    state: { column: tourOperators.state, type: 'int' },
    name: { column: tourOperators.name, type: 'text' },
    tax_id: { column: tourOperators.taxId, type: 'text' },
    email: { column: tourOperators.email, type: 'text' },
    created_at: { column: tourOperators.createdAt, type: 'timestamp' },
  },
  sort: {
    name: tourOperators.name,
    state: tourOperators.state,
    created_at: tourOperators.createdAt,
    updated_at: tourOperators.updatedAt,
  },
  defaultSort: ['name'],
  search: [tourOperators.name, tourOperators.legalName, tourOperators.taxId, tourOperators.email],
  tiebreaker: tourOperators.id,
};

// The tenant scope of an operator row is its own id.
const visibleTo = (actor: Actor, binder?: ShapeBinder) => tenantScope(tourOperators.id, actor, binder);

const usersCount = sql<number>`(select count(*)::int from users u where u.tour_operator_id = "tour_operators"."id" and u.deleted_at is null)`;
const selection = { ...getTableColumns(tourOperators), usersCount };

/** A page of operators and the total, both selects built once per shape (ADR 052). */
export async function listTourOperators(db: DbOrTx, actor: Actor, params: ListParams) {
  const b = new ShapeBinder('tour-operators.list');
  const where = combine([visibleTo(actor, b), ...buildListConditions(params, TOUR_OPERATOR_LIST_SPEC, b)]);
  const order = buildOrderBy(params, TOUR_OPERATOR_LIST_SPEC, b);
  const rows = (d: DbOrTx) => d.select(selection).from(tourOperators);
  return runListTemplate(db, b, params, { rows, table: tourOperators, where, order });
}

export async function findVisibleTourOperator(db: DbOrTx, actor: Actor, id: string) {
  const b = new ShapeBinder('tour-operators.one');
  const where = and(visibleTo(actor, b), eq(tourOperators.id, b.bind(id, tourOperators.id) as never));
  const build = (d: DbOrTx) => d.select(selection).from(tourOperators).where(where);
  const [row] = await runSelectTemplate(db, b.key, build, b.values, { strict: true });
  return row;
}

/** Unscoped read by id, for checks inside services (e.g. a user's operator exists). */
export async function findTourOperatorRow(db: DbOrTx, id: string): Promise<TourOperatorRow | undefined> {
  const [row] = await db.select().from(tourOperators).where(eq(tourOperators.id, id));
  return row;
}

export async function insertTourOperator(db: DbOrTx, values: typeof tourOperators.$inferInsert) {
  const [row] = await db.insert(tourOperators).values(values).returning();
  return row;
}

export async function updateTourOperatorRow(
  db: DbOrTx,
  id: string,
  values: Partial<typeof tourOperators.$inferInsert>,
) {
  const [row] = await db
    .update(tourOperators)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tourOperators.id, id))
    .returning();
  return row;
}

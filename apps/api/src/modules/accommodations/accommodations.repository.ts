import { ACCOMMODATION_TYPES } from '@trayecto/shared';
import { and, asc, count, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { accommodations } from '../../db/schema';
import { runListTemplate, ShapeBinder } from '../../db/select-template';
import { forbidden } from '../../lib/app-error';
import { buildListConditions, buildOrderBy, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { type Actor, isAdmin } from '../../lib/tenant';
import type { AccommodationRow, AccommodationWithPickup } from './accommodations.mapper';

export const ACCOMMODATION_LIST_SPEC: ResourceListSpec = {
  filters: {
    type: { column: accommodations.type, type: 'enum', values: ACCOMMODATION_TYPES },
    zone: { column: accommodations.zone, type: 'text' },
    state: { column: accommodations.state, type: 'int' },
    name: { column: accommodations.name, type: 'text' },
    tour_operator_id: { column: accommodations.tourOperatorId, type: 'uuid' },
    shared: { column: sql`(${accommodations.tourOperatorId} is null)`, type: 'bool' },
  },
  sort: {
    // Case- and accent-insensitive, as people expect (and served by accommodations_name_idx).
    name: sql`f_unaccent(${accommodations.name})`,
    zone: sql`f_unaccent(${accommodations.zone})`,
    type: accommodations.type,
    state: accommodations.state,
    created_at: accommodations.createdAt,
  },
  defaultSort: ['name'],
  search: [accommodations.name, accommodations.address, accommodations.zone],
  tiebreaker: accommodations.id,
};

/** Live rows an operator's staff see: their own and the shared catalogue (`null` = shared only). */
export function visibleToOperator(tourOperatorId: string | null, binder?: ShapeBinder): SQL {
  const live = isNull(accommodations.deletedAt);
  binder?.shape(tourOperatorId === null ? 'shared-only' : 'operator-and-shared');
  if (tourOperatorId === null) return and(live, isNull(accommodations.tourOperatorId)) as SQL;
  const operator = binder ? binder.bind(tourOperatorId, accommodations.tourOperatorId) : tourOperatorId;
  return and(
    live,
    or(eq(accommodations.tourOperatorId, operator as string), isNull(accommodations.tourOperatorId)),
  ) as SQL;
}

/**
 * What the actor may read (PRODUCT.md §3): the administrator every live row; everyone else their
 * operator's rows plus the shared catalogue. This is the tenant scope of accommodations.
 */
export function readableBy(actor: Actor, binder?: ShapeBinder): SQL {
  binder?.shape(isAdmin(actor) ? 'every-row' : 'own');
  if (isAdmin(actor)) return isNull(accommodations.deletedAt);
  if (!actor.tourOperatorId) throw forbidden('Tu usuario no pertenece a ningún tour operador');
  return visibleToOperator(actor.tourOperatorId, binder);
}

const pickupAt = alias(accommodations, 'pickup_at');

const withPickup = (db: DbOrTx) =>
  db
    .select({ accommodation: accommodations, pickupAt: { id: pickupAt.id, name: pickupAt.name } })
    .from(accommodations)
    .leftJoin(pickupAt, eq(pickupAt.id, accommodations.pickupAtId));

/** A page of accommodations and the total, built once per shape (ADR 052). */
export async function listAccommodations(db: DbOrTx, actor: Actor, params: ListParams) {
  const b = new ShapeBinder('accommodations.list');
  const where = combine([readableBy(actor, b), ...buildListConditions(params, ACCOMMODATION_LIST_SPEC, b)]);
  const order = buildOrderBy(params, ACCOMMODATION_LIST_SPEC, b);
  const list = { rows: withPickup, table: accommodations, where, order };
  const { rows, total } = await runListTemplate(db, b, params, list);
  return { rows: rows as AccommodationWithPickup[], total };
}

export async function findReadableAccommodation(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<AccommodationWithPickup | undefined> {
  const [row] = await withPickup(db).where(and(readableBy(actor), eq(accommodations.id, id)));
  return row as AccommodationWithPickup | undefined;
}

/**
 * A live row by id, unscoped (services check who may use it), optionally locked for the rest of
 * the transaction so two concurrent "recoger en" edits cannot build a chain.
 */
export async function findLiveAccommodation(
  db: DbOrTx,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<AccommodationRow | undefined> {
  const q = db
    .select()
    .from(accommodations)
    .where(and(isNull(accommodations.deletedAt), eq(accommodations.id, id)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/** Live rows whose customers are collected at this one (any operator), by name. */
export async function findPickupReferrers(db: DbOrTx, id: string, limit = 5) {
  const where = and(isNull(accommodations.deletedAt), eq(accommodations.pickupAtId, id));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: accommodations.id, name: accommodations.name })
      .from(accommodations)
      .where(where)
      .orderBy(asc(accommodations.name))
      .limit(limit),
    db.select({ total: count() }).from(accommodations).where(where),
  ]);
  return { names: rows.map((r) => r.name), total };
}

/** Distinct non-empty zones of the live rows matching `scope`, in Spanish alphabetical order. */
export async function listZones(db: DbOrTx, scope: SQL): Promise<string[]> {
  const rows = await db
    .selectDistinct({ zone: accommodations.zone })
    .from(accommodations)
    .where(and(scope, ne(accommodations.zone, '')));
  // The databases collate bytewise ("Ávila" after "Zamora"): sort the few zones here.
  return rows.map((r) => r.zone).sort((a, b) => a.localeCompare(b, 'es'));
}

/** Name and zone of every live row an operator sees (own + shared), for duplicate detection. */
export async function listNamesAndZones(db: DbOrTx, tourOperatorId: string | null) {
  return db
    .select({ name: accommodations.name, zone: accommodations.zone })
    .from(accommodations)
    .where(visibleToOperator(tourOperatorId));
}

export async function insertAccommodation(
  db: DbOrTx,
  values: typeof accommodations.$inferInsert,
): Promise<AccommodationRow> {
  const [row] = await db.insert(accommodations).values(values).returning();
  return row;
}

/** Inserts many rows in chunks (PostgreSQL binds at most 65 535 parameters per statement). */
export async function insertAccommodations(db: DbOrTx, values: (typeof accommodations.$inferInsert)[]) {
  const CHUNK = 1000;
  for (let i = 0; i < values.length; i += CHUNK) {
    await db.insert(accommodations).values(values.slice(i, i + CHUNK));
  }
}

export async function updateAccommodationRow(
  db: DbOrTx,
  id: string,
  values: Partial<typeof accommodations.$inferInsert>,
) {
  await db
    .update(accommodations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(accommodations.id, id), isNull(accommodations.deletedAt)));
}

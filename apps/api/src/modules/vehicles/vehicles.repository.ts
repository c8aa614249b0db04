import { VEHICLE_TYPES } from '@trayecto/shared';
import { and, asc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tourOperators, vehicles, vehicleUnavailabilities } from '../../db/schema';
import { runIdsTemplate, runListTemplate, ShapeBinder } from '../../db/select-template';
import {
  buildListConditions,
  buildOrderBy,
  combine,
  escapeLike,
  inValues,
  type ListParams,
  type ResourceListSpec,
} from '../../lib/filters';
import { type Actor, tenantScope } from '../../lib/tenant';
import type { VehiclePeriodRow, VehicleRow, VehicleWithZone } from './vehicles.mapper';

export const VEHICLE_LIST_SPEC: ResourceListSpec = {
  filters: {
    state: { column: vehicles.state, type: 'int' },
    type: { column: vehicles.type, type: 'enum', values: VEHICLE_TYPES },
    plate: { column: vehicles.plate, type: 'text' },
    seats: { column: vehicles.seats, type: 'int' },
    tour_operator_id: { column: vehicles.tourOperatorId, type: 'uuid' },
  },
  sort: {
    plate: vehicles.plate,
    // Names sort as people expect ("Ávila" with the A's), not by byte value.
    name: sql`f_unaccent(${vehicles.name})`,
    type: vehicles.type,
    seats: vehicles.seats,
    state: vehicles.state,
    created_at: vehicles.createdAt,
  },
  defaultSort: ['plate'],
  search: [vehicles.plate, vehicles.name, vehicles.model],
  tiebreaker: vehicles.id,
};

/** Plates are stored upper case without spaces or dashes (the shared contract's rule). */
const normalisePlate = (s: string) => s.toUpperCase().replace(/[\s-]+/g, '');

/**
 * People type plates as printed ("4821 KLM", "4821-klm"): plate filters compare with the
 * normalised value, and `q` finds the plate that way too (or the text in name or model).
 */
function plateAwareConditions(params: ListParams, binder?: ShapeBinder): SQL[] {
  const bind = (v: string) => (binder ? binder.bind(v) : v);
  const filters = params.filters.map((f) => {
    if (f.field !== 'plate') return f;
    if (f.op !== 'in') return { ...f, raw: normalisePlate(f.raw) };
    // Each value of the list on its own. One of only blanks and dashes matches no plate: it stays a
    // dash, which no stored plate has (the list would otherwise be empty, a 400).
    return {
      ...f,
      raw: inValues(f.key, f.raw)
        .map((p) => normalisePlate(p) || '-')
        .join(','),
    };
  });
  const conditions = buildListConditions({ ...params, filters, q: undefined }, VEHICLE_LIST_SPEC, binder);
  if (params.q) {
    const q = params.q;
    const plate = normalisePlate(q);
    binder?.shape(plate ? 'q+plate' : 'q');
    const text = bind(escapeLike(q));
    const anyMatch = or(
      plate ? sql`${vehicles.plate} like '%' || ${bind(escapeLike(plate))} || '%'` : undefined,
      ...[vehicles.name, vehicles.model].map((col) => sql`f_unaccent(${col}) like '%' || f_unaccent(${text}) || '%'`),
    );
    if (anyMatch) conditions.push(anyMatch);
  }
  return conditions;
}

/** Live vehicles of the actor's operator (every operator for the administrator). */
function visibleTo(actor: Actor, binder?: ShapeBinder): SQL | undefined {
  return combine([isNull(vehicles.deletedAt), tenantScope(vehicles.tourOperatorId, actor, binder)]);
}

const withZone = (db: DbOrTx) =>
  db
    .select({ vehicle: vehicles, timezone: tourOperators.timezone })
    .from(vehicles)
    .leftJoin(tourOperators, eq(tourOperators.id, vehicles.tourOperatorId));

/** A page of vehicles and the total, built once per shape (ADR 052). */
export async function listVehicles(db: DbOrTx, actor: Actor, params: ListParams) {
  const b = new ShapeBinder('vehicles.list');
  const where = combine([visibleTo(actor, b), ...plateAwareConditions(params, b)]);
  const order = buildOrderBy(params, VEHICLE_LIST_SPEC, b);
  const { rows, total } = await runListTemplate(db, b, params, { rows: withZone, table: vehicles, where, order });
  return { rows: rows as VehicleWithZone[], total };
}

/** A live vehicle the actor may see; `forUpdate` locks it for the rest of the transaction. */
export async function findVisibleVehicle(
  db: DbOrTx,
  actor: Actor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<VehicleWithZone | undefined> {
  const q = withZone(db).where(and(visibleTo(actor), eq(vehicles.id, id)));
  const [row] = opts.forUpdate ? await q.for('update', { of: vehicles }) : await q;
  return row as VehicleWithZone | undefined;
}

/** The unavailable periods of these vehicles, by start date. */
export async function findPeriods(db: DbOrTx, vehicleIds: string[]): Promise<VehiclePeriodRow[]> {
  if (vehicleIds.length === 0) return [];
  // Built once (ADR 052): the page's ids as one parameter, whatever their number.
  return runIdsTemplate(db, 'vehicles.periods', vehicleUnavailabilities.vehicleId, vehicleIds, (d, where) =>
    d
      .select()
      .from(vehicleUnavailabilities)
      .where(where)
      .orderBy(asc(vehicleUnavailabilities.from), asc(vehicleUnavailabilities.to), asc(vehicleUnavailabilities.id)),
  );
}

/** Whether a live vehicle of this operator already has the plate (plates are stored upper case). */
export async function plateInUse(db: DbOrTx, tourOperatorId: string, plate: string, exceptId?: string) {
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.tourOperatorId, tourOperatorId),
        isNull(vehicles.deletedAt),
        eq(sql`upper(${vehicles.plate})`, plate.toUpperCase()),
        exceptId ? ne(vehicles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertVehicle(db: DbOrTx, values: typeof vehicles.$inferInsert): Promise<VehicleRow> {
  const [row] = await db.insert(vehicles).values(values).returning();
  return row;
}

export async function updateVehicleRow(db: DbOrTx, id: string, values: Partial<typeof vehicles.$inferInsert>) {
  const [row] = await db
    .update(vehicles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(vehicles.id, id), isNull(vehicles.deletedAt)))
    .returning();
  return row;
}

/** Replaces every unavailable period of a vehicle by these. */
export async function replacePeriods(
  db: DbOrTx,
  tourOperatorId: string,
  vehicleId: string,
  periods: { from: string; to: string; reason?: string }[],
) {
  await db.delete(vehicleUnavailabilities).where(eq(vehicleUnavailabilities.vehicleId, vehicleId));
  if (periods.length === 0) return;
  await db
    .insert(vehicleUnavailabilities)
    .values(periods.map((p) => ({ tourOperatorId, vehicleId, from: p.from, to: p.to, reason: p.reason ?? '' })));
}

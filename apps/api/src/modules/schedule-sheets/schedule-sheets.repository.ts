import { LEVEL, SHEET_STATES } from '@trayecto/shared';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  checkIns,
  departures,
  persons,
  products,
  scheduleSheetPersons,
  scheduleSheets,
  tourOperators,
  users,
  vehicles,
} from '../../db/schema';
import { buildListConditions, buildOrderBy, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { type Actor, tenantScope } from '../../lib/tenant';

export type SheetRow = typeof scheduleSheets.$inferSelect;

const driver = alias(users, 'driver');
const guide = alias(users, 'guide');

export const SHEET_LIST_SPEC: ResourceListSpec = {
  filters: {
    date: { column: scheduleSheets.date, type: 'date' },
    state: { column: scheduleSheets.state, type: 'enum', values: SHEET_STATES },
    product_id: { column: scheduleSheets.productId, type: 'uuid' },
    vehicle_id: { column: scheduleSheets.vehicleId, type: 'uuid' },
    driver_id: { column: scheduleSheets.driverId, type: 'uuid' },
    guide_id: { column: scheduleSheets.guideId, type: 'uuid' },
    tour_operator_id: { column: scheduleSheets.tourOperatorId, type: 'uuid' },
  },
  sort: {
    date: scheduleSheets.date,
    time: scheduleSheets.time,
    state: scheduleSheets.state,
    product: sql`f_unaccent(${products.name})`,
    created_at: scheduleSheets.createdAt,
  },
  defaultSort: ['date', 'time', 'product'],
  search: [products.name, products.code, vehicles.plate, driver.fullName, guide.fullName],
  tiebreaker: scheduleSheets.id,
};

/**
 * Which sheets the actor may read (PRODUCT.md §3): the tenant scope; a Chofer only the sheets
 * they drive, a Guía only the ones they guide.
 */
export function visibleTo(actor: Actor): SQL | undefined {
  return combine([
    tenantScope(scheduleSheets.tourOperatorId, actor),
    actor.level === LEVEL.DRIVER ? eq(scheduleSheets.driverId, actor.id) : undefined,
    actor.level === LEVEL.GUIDE ? eq(scheduleSheets.guideId, actor.id) : undefined,
  ]);
}

export type SheetView = {
  sheet: SheetRow;
  product: {
    id: string;
    code: string;
    name: string;
    durationMinutes: number;
    meetingPoint: string;
    meetingLatLng: string;
    pickupEnabled: boolean;
  };
  capacity: number;
  operator: {
    id: string;
    name: string;
    legalName: string;
    taxId: string;
    phone: string;
    address: string;
    timezone: string;
  };
  vehicle: {
    id: string;
    plate: string;
    name: string;
    model: string;
    type: string;
    seats: number;
    transportAuthorization: string;
  } | null;
  driver: { id: string; fullName: string; phone: string } | null;
  guide: { id: string; fullName: string; phone: string } | null;
};

/** A sheet with what its answer names: product, departure capacity, operator, vehicle, driver, guide. */
const viewSelect = (db: DbOrTx) =>
  db
    .select({
      sheet: scheduleSheets,
      product: {
        id: products.id,
        code: products.code,
        name: products.name,
        durationMinutes: products.durationMinutes,
        meetingPoint: products.meetingPoint,
        meetingLatLng: products.meetingLatLng,
        pickupEnabled: products.pickupEnabled,
      },
      capacity: departures.capacity,
      operator: {
        id: tourOperators.id,
        name: tourOperators.name,
        legalName: tourOperators.legalName,
        taxId: tourOperators.taxId,
        phone: tourOperators.phone,
        address: tourOperators.address,
        timezone: tourOperators.timezone,
      },
      vehicle: {
        id: vehicles.id,
        plate: vehicles.plate,
        name: vehicles.name,
        model: vehicles.model,
        type: vehicles.type,
        seats: vehicles.seats,
        transportAuthorization: vehicles.transportAuthorization,
      },
      driver: { id: driver.id, fullName: driver.fullName, phone: driver.phone },
      guide: { id: guide.id, fullName: guide.fullName, phone: guide.phone },
    })
    .from(scheduleSheets)
    .innerJoin(products, eq(products.id, scheduleSheets.productId))
    .innerJoin(departures, eq(departures.id, scheduleSheets.departureId))
    .innerJoin(tourOperators, eq(tourOperators.id, scheduleSheets.tourOperatorId))
    .leftJoin(vehicles, eq(vehicles.id, scheduleSheets.vehicleId))
    .leftJoin(driver, eq(driver.id, scheduleSheets.driverId))
    .leftJoin(guide, eq(guide.id, scheduleSheets.guideId));

/** A page of the sheets the actor may read, and their total. */
export async function listSheets(db: DbOrTx, actor: Actor, params: ListParams) {
  const where = combine([visibleTo(actor), ...buildListConditions(params, SHEET_LIST_SPEC)]);
  const [rows, [{ total }]] = await Promise.all([
    viewSelect(db)
      .where(where)
      .orderBy(...buildOrderBy(params, SHEET_LIST_SPEC))
      .limit(params.perPage)
      .offset((params.page - 1) * params.perPage),
    db
      .select({ total: count() })
      .from(scheduleSheets)
      .innerJoin(products, eq(products.id, scheduleSheets.productId))
      .leftJoin(vehicles, eq(vehicles.id, scheduleSheets.vehicleId))
      .leftJoin(driver, eq(driver.id, scheduleSheets.driverId))
      .leftJoin(guide, eq(guide.id, scheduleSheets.guideId))
      .where(where),
  ]);
  return { rows: rows as SheetView[], total };
}

export async function findVisibleSheet(db: DbOrTx, actor: Actor, id: string) {
  const [row] = await viewSelect(db).where(and(visibleTo(actor), eq(scheduleSheets.id, id)));
  return row as SheetView | undefined;
}

export async function findSheetView(db: DbOrTx, id: string) {
  const [row] = await viewSelect(db).where(eq(scheduleSheets.id, id));
  return row as SheetView | undefined;
}

/** Locks a sheet the actor may read for the rest of the transaction (its writes run one at a time). */
export async function lockVisibleSheet(db: DbOrTx, actor: Actor, id: string): Promise<SheetRow | undefined> {
  const [row] = await db
    .select()
    .from(scheduleSheets)
    .where(and(visibleTo(actor), eq(scheduleSheets.id, id)))
    .for('update');
  return row;
}

export async function findOperatorTimeZone(db: DbOrTx, tourOperatorId: string) {
  const [row] = await db
    .select({ timezone: tourOperators.timezone })
    .from(tourOperators)
    .where(eq(tourOperators.id, tourOperatorId));
  return row?.timezone;
}

// ── The sheet's extra staff ───────────────────────────────────────────────────────────────────────

export type SheetPersonRow = { sheetId: string; id: string; fullName: string; phone: string; role: string };

/** The extra staff of these sheets, by name. */
export async function listSheetPersons(db: DbOrTx, sheetIds: string[]): Promise<SheetPersonRow[]> {
  if (sheetIds.length === 0) return [];
  return db
    .select({
      sheetId: scheduleSheetPersons.sheetId,
      id: persons.id,
      fullName: persons.fullName,
      phone: persons.phone,
      role: persons.role,
    })
    .from(scheduleSheetPersons)
    .innerJoin(persons, eq(persons.id, scheduleSheetPersons.personId))
    .where(inArray(scheduleSheetPersons.sheetId, sheetIds))
    .orderBy(asc(sql`f_unaccent(${persons.fullName})`), asc(persons.id));
}

// ── Writing sheets ───────────────────────────────────────────────────────────────────────────────

/** Inserts unless the departure already has a sheet (then undefined). */
export async function insertSheet(db: DbOrTx, values: typeof scheduleSheets.$inferInsert) {
  const [row] = await db
    .insert(scheduleSheets)
    .values(values)
    .onConflictDoNothing({ target: scheduleSheets.departureId })
    .returning();
  return row as SheetRow | undefined;
}

/** Inserts these sheets, skipping departures that already have one; returns the created ones. */
export async function insertSheets(db: DbOrTx, values: (typeof scheduleSheets.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db
    .insert(scheduleSheets)
    .values(values)
    .onConflictDoNothing({ target: scheduleSheets.departureId })
    .returning({ id: scheduleSheets.id, departureId: scheduleSheets.departureId });
}

/** Updates a sheet and bumps its version (stale edits answer 409). */
export async function updateSheetRow(
  db: DbOrTx,
  id: string,
  values: Omit<Partial<typeof scheduleSheets.$inferInsert>, 'version'>,
) {
  const [row] = await db
    .update(scheduleSheets)
    .set({ ...values, version: sql`${scheduleSheets.version} + 1` })
    .where(eq(scheduleSheets.id, id))
    .returning();
  return row;
}

export async function findSheetIdByDeparture(db: DbOrTx, departureId: string) {
  const [row] = await db
    .select({ id: scheduleSheets.id })
    .from(scheduleSheets)
    .where(eq(scheduleSheets.departureId, departureId));
  return row?.id;
}

export async function replaceSheetPersons(db: DbOrTx, tourOperatorId: string, sheetId: string, personIds: string[]) {
  await db.delete(scheduleSheetPersons).where(eq(scheduleSheetPersons.sheetId, sheetId));
  if (personIds.length === 0) return;
  await db.insert(scheduleSheetPersons).values(personIds.map((personId) => ({ tourOperatorId, sheetId, personId })));
}

export async function listPersonIds(db: DbOrTx, sheetId: string) {
  const rows = await db
    .select({ id: scheduleSheetPersons.personId })
    .from(scheduleSheetPersons)
    .where(eq(scheduleSheetPersons.sheetId, sheetId));
  return rows.map((r) => r.id);
}

export async function deleteSheetRow(db: DbOrTx, id: string) {
  await db.delete(scheduleSheets).where(eq(scheduleSheets.id, id));
}

// ── Planning and check-in ────────────────────────────────────────────────────────────────────────

/** A live product the actor may plan, with its operator's time zone. */
export async function findProductForSheet(db: DbOrTx, actor: Actor, id: string) {
  const [row] = await db
    .select({ product: products, timezone: tourOperators.timezone })
    .from(products)
    .innerJoin(tourOperators, eq(tourOperators.id, products.tourOperatorId))
    .where(and(eq(products.id, id), isNull(products.deletedAt), tenantScope(products.tourOperatorId, actor)));
  return row;
}

/** Logs check-in actions (present, absent, no-show at the finish). */
export async function insertCheckIns(db: DbOrTx, values: (typeof checkIns.$inferInsert)[]) {
  if (values.length > 0) await db.insert(checkIns).values(values);
}

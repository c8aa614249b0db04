import { LEVEL, SHEET_STATES } from '@trayecto/shared';
import { and, asc, count, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  accommodations,
  bookingEvents,
  bookings,
  checkIns,
  departures,
  persons,
  products,
  scheduleSheetPersons,
  scheduleSheets,
  tourOperators,
  users,
  vehicles,
  vehicleUnavailabilities,
} from '../../db/schema';
import { buildListConditions, buildOrderBy, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { type Actor, tenantScope } from '../../lib/tenant';
import type { ResourceKind } from './schedule-sheets.rules';

export type SheetRow = typeof scheduleSheets.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

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

// ── What the sheet carries ───────────────────────────────────────────────────────────────────────

export type BookingStats = { bookingsCount: number; pax: number; seats: number; checkedInPax: number };

/** Non-cancelled bookings, passengers, seats and checked-in passengers of each departure. */
export async function bookingStats(db: DbOrTx, departureIds: string[]): Promise<Map<string, BookingStats>> {
  if (departureIds.length === 0) return new Map();
  const rows = await db
    .select({
      departureId: bookings.departureId,
      bookingsCount: sql<number>`count(*)::int`,
      pax: sql<number>`coalesce(sum(${bookings.paxTotal}), 0)::int`,
      seats: sql<number>`coalesce(sum(${bookings.seats}), 0)::int`,
      checkedInPax: sql<number>`coalesce(sum(${bookings.paxTotal}) filter (where ${bookings.checkedInAt} is not null), 0)::int`,
    })
    .from(bookings)
    .where(and(inArray(bookings.departureId, departureIds), ne(bookings.state, 'cancelled')))
    .groupBy(bookings.departureId);
  return new Map(
    rows.map((r) => [
      r.departureId,
      {
        bookingsCount: Number(r.bookingsCount),
        pax: Number(r.pax),
        seats: Number(r.seats),
        checkedInPax: Number(r.checkedInPax),
      },
    ]),
  );
}

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

const pickupAt = alias(accommodations, 'pickup_at');
const checker = alias(users, 'checker');

export type PlaceColumns = {
  id: string;
  name: string;
  address: string;
  zone: string;
  pickupPoint: string;
  latLng: string;
  phone: string;
};
export type RouteBookingRow = {
  booking: BookingRow;
  accommodation: PlaceColumns | null;
  pickupAt: PlaceColumns | null;
  checkedInBy: { id: string; fullName: string } | null;
};

const placeColumns = (t: typeof accommodations | typeof pickupAt) => ({
  id: t.id,
  name: t.name,
  address: t.address,
  zone: t.zone,
  pickupPoint: t.pickupPoint,
  latLng: t.latLng,
  phone: t.phone,
});

/**
 * The non-cancelled bookings of these departures with the place each customer is collected at
 * (the accommodation, or the live one it redirects to) and who checked them in.
 */
export async function listRouteBookings(
  db: DbOrTx,
  departureIds: string[],
  bookingId?: string,
): Promise<RouteBookingRow[]> {
  if (departureIds.length === 0) return [];
  const rows = await db
    .select({
      booking: bookings,
      accommodation: placeColumns(accommodations),
      pickupAt: placeColumns(pickupAt),
      checkedInBy: { id: checker.id, fullName: checker.fullName },
    })
    .from(bookings)
    .leftJoin(accommodations, eq(accommodations.id, bookings.accommodationId))
    .leftJoin(pickupAt, and(eq(pickupAt.id, accommodations.pickupAtId), isNull(pickupAt.deletedAt)))
    .leftJoin(checker, eq(checker.id, bookings.checkedInBy))
    .where(
      and(
        inArray(bookings.departureId, departureIds),
        ne(bookings.state, 'cancelled'),
        bookingId ? eq(bookings.id, bookingId) : undefined,
      ),
    );
  return rows as RouteBookingRow[];
}

export type UntimedPickupRow = {
  departureId: string;
  placeId: string;
  placeName: string;
  customerName: string;
  locator: string;
};

/**
 * The bookings of these departures collected at a place (their accommodation, or the live one it
 * redirects to) but with no pickup time: the sheet's `pickup_without_time` warnings. Only for
 * products that pick up (the others meet at the meeting point). By place, then customer.
 */
export async function listUntimedPickups(db: DbOrTx, departureIds: string[]): Promise<UntimedPickupRow[]> {
  if (departureIds.length === 0) return [];
  const rows = await db
    .select({
      departureId: bookings.departureId,
      accommodation: { id: accommodations.id, name: accommodations.name },
      pickupAt: { id: pickupAt.id, name: pickupAt.name },
      customerName: bookings.customerName,
      locator: bookings.locator,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(accommodations, eq(accommodations.id, bookings.accommodationId))
    .leftJoin(pickupAt, and(eq(pickupAt.id, accommodations.pickupAtId), isNull(pickupAt.deletedAt)))
    .where(
      and(
        inArray(bookings.departureId, departureIds),
        ne(bookings.state, 'cancelled'),
        isNull(bookings.pickupTime),
        eq(products.pickupEnabled, true),
      ),
    )
    .orderBy(asc(bookings.departureId), asc(sql`f_unaccent(${bookings.customerName})`), asc(bookings.locator));
  return rows.map((r) => {
    const place = r.pickupAt?.id ? r.pickupAt : r.accommodation;
    return {
      departureId: r.departureId,
      placeId: place.id,
      placeName: place.name,
      customerName: r.customerName,
      locator: r.locator,
    };
  });
}

// ── Overlaps and availability ────────────────────────────────────────────────────────────────────

export type OverlapRow = {
  sheetId: string;
  kind: ResourceKind;
  resourceId: string;
  otherSheetId: string;
  productName: string;
  date: string;
  time: string;
  endsAt: Date;
};

type RawOverlap = {
  sheet_id: string;
  kind: ResourceKind;
  resource_id: string;
  other_id: string;
  product_name: string;
  date: string;
  time: string;
  ends_ms: number | string;
};

/**
 * Other sheets sharing a vehicle, driver, guide or person with the probed ones while their
 * [starts_at, ends_at) intervals overlap (every state counts: a finished sheet still used the bus).
 * `probe` selects (id, vehicle_id, driver_id, guide_id, starts_at, ends_at); `probePersons`
 * selects (sheet_id, person_id). One branch per kind, each on its own index.
 */
async function overlapsOf(db: DbOrTx, probe: SQL, probePersons: SQL): Promise<OverlapRow[]> {
  const overlap = sql`o.id <> s.id and o.starts_at < s.ends_at and o.ends_at > s.starts_at`;
  const cols = (kind: string, resource: SQL) =>
    sql`s.id::text as sheet_id, ${kind}::text as kind, ${resource}::text as resource_id, o.id::text as other_id,
        p.name as product_name, o.date::text as date, o.time, (extract(epoch from o.ends_at) * 1000)::float8 as ends_ms`;
  const res = await db.execute<RawOverlap>(sql`
    with s as (${probe}), sp as (${probePersons})
    select ${cols('vehicle', sql`s.vehicle_id`)} from s
      join schedule_sheets o on o.vehicle_id = s.vehicle_id and ${overlap}
      join products p on p.id = o.product_id
    union all
    select ${cols('driver', sql`s.driver_id`)} from s
      join schedule_sheets o on o.driver_id = s.driver_id and ${overlap}
      join products p on p.id = o.product_id
    union all
    select ${cols('guide', sql`s.guide_id`)} from s
      join schedule_sheets o on o.guide_id = s.guide_id and ${overlap}
      join products p on p.id = o.product_id
    union all
    select ${cols('person', sql`sp.person_id`)} from s
      join sp on sp.sheet_id = s.id
      join schedule_sheet_persons op on op.person_id = sp.person_id and op.sheet_id <> s.id
      join schedule_sheets o on o.id = op.sheet_id and ${overlap}
      join products p on p.id = o.product_id
    order by 1, 2, 7, 8`);
  return res.rows.map((r) => ({
    sheetId: r.sheet_id,
    kind: r.kind,
    resourceId: r.resource_id,
    otherSheetId: r.other_id,
    productName: r.product_name,
    date: r.date,
    time: r.time,
    endsAt: new Date(Number(r.ends_ms)),
  }));
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Overlaps of these saved sheets' assignments (the warnings each sheet shows). */
export async function findSheetOverlaps(db: DbOrTx, sheetIds: string[]): Promise<OverlapRow[]> {
  if (sheetIds.length === 0) return [];
  return overlapsOf(
    db,
    sql`select id, vehicle_id, driver_id, guide_id, starts_at, ends_at from schedule_sheets where id in (${idList(sheetIds)})`,
    sql`select sheet_id, person_id from schedule_sheet_persons where sheet_id in (${idList(sheetIds)})`,
  );
}

/** A sheet id no sheet has: the probe of a sheet not yet inserted. */
const NO_SHEET = '00000000-0000-0000-0000-000000000000';

export type AssignmentProbe = {
  sheetId: string | null;
  startsAt: Date;
  endsAt: Date;
  vehicleId: string | null;
  driverId: string | null;
  guideId: string | null;
  personIds: string[];
};

/** Overlaps the given assignments would have on other sheets (before saving them). */
export async function findProbeOverlaps(db: DbOrTx, p: AssignmentProbe): Promise<OverlapRow[]> {
  const id = p.sheetId ?? NO_SHEET;
  const probe = sql`select ${id}::uuid as id, ${p.vehicleId}::uuid as vehicle_id, ${p.driverId}::uuid as driver_id,
    ${p.guideId}::uuid as guide_id, ${p.startsAt.toISOString()}::timestamptz as starts_at,
    ${p.endsAt.toISOString()}::timestamptz as ends_at`;
  const people =
    p.personIds.length === 0
      ? sql`select null::uuid as sheet_id, null::uuid as person_id where false`
      : sql`select ${id}::uuid as sheet_id, x.person_id from (values ${sql.join(
          p.personIds.map((pid) => sql`(${pid}::uuid)`),
          sql`, `,
        )}) as x(person_id)`;
  return overlapsOf(db, probe, people);
}

export type UnavailableRow = { sheetId: string; vehicleId: string; from: string; to: string; reason: string };

/** Unavailable periods covering each sheet's date for its vehicle. */
export async function findSheetUnavailability(db: DbOrTx, sheetIds: string[]): Promise<UnavailableRow[]> {
  if (sheetIds.length === 0) return [];
  return db
    .select({
      sheetId: scheduleSheets.id,
      vehicleId: vehicleUnavailabilities.vehicleId,
      from: vehicleUnavailabilities.from,
      to: vehicleUnavailabilities.to,
      reason: vehicleUnavailabilities.reason,
    })
    .from(scheduleSheets)
    .innerJoin(
      vehicleUnavailabilities,
      and(
        eq(vehicleUnavailabilities.vehicleId, scheduleSheets.vehicleId),
        sql`${vehicleUnavailabilities.from} <= ${scheduleSheets.date}`,
        sql`${vehicleUnavailabilities.to} >= ${scheduleSheets.date}`,
      ),
    )
    .where(inArray(scheduleSheets.id, sheetIds))
    .orderBy(asc(vehicleUnavailabilities.from));
}

/** The vehicle's unavailable periods covering a date. */
export async function findVehicleUnavailability(db: DbOrTx, vehicleId: string, date: string) {
  return db
    .select({
      from: vehicleUnavailabilities.from,
      to: vehicleUnavailabilities.to,
      reason: vehicleUnavailabilities.reason,
    })
    .from(vehicleUnavailabilities)
    .where(
      and(
        eq(vehicleUnavailabilities.vehicleId, vehicleId),
        sql`${vehicleUnavailabilities.from} <= ${date}::date`,
        sql`${vehicleUnavailabilities.to} >= ${date}::date`,
      ),
    )
    .orderBy(asc(vehicleUnavailabilities.from));
}

/**
 * Serialises assignments of these resources until the transaction ends (PostgreSQL and PGlite):
 * two requests putting the same driver on overlapping sheets check one after the other, so they
 * never both pass. Taken in one order (sorted ids), so two requests never deadlock.
 */
export async function lockResources(db: DbOrTx, ids: string[]) {
  for (const id of [...new Set(ids)].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`schedule-resource:${id}`}))`);
  }
}

// ── Assignable resources ─────────────────────────────────────────────────────────────────────────

/** A live, active user of this level of the operator (a Chofer or a Guía). */
export async function findActiveUser(db: DbOrTx, tourOperatorId: string, id: string, level: number) {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.tourOperatorId, tourOperatorId),
        eq(users.level, level),
        eq(users.state, 1),
        isNull(users.deletedAt),
      ),
    );
  return row;
}

/** A live vehicle of the operator, whatever its state. */
export async function findVehicle(db: DbOrTx, tourOperatorId: string, id: string) {
  const [row] = await db
    .select({ id: vehicles.id, plate: vehicles.plate, seats: vehicles.seats, state: vehicles.state })
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.tourOperatorId, tourOperatorId), isNull(vehicles.deletedAt)));
  return row;
}

/** Live persons of the operator among these ids. */
export async function findPersons(db: DbOrTx, tourOperatorId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: persons.id, fullName: persons.fullName, state: persons.state })
    .from(persons)
    .where(and(inArray(persons.id, ids), eq(persons.tourOperatorId, tourOperatorId), isNull(persons.deletedAt)));
}

/** Names of resources for messages (vehicles by plate, users and persons by name). */
export async function resourceNames(db: DbOrTx, ids: { vehicles: string[]; users: string[]; persons: string[] }) {
  // One after the other: `db` may be a transaction (one connection).
  const v = ids.vehicles.length
    ? await db
        .select({ id: vehicles.id, name: vehicles.plate })
        .from(vehicles)
        .where(inArray(vehicles.id, ids.vehicles))
    : [];
  const u = ids.users.length
    ? await db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, ids.users))
    : [];
  const p = ids.persons.length
    ? await db.select({ id: persons.id, name: persons.fullName }).from(persons).where(inArray(persons.id, ids.persons))
    : [];
  return new Map([...v, ...u, ...p].map((r) => [r.id, r.name]));
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

// ── Departures ───────────────────────────────────────────────────────────────────────────────────

/** A live product the actor may plan, with its operator's time zone. */
export async function findProductForSheet(db: DbOrTx, actor: Actor, id: string) {
  const [row] = await db
    .select({ product: products, timezone: tourOperators.timezone })
    .from(products)
    .innerJoin(tourOperators, eq(tourOperators.id, products.tourOperatorId))
    .where(and(eq(products.id, id), isNull(products.deletedAt), tenantScope(products.tourOperatorId, actor)));
  return row;
}

export async function findDeparture(db: DbOrTx, productId: string, date: string, time: string) {
  const [row] = await db
    .select()
    .from(departures)
    .where(and(eq(departures.productId, productId), eq(departures.date, date), eq(departures.time, time)));
  return row;
}

/** Makes sure the departure row exists (INSERT … ON CONFLICT DO NOTHING) and returns it. Takes no seats. */
export async function ensureDeparture(
  db: DbOrTx,
  key: { tourOperatorId: string; productId: string; date: string; time: string; capacity: number },
) {
  await db
    .insert(departures)
    .values(key)
    .onConflictDoNothing({ target: [departures.productId, departures.date, departures.time] });
  const row = await findDeparture(db, key.productId, key.date, key.time);
  if (!row) throw new Error('departure row vanished after upsert');
  return row;
}

/**
 * The departures of a date with seat-holding bookings, in scope (one operator or all), with their
 * product, operator time zone and sheet (if any).
 */
export async function listDeparturesToPlan(
  db: DbOrTx,
  opts: { date: string; tourOperatorId: string | null; productIds?: string[] },
) {
  return db
    .select({
      departure: { id: departures.id, date: departures.date, time: departures.time },
      tourOperatorId: departures.tourOperatorId,
      product: {
        id: products.id,
        name: products.name,
        durationMinutes: products.durationMinutes,
        meetingPoint: products.meetingPoint,
        meetingLatLng: products.meetingLatLng,
        pickupEnabled: products.pickupEnabled,
      },
      timezone: tourOperators.timezone,
      sheetId: scheduleSheets.id,
    })
    .from(departures)
    .innerJoin(products, eq(products.id, departures.productId))
    .innerJoin(tourOperators, eq(tourOperators.id, departures.tourOperatorId))
    .leftJoin(scheduleSheets, eq(scheduleSheets.departureId, departures.id))
    .where(
      and(
        eq(departures.date, opts.date),
        opts.tourOperatorId ? eq(departures.tourOperatorId, opts.tourOperatorId) : undefined,
        opts.productIds ? inArray(departures.productId, opts.productIds) : undefined,
        sql`exists (select 1 from ${bookings} where ${bookings.departureId} = ${departures.id} and ${bookings.state} <> 'cancelled')`,
      ),
    )
    .orderBy(asc(departures.time), asc(products.name), asc(departures.id));
}

// ── Check-in and finish ──────────────────────────────────────────────────────────────────────────

/** Locks the booking of this sheet's departure named by id or locator (case-insensitive). */
export async function lockSheetBooking(
  db: DbOrTx,
  sheet: Pick<SheetRow, 'tourOperatorId' | 'departureId'>,
  by: { id: string } | { locator: string },
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.tourOperatorId, sheet.tourOperatorId),
        eq(bookings.departureId, sheet.departureId),
        'id' in by ? eq(bookings.id, by.id) : eq(sql`upper(${bookings.locator})`, by.locator.toUpperCase()),
      ),
    )
    .for('update');
  return row;
}

export async function setCheckedIn(db: DbOrTx, bookingId: string, at: Date | null, by: string | null) {
  await db.update(bookings).set({ checkedInAt: at, checkedInBy: by }).where(eq(bookings.id, bookingId));
}

export async function insertCheckIns(db: DbOrTx, values: (typeof checkIns.$inferInsert)[]) {
  if (values.length > 0) await db.insert(checkIns).values(values);
}

/** Locks the departure's bookings still waiting for the end of the tour (pending, confirmed). */
export async function lockOpenBookings(db: DbOrTx, departureId: string) {
  return db
    .select({
      id: bookings.id,
      tourOperatorId: bookings.tourOperatorId,
      locator: bookings.locator,
      customerName: bookings.customerName,
      state: bookings.state,
      checkedInAt: bookings.checkedInAt,
      version: bookings.version,
    })
    .from(bookings)
    .where(
      and(eq(bookings.departureId, departureId), or(eq(bookings.state, 'pending'), eq(bookings.state, 'confirmed'))),
    )
    .orderBy(asc(bookings.id))
    .for('update');
}

export async function setBookingsState(db: DbOrTx, ids: string[], state: string, now: Date) {
  if (ids.length === 0) return;
  await db
    .update(bookings)
    .set({
      state,
      version: sql`${bookings.version} + 1`,
      updatedAt: now,
      ...(state === 'confirmed' ? { confirmedAt: now } : {}),
    })
    .where(inArray(bookings.id, ids));
}

export async function insertBookingEvents(db: DbOrTx, values: (typeof bookingEvents.$inferInsert)[]) {
  if (values.length > 0) await db.insert(bookingEvents).values(values);
}

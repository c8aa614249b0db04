/**
 * What checking a sheet's assignments reads: the resources that may be assigned (active drivers,
 * guides, vehicles, persons), other sheets whose assignments overlap, vehicle unavailability, and
 * the advisory locks that serialise assignments of one resource.
 */
import { USER_STATE } from '@trayecto/shared';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { persons, users, vehicles, vehicleUnavailabilities } from '../../db/schema';
import type { ResourceKind } from './schedule-sheets.rules';

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

/** An overlap row as the database answers it (overlapsSql's columns). */
export type RawOverlap = {
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
 * selects (sheet_id, person_id).
 *
 * ADR 029: an overlapping sheet ends after the probe starts, so it starts after the probe's start
 * minus the longest sheet there is (`longest`, one entry of schedule_sheets_duration_idx). With that
 * lower bound each probed sheet reads a short range of its (resource, starts_at) index, and its
 * persons a short range of schedule_sheets_starts_idx, instead of every sheet the resource ever
 * had. Each branch is a LATERAL subquery fenced with OFFSET 0 so the planner runs it per probed
 * sheet on those indexes (it cannot estimate a range bounded by another row's columns, and would
 * rather hash-join every sheet). The bound only narrows the scan: the overlap test is unchanged.
 */
async function overlapsOf(db: DbOrTx, probe: SQL, probePersons: SQL): Promise<OverlapRow[]> {
  const res = await db.execute<RawOverlap>(sql`${overlapsSql(probe, probePersons)} order by 1, 2, 7, 8`);
  return res.rows.map(overlapOfRow);
}

/** An overlap row of {@link overlapsSql} as an {@link OverlapRow}. */
export const overlapOfRow = (r: RawOverlap): OverlapRow => ({
  sheetId: r.sheet_id,
  kind: r.kind,
  resourceId: r.resource_id,
  otherSheetId: r.other_id,
  productName: r.product_name,
  date: r.date,
  time: r.time,
  endsAt: new Date(Number(r.ends_ms)),
});

/**
 * The overlap rows of {@link overlapsOf} as a query (columns sheet_id, kind, resource_id, other_id,
 * product_name, date, time, ends_ms): the sheets list reads them per row of its page in its own
 * statement (ADR 029, 2026-11-26), with a probe that names the outer sheet's columns.
 */
export function overlapsSql(probe: SQL, probePersons: SQL): SQL {
  const others = (sameResource: SQL) => sql`lateral (
      select o.id, o.product_id, o.date, o.time, o.ends_at from schedule_sheets o
      where ${sameResource} and o.id <> s.id and o.starts_at < s.ends_at and o.ends_at > s.starts_at
        and o.starts_at > s.starts_at - (select d from longest)
      offset 0) o`;
  // The kind is one of four constants, written as a literal: no parameter, so the sheet's view is kept
  // as a template (ADR 052).
  const cols = (kind: 'vehicle' | 'driver' | 'guide' | 'person', resource: SQL) =>
    sql`s.id::text as sheet_id, ${sql.raw(`'${kind}'`)}::text as kind, ${resource}::text as resource_id, o.id::text as other_id,
        p.name as product_name, o.date::text as date, o.time, (extract(epoch from o.ends_at) * 1000)::float8 as ends_ms`;
  return sql`
    with s as (${probe}), sp as (${probePersons}),
      longest as (select max(ends_at - starts_at) as d from schedule_sheets)
    select ${cols('vehicle', sql`s.vehicle_id`)} from s
      cross join ${others(sql`o.vehicle_id = s.vehicle_id`)}
      join products p on p.id = o.product_id
    union all
    select ${cols('driver', sql`s.driver_id`)} from s
      cross join ${others(sql`o.driver_id = s.driver_id`)}
      join products p on p.id = o.product_id
    union all
    select ${cols('guide', sql`s.guide_id`)} from s
      cross join ${others(sql`o.guide_id = s.guide_id`)}
      join products p on p.id = o.product_id
    union all
    select ${cols('person', sql`sp.person_id`)} from s
      join sp on sp.sheet_id = s.id
      cross join ${others(sql`true`)}
      join schedule_sheet_persons op on op.sheet_id = o.id and op.person_id = sp.person_id
      join products p on p.id = o.product_id`;
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
        eq(users.state, USER_STATE.ACTIVE),
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

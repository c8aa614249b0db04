import { LEVEL, LIST_COUNT_CAP, SHEET_STATES } from '@trayecto/shared';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { withPreparedStatements } from '../../db/prepared-statements';
import { checkIns, products, scheduleSheetPersons, scheduleSheets, tourOperators } from '../../db/schema';
import { runCountUpTo, runSelectTemplate, ShapeBinder } from '../../db/select-template';
import { templated } from '../../db/statement-template';
import {
  buildListConditions,
  buildOrderBy,
  combine,
  escapeLike,
  type ListParams,
  type ResourceListSpec,
} from '../../lib/filters';
import { type Actor, tenantScope } from '../../lib/tenant';
import {
  type OverlapRow,
  overlapOfRow,
  overlapsSql,
  type RawOverlap,
  type UnavailableRow,
} from './sheet-assignments.repository';
import type { BookingStats, UntimedPickupRow } from './sheet-passengers.repository';

export type SheetRow = typeof scheduleSheets.$inferSelect;

/** The product's place in the default order: its name without accents or case (f_unaccent). */
const productKey = sql<string>`f_unaccent(${products.name})`;

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
    product: productKey,
    created_at: scheduleSheets.createdAt,
  },
  defaultSort: ['date', 'time', 'product'],
  // `q` is sheetSearch below (the same columns, matched by id against their small tables).
  search: [],
  tiebreaker: scheduleSheets.id,
};

/** The default order, the only one keyset paging (`cursor`) serves. */
export const SHEET_KEYSET_SORT = SHEET_LIST_SPEC.defaultSort.join(',');

/** A position in the default order: the last row of a page (`product` as f_unaccent gives it). */
export type SheetKeyset = { date: string; time: string; product: string; id: string };

/**
 * `q`: the sheet's product name or code, vehicle plate, driver's or guide's name contains the text
 * (case- and accent-insensitive, as every list's `q`). Matched as ids of those small tables (ADR
 * 029): neither the page nor its count joins them, and each `= any(array(…))` is an index condition
 * on the sheet's own column (the planner ORs the four indexes when few sheets match).
 */
function sheetSearch(q: string, binder: ShapeBinder): SQL {
  // One value, one placeholder wherever it is compared (ADR 052).
  const text = binder.shape('q').bind(escapeLike(q));
  const has = (col: SQL) => sql`f_unaccent(${col}::text) like '%' || f_unaccent(${text}) || '%'`;
  return sql`(${scheduleSheets.productId} = any(array(select p.id from products p where ${has(sql`p.name`)} or ${has(sql`p.code`)}))
    or ${scheduleSheets.vehicleId} = any(array(select v.id from vehicles v where ${has(sql`v.plate`)}))
    or ${scheduleSheets.driverId} = any(array(select u.id from users u where ${has(sql`u.full_name`)}))
    or ${scheduleSheets.guideId} = any(array(select u.id from users u where ${has(sql`u.full_name`)})))`;
}

/** The list's conditions: what the actor may read, the filters and `q`, every value `binder`'s. */
function listConditions(actor: Actor, params: ListParams, binder: ShapeBinder): SQL | undefined {
  return combine([
    visibleTo(actor, binder),
    ...buildListConditions({ ...params, q: undefined }, SHEET_LIST_SPEC, binder),
    params.q ? sheetSearch(params.q, binder) : undefined,
  ]);
}

/**
 * Which sheets the actor may read (PRODUCT.md §3): the tenant scope; a Chofer only the sheets
 * they drive, a Guía only the ones they guide.
 */
export function visibleTo(actor: Actor, binder?: ShapeBinder): SQL | undefined {
  binder?.shape(`level:${actor.level}`);
  const crew = (column: AnyPgColumn) => eq(column, binder ? binder.bind(actor.id, column) : actor.id);
  return combine([
    tenantScope(scheduleSheets.tourOperatorId, actor, binder),
    actor.level === LEVEL.DRIVER ? crew(scheduleSheets.driverId) : undefined,
    actor.level === LEVEL.GUIDE ? crew(scheduleSheets.guideId) : undefined,
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
  /** The product's place in the default order (the keyset cursor carries it). */
  productKey: string;
  /** The departure's non-cancelled bookings, passengers, seats and checked-in passengers. */
  stats: BookingStats;
  /** The sheet's extra staff, by name. */
  persons: Omit<SheetPersonRow, 'sheetId'>[];
  /** The vehicle's unavailable periods covering the sheet's date, earliest first. */
  unavailable: Omit<UnavailableRow, 'sheetId'>[];
  /** The departure's bookings collected at a place with no pickup time, by customer. */
  untimed: Omit<UntimedPickupRow, 'departureId'>[];
  /** Other sheets sharing a resource while they overlap, with the resource's name. */
  overlaps: (Omit<OverlapRow, 'sheetId'> & { resourceName: string })[];
};

/** A column of the outer `schedule_sheets` row, table-qualified (constants only). */
const outer = (column: AnyPgColumn) => sql.raw(`"schedule_sheets"."${column.name}"`);

/** The name of an overlap row's resource (`x`): the vehicle's plate, the person's or user's name. */
const RESOURCE_NAME = sql.raw(
  "coalesce(case x.kind when 'vehicle' then (select v.plate from vehicles v where v.id = x.resource_id::uuid) when 'person' then (select pe.full_name from persons pe where pe.id = x.resource_id::uuid) else (select u.full_name from users u where u.id = x.resource_id::uuid) end, '')",
);

/**
 * What a sheet's summary reads besides its row (ADR 029, 2026-11-26): each a subquery of the sheet's
 * own statement, run for the rows returned, in place of five statements over the page's ids and one
 * or three for the resources' names (a list request went from nine statements to one). The same
 * conditions and orders as the statements they replace; their rows as JSON.
 */
const summaryFields = {
  stats: sql<BookingStats>`(select json_build_object('bookingsCount', count(*)::int, 'pax', coalesce(sum(b.pax_total), 0)::int, 'seats', coalesce(sum(b.seats), 0)::int, 'checkedInPax', coalesce(sum(b.pax_total) filter (where b.checked_in_at is not null), 0)::int) from bookings b where b.departure_id = ${outer(scheduleSheets.departureId)} and b.state <> 'cancelled')`,
  persons: sql<
    SheetView['persons']
  >`(select coalesce(json_agg(json_build_object('id', p.id, 'fullName', p.full_name, 'phone', p.phone, 'role', p.role) order by f_unaccent(p.full_name), p.id), '[]'::json) from schedule_sheet_persons sp join persons p on p.id = sp.person_id where sp.sheet_id = ${outer(scheduleSheets.id)})`,
  unavailable: sql<
    SheetView['unavailable']
  >`(select coalesce(json_agg(json_build_object('vehicleId', u.vehicle_id, 'from', u."from", 'to', u."to", 'reason', u.reason) order by u."from"), '[]'::json) from vehicle_unavailabilities u where u.vehicle_id = ${outer(scheduleSheets.vehicleId)} and u."from" <= ${outer(scheduleSheets.date)} and u."to" >= ${outer(scheduleSheets.date)})`,
  untimed: sql<
    SheetView['untimed']
  >`(select coalesce(json_agg(json_build_object('placeId', coalesce(pa.id, a.id), 'placeName', case when pa.id is null then a.name else pa.name end, 'customerName', b.customer_name, 'locator', b.locator) order by f_unaccent(b.customer_name), b.locator), '[]'::json) from bookings b join products p on p.id = b.product_id join accommodations a on a.id = b.accommodation_id left join accommodations pa on pa.id = a.pickup_at_id and pa.deleted_at is null where b.departure_id = ${outer(scheduleSheets.departureId)} and b.state <> 'cancelled' and b.pickup_time is null and p.pickup_enabled = true)`,
  overlaps: sql<
    (Omit<SheetView['overlaps'][number], 'endsAt'> & { endsMs: number })[]
  >`(select coalesce(json_agg(json_build_object('kind', x.kind, 'resourceId', x.resource_id, 'otherSheetId', x.other_id, 'productName', x.product_name, 'date', x.date, 'time', x.time, 'endsMs', x.ends_ms, 'resourceName', ${RESOURCE_NAME}) order by x.kind, x.time, x.ends_ms), '[]'::json) from (${overlapsSql(
    sql`select ${outer(scheduleSheets.id)} as id, ${outer(scheduleSheets.vehicleId)} as vehicle_id, ${outer(scheduleSheets.driverId)} as driver_id, ${outer(scheduleSheets.guideId)} as guide_id, ${outer(scheduleSheets.startsAt)} as starts_at, ${outer(scheduleSheets.endsAt)} as ends_at`,
    sql`select sp.sheet_id, sp.person_id from schedule_sheet_persons sp where sp.sheet_id = ${outer(scheduleSheets.id)}`,
  )}) x)`,
};

/** A sheet row as the database answers it: its overlaps' ends as epoch milliseconds (JSON). */
type RawSheetView = Omit<SheetView, 'overlaps'> & {
  overlaps: (Omit<SheetView['overlaps'][number], 'endsAt'> & { endsMs: number })[];
};

const toSheetView = ({ overlaps, ...v }: RawSheetView): SheetView => ({
  ...v,
  overlaps: overlaps.map(({ endsMs, ...o }) => ({ ...o, endsAt: new Date(Number(endsMs)) })),
});

/**
 * The overlaps of a page of sheets (ADR 061), each sheet's in the order its summary lists them
 * (kind, time, end): one statement for the page, named (prepared on the server, ADR 040), in place
 * of the overlaps' subquery run for every row of the list's statement — four index probes and a
 * union per sheet, and PostgreSQL planning them on every request, half of that statement's time.
 * Its plan is the same for any page (sheets by id, then each resource's sheets by start), so the
 * generic plan is the right one.
 */
async function overlapsOfSheets(db: DbOrTx, ids: string[]): Promise<Map<string, SheetView['overlaps']>> {
  const bySheet = new Map<string, SheetView['overlaps']>();
  if (ids.length === 0) return bySheet;
  // Its text built once (ADR 051's templates): the page's ids are its one value, as one array.
  const statement = templated(db, 'sheets.page-overlaps', { ids: `{${ids.join(',')}}` }, (value) => {
    const page = sql`${value('ids')}::uuid[]`;
    return sql`select x.sheet_id, x.kind, x.resource_id, x.other_id, x.product_name, x.date, x.time, x.ends_ms, ${RESOURCE_NAME} as resource_name from (${overlapsSql(
      sql`select id, vehicle_id, driver_id, guide_id, starts_at, ends_at from schedule_sheets where id = any(${page})`,
      sql`select sheet_id, person_id from schedule_sheet_persons where sheet_id = any(${page})`,
    )}) x order by x.sheet_id, x.kind, x.time, x.ends_ms`;
  });
  // Inside an `sql` chunk, so the one-pass builder appends the kept text (db/sql-text.ts).
  const found = await withPreparedStatements(() => db.execute<RawOverlapWithName>(sql`${statement}`));
  for (const r of found.rows) {
    const { sheetId: _sheetId, ...row } = overlapOfRow(r);
    const overlap = { ...row, resourceName: r.resource_name };
    const list = bySheet.get(r.sheet_id);
    if (list) list.push(overlap);
    else bySheet.set(r.sheet_id, [overlap]);
  }
  return bySheet;
}

type RawOverlapWithName = RawOverlap & { resource_name: string };

/** One row of a small table as a JSON object (camelCase keys, as SheetView names them), or null. */
const rowOf = <T>(columns: Record<string, string>, from: string, id: AnyPgColumn) =>
  sql<T | null>`(select json_build_object(${sql.raw(
    Object.entries(columns)
      .map(([key, col]) => `'${key}', t.${col}`)
      .join(', '),
  )}) from ${sql.raw(from)} t where t.id = ${id})`;

/**
 * A sheet with what its answer names: product, departure capacity, operator, vehicle, driver, guide.
 * Only the product is joined (the list sorts and searches by it); the others are scalar subqueries,
 * read for the rows returned. ADR 029: planning the seven-table join took 20–95 ms a request at
 * 120 k sheets, more than running it; this plans in about 1 ms. The column names are constants.
 */
/** The summary without its overlaps: what the list reads in its statement (ADR 061). */
const { overlaps: _overlaps, ...listSummaryFields } = summaryFields;

const viewSelect = (
  db: DbOrTx,
  extra: { total?: SQL<number> } = {},
  summary: Partial<typeof summaryFields> = summaryFields,
) =>
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
      capacity: sql<number>`(select d.capacity from departures d where d.id = ${scheduleSheets.departureId})`.mapWith(
        Number,
      ),
      operator: rowOf<SheetView['operator']>(
        {
          id: 'id',
          name: 'name',
          legalName: 'legal_name',
          taxId: 'tax_id',
          phone: 'phone',
          address: 'address',
          timezone: 'timezone',
        },
        'tour_operators',
        scheduleSheets.tourOperatorId,
      ),
      vehicle: rowOf<NonNullable<SheetView['vehicle']>>(
        {
          id: 'id',
          plate: 'plate',
          name: 'name',
          model: 'model',
          type: 'type',
          seats: 'seats',
          transportAuthorization: 'transport_authorization',
        },
        'vehicles',
        scheduleSheets.vehicleId,
      ),
      driver: rowOf<NonNullable<SheetView['driver']>>(
        { id: 'id', fullName: 'full_name', phone: 'phone' },
        'users',
        scheduleSheets.driverId,
      ),
      guide: rowOf<NonNullable<SheetView['guide']>>(
        { id: 'id', fullName: 'full_name', phone: 'phone' },
        'users',
        scheduleSheets.guideId,
      ),
      productKey,
      ...summary,
      ...extra,
    })
    .from(scheduleSheets)
    .innerJoin(products, eq(products.id, scheduleSheets.productId));

/** The rows after `at` in the default order: the (date, time) bound alone lets the indexes start there. */
function afterPosition(at: SheetKeyset, b: ShapeBinder): SQL {
  const date = b.bind(at.date);
  const time = b.bind(at.time);
  return sql`(${scheduleSheets.date}, ${scheduleSheets.time}) >= (${date}::date, ${time}::text) and (${scheduleSheets.date}, ${scheduleSheets.time}, ${productKey}, ${scheduleSheets.id}) > (${date}::date, ${time}::text, ${b.bind(at.product)}::text, ${b.bind(at.id)}::uuid)`;
}

/**
 * A page of the sheets the actor may read, with one row more than asked when there is a next page,
 * each with its summary's parts, and their total counted up to LIST_COUNT_CAP (ADR 027), in ONE
 * statement: the total is an uncorrelated subquery run once (ADR 029, 2026-11-26; only an empty page
 * past page one counts on its own). With `after`, the page starts after that position of the default
 * order (keyset, ADR 029: an index range, no OFFSET and no count however deep the page; total null);
 * else `page` × `per_page`.
 */
export async function listSheets(db: DbOrTx, actor: Actor, params: ListParams, after?: SheetKeyset) {
  // Built once per shape (ADR 052): every value below is the binder's placeholder.
  const b = new ShapeBinder('sheets.list');
  const where = listConditions(actor, params, b);
  const order = buildOrderBy(params, SHEET_LIST_SPEC, b);
  b.shape(after ? 'keyset' : 'paged');
  const keyset = after ? afterPosition(after, b) : undefined;
  const offset = after ? 0 : (params.page - 1) * params.perPage;
  // One more row than asked tells whether there is a next page.
  const takeAt = b.bind(params.perPage + 1);
  // The first page has no OFFSET (drizzle leaves out an offset of 0): the same text as before.
  const offsetAt = offset === 0 ? undefined : b.shape('offset').bind(offset);
  // The page's ids first, joined only to what the order needs (the product's name); the rest of the
  // view is read for those rows alone, so a page deep down by OFFSET skips its rows' joins (ADR 029).
  const pageIds = (d: DbOrTx) => {
    const ids = d
      .select({ id: scheduleSheets.id })
      .from(scheduleSheets)
      .innerJoin(products, eq(products.id, scheduleSheets.productId))
      .where(combine([where, keyset]))
      .orderBy(...order)
      .limit(takeAt as never);
    return offsetAt === undefined ? ids : ids.offset(offsetAt as never);
  };
  // No join: every condition is on the sheet itself (ADR 029). Keyset pages skip the count.
  const capAt = after ? undefined : b.bind(LIST_COUNT_CAP + 1);
  const counted = (d: DbOrTx) =>
    capAt === undefined
      ? undefined
      : sql<number>`(select count(*)::int from (${d
          .select({ one: sql`1` })
          .from(scheduleSheets)
          .where(where)
          .limit(capAt as never)}) as counted)`;
  const found = (await runSelectTemplate(
    db,
    b.key,
    (d) => {
      const total = counted(d);
      return viewSelect(d, total ? { total } : {}, listSummaryFields)
        .where(inArray(scheduleSheets.id, pageIds(d)))
        .orderBy(...order);
    },
    b.values,
    { strict: true },
  )) as (Omit<RawSheetView, 'overlaps'> & { total?: number })[];
  // ADR 061: the page's overlaps in one more statement, for all its sheets at once.
  const overlaps = await overlapsOfSheets(
    db,
    found.map((v) => v.sheet.id),
  );
  const rows: SheetView[] = found.map(({ total: _total, ...v }) => ({
    ...v,
    overlaps: overlaps.get(v.sheet.id) ?? [],
  }));
  if (after) return { rows, total: null };
  if (found[0]?.total !== undefined) return { rows, total: Number(found[0].total) };
  // No row carried it: nothing on page one, or a page past the end (counted on its own).
  if (offset === 0) return { rows, total: 0 };
  return { rows, total: await runCountUpTo(db, b, scheduleSheets, where, LIST_COUNT_CAP) };
}

/**
 * A sheet the actor may read, its view's select built once per shape (ADR 052): its text is the
 * longest the sheets send (the summary's five subqueries), and drizzle built it on every request.
 */
export async function findVisibleSheet(db: DbOrTx, actor: Actor, id: string) {
  const b = new ShapeBinder('sheets.view');
  const where = and(visibleTo(actor, b), eq(scheduleSheets.id, b.bind(id, scheduleSheets.id) as never));
  const [row] = await runSelectTemplate(db, b.key, (d) => viewSelect(d).where(where), b.values, { strict: true });
  return row ? toSheetView(row as RawSheetView) : undefined;
}

/** A sheet by id alone (its writer has checked who may see it), built once as well. */
export async function findSheetView(db: DbOrTx, id: string) {
  const b = new ShapeBinder('sheets.view-by-id');
  const where = eq(scheduleSheets.id, b.bind(id, scheduleSheets.id) as never);
  const [row] = await runSelectTemplate(db, b.key, (d) => viewSelect(d).where(where), b.values, { strict: true });
  return row ? toSheetView(row as RawSheetView) : undefined;
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

import {
  ACTIVE_STATE,
  LEVEL,
  SHEET_STATE_NAMES,
  type TSheetConflict,
  type TSheetCreateRequest,
  type TSheetGenerateRequest,
  type TSheetGenerateResponse,
  type TSheetResponse,
  type TSheetSummary,
  type TSheetUpdateRequest,
  VEHICLE_STATE,
  VEHICLE_STATE_NAMES,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { AppError, type FieldErrors, fieldError, forbidden, notFound, validation } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import { type Actor, isAdmin } from '../../lib/tenant';
import {
  type AuditChanges,
  createdFields,
  diffFields,
  nameReferences,
  recordAudit,
  staffAudit,
} from '../audit/audit.service';
import { ruleTimesOn } from '../products/availability';
import { displayDate, timeZoneOf } from '../products/products.service';
import { finishLocked, sheetSummary } from './check-in.service';
import { buildPickupRoute, defaultOrigin, routePassengers } from './pickup-route';
import { toRouteBooking, toSheetResponse, toSheetSummary } from './schedule-sheets.mapper';
import * as repo from './schedule-sheets.repository';
import {
  canSheetTransition,
  checkInWindow,
  isOverCapacity,
  overCapacityMessage,
  overlapMessage,
  pickupWithoutTimeMessage,
  type ResourceKind,
  sheetInterval,
  sheetTransitionMessage,
  startTooEarlyMessage,
  unavailableMessage,
  WHAT,
} from './schedule-sheets.rules';
import { inTransaction } from './transaction';

export const STALE_MESSAGE = 'La hoja de servicio ha cambiado; recarga los datos';
export const OVERLAP_MESSAGE = 'Hay asignaciones que se solapan';
export const UNAVAILABLE_MESSAGE = 'El vehículo no está disponible ese día';
export const SHEET_EXISTS_MESSAGE = 'Esta salida ya tiene hoja de servicio';
export const DONE_READ_ONLY = 'La hoja está finalizada y ya no se puede modificar';
export const ONLY_DRAFT_DELETE = 'Solo se puede eliminar una hoja en «Borrador»';
export const CREW_ONLY_STATE = 'Tu rol solo puede cambiar el estado de la hoja';
export const CREW_STATES_MESSAGE = 'Solo la oficina confirma una hoja o la devuelve a borrador';

const isCrew = (actor: Actor) => actor.level === LEVEL.DRIVER || actor.level === LEVEL.GUIDE;

/** The assignments and libro de ruta data of a sheet as the API names them, for the audit log. */
const auditedSheetFields = (s: {
  vehicleId: string | null;
  driverId: string | null;
  guideId: string | null;
  personIds: string[];
  origin: string;
  destination: string;
  notes: string;
}) => ({
  vehicle_id: s.vehicleId,
  driver_id: s.driverId,
  guide_id: s.guideId,
  person_ids: [...s.personIds].sort(),
  origin: s.origin,
  destination: s.destination,
  notes: s.notes,
});

/** Ids of the assigned people and vehicle become `{ id, name }` (the names at the time). */
const SHEET_REFERENCES = { vehicle_id: 'vehicle', driver_id: 'user', guide_id: 'user', person_ids: 'person' } as const;
const nameSheetReferences = (tx: DbOrTx, changes: AuditChanges) => nameReferences(tx, changes, SHEET_REFERENCES);

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

const FIELD_OF: Record<TSheetConflict['kind'], string> = {
  vehicle: 'vehicle_id',
  vehicle_unavailable: 'vehicle_id',
  over_capacity: 'vehicle_id',
  driver: 'driver_id',
  guide: 'guide_id',
  person: 'person_ids',
  pickup_without_time: 'stops',
};

/** Conflicts as field errors too, so a form shows each next to its field. */
function conflictErrors(conflicts: TSheetConflict[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const c of conflicts) {
    const field = FIELD_OF[c.kind];
    errors[field] = [...(errors[field] ?? []), c.message];
  }
  return errors;
}

function overlapConflicts(rows: repo.OverlapRow[], names: Map<string, string>, timeZone: string): TSheetConflict[] {
  return rows.map((o) => ({
    kind: o.kind,
    message: overlapMessage(o.kind, names.get(o.resourceId) ?? '', o, timeZone),
    resource_id: o.resourceId,
    other_sheet_id: o.otherSheetId,
  }));
}

async function namesOf(db: DbOrTx, rows: { kind: ResourceKind; resourceId: string }[]) {
  const of = (k: ResourceKind[]) => [...new Set(rows.filter((r) => k.includes(r.kind)).map((r) => r.resourceId))];
  return repo.resourceNames(db, {
    vehicles: of(['vehicle']),
    users: of(['driver', 'guide']),
    persons: of(['person']),
  });
}

const placeCollator = new Intl.Collator('es', { sensitivity: 'base' });

/** One `pickup_without_time` warning per place of the departure whose bookings have no pickup time. */
function untimedPickupWarnings(rows: repo.UntimedPickupRow[]): TSheetConflict[] {
  const byPlace = new Map<string, repo.UntimedPickupRow[]>();
  for (const r of rows) byPlace.set(r.placeId, [...(byPlace.get(r.placeId) ?? []), r]);
  return [...byPlace.values()]
    .sort((a, b) => placeCollator.compare(a[0].placeName, b[0].placeName))
    .map((list) => ({
      kind: 'pickup_without_time' as const,
      message: pickupWithoutTimeMessage(list[0].placeName, list),
      resource_id: list[0].placeId,
      other_sheet_id: null,
    }));
}

/** Summaries of these sheets: counts, persons and warnings, in a fixed number of queries. */
async function summarise(db: DbOrTx, views: repo.SheetView[], now: Date): Promise<TSheetSummary[]> {
  const ids = views.map((v) => v.sheet.id);
  const departureIds = views.map((v) => v.sheet.departureId);
  const [stats, persons, overlaps, unavailable, untimed] = await Promise.all([
    repo.bookingStats(db, departureIds),
    repo.listSheetPersons(db, ids),
    repo.findSheetOverlaps(db, ids),
    repo.findSheetUnavailability(db, ids),
    repo.listUntimedPickups(db, departureIds),
  ]);
  const names = overlaps.length > 0 ? await namesOf(db, overlaps) : new Map<string, string>();
  return views.map((v) => {
    const tz = timeZoneOf(v.operator.timezone);
    const s = stats.get(v.sheet.departureId);
    const warnings = overlapConflicts(
      overlaps.filter((o) => o.sheetId === v.sheet.id),
      names,
      tz,
    );
    for (const u of unavailable.filter((x) => x.sheetId === v.sheet.id)) {
      warnings.push({
        kind: 'vehicle_unavailable',
        message: unavailableMessage(v.vehicle?.plate ?? '', u),
        resource_id: u.vehicleId,
        other_sheet_id: null,
      });
    }
    if (v.vehicle?.id && isOverCapacity(s?.seats ?? 0, v.vehicle)) {
      warnings.push({
        kind: 'over_capacity',
        message: overCapacityMessage(s?.seats ?? 0, v.vehicle),
        resource_id: v.vehicle.id,
        other_sheet_id: null,
      });
    }
    warnings.push(...untimedPickupWarnings(untimed.filter((u) => u.departureId === v.sheet.departureId)));
    return toSheetSummary(v, {
      stats: s,
      persons: persons.filter((p) => p.sheetId === v.sheet.id),
      warnings,
      checkInWindow: checkInWindow(v.sheet, tz, now),
    });
  });
}

/** The whole sheet: summary, pickup route and passengers (in pickup order, as the driver collects them). */
async function describe(db: DbOrTx, view: repo.SheetView, now: Date): Promise<TSheetResponse> {
  const [[summary], rows] = await Promise.all([
    summarise(db, [view], now),
    repo.listRouteBookings(db, [view.sheet.departureId]),
  ]);
  const onRoute = rows.map((r) => toRouteBooking(r, view.product.pickupEnabled));
  const stops = buildPickupRoute(
    onRoute,
    { address: view.product.meetingPoint, latLng: view.product.meetingLatLng },
    view.sheet.time,
  );
  return toSheetResponse(summary, view, { stops, passengers: routePassengers(stops) });
}

export async function listSheets(db: DbOrTx, actor: Actor, params: ListParams, now = new Date()) {
  const { rows, total } = await repo.listSheets(db, actor, params);
  return { items: await summarise(db, rows, now), total };
}

export async function getSheet(db: DbOrTx, actor: Actor, id: string, now = new Date()): Promise<TSheetResponse> {
  const view = await repo.findVisibleSheet(db, actor, id);
  if (!view) throw notFound(WHAT);
  return describe(db, view, now);
}

/** Reads a sheet just written (the writer could see it). */
export async function readSheet(db: DbOrTx, id: string, now = new Date()): Promise<TSheetResponse> {
  const view = await repo.findSheetView(db, id);
  if (!view) throw notFound(WHAT);
  return describe(db, view, now);
}

// ── Assignments ──────────────────────────────────────────────────────────────────────────────────

type Assignments = { vehicleId: string | null; driverId: string | null; guideId: string | null; personIds: string[] };

type AssignmentBody = Pick<TSheetUpdateRequest, 'vehicle_id' | 'driver_id' | 'guide_id' | 'person_ids' | 'force'>;

type AssignmentContext = {
  sheetId: string | null;
  tourOperatorId: string;
  date: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  current: Assignments;
};

/**
 * The assignments after this body (fields not sent stay), checked: a driver must be an active
 * Chofer of the operator, a guide an active Guía, the vehicle active, the persons active (422 on
 * the field). Newly assigned resources already on an overlapping sheet, or a vehicle unavailable
 * that day, answer 409 with the conflicts unless `force`. The resources are locked (advisory,
 * transaction-long) before the check, so two requests for the same driver check one after the other.
 */
async function resolveAssignments(tx: DbOrTx, ctx: AssignmentContext, body: AssignmentBody): Promise<Assignments> {
  const cur = ctx.current;
  const next: Assignments = {
    vehicleId: body.vehicle_id !== undefined ? body.vehicle_id : cur.vehicleId,
    driverId: body.driver_id !== undefined ? body.driver_id : cur.driverId,
    guideId: body.guide_id !== undefined ? body.guide_id : cur.guideId,
    personIds:
      body.person_ids !== undefined ? [...new Set(body.person_ids.map((p) => p.toLowerCase()))] : cur.personIds,
  };
  const newVehicle = next.vehicleId !== cur.vehicleId ? next.vehicleId : null;
  const newDriver = next.driverId !== cur.driverId ? next.driverId : null;
  const newGuide = next.guideId !== cur.guideId ? next.guideId : null;
  const newPersons = next.personIds.filter((p) => !cur.personIds.includes(p));

  const errors: FieldErrors = {};
  if (newDriver && !(await repo.findActiveUser(tx, ctx.tourOperatorId, newDriver, LEVEL.DRIVER))) {
    errors.driver_id = ['El chofer no existe o no es un chofer activo de este tour operador'];
  }
  if (newGuide && !(await repo.findActiveUser(tx, ctx.tourOperatorId, newGuide, LEVEL.GUIDE))) {
    errors.guide_id = ['El guía no existe o no es un guía activo de este tour operador'];
  }
  if (newVehicle) {
    const v = await repo.findVehicle(tx, ctx.tourOperatorId, newVehicle);
    if (!v) errors.vehicle_id = ['El vehículo no existe'];
    else if (v.state !== VEHICLE_STATE.ACTIVE) {
      errors.vehicle_id = [`El vehículo ${v.plate} no está activo (${VEHICLE_STATE_NAMES[v.state] ?? v.state})`];
    }
  }
  if (newPersons.length > 0) {
    const found = await repo.findPersons(tx, ctx.tourOperatorId, newPersons);
    const missing = newPersons.filter((id) => !found.some((p) => p.id === id));
    const inactive = found.filter((p) => p.state !== ACTIVE_STATE.ACTIVE);
    const msgs = [
      ...(missing.length > 0 ? ['Alguna de las personas no existe'] : []),
      ...inactive.map((p) => `${p.fullName} no está activa`),
    ];
    if (msgs.length > 0) errors.person_ids = msgs;
  }
  if (Object.keys(errors).length > 0) throw validation(errors);

  const changed = [newVehicle, newDriver, newGuide, ...newPersons].filter((x): x is string => x !== null);
  if (changed.length === 0 || body.force) return next;

  await repo.lockResources(tx, changed);
  const overlaps = await repo.findProbeOverlaps(tx, {
    sheetId: ctx.sheetId,
    startsAt: ctx.startsAt,
    endsAt: ctx.endsAt,
    vehicleId: newVehicle,
    driverId: newDriver,
    guideId: newGuide,
    personIds: newPersons,
  });
  const conflicts = overlapConflicts(
    overlaps,
    overlaps.length > 0 ? await namesOf(tx, overlaps) : new Map(),
    ctx.timeZone,
  );
  if (newVehicle) {
    const periods = await repo.findVehicleUnavailability(tx, newVehicle, ctx.date);
    if (periods.length > 0) {
      const names = await repo.resourceNames(tx, { vehicles: [newVehicle], users: [], persons: [] });
      for (const p of periods) {
        conflicts.push({
          kind: 'vehicle_unavailable',
          message: unavailableMessage(names.get(newVehicle) ?? '', p),
          resource_id: newVehicle,
          other_sheet_id: null,
        });
      }
    }
  }
  if (conflicts.length > 0) {
    const message = overlaps.length > 0 ? OVERLAP_MESSAGE : UNAVAILABLE_MESSAGE;
    throw new AppError({
      code: 'ASSIGNMENT_CONFLICT',
      message,
      errors: conflictErrors(conflicts),
      extra: { conflicts },
    });
  }
  return next;
}

// ── Creating ─────────────────────────────────────────────────────────────────────────────────────

const interval = (date: string, time: string, durationMinutes: number, timezone: string) =>
  sheetInterval(date, time, durationMinutes, timeZoneOf(timezone));

/**
 * The sheets of a day in one transaction (PRODUCT.md §5): one per departure of the caller's operator
 * (the administrator: the one named, or all) with seat-holding bookings and no sheet yet. Inserted
 * with ON CONFLICT (departure_id) DO NOTHING, so running it twice, or twice at once, creates each
 * sheet once. Origin: the first pickup stop's zone or the meeting point; destination: the product.
 */
export async function generateSheets(
  db: DbOrTx,
  actor: Actor,
  body: TSheetGenerateRequest,
): Promise<TSheetGenerateResponse> {
  const tourOperatorId = isAdmin(actor) ? (body.tour_operator_id ?? null) : actor.tourOperatorId;
  if (!isAdmin(actor) && !tourOperatorId) throw forbidden('Tu usuario no pertenece a ningún tour operador');
  return inTransaction(db, async (tx) => {
    const departures = await repo.listDeparturesToPlan(tx, {
      date: body.date,
      tourOperatorId,
      productIds: body.product_ids,
    });
    const todo = departures.filter((d) => !d.sheetId);
    const rows = await repo.listRouteBookings(
      tx,
      todo.map((d) => d.departure.id),
    );
    const values = todo.map((d) => {
      const stops = buildPickupRoute(
        rows
          .filter((r) => r.booking.departureId === d.departure.id)
          .map((r) => toRouteBooking(r, d.product.pickupEnabled)),
        { address: d.product.meetingPoint, latLng: d.product.meetingLatLng },
        d.departure.time,
      );
      return {
        tourOperatorId: d.tourOperatorId,
        productId: d.product.id,
        departureId: d.departure.id,
        date: d.departure.date,
        time: d.departure.time,
        ...interval(d.departure.date, d.departure.time, d.product.durationMinutes, d.timezone),
        origin: defaultOrigin(stops, d.product.meetingPoint),
        destination: d.product.name,
        createdBy: actor.id,
      };
    });
    const created = await repo.insertSheets(tx, values);
    const idOf = new Map(created.map((c) => [c.departureId, c.id]));
    const valuesOf = new Map(values.map((v) => [v.departureId, v]));
    await recordAudit(
      tx,
      staffAudit(actor),
      created.map((c) => {
        const v = valuesOf.get(c.departureId);
        return {
          tourOperatorId: v?.tourOperatorId ?? null,
          entityType: 'schedule_sheet' as const,
          entityId: c.id,
          action: 'generate' as const,
          summary: v ? sheetSummary(v) : '',
          changes: v ? createdFields({ date: v.date, time: v.time, origin: v.origin, destination: v.destination }) : {},
        };
      }),
    );
    return {
      created: created.length,
      existing: departures.length - created.length,
      sheets: todo
        .filter((d) => idOf.has(d.departure.id))
        .map((d) => ({ id: idOf.get(d.departure.id) as string, product_name: d.product.name, time: d.departure.time })),
    };
  });
}

/**
 * The sheet of one departure (PRODUCT.md §4), with optional assignments. The departure row is made
 * if the product offers it; a departure that already has a sheet answers 409.
 */
export async function createSheet(
  db: DbOrTx,
  actor: Actor,
  body: TSheetCreateRequest,
  now: Date,
): Promise<TSheetResponse> {
  const id = await inTransaction(db, async (tx) => {
    const found = await repo.findProductForSheet(tx, actor, body.product_id);
    if (!found) throw validation({ product_id: ['El producto no existe'] });
    const { product } = found;
    let departure = await repo.findDeparture(tx, product.id, body.date, body.time);
    if (!departure) {
      const offered = ruleTimesOn(body.date, product.availabilityRules, new Set(product.closedDates));
      if (!offered.includes(body.time)) {
        const m = `El producto no tiene salida el ${displayDate(body.date)} a las ${body.time}`;
        throw validation({ time: [m] }, m);
      }
      departure = await repo.ensureDeparture(tx, {
        tourOperatorId: product.tourOperatorId,
        productId: product.id,
        date: body.date,
        time: body.time,
        capacity: product.capacity,
      });
    }
    if (await repo.findSheetIdByDeparture(tx, departure.id)) {
      throw new AppError({ code: 'SHEET_EXISTS', message: SHEET_EXISTS_MESSAGE });
    }
    const state = body.state ?? 'draft';
    if (state !== 'draft' && state !== 'ready') {
      const m = `Una hoja nueva empieza en «${SHEET_STATE_NAMES.draft}» o «${SHEET_STATE_NAMES.ready}»`;
      throw fieldError('INVALID_STATE_TRANSITION', 'state', m);
    }
    const timeZone = timeZoneOf(found.timezone);
    const { startsAt, endsAt } = sheetInterval(body.date, body.time, product.durationMinutes, timeZone);
    const next = await resolveAssignments(
      tx,
      {
        sheetId: null,
        tourOperatorId: product.tourOperatorId,
        date: body.date,
        startsAt,
        endsAt,
        timeZone,
        current: { vehicleId: null, driverId: null, guideId: null, personIds: [] },
      },
      body,
    );
    let origin = body.origin;
    if (origin === undefined) {
      const rows = await repo.listRouteBookings(tx, [departure.id]);
      const stops = buildPickupRoute(
        rows.map((r) => toRouteBooking(r, product.pickupEnabled)),
        { address: product.meetingPoint, latLng: product.meetingLatLng },
        body.time,
      );
      origin = defaultOrigin(stops, product.meetingPoint);
    }
    const row = await repo.insertSheet(tx, {
      tourOperatorId: product.tourOperatorId,
      productId: product.id,
      departureId: departure.id,
      date: body.date,
      time: body.time,
      startsAt,
      endsAt,
      vehicleId: next.vehicleId,
      driverId: next.driverId,
      guideId: next.guideId,
      origin,
      destination: body.destination ?? product.name,
      notes: body.notes ?? '',
      state,
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw new AppError({ code: 'SHEET_EXISTS', message: SHEET_EXISTS_MESSAGE });
    await repo.replaceSheetPersons(tx, row.tourOperatorId, row.id, next.personIds);
    await recordAudit(tx, staffAudit(actor), {
      tourOperatorId: row.tourOperatorId,
      entityType: 'schedule_sheet',
      entityId: row.id,
      action: 'create',
      summary: sheetSummary(row),
      at: now,
      changes: await nameSheetReferences(
        tx,
        createdFields({
          date: row.date,
          time: row.time,
          state: row.state,
          ...auditedSheetFields({ ...row, personIds: next.personIds }),
        }),
      ),
    });
    return row.id;
  });
  return readSheet(db, id, now);
}

// ── Editing ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Edits a sheet (fields not sent stay): assignments (checked and overlap-guarded as above), libro de
 * ruta data, notes and the state along SHEET_TRANSITIONS (422 naming both states). `version`, when
 * sent, refuses a stale edit (409). A finished sheet is read-only. Chofer and Guía only move their
 * sheet forward (ready → in_progress → done); «done» finishes it as POST /finish does.
 */
export async function updateSheet(
  db: DbOrTx,
  actor: Actor,
  id: string,
  body: TSheetUpdateRequest,
  now: Date,
): Promise<TSheetResponse> {
  await inTransaction(db, async (tx) => {
    const cur = await repo.lockVisibleSheet(tx, actor, id);
    if (!cur) throw notFound(WHAT);
    if (body.version !== undefined && body.version !== cur.version) {
      throw fieldError('STALE_VERSION', 'version', STALE_MESSAGE);
    }
    if (isCrew(actor)) {
      const others = Object.entries(body).filter(([k, v]) => v !== undefined && k !== 'state' && k !== 'version');
      if (others.length > 0) throw forbidden(CREW_ONLY_STATE);
    }
    if (cur.state === 'done') throw new AppError({ code: 'STATE_CONFLICT', message: DONE_READ_ONLY });
    const nextState = body.state ?? cur.state;
    const stateChanged = nextState !== cur.state;
    const timeZone = timeZoneOf(await repo.findOperatorTimeZone(tx, cur.tourOperatorId));
    if (stateChanged) {
      // The crew only moves a sheet forward, whatever state it is in.
      if (isCrew(actor) && nextState !== 'in_progress' && nextState !== 'done') throw forbidden(CREW_STATES_MESSAGE);
      if (!canSheetTransition(cur.state, nextState)) {
        throw fieldError('INVALID_STATE_TRANSITION', 'state', sheetTransitionMessage(cur.state, nextState));
      }
      // «En curso» only from the departure's day (issue 12: a sheet days ahead turned «en curso»).
      if (nextState === 'in_progress' && checkInWindow(cur, timeZone, now) === 'before') {
        throw fieldError('INVALID_STATE_TRANSITION', 'state', startTooEarlyMessage(cur.date));
      }
    }

    const currentPersons = await repo.listPersonIds(tx, cur.id);
    const next = await resolveAssignments(
      tx,
      {
        sheetId: cur.id,
        tourOperatorId: cur.tourOperatorId,
        date: cur.date,
        startsAt: cur.startsAt,
        endsAt: cur.endsAt,
        timeZone,
        current: { vehicleId: cur.vehicleId, driverId: cur.driverId, guideId: cur.guideId, personIds: currentPersons },
      },
      body,
    );
    const personsChanged =
      next.personIds.length !== currentPersons.length || next.personIds.some((p) => !currentPersons.includes(p));
    const values = {
      vehicleId: next.vehicleId,
      driverId: next.driverId,
      guideId: next.guideId,
      origin: body.origin ?? cur.origin,
      destination: body.destination ?? cur.destination,
      notes: body.notes ?? cur.notes,
    };
    const fieldsChanged =
      personsChanged || (Object.keys(values) as (keyof typeof values)[]).some((k) => values[k] !== cur[k]);
    // draft ⇄ ready and → in_progress here; → done is the finish (bookings closed in the same transaction).
    const stateValues: { state?: string; startedAt?: Date } =
      stateChanged && nextState !== 'done'
        ? { state: nextState, ...(nextState === 'in_progress' ? { startedAt: cur.startedAt ?? now } : {}) }
        : {};
    if (fieldsChanged || stateValues.state) {
      await repo.updateSheetRow(tx, cur.id, { ...values, ...stateValues, updatedAt: now });
      if (personsChanged) await repo.replaceSheetPersons(tx, cur.tourOperatorId, cur.id, next.personIds);
      const changes = diffFields(
        auditedSheetFields({ ...cur, personIds: currentPersons }),
        auditedSheetFields({ ...values, personIds: next.personIds }),
      );
      if (stateValues.state) changes.state = [cur.state, stateValues.state];
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, staffAudit(actor), {
          tourOperatorId: cur.tourOperatorId,
          entityType: 'schedule_sheet',
          entityId: cur.id,
          action: Object.keys(changes).length === 1 && changes.state ? 'state' : 'update',
          summary: sheetSummary({ ...cur, destination: values.destination }),
          at: now,
          changes: await nameSheetReferences(tx, changes),
        });
      }
    }
    if (stateChanged && nextState === 'done') await finishLocked(tx, actor, cur, now, timeZone);
  });
  return readSheet(db, id, now);
}

/** Deletes a draft sheet (its persons go with it); any other state answers 409. */
export async function deleteSheet(db: DbOrTx, actor: Actor, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const cur = await repo.lockVisibleSheet(tx, actor, id);
    if (!cur) throw notFound(WHAT);
    if (cur.state !== 'draft') throw new AppError({ code: 'STATE_CONFLICT', message: ONLY_DRAFT_DELETE });
    await repo.deleteSheetRow(tx, id);
    await recordAudit(tx, staffAudit(actor), {
      tourOperatorId: cur.tourOperatorId,
      entityType: 'schedule_sheet',
      entityId: cur.id,
      action: 'delete',
      summary: sheetSummary(cur),
    });
  });
}

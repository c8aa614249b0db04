import { MSG, type TVehicleCreateRequest, type TVehicleUpdateRequest } from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { vehicles } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import { type Actor, isAdmin, tenantForWrite } from '../../lib/tenant';
import { findTourOperatorRow } from '../tour-operators/tour-operators.service';
import { toVehicleResponse, type VehicleWithZone, vehicleToday } from './vehicles.mapper';
import * as repo from './vehicles.repository';

const WHAT = 'El vehículo';
const PLATE_TAKEN = 'Ya existe un vehículo con esa matrícula';
const plateTaken = () => fieldError('PLATE_TAKEN', 'plate', PLATE_TAKEN);

/** The PostgreSQL error behind a (possibly wrapped) driver error. */
function pgErrorOf(err: unknown): { code?: string; constraint?: string } | undefined {
  let e = err as { code?: unknown; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as { code: string; constraint?: string };
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Two concurrent writes with the same plate: the unique index decides, answered as the same 409. */
function rethrowPlateRace(err: unknown): never {
  const pg = pgErrorOf(err);
  if (pg?.code === '23505' && pg.constraint === 'vehicles_tenant_plate_key') throw plateTaken();
  throw err;
}

/** "1234-abc" and "1234 ABC" are the same plate; the shared contract normalises, this guards empties. */
function assertPlate(plate: string | undefined) {
  if (plate !== undefined && plate === '') {
    throw new AppError({
      code: 'VALIDATION',
      message: 'Hay errores en los datos enviados',
      errors: { plate: [MSG.required] },
    });
  }
}

/**
 * The operator a new vehicle belongs to: the caller's own; the administrator must name one that
 * exists (a vehicle always belongs to an operator).
 */
async function resolveOperator(db: DbOrTx, actor: Actor, requested: string | null | undefined) {
  const id = tenantForWrite(actor, requested);
  if (!id) {
    throw new AppError({
      code: 'VALIDATION',
      message: 'Indica el tour operador del vehículo',
      errors: { tour_operator_id: [MSG.required] },
    });
  }
  if (isAdmin(actor) && !(await findTourOperatorRow(db, id))) {
    throw fieldError('VALIDATION', 'tour_operator_id', 'El tour operador no existe');
  }
  return id;
}

async function respond(db: DbOrTx, row: VehicleWithZone) {
  return toVehicleResponse(row, await repo.findPeriods(db, [row.vehicle.id]));
}

export async function listVehicles(db: Db, actor: Actor, params: ListParams) {
  const { rows, total } = await repo.listVehicles(db, actor, params);
  const periods = await repo.findPeriods(
    db,
    rows.map((r) => r.vehicle.id),
  );
  // One time-zone conversion per operator and one pass over the periods, not one per row (ADR 036:
  // the list's mapping spent 7 % of its CPU working out "today" again for every vehicle).
  const now = new Date();
  const todays = new Map<string | null, string>();
  const byVehicle = new Map<string, typeof periods>();
  for (const p of periods) {
    const list = byVehicle.get(p.vehicleId);
    if (list) list.push(p);
    else byVehicle.set(p.vehicleId, [p]);
  }
  const items = rows.map((r) => {
    let today = todays.get(r.timezone);
    if (today === undefined) {
      today = vehicleToday(r.timezone, now);
      todays.set(r.timezone, today);
    }
    return toVehicleResponse(r, byVehicle.get(r.vehicle.id) ?? [], today);
  });
  return { items, total };
}

export async function getVehicle(db: Db, actor: Actor, id: string) {
  const row = await repo.findVisibleVehicle(db, actor, id);
  if (!row) throw notFound(WHAT);
  return respond(db, row);
}

/** Creates a vehicle with its unavailable periods, in one transaction. Plates are unique per operator. */
export async function createVehicle(db: Db, actor: Actor, body: TVehicleCreateRequest) {
  assertPlate(body.plate);
  try {
    return await db.transaction(async (tx) => {
      const tourOperatorId = await resolveOperator(tx, actor, body.tour_operator_id);
      if (await repo.plateInUse(tx, tourOperatorId, body.plate)) throw plateTaken();
      const row = await repo.insertVehicle(tx, {
        tourOperatorId,
        plate: body.plate,
        name: body.name ?? '',
        model: body.model ?? '',
        type: body.type,
        seats: body.seats,
        transportAuthorization: body.transport_authorization ?? '',
        state: body.state ?? 1,
        notes: body.notes ?? '',
      });
      await repo.replacePeriods(tx, tourOperatorId, row.id, body.unavailable_periods ?? []);
      const created = await repo.findVisibleVehicle(tx, actor, row.id);
      if (!created) throw notFound(WHAT);
      return respond(tx, created);
    });
  } catch (err) {
    rethrowPlateRace(err);
  }
}

/**
 * Updates a vehicle: fields not sent stay; `unavailable_periods`, when sent, replaces the stored
 * ones in the same transaction. A vehicle never changes operator (its sheets and periods are
 * keyed by it): the administrator naming another one gets 422.
 */
export async function updateVehicle(db: Db, actor: Actor, id: string, body: TVehicleUpdateRequest) {
  assertPlate(body.plate);
  try {
    return await db.transaction(async (tx) => {
      const current = await repo.findVisibleVehicle(tx, actor, id, { forUpdate: true });
      if (!current) throw notFound(WHAT);
      const { vehicle } = current;
      if (isAdmin(actor) && body.tour_operator_id && body.tour_operator_id !== vehicle.tourOperatorId) {
        const msg = 'Un vehículo no puede cambiar de tour operador';
        throw fieldError('VALIDATION', 'tour_operator_id', msg);
      }
      if (body.plate && (await repo.plateInUse(tx, vehicle.tourOperatorId, body.plate, id))) throw plateTaken();
      const values: Partial<typeof vehicles.$inferInsert> = {
        plate: body.plate,
        name: body.name,
        model: body.model,
        type: body.type,
        seats: body.seats,
        transportAuthorization: body.transport_authorization,
        state: body.state,
        notes: body.notes,
      };
      await repo.updateVehicleRow(tx, id, values);
      if (body.unavailable_periods) {
        await repo.replacePeriods(tx, vehicle.tourOperatorId, id, body.unavailable_periods);
      }
      const updated = await repo.findVisibleVehicle(tx, actor, id);
      if (!updated) throw notFound(WHAT);
      return respond(tx, updated);
    });
  } catch (err) {
    rethrowPlateRace(err);
  }
}

/**
 * Soft delete (`deleted_at`): schedule sheets of later issues keep pointing at the vehicle that
 * ran them; the plate becomes free again (the unique index only covers live vehicles).
 */
export async function deleteVehicle(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const current = await repo.findVisibleVehicle(tx, actor, id, { forUpdate: true });
    if (!current) throw notFound(WHAT);
    await repo.updateVehicleRow(tx, id, { deletedAt: new Date() });
  });
}

/** A sheet's assignments: who and what may be assigned (422), and the overlap check (409 unless `force`). */
import { ACTIVE_STATE, LEVEL, type TSheetUpdateRequest, VEHICLE_STATE, VEHICLE_STATE_NAMES } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { AppError, type FieldErrors, validation } from '../../lib/app-error';
import { unavailableMessage } from './schedule-sheets.rules';
import * as assignments from './sheet-assignments.repository';
import { conflictErrors, namesOf, overlapConflicts } from './sheet-conflicts';

const OVERLAP_MESSAGE = 'Hay asignaciones que se solapan';
export const UNAVAILABLE_MESSAGE = 'El vehículo no está disponible ese día';
export type Assignments = {
  vehicleId: string | null;
  driverId: string | null;
  guideId: string | null;
  personIds: string[];
};

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
export async function resolveAssignments(
  tx: DbOrTx,
  ctx: AssignmentContext,
  body: AssignmentBody,
): Promise<Assignments> {
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
  if (newDriver && !(await assignments.findActiveUser(tx, ctx.tourOperatorId, newDriver, LEVEL.DRIVER))) {
    errors.driver_id = ['El chofer no existe o no es un chofer activo de este tour operador'];
  }
  if (newGuide && !(await assignments.findActiveUser(tx, ctx.tourOperatorId, newGuide, LEVEL.GUIDE))) {
    errors.guide_id = ['El guía no existe o no es un guía activo de este tour operador'];
  }
  if (newVehicle) {
    const v = await assignments.findVehicle(tx, ctx.tourOperatorId, newVehicle);
    if (!v) errors.vehicle_id = ['El vehículo no existe'];
    else if (v.state !== VEHICLE_STATE.ACTIVE) {
      errors.vehicle_id = [`El vehículo ${v.plate} no está activo (${VEHICLE_STATE_NAMES[v.state] ?? v.state})`];
    }
  }
  if (newPersons.length > 0) {
    const found = await assignments.findPersons(tx, ctx.tourOperatorId, newPersons);
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

  await assignments.lockResources(tx, changed);
  const overlaps = await assignments.findProbeOverlaps(tx, {
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
    const periods = await assignments.findVehicleUnavailability(tx, newVehicle, ctx.date);
    if (periods.length > 0) {
      const names = await assignments.resourceNames(tx, { vehicles: [newVehicle], users: [], persons: [] });
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

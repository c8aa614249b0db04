/** Overlap rows and untimed pickups as the conflicts and warnings a sheet shows (and a 409 carries). */
import type { TSheetConflict } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import type { FieldErrors } from '../../lib/app-error';
import { overlapMessage, pickupWithoutTimeMessage, type ResourceKind } from './schedule-sheets.rules';
import * as assignments from './sheet-assignments.repository';
import type * as passengers from './sheet-passengers.repository';

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
export function conflictErrors(conflicts: TSheetConflict[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const c of conflicts) {
    const field = FIELD_OF[c.kind];
    errors[field] = [...(errors[field] ?? []), c.message];
  }
  return errors;
}

export function overlapConflicts(
  rows: assignments.OverlapRow[],
  names: Map<string, string>,
  timeZone: string,
): TSheetConflict[] {
  return rows.map((o) => ({
    kind: o.kind,
    message: overlapMessage(o.kind, names.get(o.resourceId) ?? '', o, timeZone),
    resource_id: o.resourceId,
    other_sheet_id: o.otherSheetId,
  }));
}

export async function namesOf(db: DbOrTx, rows: { kind: ResourceKind; resourceId: string }[]) {
  const of = (k: ResourceKind[]) => [...new Set(rows.filter((r) => k.includes(r.kind)).map((r) => r.resourceId))];
  return assignments.resourceNames(db, {
    vehicles: of(['vehicle']),
    users: of(['driver', 'guide']),
    persons: of(['person']),
  });
}

const placeCollator = new Intl.Collator('es', { sensitivity: 'base' });

/** One `pickup_without_time` warning per place of the departure whose bookings have no pickup time. */
export function untimedPickupWarnings(rows: passengers.UntimedPickupRow[]): TSheetConflict[] {
  const byPlace = new Map<string, passengers.UntimedPickupRow[]>();
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

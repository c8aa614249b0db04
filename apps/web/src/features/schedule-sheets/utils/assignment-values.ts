/**
 * The assignment form's values and options, as pure functions: a sheet → the form's values, whether
 * two are the same assignment, and how a vehicle or a person reads in the pickers.
 */
import {
  ACTIVE_STATE,
  PERSON_ROLE_NAMES,
  type TPersonResponse,
  type TPersonRole,
  type TSheetResponse,
  type TVehicleResponse,
  VEHICLE_STATE,
  VEHICLE_STATE_NAMES,
} from '@trayecto/shared';
import { seatsLabel } from './sheet-view';

export type TAssignmentValues = {
  vehicle_id: string | null;
  driver_id: string | null;
  guide_id: string | null;
  person_ids: string[];
  origin: string;
  destination: string;
  notes: string;
};
export const ASSIGNMENT_FIELDS: (keyof TAssignmentValues)[] = [
  'vehicle_id',
  'driver_id',
  'guide_id',
  'person_ids',
  'origin',
  'destination',
  'notes',
];

export const valuesOf = (s: TSheetResponse): TAssignmentValues => ({
  vehicle_id: s.vehicle?.id ?? null,
  driver_id: s.driver?.id ?? null,
  guide_id: s.guide?.id ?? null,
  person_ids: s.persons.map((p) => p.id),
  origin: s.origin,
  destination: s.destination,
  notes: s.notes,
});

/** Whether two sets of form values are the same assignment (persons in any order). */
export function sameValues(a: TAssignmentValues, b: TAssignmentValues): boolean {
  const persons = (v: TAssignmentValues) => [...v.person_ids].sort().join(',');
  return (
    a.vehicle_id === b.vehicle_id &&
    a.driver_id === b.driver_id &&
    a.guide_id === b.guide_id &&
    persons(a) === persons(b) &&
    a.origin === b.origin &&
    a.destination === b.destination &&
    a.notes === b.notes
  );
}

/** A vehicle as an option: plate · name · seats; not active or off that day is said (and inactive ones disabled). */
export function vehicleOption(v: TVehicleResponse, date: string, seatsNeeded: number) {
  const off = v.unavailable_periods.some((p) => p.from <= date && date <= p.to);
  const parts = [v.plate, v.name, seatsLabel(v.seats)].filter(Boolean);
  const notes: string[] = [];
  if (v.state !== VEHICLE_STATE.ACTIVE) notes.push(VEHICLE_STATE_NAMES[v.state] ?? 'no activo');
  else if (off) notes.push('no disponible ese día');
  if (v.seats < seatsNeeded) notes.push('plazas insuficientes');
  return {
    value: v.id,
    label: `${parts.join(' · ')}${notes.length ? ` (${notes.join(', ')})` : ''}`,
    disabled: v.state !== VEHICLE_STATE.ACTIVE,
  };
}

export const personLabel = (p: TPersonResponse) =>
  `${p.full_name} · ${PERSON_ROLE_NAMES[p.role as TPersonRole] ?? p.role}${p.state === ACTIVE_STATE.ACTIVE ? '' : ' (inactivo)'}`;

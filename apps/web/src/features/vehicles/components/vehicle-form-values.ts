/**
 * The vehicle form: its values, validation with the shared zod schemas (the same messages as the
 * API) and the payload sent to POST/PUT /api/v1/vehicles.
 */
import { randomId } from '@mantine/hooks';
import {
  MSG,
  type TVehicleCreateRequest,
  type TVehicleResponse,
  type TVehicleType,
  VEHICLE_STATE,
  VEHICLE_STATE_NAMES,
  VEHICLE_TYPE_NAMES,
  VEHICLE_TYPES,
  ZVehicleCreateRequest,
  ZVehicleUpdateRequest,
} from '@trayecto/shared';
import { issuesToErrors } from '../../../lib/form-errors';

export type TVehiclePeriodValues = { key: string; from: string | null; to: string | null; reason: string };

export type TVehicleFormValues = {
  tour_operator_id: string | null;
  plate: string;
  name: string;
  model: string;
  type: string;
  seats: number | string;
  transport_authorization: string;
  state: string;
  notes: string;
  unavailable_periods: TVehiclePeriodValues[];
};

export type TVehicleFormMode = 'create' | 'edit';

/** The administrator picks the operator of a new vehicle; everyone else creates for their own. */
export type TVehicleFormContext = { isAdmin: boolean };

export const VEHICLE_FORM_FIELDS = [
  'tour_operator_id',
  'plate',
  'name',
  'model',
  'type',
  'seats',
  'transport_authorization',
  'state',
  'notes',
  'unavailable_periods',
] as const;

export const VEHICLE_TYPE_OPTIONS = VEHICLE_TYPES.map((t) => ({ value: t, label: VEHICLE_TYPE_NAMES[t] }));
export const VEHICLE_STATE_OPTIONS = [VEHICLE_STATE.ACTIVE, VEHICLE_STATE.INACTIVE, VEHICLE_STATE.WORKSHOP].map(
  (s) => ({ value: String(s), label: VEHICLE_STATE_NAMES[s] ?? String(s) }),
);

export function newPeriod(from: string | null = null, to: string | null = null, reason = ''): TVehiclePeriodValues {
  return { key: randomId(), from, to, reason };
}

export function initialVehicleFormValues(v: TVehicleResponse | null): TVehicleFormValues {
  return {
    tour_operator_id: v?.tour_operator_id ?? null,
    plate: v?.plate ?? '',
    name: v?.name ?? '',
    model: v?.model ?? '',
    type: v?.type ?? '',
    seats: v?.seats ?? '',
    transport_authorization: v?.transport_authorization ?? '',
    state: String(v?.state ?? VEHICLE_STATE.ACTIVE),
    notes: v?.notes ?? '',
    unavailable_periods: [...(v?.unavailable_periods ?? [])]
      .sort((a, b) => a.from.localeCompare(b.from))
      .map((p) => ({ key: p.id || randomId(), from: p.from, to: p.to, reason: p.reason ?? '' })),
  };
}

function seatsOf(v: number | string): number {
  if (typeof v === 'number') return v;
  const n = Number(String(v).trim());
  return v === '' || !Number.isFinite(n) ? Number.NaN : n;
}

/** POST/PUT body. The operator is only sent by the administrator, and only for a new vehicle. */
export function toVehiclePayload(
  values: TVehicleFormValues,
  ctx: TVehicleFormContext,
  mode: TVehicleFormMode,
): TVehicleCreateRequest {
  const payload: TVehicleCreateRequest = {
    plate: values.plate.trim(),
    name: values.name.trim(),
    model: values.model.trim(),
    // A Select of VEHICLE_TYPES ('' until chosen: the schema says it is required).
    type: values.type as TVehicleType,
    seats: seatsOf(values.seats),
    transport_authorization: values.transport_authorization.trim(),
    state: Number(values.state || VEHICLE_STATE.ACTIVE),
    notes: values.notes.trim(),
    unavailable_periods: values.unavailable_periods.map((p) => ({
      from: p.from ?? '',
      to: p.to ?? '',
      reason: p.reason.trim(),
    })),
  };
  if (ctx.isAdmin && mode === 'create' && values.tour_operator_id) payload.tour_operator_id = values.tour_operator_id;
  return payload;
}

/**
 * Validates with the shared request schema; one message per field, list rows included
 * ("unavailable_periods.0.to").
 */
export function validateVehicleForm(
  values: TVehicleFormValues,
  mode: TVehicleFormMode,
  ctx: TVehicleFormContext,
): Record<string, string> {
  const payload = toVehiclePayload(values, ctx, mode);
  // Empty inputs are "missing" (spec §5 "Campo requerido"), not "invalid".
  const forSchema = {
    ...payload,
    type: payload.type || undefined,
    seats: values.seats === '' ? undefined : payload.seats,
    unavailable_periods: (payload.unavailable_periods ?? []).map((p) => ({
      from: p.from || undefined,
      to: p.to || undefined,
      reason: p.reason,
    })),
  };
  const schema = mode === 'create' ? ZVehicleCreateRequest : ZVehicleUpdateRequest;
  const result = schema.safeParse(forSchema);
  const errors = result.success ? {} : issuesToErrors(result.error.issues);
  // The update schema lets these be left out; the form always sends them.
  if (!values.plate.trim()) errors.plate ??= MSG.required;
  if (!values.type) errors.type ??= MSG.required;
  if (values.seats === '') errors.seats ??= MSG.required;
  if (ctx.isAdmin && mode === 'create' && !values.tour_operator_id) errors.tour_operator_id ??= MSG.required;
  overlappingPeriods(values.unavailable_periods).forEach((i) => {
    errors[`unavailable_periods.${i}.from`] ??= 'Se solapa con otro periodo';
  });
  return errors;
}

/** Indexes of periods that overlap an earlier one in the list (both complete and valid). */
export function overlappingPeriods(periods: readonly TVehiclePeriodValues[]): number[] {
  const out: number[] = [];
  periods.forEach((p, i) => {
    if (!p.from || !p.to || p.from > p.to) return;
    const clash = periods.some(
      (q, j) => j < i && q.from && q.to && q.from <= q.to && q.from <= (p.to as string) && (p.from as string) <= q.to,
    );
    if (clash) out.push(i);
  });
  return out;
}

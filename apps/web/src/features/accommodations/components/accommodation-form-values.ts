/**
 * The accommodation form: values, validation with the shared zod schemas, the payload for
 * POST/PUT /api/v1/accommodations, and the "Recoger en" choices (the API's rules: not itself,
 * one level deep, a shared row only at shared ones).
 */
import {
  ACCOMMODATION_TYPE_NAMES,
  ACCOMMODATION_TYPES,
  ACTIVE_STATE,
  MSG,
  parseLatLng,
  type TAccommodationCreateRequest,
  type TAccommodationResponse,
  type TAccommodationType,
  ZAccommodationCreateRequest,
  ZAccommodationUpdateRequest,
} from '@trayecto/shared';
import { issuesToErrors } from '../../../lib/form-errors';

/** The owner select's value for the administrator's shared catalogue. */
export const SHARED_OWNER = 'shared';

export type TAccommodationFormValues = {
  /** Administrator only: SHARED_OWNER or an operator's id; '' not chosen yet. */
  owner: string;
  name: string;
  type: string;
  address: string;
  zone: string;
  lat_lng: string;
  phone: string;
  pickup_point: string;
  pickup_at_id: string | null;
  state: string;
  notes: string;
};

export type TAccommodationFormMode = 'create' | 'edit';
export type TAccommodationFormContext = { isAdmin: boolean };

export const ACCOMMODATION_FORM_FIELDS = [
  'owner',
  'name',
  'type',
  'address',
  'zone',
  'lat_lng',
  'phone',
  'pickup_point',
  'pickup_at_id',
  'state',
  'notes',
] as const;

export const ACCOMMODATION_TYPE_OPTIONS = ACCOMMODATION_TYPES.map((t) => ({
  value: t,
  label: ACCOMMODATION_TYPE_NAMES[t],
}));
export const ACCOMMODATION_STATE_OPTIONS = [
  { value: '1', label: 'Activo' },
  { value: '2', label: 'Inactivo' },
];

export function initialAccommodationFormValues(a: TAccommodationResponse | null): TAccommodationFormValues {
  return {
    owner: a ? (a.shared || !a.tour_operator_id ? SHARED_OWNER : a.tour_operator_id) : '',
    name: a?.name ?? '',
    type: a?.type ?? 'hotel',
    address: a?.address ?? '',
    zone: a?.zone ?? '',
    lat_lng: a?.lat_lng ?? '',
    phone: a?.phone ?? '',
    pickup_point: a?.pickup_point ?? '',
    pickup_at_id: a?.pickup_at_id ?? null,
    state: String(a?.state ?? 1),
    notes: a?.notes ?? '',
  };
}

/** The owner as the API takes it: null = shared catalogue. */
export function ownerId(owner: string): string | null {
  return owner === SHARED_OWNER || owner === '' ? null : owner;
}

/**
 * POST/PUT body. The administrator names the owner of a new row (never on edit: an accommodation
 * never changes owner); others leave it out and the API uses their own operator.
 */
export function toAccommodationPayload(
  values: TAccommodationFormValues,
  ctx: TAccommodationFormContext,
  mode: TAccommodationFormMode,
): TAccommodationCreateRequest {
  const payload: TAccommodationCreateRequest = {
    name: values.name.trim(),
    // A Select of ACCOMMODATION_TYPES (the schema refuses anything else).
    type: (values.type || 'hotel') as TAccommodationType,
    address: values.address.trim(),
    zone: values.zone.trim(),
    lat_lng: values.lat_lng.trim().replace(/\s+/g, ''),
    phone: values.phone.trim(),
    pickup_point: values.pickup_point.trim(),
    pickup_at_id: values.pickup_at_id || null,
    state: Number(values.state || 1),
    notes: values.notes.trim(),
  };
  if (ctx.isAdmin && mode === 'create') payload.tour_operator_id = ownerId(values.owner);
  return payload;
}

export function validateAccommodationForm(
  values: TAccommodationFormValues,
  mode: TAccommodationFormMode,
  ctx: TAccommodationFormContext,
): Record<string, string> {
  const payload = toAccommodationPayload(values, ctx, mode);
  const schema = mode === 'create' ? ZAccommodationCreateRequest : ZAccommodationUpdateRequest;
  const result = schema.safeParse(payload);
  const errors = result.success ? {} : issuesToErrors(result.error.issues);
  if (errors.tour_operator_id) {
    errors.owner ??= errors.tour_operator_id;
    delete errors.tour_operator_id;
  }
  if (!values.name.trim()) errors.name ??= MSG.required;
  if (ctx.isAdmin && mode === 'create' && !values.owner) errors.owner ??= MSG.required;
  return errors;
}

/** Coordinates rounded for storage: 6 decimals is ~10 cm, more than a pickup needs. */
export function formatLatLng(lat: number, lng: number): string {
  const r = (n: number) => String(Math.round(n * 1e6) / 1e6);
  return `${r(lat)},${r(lng)}`;
}

/** The form's lat_lng as a point, when it is a valid one. */
export function pointOf(latLng: string): [number, number] | null {
  const ok = ZAccommodationCreateRequest.shape.lat_lng.safeParse(latLng);
  if (!ok.success || !latLng.trim()) return null;
  const p = parseLatLng(latLng.replace(/\s+/g, ''));
  return p ? [p.lat, p.lng] : null;
}

export type TPickupOption = { value: string; label: string; disabled?: boolean };

/** Accommodations collected at `id` ("Hotel X, recoger en `id`"). */
export function pickupReferrers(all: readonly TAccommodationResponse[], id: string | null | undefined) {
  return id ? all.filter((a) => a.pickup_at_id === id) : [];
}

/**
 * The "Recoger en" choices for a row of `owner` (null = shared): live places the owner sees, not
 * the row itself, not one that is itself collected elsewhere (one level deep), and only shared
 * ones for a shared row. The current choice is always kept so the select can show it.
 */
export function pickupAtOptions(
  all: readonly TAccommodationResponse[],
  { selfId, owner, current }: { selfId: string | null; owner: string | null | undefined; current: string | null },
): TPickupOption[] {
  return all
    .filter((a) => {
      if (a.id === current) return true;
      if (a.id === selfId) return false;
      if (a.pickup_at_id) return false;
      if (a.state !== ACTIVE_STATE.ACTIVE) return false;
      const isShared = a.shared || a.tour_operator_id === null;
      if (owner === null) return isShared;
      if (owner === undefined) return true; // an operator: the API only returns what it may use
      return isShared || a.tour_operator_id === owner;
    })
    .map((a) => ({ value: a.id, label: a.zone ? `${a.name} · ${a.zone}` : a.name }));
}

/**
 * The person form: values, validation with the shared zod schemas and the payload sent to
 * POST/PUT /api/v1/persons.
 */
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  MSG,
  PERSON_ROLE_NAMES,
  PERSON_ROLES,
  type TPersonCreateRequest,
  type TPersonResponse,
  type TPersonRole,
  ZPersonCreateRequest,
  ZPersonUpdateRequest,
} from '@trayecto/shared';
import { issuesToErrors } from '../../../lib/form-errors';

export type TPersonFormValues = {
  tour_operator_id: string | null;
  full_name: string;
  role: string;
  state: string;
  phone: string;
  email: string;
  languages: string[];
  document_id: string;
  document_expiry: string | null;
  license_number: string;
  license_expiry: string | null;
  notes: string;
};

export type TPersonFormMode = 'create' | 'edit';
export type TPersonFormContext = { isAdmin: boolean };

export const PERSON_FORM_FIELDS = [
  'tour_operator_id',
  'full_name',
  'role',
  'state',
  'phone',
  'email',
  'languages',
  'document_id',
  'document_expiry',
  'license_number',
  'license_expiry',
  'notes',
] as const;

export const PERSON_ROLE_OPTIONS = PERSON_ROLES.map((r) => ({ value: r, label: PERSON_ROLE_NAMES[r] }));
export const PERSON_STATE_OPTIONS = [
  { value: '1', label: 'Activo' },
  { value: '2', label: 'Inactivo' },
];
/** In the catalogue's order: Spanish, English, German, French… */
export const LANGUAGE_OPTIONS = LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }));

export function initialPersonFormValues(p: TPersonResponse | null): TPersonFormValues {
  return {
    tour_operator_id: p?.tour_operator_id ?? null,
    full_name: p?.full_name ?? '',
    role: p?.role ?? '',
    state: String(p?.state ?? 1),
    phone: p?.phone ?? '',
    email: p?.email ?? '',
    languages: [...(p?.languages ?? [])],
    document_id: p?.document_id ?? '',
    document_expiry: p?.document_expiry ?? null,
    license_number: p?.license_number ?? '',
    license_expiry: p?.license_expiry ?? null,
    notes: p?.notes ?? '',
  };
}

/** POST/PUT body. The operator is only sent by the administrator, and only for a new person. */
export function toPersonPayload(
  values: TPersonFormValues,
  ctx: TPersonFormContext,
  mode: TPersonFormMode,
): TPersonCreateRequest {
  const payload: TPersonCreateRequest = {
    full_name: values.full_name.trim(),
    // A Select of PERSON_ROLES ('' until chosen: the schema says it is required).
    role: values.role as TPersonRole,
    state: Number(values.state || 1),
    phone: values.phone.trim(),
    email: values.email.trim(),
    languages: [...values.languages],
    document_id: values.document_id.trim().toUpperCase(),
    document_expiry: values.document_expiry || null,
    license_number: values.license_number.trim().toUpperCase(),
    license_expiry: values.license_expiry || null,
    notes: values.notes.trim(),
  };
  if (ctx.isAdmin && mode === 'create' && values.tour_operator_id) payload.tour_operator_id = values.tour_operator_id;
  return payload;
}

export function validatePersonForm(
  values: TPersonFormValues,
  mode: TPersonFormMode,
  ctx: TPersonFormContext,
): Record<string, string> {
  const payload = toPersonPayload(values, ctx, mode);
  const schema = mode === 'create' ? ZPersonCreateRequest : ZPersonUpdateRequest;
  const result = schema.safeParse({ ...payload, role: payload.role || undefined });
  const errors = result.success ? {} : issuesToErrors(result.error.issues);
  if (!values.full_name.trim()) errors.full_name ??= MSG.required;
  if (!values.role) errors.role ??= MSG.required;
  if (ctx.isAdmin && mode === 'create' && !values.tour_operator_id) errors.tour_operator_id ??= MSG.required;
  // A licence expiry without its number is probably a slip.
  if (values.license_expiry && !values.license_number.trim()) {
    errors.license_number ??= 'Indica el número del permiso o borra su caducidad';
  }
  return errors;
}

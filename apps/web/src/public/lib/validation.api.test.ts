/**
 * The public forms check what the customer types with the API's own rules (issue 13): the same bad
 * values run through the schemas the API's routes validate with (`@trayecto/shared`, zod's full
 * build, its Spanish configuration loaded as in the API) and through the forms' checks (zod/mini)
 * must give the same message on the same field.
 */
import { ZPublicBookingCreateRequest, ZPublicBookingUpdateRequest } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import {
  fieldErrorsFromServer,
  MEETING_POINT,
  type TFieldErrors,
  type TNewBookingValues,
  validateCustomer,
  validateNewBooking,
} from './validation';

/** What the API answers for a body: its 422 `errors` (error-handler.ts: the issue's path joined by dots). */
function apiErrors(schema: typeof ZPublicBookingCreateRequest | typeof ZPublicBookingUpdateRequest, body: object) {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return fieldErrorsFromServer(errors);
}

const CUSTOMER_FIELDS = [
  'customer_name',
  'customer_email',
  'customer_phone',
  'customer_country',
  'language',
  'room',
  'notes',
  'accept_terms',
];
const only = (errors: TFieldErrors) =>
  Object.fromEntries(Object.entries(errors).filter(([field, message]) => CUSTOMER_FIELDS.includes(field) && message));

const form: TNewBookingValues = {
  date: '2026-11-24',
  time: '09:00',
  pax: { adult: 2 },
  pickup: MEETING_POINT,
  room: '',
  customer_name: 'Lucía Pérez',
  customer_email: 'lucia@example.com',
  customer_phone: '+34 600 000 000',
  customer_country: 'ES',
  language: 'es',
  notes: '',
  accept_terms: true,
};
const ctx = { pickupEnabled: true, seatsLeft: 12, seats: 2 };

/** The body the booking form sends for those values (booking-form/booking-fields.ts bookingBody). */
const body = (v: TNewBookingValues) => ({
  product_id: '3f0c9d1e-8b7a-4c2d-9e6f-1a2b3c4d5e6f',
  date: v.date,
  time: v.time,
  pax: v.pax,
  customer_name: v.customer_name,
  customer_email: v.customer_email,
  customer_phone: v.customer_phone,
  ...(v.customer_country ? { customer_country: v.customer_country } : {}),
  ...(v.language ? { language: v.language } : {}),
  accommodation_id: null,
  room: v.room,
  notes: v.notes,
  accept_terms: v.accept_terms,
});

const long = (n: number) => 'x'.repeat(n);

/** Bad values a customer can type, field by field. */
const BAD: Partial<TNewBookingValues>[] = [
  { customer_name: '' },
  { customer_name: '   ' },
  { customer_name: long(151) },
  { customer_name: 'Ana\u0000' },
  { customer_email: '' },
  { customer_email: ' ' },
  { customer_email: 'lucia' },
  { customer_email: 'lucia@example' },
  { customer_email: 'lucia @example.com' },
  { customer_email: '@example.com' },
  { customer_email: `${long(250)}@ex.es` },
  { customer_email: 'lucia@example.com\u0007' },
  { customer_phone: '' },
  { customer_phone: long(41) },
  { customer_phone: '600\u0001' },
  { customer_country: 'E' },
  { customer_country: 'E1' },
  { customer_country: 'ESP' },
  { language: 'xx' },
  { room: long(21) },
  { notes: long(1001) },
  { notes: 'hola\u001b' },
  { accept_terms: false },
  { customer_name: '', customer_email: 'x@', customer_phone: '', accept_terms: false, room: long(30) },
];

describe('public forms: the API’s messages for the same input', () => {
  it('a valid form passes both', () => {
    expect(apiErrors(ZPublicBookingCreateRequest, body(form))).toEqual({});
    expect(validateNewBooking(form, ctx)).toEqual({});
  });

  it.each(BAD.map((bad) => [JSON.stringify(bad).slice(0, 80), bad] as const))('new booking %s', (_name, bad) => {
    const values = { ...form, ...bad };
    const api = apiErrors(ZPublicBookingCreateRequest, body(values));
    expect(Object.keys(api).length).toBeGreaterThan(0);
    expect(only(validateNewBooking(values, ctx))).toEqual(api);
  });

  it.each(BAD.filter((bad) => !('accept_terms' in bad)).map((bad) => [JSON.stringify(bad).slice(0, 80), bad] as const))(
    'existing booking, saving %s',
    (_name, bad) => {
      const values = { ...form, ...bad, accept_terms: false };
      const sent = {
        customer_name: values.customer_name,
        customer_email: values.customer_email,
        customer_phone: values.customer_phone,
        customer_country: values.customer_country,
        ...(values.language ? { language: values.language } : {}),
        room: values.room,
        notes: values.notes,
      };
      expect(only(validateCustomer(values, false))).toEqual(apiErrors(ZPublicBookingUpdateRequest, sent));
    },
  );

  it('confirming a prepared booking without accepting the terms: the same message', () => {
    const api = apiErrors(ZPublicBookingUpdateRequest, { customer_name: 'Ana', confirm: true, accept_terms: false });
    expect(api).toEqual({ accept_terms: 'Debes aceptar las condiciones' });
    expect(validateCustomer({ ...form, accept_terms: false }, true).accept_terms).toBe(api.accept_terms);
  });
});

/**
 * What a customer types on the public booking pages, as the API checks it: written once with zod's
 * small build (`zod/mini`), used by the API's public request schemas (public.schema.ts) and by the
 * public pages' forms (`@trayecto/shared/public-fields`), so both give the same Spanish messages
 * for the same input. The public bundle may load this and zod/mini, never zod's full build
 * (ADR 006, apps/web/src/public/bundle-boundaries.test.ts).
 */
import * as z from 'zod/mini';
import { LANGUAGES } from '../common/catalog';
import { countryChecks, emailChecks, optionalEmailChecks, requiredText, text } from '../common/field-rules';
import { MSG } from '../common/messages';

export const TERMS_MESSAGE = 'Debes aceptar las condiciones';

/** The customer's country: an ISO 3166-1 alpha-2 code (or nothing), stored upper-case. */
const customerCountry = text(2).check(...countryChecks());

/** One of the tour languages, "Opción no válida" otherwise. */
const language = z.enum(LANGUAGES, {
  error: (issue) => (issue.input === undefined ? MSG.required : MSG.invalidOption),
});

/**
 * The customer's data on a new booking (POST /api/v1/public/bookings): name, e-mail and phone are
 * required (the operator must be able to reach them), the e-mail has the spec's shape.
 */
export const publicCustomerFields = {
  customer_name: requiredText(150),
  customer_email: text(254).check(...emailChecks()),
  customer_phone: requiredText(40),
  customer_country: z.optional(customerCountry),
  language: z.optional(language),
};

/**
 * The customer's data when they complete a booking (PUT /api/v1/public/bookings/{id}): only the
 * name is required, an e-mail given must have the spec's shape.
 */
export const publicCustomerUpdateFields = {
  customer_name: requiredText(150),
  customer_email: z.optional(text(254).check(...optionalEmailChecks())),
  customer_phone: z.optional(text(40)),
  customer_country: z.optional(customerCountry),
  language: z.optional(language),
};

/** Pickup room and the customer's notes, on both forms. */
export const publicBookingNoteFields = {
  room: z.optional(text(20)),
  notes: z.optional(text(1000)),
};

/** A new booking needs the terms accepted. */
export const zAcceptTerms = z.literal(true, { error: TERMS_MESSAGE });

/** What the new-booking form checks before sending: the customer's data, room, notes and terms. */
export const ZPublicBookingForm = z.object({
  ...publicCustomerFields,
  ...publicBookingNoteFields,
  accept_terms: zAcceptTerms,
});

/** What the existing-booking form checks before saving (PUT): the customer's data, room and notes. */
export const ZPublicBookingUpdateForm = z.object({ ...publicCustomerUpdateFields, ...publicBookingNoteFields });

/**
 * The new-booking form's fields: their order on the page, where focus goes for each, the values a
 * visit starts with and the body they become (POST /api/v1/public/bookings).
 */
import type { TPublicProduct } from '@trayecto/shared';
import type { TAnswerInput } from '@trayecto/shared/questions';
import { getLocale } from '../i18n';
import type { TNewBookingBody } from '../lib/api';
import { MEETING_POINT, type TNewBookingValues } from '../lib/validation';

/** The fields in the order the page shows them: the first with an error gets the focus. */
export const FIELD_ORDER: readonly string[] = [
  'date',
  'time',
  'pax',
  'pickup',
  'room',
  'customer_name',
  'customer_email',
  'customer_phone',
  'customer_country',
  'language',
  'notes',
  'accept_terms',
];

/** The fields with the booking questions' (answers.…, lib/answers.ts), which come after the notes. */
export const fieldOrderWith = (answerFields: readonly string[]): readonly string[] =>
  answerFields.length ? [...FIELD_ORDER.slice(0, -1), ...answerFields, 'accept_terms'] : FIELD_ORDER;

/** Field → the element to focus when it has an error (a step's box, else the input of that id). */
const FOCUS_TARGET: Record<string, string> = {
  date: 'step-date',
  time: 'step-time',
  pax: 'step-pax',
  pickup: 'pickup',
};

export function focusField(field: string) {
  const el = document.getElementById(FOCUS_TARGET[field] ?? field);
  if (!el) return;
  el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  el.focus({ preventScroll: true });
}

/** The first field of the page with an error, if any. */
export const firstFieldWithError = (errors: Partial<Record<string, string>>, order: readonly string[] = FIELD_ORDER) =>
  order.find((f) => errors[f]);

/**
 * The tour language a visit starts with: the page's own when the tour is given in it, else English,
 * Spanish or the tour's first (the customer may pick another).
 */
export function initialLanguage(languages: readonly string[]): string {
  const locale = getLocale();
  for (const l of [locale, 'en', 'es']) if (languages.includes(l)) return l;
  return languages[0] ?? locale;
}

/** A new visit: one seat of the first tariff, the page's language when the tour is given in it. */
export function initialValues(product: TPublicProduct): TNewBookingValues {
  const firstSeat = product.prices.find((pr) => pr.occupies_seat && pr.amount_cents >= 0);
  return {
    date: '',
    time: '',
    pax: firstSeat ? { [firstSeat.pax_type]: 1 } : {},
    pickup: '',
    room: '',
    customer_name: '',
    customer_email: '',
    customer_phone: '',
    customer_country: '',
    language: initialLanguage(product.languages),
    notes: '',
    accept_terms: false,
  };
}

/**
 * The request body of the form's values: no empty pax, no pickup fields on a tour without pickup,
 * the answers (lib/answers.ts answersToSend) only when the product asks something.
 */
export function bookingBody(
  product: TPublicProduct,
  v: TNewBookingValues,
  answers: TAnswerInput[] = [],
): TNewBookingBody {
  const pax = Object.fromEntries(Object.entries(v.pax).filter(([, q]) => q > 0)) as TNewBookingBody['pax'];
  return {
    product_id: product.id,
    date: v.date,
    time: v.time,
    pax,
    customer_name: v.customer_name.trim(),
    customer_email: v.customer_email.trim(),
    customer_phone: v.customer_phone.trim(),
    ...(v.customer_country ? { customer_country: v.customer_country } : {}),
    // The booking's language (its messages are written in it, issue 15): the tour language the
    // customer chose, which starts as the page's; the page's when the tour lists none.
    language: (v.language || getLocale()) as TNewBookingBody['language'],
    ...(product.pickup_enabled
      ? { accommodation_id: v.pickup && v.pickup !== MEETING_POINT ? v.pickup : null, room: v.room.trim() }
      : {}),
    notes: v.notes.trim(),
    ...(product.questions.length > 0 ? { answers } : {}),
    accept_terms: v.accept_terms,
  };
}

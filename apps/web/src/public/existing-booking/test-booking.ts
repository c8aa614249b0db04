import type { TPublicBooking } from '@trayecto/shared';

/**
 * A customer's booking as GET /api/v1/public/bookings/{id} answers it, for the tests of the
 * booking page, the voucher and the thanks (confirmed, pickup at a hotel, 24 h free cancellation).
 */
export const publicBooking = (over: Partial<TPublicBooking> = {}): TPublicBooking => ({
  id: '7d0f7c1e-8a55-4f7e-9d8e-0c3b1a2b3c4d',
  locator: 'TRY-7K2QF9',
  state: 'confirmed',
  payment_state: 'pending',
  date: '2026-11-24',
  time: '09:00',
  starts_at: '2026-11-24T09:00:00.000Z',
  product: {
    id: 'p-1',
    name: 'Subida al Teide',
    duration_minutes: 480,
    meeting_point: 'Oficina Teide Aventura, Costa Adeje',
    meeting_lat_lng: '',
    pickup_enabled: true,
    image: null,
    free_cancellation_hours: 24,
    what_to_bring: [],
    pickup_notes: '',
    content_locales: {},
  },
  locale: 'es',
  lines: [{ pax_type: 'adult', quantity: 2, unit_cents: 4900, total_cents: 9800 }],
  pax_total: 2,
  subtotal_cents: 9800,
  discount_cents: 0,
  total_cents: 9800,
  tax_rate: 7,
  tax_cents: 641,
  paid_cents: 0,
  refunded_cents: 0,
  pending_cents: 9800,
  currency: 'EUR',
  customer_name: 'Lucía Pérez',
  customer_email: 'lucia@example.com',
  customer_phone: '+34 600 000 000',
  customer_country: 'ES',
  language: 'es',
  accommodation: {
    id: 'h-1',
    name: 'Gran Hotel Playa del Duque',
    address: 'Avenida de Bruselas 2',
    zone: 'Costa Adeje',
    pickup_point: 'puerta principal',
  },
  pickup_at: null,
  room: '214',
  pickup_time: '08:20',
  notes: '',
  passengers: [],
  questions: [],
  answers: [],
  booking_terms: '',
  customer_confirmed_at: null,
  can_confirm: false,
  can_cancel: true,
  free_cancellation_until: '2026-11-23T09:00:00.000Z',
  cancelled_at: null,
  voucher_url: '/public/landing/booking-voucher/7d0f7c1e-8a55-4f7e-9d8e-0c3b1a2b3c4d',
  tour_operator: {
    name: 'Teide Aventura',
    tax_territory: 'canarias',
    logo_url: '',
    brand_color: '#c2410c',
    email: 'reservas@teideaventura.demo',
    phone: '+34 922 123 456',
    website: '',
    address: '',
    booking_terms: '',
    timezone: 'Atlantic/Canary',
    default_language: 'es',
    public_languages: ['es', 'en', 'de', 'fr', 'it', 'nl'],
  },
  created_at: '2026-11-20T10:00:00.000Z',
  // Paid on the day (ADR 022): nothing online.
  hold_expires_at: null,
  due_now_cents: 0,
  due_later_cents: 9800,
  can_pay: false,
  pay_methods: [],
  ...over,
});

/** Stands for a parameter: the fixed text is what lies around it. */
const MARK = '\u2063';

/**
 * The fixed words of Spanish dictionary texts (strings, the fixed parts of sentences with
 * parameters), at least 5 characters long: on a page in another language none may appear.
 */
export function spanishFragments(...namespaces: unknown[]): string[] {
  const of = (value: unknown): string[] => {
    if (typeof value === 'string') return value.split(/\{\w+\}|\u2063/);
    if (typeof value === 'function') return of(String(value(MARK, MARK, MARK, MARK, MARK)));
    if (Array.isArray(value)) return value.flatMap(of);
    if (value && typeof value === 'object') return Object.values(value).flatMap(of);
    return [];
  };
  const fragments = namespaces
    .flatMap(of)
    .map((s) => s.trim().replace(/^[\s.,:;·()«»¡!¿?]+|[\s.,:;·()«»¡!¿?]+$/g, ''))
    .filter((s) => s.length >= 5 && /\p{L}/u.test(s));
  return [...new Set(fragments)];
}

/** Everything a customer reads or hears on the page: its text, title and accessible attributes. */
export function readableText(): string {
  const attributes = [...document.querySelectorAll('[aria-label], [alt], [title], [placeholder]')].flatMap((el) =>
    ['aria-label', 'alt', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
  );
  return [document.title, document.body.textContent ?? '', ...attributes].join('\n');
}

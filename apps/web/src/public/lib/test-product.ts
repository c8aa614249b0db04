/**
 * A public product as the API answers it, for the public pages' tests (not part of any page).
 * Its texts are German, as the API answers `Accept-Language: de`, unless a test overrides them.
 */
import type { TPublicAccommodation, TPublicAvailabilitySlot, TPublicProduct } from '@trayecto/shared';

export function testProduct(overrides: Partial<TPublicProduct> = {}): TPublicProduct {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Teide bei Sonnenuntergang',
    short_description: 'Mit dem Bus zum höchsten Berg Spaniens.',
    description: '<p>Eine unvergessliche Fahrt durch den Nationalpark.</p>',
    duration_minutes: 330,
    languages: ['es', 'en', 'de'],
    meeting_point: 'Busbahnhof Puerto de la Cruz',
    meeting_lat_lng: '',
    pickup_enabled: true,
    includes: ['Reiseleitung', 'Bus'],
    excludes: ['Abendessen'],
    what_to_bring: ['Warme Jacke', 'Festes Schuhwerk'],
    pickup_notes: 'Bitte warten Sie vor dem Haupteingang.',
    min_pax: 2,
    booking_cutoff_hours: 2,
    free_cancellation_hours: 24,
    instant_confirmation: true,
    currency: 'EUR',
    from_price_cents: 123450,
    // Paid on the day (ADR 022): nothing online.
    payment_mode: 'on_the_day',
    deposit: null,
    online_payment: false,
    images: [],
    prices: [
      { pax_type: 'adult', amount_cents: 123450, min_age: 12, max_age: null, occupies_seat: true },
      { pax_type: 'child', amount_cents: 2500, min_age: 3, max_age: 11, occupies_seat: true },
      { pax_type: 'infant', amount_cents: 0, min_age: null, max_age: 2, occupies_seat: false },
    ],
    seasons: [],
    booking_terms: 'Stornierungen bis 24 Stunden vorher sind kostenlos.',
    locale: 'de',
    content_locales: {},
    // Booking questions (ADR 024): none unless a test gives some (testQuestions).
    questions: [],
    tour_operator: {
      name: 'Teide Aventura',
      tax_territory: 'canarias',
      logo_url: '',
      brand_color: '#0b7285',
      email: 'info@teide.example',
      phone: '+34 922 000 000',
      website: 'teide.example',
      address: 'Calle Real 1, Puerto de la Cruz',
      booking_terms: '',
      timezone: 'Atlantic/Canary',
      default_language: 'es',
      public_languages: ['es', 'en', 'de'],
    },
    ...overrides,
  };
}

export const testSlots = (date: string): TPublicAvailabilitySlot[] => [
  { date, time: '09:00', capacity: 20, seats_left: 12, available: true },
  { date, time: '15:30', capacity: 20, seats_left: 0, available: false },
];

export const testAccommodations = (): TPublicAccommodation[] => [
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Hotel Marquesa',
    type: 'hotel',
    zone: 'Puerto de la Cruz',
    address: 'Calle Quintana 11',
    lat_lng: '',
    pickup_point: '',
    pickup_at: null,
    pickup_time: '08:20',
  },
];

/**
 * Booking questions as the API answers them in German: per passenger a required yes/no and an
 * optional date; for the booking an optional choice of five (a list) and an optional number.
 */
export const testQuestions = (): TPublicProduct['questions'] => [
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    scope: 'passenger',
    kind: 'yes_no',
    label: 'Kann schwimmen?',
    help: 'Für den Badestopp.',
    required: true,
    options: [],
  },
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000002',
    scope: 'booking',
    kind: 'choice',
    label: 'Wie haben Sie von uns erfahren?',
    help: '',
    required: false,
    options: [
      { value: 'Internet', label: 'Internet' },
      { value: 'En el hotel', label: 'Im Hotel' },
      { value: 'Agencia de viajes', label: 'Reisebüro' },
      { value: 'Por recomendación', label: 'Empfehlung' },
      { value: 'Otro', label: 'Sonstiges' },
    ],
  },
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000003',
    scope: 'booking',
    kind: 'number',
    label: 'Gewicht des Gepäcks (kg)',
    help: '',
    required: false,
    options: [],
  },
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000004',
    scope: 'passenger',
    kind: 'date',
    label: 'Geburtsdatum',
    help: '',
    required: false,
    options: [],
  },
];

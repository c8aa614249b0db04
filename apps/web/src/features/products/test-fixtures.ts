/** A product as GET /api/v1/products/{id} answers it, for the product form's tests. */
import type { TProductResponse } from '@trayecto/shared';

export const TEST_OPERATOR_ID = '11111111-2222-4333-8444-555555555555';
const OP = TEST_OPERATOR_ID;

/** The Teide tour of Teide Aventura (es default, sells in es, en and de), with `over` on top. */
export const productFixture = (over: Partial<TProductResponse> = {}): TProductResponse => ({
  id: 'p-1',
  tour_operator_id: OP,
  tour_operator: {
    id: OP,
    name: 'Teide Aventura',
    timezone: 'Atlantic/Canary',
    default_language: 'es',
    public_languages: ['es', 'en', 'de'],
  },
  code: 'TEI-01',
  name: 'Subida al Teide',
  short_description: '',
  description: '',
  duration_minutes: 480,
  languages: ['es'],
  meeting_point: '',
  meeting_lat_lng: '',
  pickup_enabled: false,
  includes: [],
  excludes: [],
  what_to_bring: [],
  pickup_notes: '',
  payment_mode: 'on_the_day',
  deposit: null,
  translations: {},
  capacity: 50,
  min_pax: 1,
  booking_cutoff_hours: 12,
  free_cancellation_hours: 24,
  instant_confirmation: true,
  booking_terms: '',
  currency: 'EUR',
  state: 'active',
  prices: [{ pax_type: 'adult', amount_cents: 4500, min_age: 12, max_age: null, occupies_seat: true }],
  seasons: [],
  availability_rules: [{ weekdays: [1, 2, 3, 4, 5], times: ['09:00'], valid_from: '2026-01-01', valid_to: null }],
  closed_dates: [],
  pickups: [],
  questions: [],
  images: [],
  from_price_cents: 4500,
  public_urls: { landing: '/public/landing/p-1', booking: '/public/booking/product/p-1' },
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
  ...over,
});

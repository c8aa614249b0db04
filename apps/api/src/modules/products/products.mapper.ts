import {
  PRODUCT_PAYMENT_MODES,
  pathTo,
  type TDeposit,
  type TProductImage,
  type TProductPaymentMode,
  type TProductPickupResponse,
  type TProductPrice,
  type TProductResponse,
  timeZoneOf,
} from '@trayecto/shared';
import type { ProductTranslations, productImages, productPickups, products } from '../../db/schema';
import { isoOf } from '../../lib/instants';

export type ProductRow = typeof products.$inferSelect;
export type ProductWithOperator = {
  product: ProductRow;
  operator: {
    id: string;
    name: string;
    timezone: string;
    defaultLanguage: string;
    publicLanguages: string[];
    taxTerritory: string;
  };
};
export type ImageRow = typeof productImages.$inferSelect;
export type PickupWithAccommodation = {
  pickup: typeof productPickups.$inferSelect;
  accommodation: {
    id: string;
    name: string;
    zone: string;
    latLng: string;
    tourOperatorId: string | null;
  } | null;
};

/**
 * The product's payment terms as the API answers them (ADR 022): its mode and, for a deposit, the
 * percentage or the amount per passenger (null otherwise).
 */
export function paymentTermsOf(p: Pick<ProductRow, 'paymentMode' | 'depositPercent' | 'depositPerPaxCents'>): {
  payment_mode: TProductPaymentMode;
  deposit: TDeposit | null;
} {
  const mode = (PRODUCT_PAYMENT_MODES as readonly string[]).includes(p.paymentMode)
    ? (p.paymentMode as TProductPaymentMode)
    : 'on_the_day';
  if (mode !== 'deposit') return { payment_mode: mode, deposit: null };
  if (p.depositPercent !== null) return { payment_mode: mode, deposit: { percent: p.depositPercent } };
  if (p.depositPerPaxCents !== null) return { payment_mode: mode, deposit: { per_pax_cents: p.depositPerPaxCents } };
  return { payment_mode: mode, deposit: null };
}

/** Public URL of an uploaded file (kept in the `stored_files` table, served by the uploads module). */
export const uploadUrl = (relativePath: string) => `/uploads/${relativePath}`;

export function toImageResponse(row: ImageRow): TProductImage {
  return {
    id: row.id,
    url: uploadUrl(row.path),
    thumb_url: uploadUrl(row.thumbPath),
    alt: row.alt,
    position: row.position,
    width: row.width,
    height: row.height,
  };
}

function toPickupResponse({ pickup, accommodation }: PickupWithAccommodation): TProductPickupResponse {
  return {
    id: pickup.id,
    accommodation_id: pickup.accommodationId,
    accommodation: accommodation?.id
      ? {
          id: accommodation.id,
          name: accommodation.name,
          zone: accommodation.zone,
          lat_lng: accommodation.latLng,
          shared: accommodation.tourOperatorId === null,
        }
      : null,
    zone: pickup.zone,
    minutes_before: pickup.minutesBefore,
    fixed_time: pickup.fixedTime,
    position: pickup.position,
  };
}

/**
 * The "desde" price of the landing page: the adult base price if adults are offered, else the
 * lowest paid base price (a free infant is not a "from" price), else null.
 */
export function fromPriceCents(prices: Pick<TProductPrice, 'pax_type' | 'amount_cents'>[]): number | null {
  const adult = prices.filter((p) => p.pax_type === 'adult').map((p) => p.amount_cents);
  if (adult.length > 0) return Math.min(...adult);
  const paid = prices.map((p) => p.amount_cents).filter((a) => a > 0);
  if (paid.length > 0) return Math.min(...paid);
  return prices.length > 0 ? 0 : null;
}

/** The stored translations as the API answers them: only languages with something written. */
function translationsOut(stored: ProductTranslations | null | undefined): TProductResponse['translations'] {
  const out: TProductResponse['translations'] = {};
  for (const [locale, texts] of Object.entries(stored ?? {})) {
    if (texts && Object.keys(texts).length > 0) out[locale] = texts;
  }
  return out;
}

/** Row → response (ZProductResponse), with its pickups and images in order. */
export function toProductResponse(
  { product, operator }: ProductWithOperator,
  pickups: PickupWithAccommodation[],
  images: ImageRow[],
): TProductResponse {
  return {
    id: product.id,
    tour_operator_id: product.tourOperatorId,
    tour_operator: operator
      ? {
          id: operator.id,
          name: operator.name,
          timezone: timeZoneOf(operator.timezone),
          default_language: operator.defaultLanguage,
          public_languages: operator.publicLanguages,
          tax_territory: operator.taxTerritory === 'canarias' ? 'canarias' : 'peninsula',
        }
      : null,
    code: product.code,
    name: product.name,
    short_description: product.shortDescription,
    description: product.description,
    duration_minutes: product.durationMinutes,
    languages: product.languages,
    meeting_point: product.meetingPoint,
    meeting_lat_lng: product.meetingLatLng,
    pickup_enabled: product.pickupEnabled,
    includes: product.includes,
    excludes: product.excludes,
    what_to_bring: product.whatToBring,
    pickup_notes: product.pickupNotes,
    translations: translationsOut(product.translations),
    questions: (product.questions ?? []).map((q) => ({ ...q, translations: { ...q.translations } as never })),
    capacity: product.capacity,
    min_pax: product.minPax,
    booking_cutoff_hours: product.bookingCutoffHours,
    free_cancellation_hours: product.freeCancellationHours,
    instant_confirmation: product.instantConfirmation,
    booking_terms: product.bookingTerms,
    currency: product.currency,
    state: product.state,
    prices: product.prices,
    seasons: product.seasons,
    availability_rules: product.availabilityRules,
    closed_dates: product.closedDates,
    pickups: pickups.map(toPickupResponse),
    tax_rate: Number(product.taxRate),
    ...paymentTermsOf(product),
    images: images.map(toImageResponse),
    from_price_cents: fromPriceCents(product.prices),
    public_urls: {
      landing: pathTo('publicLanding', { productId: product.id }),
      booking: pathTo('publicBooking', { productId: product.id }),
    },
    created_at: isoOf(product.createdAt),
    updated_at: isoOf(product.updatedAt),
  };
}

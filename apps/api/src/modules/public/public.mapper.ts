/**
 * Rows → what customers see (packages/shared/src/public). Only the fields listed here ever leave
 * the server on a public route: no internal notes, sellers, commissions, staff or other customers.
 */
import {
  localizeQuestion,
  pathTo,
  type TPublicBooking,
  type TPublicLocale,
  type TPublicOperator,
  type TPublicProduct,
  timeZoneOf,
} from '@trayecto/shared';
import type { ProductTranslations } from '../../db/schema/products';
import { isoOf, isoOrNull } from '../../lib/instants';
import {
  bookingRowFields,
  canCancel,
  canConfirm,
  dueNowOf,
  freeCancellationUntil,
  type PaymentLinkRow,
  pendingCents,
  startsAtOf,
  termsOf,
} from '../bookings/bookings.service';
import { fromPriceCents, type ImageRow, type ProductRow, paymentTermsOf, uploadUrl } from '../products/products.mapper';
import {
  answerLocale,
  defaultLocaleOf,
  type LocaleAsk,
  localizeTexts,
  offeredLocales,
  operatorTermsIn,
  type ProductTexts,
} from './public.i18n';
import type { PublicBookingView, PublicOperatorRow } from './public.repository';

function toPublicOperator(op: PublicOperatorRow, locale: TPublicLocale): TPublicOperator {
  return {
    name: op.name,
    logo_url: op.logoUrl,
    brand_color: op.brandColor,
    email: op.email,
    phone: op.phone,
    website: op.website,
    address: op.address,
    booking_terms: operatorTermsIn(op, locale),
    timezone: timeZoneOf(op.timezone),
    tax_territory: op.taxTerritory === 'canarias' ? 'canarias' : 'peninsula',
    default_language: defaultLocaleOf(op),
    public_languages: offeredLocales(op),
  };
}

/**
 * A product's texts in `locale` with their fallbacks (public.i18n.ts). The booking terms that apply
 * are the product's own when it has them (a walking tour's are not a coach tour's), else the tour
 * operator's, each in `locale` when translated.
 */
function productTextsIn<T extends Partial<ProductTexts>>(
  base: T,
  translations: ProductTranslations,
  operator: PublicOperatorRow,
  locale: TPublicLocale,
) {
  const baseLocale = defaultLocaleOf(operator);
  const own = localizeTexts(base, translations, locale, baseLocale);
  if (!('booking_terms' in base) || (base.booking_terms ?? '').trim()) return own;
  // No terms of its own: the operator's, in this language or its default one.
  const terms = operatorTermsIn(operator, locale);
  const content_locales = { ...own.content_locales };
  if (locale !== baseLocale && terms && terms === operator.bookingTerms) content_locales.booking_terms = baseLocale;
  else delete content_locales.booking_terms;
  return { texts: { ...own.texts, booking_terms: terms }, content_locales };
}

type Price = ProductRow['prices'][number];
const toPublicPrice = (p: Price) => ({
  pax_type: p.pax_type,
  amount_cents: p.amount_cents,
  min_age: p.min_age ?? null,
  max_age: p.max_age ?? null,
  occupies_seat: p.occupies_seat !== false,
});

export function toPublicProduct(
  product: ProductRow,
  operator: PublicOperatorRow,
  images: ImageRow[],
  locale: TPublicLocale = defaultLocaleOf(operator),
): TPublicProduct {
  const { texts, content_locales } = productTextsIn(
    {
      name: product.name,
      short_description: product.shortDescription,
      description: product.description,
      includes: product.includes,
      excludes: product.excludes,
      what_to_bring: product.whatToBring,
      meeting_point: product.meetingPoint,
      booking_terms: product.bookingTerms,
      pickup_notes: product.pickupNotes,
    },
    product.translations,
    operator,
    locale,
  );
  return {
    id: product.id,
    name: texts.name,
    short_description: texts.short_description,
    description: texts.description,
    images: images.map((i) => ({
      url: uploadUrl(i.path),
      thumb_url: uploadUrl(i.thumbPath),
      alt: i.alt,
      width: i.width,
      height: i.height,
    })),
    duration_minutes: product.durationMinutes,
    languages: product.languages,
    meeting_point: texts.meeting_point,
    meeting_lat_lng: product.meetingLatLng,
    pickup_enabled: product.pickupEnabled,
    includes: texts.includes,
    excludes: texts.excludes,
    what_to_bring: texts.what_to_bring,
    pickup_notes: texts.pickup_notes,
    min_pax: product.minPax,
    booking_cutoff_hours: product.bookingCutoffHours,
    free_cancellation_hours: product.freeCancellationHours,
    instant_confirmation: product.instantConfirmation,
    currency: product.currency,
    prices: product.prices.map(toPublicPrice),
    seasons: product.seasons.map((s) => ({
      name: s.name,
      from: s.from,
      to: s.to,
      prices: s.prices.map(toPublicPrice),
    })),
    from_price_cents: fromPriceCents(product.prices),
    booking_terms: texts.booking_terms,
    locale,
    content_locales,
    questions: (product.questions ?? []).map((q) => localizeQuestion(q, locale)),
    tour_operator: toPublicOperator(operator, locale),
    // ADR 022: what is paid online when booking, so the form shows "now / later" before paying.
    ...paymentTermsOf(product),
    online_payment: operator.paymentProvider !== null,
  };
}

/**
 * A booking's online payment as its customer sees it (ADR 022): the hold, what is due now and
 * later, whether they can pay online now and how (card; Bizum when the operator turned it on).
 */
function publicPayment(v: PublicBookingView, links: readonly PaymentLinkRow[], now: Date) {
  const b = v.booking;
  const due = dueNowOf(
    b,
    termsOf({
      mode: v.product.paymentMode,
      depositPercent: v.product.depositPercent,
      depositPerPaxCents: v.product.depositPerPaxCents,
    }),
    links,
    now,
  );
  const pending = pendingCents(b);
  const canPay = v.operator.paymentProvider !== null && due > 0 && b.state !== 'cancelled';
  const methods: ('card' | 'bizum')[] = !canPay ? [] : v.operator.paymentBizum ? ['card', 'bizum'] : ['card'];
  return {
    hold_expires_at: isoOrNull(b.holdExpiresAt),
    due_now_cents: due,
    due_later_cents: Math.max(0, pending - due),
    can_pay: canPay,
    pay_methods: methods,
  };
}

/** A booking as its customer sees it, with what they may still do at `now`. */
export function toPublicBooking(
  v: PublicBookingView,
  image: Pick<ImageRow, 'path' | 'thumbPath' | 'alt' | 'width' | 'height'> | undefined,
  now: Date,
  ask: LocaleAsk = {},
  links: readonly PaymentLinkRow[] = [],
): TPublicBooking {
  const b = v.booking;
  const locale = answerLocale(v.operator, ask, b.language);
  const { texts, content_locales } = productTextsIn(
    {
      name: v.product.name,
      meeting_point: v.product.meetingPoint,
      what_to_bring: v.product.whatToBring,
      pickup_notes: v.product.pickupNotes,
      booking_terms: v.product.bookingTerms,
    },
    v.product.translations,
    v.operator,
    locale,
  );
  const { booking_terms: _terms, ...productLocales } = content_locales;
  const questions = (v.product.questions ?? []).map((q) => localizeQuestion(q, locale));
  const labelOf = new Map(questions.map((q) => [q.id, q.label]));
  const startsAt = startsAtOf(b, v.operator.timezone);
  const until = freeCancellationUntil(startsAt, v.product.freeCancellationHours);
  // The booking's own fields through the one mapper (bookings.mapper.ts), only those a customer sees.
  const f = bookingRowFields(b);
  return {
    id: f.id,
    locator: f.locator,
    state: f.state,
    payment_state: f.payment_state,
    date: f.date,
    time: f.time,
    starts_at: isoOf(startsAt),
    product: {
      id: v.product.id,
      name: texts.name,
      duration_minutes: v.product.durationMinutes,
      meeting_point: texts.meeting_point,
      meeting_lat_lng: v.product.meetingLatLng,
      pickup_enabled: v.product.pickupEnabled,
      image: image
        ? {
            url: uploadUrl(image.path),
            thumb_url: uploadUrl(image.thumbPath),
            alt: image.alt,
            width: image.width,
            height: image.height,
          }
        : null,
      free_cancellation_hours: v.product.freeCancellationHours,
      what_to_bring: texts.what_to_bring,
      pickup_notes: texts.pickup_notes,
      content_locales: productLocales,
    },
    locale,
    lines: f.lines.map((l) => ({
      pax_type: l.pax_type,
      quantity: l.quantity,
      unit_cents: l.unit_cents,
      total_cents: l.total_cents,
    })),
    pax_total: f.pax_total,
    subtotal_cents: f.subtotal_cents,
    discount_cents: f.discount_cents,
    total_cents: f.total_cents,
    tax_rate: f.tax_rate,
    tax_cents: f.tax_cents,
    // As on every answer: everything received and everything returned (what they have paid and
    // kept is the difference, netPaidCents).
    paid_cents: f.paid_cents,
    refunded_cents: f.refunded_cents,
    pending_cents: f.pending_cents,
    currency: f.currency,
    customer_name: f.customer_name,
    customer_email: f.customer_email,
    customer_phone: f.customer_phone,
    customer_country: f.customer_country,
    language: f.language,
    accommodation: v.accommodation?.id
      ? {
          id: v.accommodation.id,
          name: v.accommodation.name,
          address: v.accommodation.address,
          zone: v.accommodation.zone,
          pickup_point: v.accommodation.pickupPoint,
        }
      : null,
    pickup_at: v.pickupAt?.id
      ? { name: v.pickupAt.name, address: v.pickupAt.address, pickup_point: v.pickupAt.pickupPoint }
      : null,
    room: f.room,
    pickup_time: f.pickup_time,
    notes: f.notes,
    passengers: f.passengers.map((p) => ({ full_name: p.full_name, pax_type: p.pax_type })),
    questions,
    answers: f.answers.map((a) => ({ ...a, label: labelOf.get(a.question_id) ?? a.label })),
    booking_terms: texts.booking_terms,
    customer_confirmed_at: isoOrNull(b.customerConfirmedAt),
    can_confirm: canConfirm(b, startsAt, now),
    can_cancel: canCancel(b, until, now),
    free_cancellation_until: isoOf(until),
    cancelled_at: f.cancelled_at,
    voucher_url: pathTo('publicBookingVoucher', { bookingId: b.id }),
    tour_operator: toPublicOperator(v.operator, locale),
    created_at: f.created_at,
    ...publicPayment(v, links, now),
  };
}

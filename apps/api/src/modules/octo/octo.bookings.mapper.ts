/**
 * A channel's booking → the OCTO Booking (ADR 023, docs/octo.md «Reservas»), and the OCTO contact →
 * what the bookings module keeps of it. Pure: the service loads the booking, its product as OCTO
 * describes it, the departure as the channel sees it and the channel's rates, and passes them in.
 *
 * - `id` our booking id; `uuid` the reseller's (its idempotency key); `supplierReference` our
 *   locator; `status` the bookings module's reading of the booking for a channel.
 * - `utcExpiresAt` the hold's end while ON_HOLD (and when it ended, once EXPIRED).
 * - `contact` from the booking's customer: one name, split at its first space into first and last.
 * - `unitItems`: one per passenger (the booking's lines expanded), `unitId` the passenger type, a
 *   `uuid` derived from the booking id and the position (RFC 4122 version 5: stable across reads).
 * - `voucher` (and each unit item's `ticket`) once the booking is CONFIRMED or REDEEMED: the public
 *   voucher page as PDF_URL and the locator as QRCODE (both check the customer in); null before.
 * - octo/pricing: retail from the booking's lines and total, net per unit from the channel's net
 *   rate for the product and type, else retail less the booking's commission.
 * - octo/pickups: the pickup place (an accommodation of the product's pickup places) and its time.
 * - octo/questions: every question of the option (the booking's) and of each unit item's unit (its
 *   passenger's, numbered in the unit items' order: adults, children, infants, seniors) with the
 *   answer given, or null.
 */
import { createHash } from 'node:crypto';
import { isPublicLocale, LANG_PARAM, pathTo } from '@trayecto/shared';
import { z } from 'zod';
import type { BookingRow } from '../bookings/bookings.mapper';
import type { ChannelContact } from '../bookings/bookings.service';
import { utcSeconds } from './octo.availability';
import { type ChannelRates, netCents, pricingOf } from './octo.mapper';
import {
  DEFAULT_OPTION_ID,
  type TOctoAvailability,
  type TOctoBooking,
  type TOctoBookingStatus,
  type TOctoCapability,
  type TOctoContact,
  type TOctoContactInput,
  type TOctoPickupPoint,
  type TOctoProduct,
  type TOctoQuestion,
  type TOctoQuestionAnswer,
  type TOctoTicket,
  type TOctoUnitItem,
} from './octo.schemas';

/** How an OCTO booking is delivered (the product's `deliveryMethods`, ADR 023). */
export const BOOKING_DELIVERY_METHODS: TOctoBooking['deliveryMethods'] = ['VOUCHER', 'TICKET'];

/** The languages a booking may be kept in (the bookings module's tour languages). */
export type KnownLanguage = (language: string) => boolean;

const isEmail = (v: string) => z.email().safeParse(v).success;
const orNull = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

// ── Request → booking ────────────────────────────────────────────────────────────────────────────

/** `fullName`, else `firstName` and `lastName` joined; undefined when the contact names nobody. */
export function contactName(c: Pick<TOctoContactInput, 'fullName' | 'firstName' | 'lastName'>): string | undefined {
  const full = c.fullName?.trim();
  if (full) return full;
  const joined = [c.firstName?.trim(), c.lastName?.trim()].filter(Boolean).join(' ');
  return joined || undefined;
}

/**
 * What the bookings module keeps of an OCTO contact: only what was sent (a null or empty e-mail or
 * phone clears it), a country only as a 2-letter code, the first locale that is a tour language.
 */
export function toChannelContact(c: TOctoContactInput | undefined, isLanguage: KnownLanguage): ChannelContact {
  if (!c) return {};
  const out: ChannelContact = {};
  const name = contactName(c);
  if (name) out.name = name;
  if (c.emailAddress !== undefined) out.email = c.emailAddress ?? '';
  if (c.phoneNumber !== undefined) out.phone = c.phoneNumber ?? '';
  const country = c.country?.trim();
  if (country && /^[A-Za-z]{2}$/.test(country)) out.country = country.toUpperCase();
  const language = (c.locales ?? []).map((l) => l.trim().slice(0, 2).toLowerCase()).find(isLanguage);
  if (language) out.language = language;
  return out;
}

// ── Booking → OCTO ───────────────────────────────────────────────────────────────────────────────

/** "Lucía Pérez García" → Lucía / Pérez García; one word is a first name only. */
export function splitName(full: string | null): { firstName: string | null; lastName: string | null } {
  const name = orNull(full);
  if (!name) return { firstName: null, lastName: null };
  const at = name.search(/\s/);
  if (at < 0) return { firstName: name, lastName: null };
  return { firstName: name.slice(0, at), lastName: orNull(name.slice(at)) };
}

/** The booking's customer as an OCTO contact (`notes` are the booking's). */
export function toContact(
  b: Pick<BookingRow, 'customerName' | 'customerEmail' | 'customerPhone' | 'customerCountry' | 'language' | 'notes'>,
): TOctoContact {
  const fullName = orNull(b.customerName);
  const email = orNull(b.customerEmail);
  return {
    fullName,
    ...splitName(fullName),
    emailAddress: email && isEmail(email) ? email : null,
    phoneNumber: orNull(b.customerPhone),
    locales: b.language ? [b.language] : [],
    postalCode: null,
    country: orNull(b.customerCountry),
    notes: orNull(b.notes),
    allowMarketing: false,
  };
}

/** A unit item's contact: we keep none per passenger. */
export const emptyContact = (): TOctoContact => ({
  fullName: null,
  firstName: null,
  lastName: null,
  emailAddress: null,
  phoneNumber: null,
  locales: [],
  postalCode: null,
  country: null,
  notes: null,
  allowMarketing: false,
});

/**
 * The uuid of a booking's `index`-th passenger: an RFC 4122 version 5 UUID of the index in the
 * booking id's namespace, so every read of the booking answers the same ones.
 */
export function unitItemUuid(bookingId: string, index: number): string {
  const namespace = Buffer.from(bookingId.replace(/-/g, ''), 'hex');
  const h = createHash('sha1').update(namespace).update(String(index)).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** The public voucher page of a booking on an origin, in the booking's language when it has a page in it. */
export function voucherUrl(origin: string, b: Pick<BookingRow, 'id' | 'language'>): string {
  const path = pathTo('publicBookingVoucher', { bookingId: b.id });
  return `${origin}${path}${isPublicLocale(b.language) ? `?${LANG_PARAM}=${b.language}` : ''}`;
}

/** Whether the booking can be used (shown at boarding): it has a voucher and tickets. */
const isDeliverable = (status: TOctoBookingStatus) => status === 'CONFIRMED' || status === 'REDEEMED';

export type BookingMapInput = {
  booking: BookingRow;
  /** The bookings module's reading of the booking for its channel. */
  status: TOctoBookingStatus;
  /** The channel may cancel (and change) it now. */
  cancellable: boolean;
  /** The product as OCTO describes it now (undefined: it has no start times left). */
  product: TOctoProduct | undefined;
  /** The booked departure as the channel sees it now. */
  availability: TOctoAvailability;
  /** The absolute URL of the booking's voucher page. */
  voucherUrl: string;
  caps: ReadonlySet<TOctoCapability>;
  /** The booking's currency, its commission and the channel's net rates of its product. */
  rates: ChannelRates;
  /** octo/pickups: the pickup place with its time for this booking (null: none, or not among the product's). */
  pickupPoint?: TOctoPickupPoint | null;
};

/** The passenger types of a booking, one entry per passenger, with the line's unit price. */
function passengersOf(b: BookingRow): { paxType: string; unitCents: number }[] {
  return b.lines.flatMap((l) =>
    Array.from({ length: l.quantity }, () => ({ paxType: l.pax_type, unitCents: l.unit_cents })),
  );
}

/**
 * octo/questions: every question with the booking's answer (null while unanswered), as OCTO lists
 * them — the booking's on the booking, a passenger's on its unit item (`passenger` 1…pax_total).
 */
function questionAnswersOf(
  b: Pick<BookingRow, 'answers'>,
  questions: TOctoQuestion[] | undefined,
  passenger: number | null,
): TOctoQuestionAnswer[] {
  return (questions ?? []).map((q) => ({
    questionId: q.id,
    question: q,
    value: (b.answers ?? []).find((a) => a.question_id === q.id && (a.passenger ?? null) === passenger)?.value ?? null,
  }));
}

/** A booking as OCTO answers it (see the module's comment). */
export function toBooking(i: BookingMapInput): TOctoBooking {
  const { booking: b, status, caps } = i;
  const option = i.product?.options.find((o) => o.id === DEFAULT_OPTION_ID);
  const redeemedAt = status === 'REDEEMED' && b.checkedInAt ? utcSeconds(b.checkedInAt) : null;
  const voucher: TOctoTicket | null = isDeliverable(status)
    ? {
        redemptionMethod: 'DIGITAL',
        utcRedeemedAt: redeemedAt,
        deliveryOptions: [
          { deliveryFormat: 'PDF_URL', deliveryValue: i.voucherUrl },
          { deliveryFormat: 'QRCODE', deliveryValue: b.locator },
        ],
      }
    : null;
  const pricing = caps.has('octo/pricing');
  let net = 0;
  const unitItems = passengersOf(b).map(({ paxType, unitCents }, index): TOctoUnitItem => {
    const unit = option?.units.find((u) => u.id === paxType);
    const item: TOctoUnitItem = {
      uuid: unitItemUuid(b.id, index),
      resellerReference: null,
      supplierReference: null,
      unitId: paxType,
      ...(unit ? { unit } : {}),
      status,
      utcRedeemedAt: redeemedAt,
      contact: emptyContact(),
      ticket: voucher,
    };
    if (pricing) {
      const unitNet = netCents(i.rates, b.productId, paxType, unitCents);
      net += unitNet;
      item.pricing = pricingOf(unitCents, unitNet, i.rates.currency);
    }
    if (caps.has('octo/questions')) item.questionAnswers = questionAnswersOf(b, unit?.questions, index + 1);
    return item;
  });
  const expiring = (status === 'ON_HOLD' || status === 'EXPIRED') && b.holdExpiresAt;
  const out: TOctoBooking = {
    id: b.id,
    uuid: b.octoUuid ?? b.id,
    testMode: false,
    resellerReference: orNull(b.resellerReference),
    supplierReference: b.locator,
    status,
    utcCreatedAt: utcSeconds(b.createdAt),
    utcUpdatedAt: utcSeconds(b.updatedAt),
    utcExpiresAt: expiring ? utcSeconds(expiring) : null,
    utcRedeemedAt: redeemedAt,
    utcConfirmedAt: b.confirmedAt ? utcSeconds(b.confirmedAt) : null,
    productId: b.productId,
    ...(i.product ? { product: i.product } : {}),
    optionId: DEFAULT_OPTION_ID,
    ...(option ? { option } : {}),
    cancellable: i.cancellable,
    cancellation:
      status === 'CANCELLED' && b.cancelledAt
        ? { refund: 'FULL', reason: orNull(b.cancelReason), utcCancelledAt: utcSeconds(b.cancelledAt) }
        : null,
    freesale: false,
    availabilityId: i.availability.id,
    availability: i.availability,
    contact: toContact(b),
    notes: orNull(b.notes),
    deliveryMethods: BOOKING_DELIVERY_METHODS,
    voucher,
    unitItems,
  };
  if (pricing) {
    out.pricing = { ...pricingOf(b.totalCents, net, i.rates.currency), original: b.subtotalCents };
  }
  if (caps.has('octo/pickups')) {
    out.pickupRequested = b.accommodationId !== null;
    out.pickupPointId = b.accommodationId;
    out.pickupHotel = null;
    out.pickupHotelRoom = orNull(b.room);
    out.pickupPoint = i.pickupPoint ?? null;
  }
  if (caps.has('octo/questions')) out.questionAnswers = questionAnswersOf(b, option?.questions, null);
  return out;
}

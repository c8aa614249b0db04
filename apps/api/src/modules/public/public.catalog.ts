/**
 * The public catalogue (PRODUCT.md §6): what a customer sees of the operator's tours before
 * booking — a product, its availability by day and time, and the places it collects from.
 */
import {
  addDays,
  daysInRange,
  isUuid,
  PUBLIC_AVAILABILITY_MAX_DAYS,
  pickupTimeFor,
  RANGE_TOO_LONG_MESSAGE,
  type TPublicAccommodation,
  type TPublicAvailabilitySlot,
  type TPublicProduct,
  timeZoneOf,
  todayIn,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { AppError, fieldError, validation } from '../../lib/app-error';
import { normalizeZone, pickupRuleFor } from '../bookings/bookings.rules';
import { listPickupEntries } from '../bookings/bookings.service';
import { slotsOf } from '../departures/departures.service';
import type { ProductRow } from '../products/products.mapper';
import { answerLocale, type LocaleAsk } from './public.i18n';
import { toPublicProduct } from './public.mapper';
import * as repo from './public.repository';

const PRODUCT_NOT_FOUND = 'Excursión no encontrada';
/** Default availability range: from today, five weeks (35 days including the first). */
const DEFAULT_AVAILABILITY_DAYS = 35;

export const productNotFound = () => new AppError({ code: 'NOT_FOUND', message: PRODUCT_NOT_FOUND });

/** A public product by a path id; anything else (bad id, draft, deleted, inactive operator) → 404. */
export async function publicProduct(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw productNotFound();
  const row = await repo.findPublicProduct(db, id.toLowerCase());
  if (!row) throw productNotFound();
  return row;
}

// ── Products ─────────────────────────────────────────────────────────────────────────────────────

/** GET /public/products/{id}: an active product of an active operator, with its images in order. */
export async function getPublicProduct(db: DbOrTx, id: string, ask: LocaleAsk = {}): Promise<TPublicProduct> {
  const { product, operator } = await publicProduct(db, id);
  return toPublicProduct(product, operator, await repo.listImages(db, product.id), answerLocale(operator, ask));
}

/**
 * GET /public/products/{id}/availability: the product's departures between two dates (the same
 * computation as the staff's), never before today; `available` = open, seats left, not started,
 * before the sale cut-off.
 */
export async function getPublicAvailability(
  db: DbOrTx,
  id: string,
  q: { from?: string; to?: string },
  now: Date,
): Promise<TPublicAvailabilitySlot[]> {
  const { product, operator } = await publicProduct(db, id);
  const timeZone = timeZoneOf(operator.timezone);
  const today = todayIn(timeZone, now);
  const from = q.from ?? today;
  const to = q.to ?? addDays(from, DEFAULT_AVAILABILITY_DAYS - 1);
  if (to < from) {
    const m = 'La fecha final debe ser posterior a la inicial';
    throw fieldError('BAD_REQUEST', 'to', m);
  }
  if (daysInRange(from, to) > PUBLIC_AVAILABILITY_MAX_DAYS) {
    throw fieldError('BAD_REQUEST', 'to', RANGE_TOO_LONG_MESSAGE);
  }
  // The past is nobody's business: sales history is not public.
  const start = from < today ? today : from;
  if (to < start) return [];
  return slotsOf(db, product, timeZone, start, to, now).then((slots) =>
    // Typed so that a key outside the public slot is refused (the route writes it with JSON.stringify).
    slots.map(
      (s): TPublicAvailabilitySlot => ({
        date: s.date,
        time: s.time,
        capacity: s.capacity,
        seats_left: s.seats_left,
        available: s.available,
      }),
    ),
  );
}

// ── Pickup places ────────────────────────────────────────────────────────────────────────────────

/**
 * The places a product collects from: its explicit accommodations plus every active accommodation
 * (own or shared) of its zones, each with where its customers are really collected and, for a
 * departure time, the pickup time the bookings module would give them.
 */
export async function pickupPlaces(db: DbOrTx, product: ProductRow) {
  if (!product.pickupEnabled) return { entries: [], places: [] };
  const entries = await listPickupEntries(db, product.id);
  const ids = entries.flatMap((e) => (e.accommodationId ? [e.accommodationId] : []));
  const zones = [...new Set(entries.flatMap((e) => (e.zone ? [normalizeZone(e.zone)] : [])))];
  const rows = await repo.listPickupPlaces(db, product.tourOperatorId, ids, zones);
  const idSet = new Set(ids);
  const zoneSet = new Set(zones);
  // The SQL pre-filter compares zones as the database unaccents them; keep exactly the places the
  // pickup rule (normalizeZone) serves.
  const places = rows.filter((r) => idSet.has(r.accommodation.id) || zoneSet.has(normalizeZone(r.accommodation.zone)));
  return { entries, places };
}

/** GET /public/accommodations?product_id=&time= : [] when the product does not pick up. */
export async function listPublicAccommodations(
  db: DbOrTx,
  q: { product_id: string; time?: string },
): Promise<TPublicAccommodation[]> {
  const { product } = await publicProduct(db, q.product_id);
  const { entries, places } = await pickupPlaces(db, product);
  return places
    .map(({ accommodation: a, pickupAt }) => {
      // "Hotel X, recoger en Hotel Y": Y's entry and time, as bookings' placeOf does.
      const at = pickupAt?.id ? { id: pickupAt.id, zone: pickupAt.zone } : { id: a.id, zone: a.zone };
      return {
        id: a.id,
        name: a.name,
        type: a.type,
        zone: a.zone,
        address: a.address,
        lat_lng: a.latLng,
        pickup_point: a.pickupPoint,
        pickup_at: pickupAt?.id
          ? { name: pickupAt.name, address: pickupAt.address, pickup_point: pickupAt.pickupPoint }
          : null,
        pickup_time: q.time ? pickupTimeFor(q.time, pickupRuleFor(entries, at)) : null,
      };
    })
    .sort((x, y) => x.name.localeCompare(y.name, 'es') || x.id.localeCompare(y.id));
}

/** A customer may only choose a place the product collects from (422 otherwise). */
export async function assertPickupPlace(db: DbOrTx, product: ProductRow, accommodationId: string) {
  if (!product.pickupEnabled) {
    const m = 'Esta excursión no incluye recogida en el alojamiento';
    throw validation({ accommodation_id: [m] }, m);
  }
  const { places } = await pickupPlaces(db, product);
  if (!places.some((p) => p.accommodation.id === accommodationId)) {
    const m = 'Esta excursión no recoge en ese alojamiento';
    throw validation({ accommodation_id: [m] }, m);
  }
}

/**
 * The public API's rules (PRODUCT.md §2 "public (no token)", §4, §6): what customers may see and do
 * without an account. Sales go through the bookings module's one sales path
 * (`sellInTransaction`), so capacity, cut-off, closed dates and prices are the staff's exactly.
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
  type TPublicBooking,
  type TPublicBookingCreateRequest,
  type TPublicBookingUpdateRequest,
  type TPublicProduct,
} from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { PassengerRow } from '../../db/schema/bookings';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError, validation } from '../../lib/app-error';
import { type CompleteFn, runIdempotent, type StoredResponse } from '../../lib/idempotency';
import { withPublicLinks } from '../../lib/public-origin';
import { customerAudit, fromChangeMap, nameReferences, type RequestOrigin, recordAudit } from '../audit/audit.service';
import * as refs from '../bookings/booking-references.repository';
import * as bookingsRepo from '../bookings/bookings.repository';
import { normalizeZone, passengerErrors, paxOf, pickupRuleFor } from '../bookings/bookings.rules';
import {
  bookingSummary,
  cancelLockedBooking,
  computedPickupTime,
  loadOperator,
  priced,
  sellInTransaction,
  usablePlace,
} from '../bookings/bookings.service';
import { listDepartures } from '../departures/departures.repository';
import { computeAvailability, todayIn } from '../products/availability';
import type { ProductRow } from '../products/products.mapper';
import { timeZoneOf } from '../products/products.service';
import { startsAtOf, toPublicBooking, toPublicProduct } from './public.mapper';
import * as repo from './public.repository';
import {
  cancelRefusal,
  customerCancelReason,
  editRefusal,
  freeCancellationUntil,
  isPreparedByStaff,
} from './public.rules';

const PRODUCT_NOT_FOUND = 'Excursión no encontrada';
const BOOKING_NOT_FOUND = 'Reserva no encontrada';
/** Idempotency scope of public booking creation. */
const CREATE_SCOPE = 'public-bookings';
/** Default availability range: from today, five weeks (35 days including the first). */
const DEFAULT_AVAILABILITY_DAYS = 35;

const productNotFound = () => new AppError({ code: 'NOT_FOUND', message: PRODUCT_NOT_FOUND });
const bookingNotFound = () => new AppError({ code: 'NOT_FOUND', message: BOOKING_NOT_FOUND });

/** A public product by a path id; anything else (bad id, draft, deleted, inactive operator) → 404. */
async function publicProduct(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw productNotFound();
  const row = await repo.findPublicProduct(db, id.toLowerCase());
  if (!row) throw productNotFound();
  return row;
}

// ── Products ─────────────────────────────────────────────────────────────────────────────────────

/** GET /public/products/{id}: an active product of an active operator, with its images in order. */
export async function getPublicProduct(db: DbOrTx, id: string): Promise<TPublicProduct> {
  const { product, operator } = await publicProduct(db, id);
  return toPublicProduct(product, operator, await repo.listImages(db, product.id));
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
    slots.map((s) => ({
      date: s.date,
      time: s.time,
      capacity: s.capacity,
      seats_left: s.seats_left,
      available: s.available,
    })),
  );
}

async function slotsOf(db: DbOrTx, product: ProductRow, timeZone: string, from: string, to: string, now: Date) {
  return computeAvailability({
    from,
    to,
    rules: product.availabilityRules,
    closedDates: product.closedDates,
    capacity: product.capacity,
    bookingCutoffHours: product.bookingCutoffHours,
    departures: await listDepartures(db, product.id, from, to),
    timeZone,
    now,
  });
}

// ── Pickup places ────────────────────────────────────────────────────────────────────────────────

/**
 * The places a product collects from: its explicit accommodations plus every active accommodation
 * (own or shared) of its zones, each with where its customers are really collected and, for a
 * departure time, the pickup time the bookings module would give them.
 */
async function pickupPlaces(db: DbOrTx, product: ProductRow) {
  if (!product.pickupEnabled) return { entries: [], places: [] };
  const entries = await refs.listPickupEntries(db, product.id);
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
async function assertPickupPlace(db: DbOrTx, product: ProductRow, accommodationId: string) {
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

// ── Bookings ─────────────────────────────────────────────────────────────────────────────────────

async function readPublicBooking(db: DbOrTx, id: string, now: Date): Promise<TPublicBooking> {
  const view = await repo.findPublicBooking(db, id);
  if (!view) throw bookingNotFound();
  const [image] = await repo.listImages(db, view.product.id, 1);
  return toPublicBooking(view, image, now);
}

/** GET /public/bookings/{id} (404 for an unknown or malformed id, or an inactive operator's). */
export async function getPublicBooking(db: DbOrTx, id: string, now: Date): Promise<TPublicBooking> {
  if (!isUuid(id)) throw bookingNotFound();
  return readPublicBooking(db, id.toLowerCase(), now);
}

/**
 * POST /public/bookings, at most once per Idempotency-Key: a booking on channel `public` with no
 * seller, confirmed at once when the product says so (else pending the operator's review). The
 * 201 body is stored with the key in the booking's own transaction. A departure that cannot take
 * the passengers answers 409 with the other times of that date that can (`alternatives`).
 */
export async function createPublicBooking(
  db: Db,
  key: string,
  body: TPublicBookingCreateRequest,
  now: Date,
  log?: Parameters<typeof runIdempotent>[3],
  origin: RequestOrigin = {},
  /** The public origin of this request (lib/public-origin.ts): the stored 201 carries absolute links, so a replay through any instance answers it byte for byte. */
  linksOrigin?: string,
) {
  return runIdempotent(
    db,
    { scope: CREATE_SCOPE, key, payload: body },
    (complete) => sell(db, body, now, complete, origin, linksOrigin),
    log,
  );
}

async function sell(
  db: Db,
  body: TPublicBookingCreateRequest,
  now: Date,
  complete: CompleteFn,
  origin: RequestOrigin,
  linksOrigin: string | undefined,
) {
  let response: StoredResponse | undefined;
  try {
    await inTransaction(db, async (tx) => {
      const { product } = await publicProduct(tx, body.product_id);
      if (body.accommodation_id) await assertPickupPlace(tx, product, body.accommodation_id);
      await sellInTransaction(tx, {
        product,
        operator: await loadOperator(tx, product.tourOperatorId),
        body,
        channel: 'public',
        sellerId: null,
        createdBy: null,
        state: product.instantConfirmation ? 'confirmed' : 'pending',
        cutoffOverrideLevel: null,
        now,
        audit: customerAudit(body.customer_name, origin),
        beforeSeats: async (inner, bookingId) => {
          response = {
            status: 201,
            body: withPublicLinks(await readPublicBooking(inner, bookingId, now), linksOrigin),
          };
          await complete(inner, response);
        },
      });
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'NO_SEATS') {
      throw await withAlternatives(db, body, err, now);
    }
    throw err;
  }
  if (!response) throw new AppError({ code: 'INTERNAL', message: 'La reserva no devolvió respuesta' });
  return response;
}

/** The 409 "No quedan plazas suficientes" plus the other times of that date that can take them. */
async function withAlternatives(db: DbOrTx, body: TPublicBookingCreateRequest, err: AppError, now: Date) {
  const { product, operator } = await publicProduct(db, body.product_id);
  const seats = priced(product, body.date, body.pax, 0).seats;
  const slots = await slotsOf(db, product, timeZoneOf(operator.timezone), body.date, body.date, now);
  const alternatives = slots
    .filter((s) => s.time !== body.time && s.available && s.seats_left >= seats)
    .map((s) => ({ time: s.time, seats_left: s.seats_left }));
  return new AppError({ code: 'NO_SEATS', message: err.message, errors: err.errors, extra: { alternatives } });
}

type Change = { from: unknown; to: unknown };

/**
 * PUT /public/bookings/{id}: the customer completes their data and, with `confirm`, confirms a
 * booking staff prepared (pending → confirmed; a public booking pending the operator's review stays
 * pending). Refused (409) once cancelled, completed, no-show or started. Pax, date, product and
 * prices are staff's. The history records it with no actor and `by: 'customer'`.
 */
export async function updatePublicBooking(
  db: DbOrTx,
  id: string,
  body: TPublicBookingUpdateRequest,
  now: Date,
  origin: RequestOrigin = {},
): Promise<TPublicBooking> {
  if (!isUuid(id)) throw bookingNotFound();
  const bookingId = id.toLowerCase();
  await inTransaction(db, async (tx) => {
    const locked = await repo.lockPublicBooking(tx, bookingId);
    if (!locked) throw bookingNotFound();
    const { booking: cur, product } = locked;
    const refusal = editRefusal(cur, startsAtOf(cur, locked.timezone), now);
    if (refusal) throw new AppError(refusal);

    // Passengers: names for the guide's list, never more of a type than were booked.
    let passengers: PassengerRow[] = cur.passengers;
    if (body.passengers !== undefined) {
      passengers = body.passengers.map((p) => ({
        full_name: p.full_name,
        pax_type: p.pax_type,
        // A document staff recorded stays unless the customer sends another.
        document_id:
          p.document_id ??
          cur.passengers.find((c) => c.full_name === p.full_name && c.pax_type === p.pax_type)?.document_id ??
          '',
      }));
      const errors = passengerErrors(passengers, paxOf(cur.lines));
      if (errors) throw validation(errors);
    }

    // Pickup: a new place recomputes the time, unless staff set it by hand.
    const accommodationId = body.accommodation_id !== undefined ? body.accommodation_id : cur.accommodationId;
    let pickupTime = cur.pickupTime;
    if (accommodationId !== cur.accommodationId) {
      let place: { id: string; zone: string } | null = null;
      if (accommodationId) {
        await assertPickupPlace(tx, product, accommodationId);
        place = await usablePlace(tx, cur.tourOperatorId, accommodationId);
      }
      if (!cur.pickupTimeOverridden) pickupTime = await computedPickupTime(tx, product, place, cur.time);
    }

    const next = {
      customerName: body.customer_name ?? cur.customerName,
      customerEmail: body.customer_email ?? cur.customerEmail,
      customerPhone: body.customer_phone ?? cur.customerPhone,
      customerCountry: body.customer_country ?? cur.customerCountry,
      language: body.language ?? cur.language,
      accommodationId,
      room: body.room ?? cur.room,
      pickupTime,
      notes: body.notes ?? cur.notes,
      passengers,
    };
    const changes: Record<string, Change> = {};
    const track = (field: string, from: unknown, to: unknown) => {
      if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
    };
    track('customer_name', cur.customerName, next.customerName);
    track('customer_email', cur.customerEmail, next.customerEmail);
    track('customer_phone', cur.customerPhone, next.customerPhone);
    track('customer_country', cur.customerCountry, next.customerCountry);
    track('language', cur.language, next.language);
    track('accommodation_id', cur.accommodationId, next.accommodationId);
    track('room', cur.room, next.room);
    track('pickup_time', cur.pickupTime, next.pickupTime);
    track('notes', cur.notes, next.notes);
    track('passengers', cur.passengers, next.passengers);

    const confirming = body.confirm === true && cur.customerConfirmedAt === null;
    const nextState =
      body.confirm === true && isPreparedByStaff(cur) && cur.state === 'pending' ? 'confirmed' : cur.state;
    if (Object.keys(changes).length === 0 && !confirming && nextState === cur.state) return;

    await bookingsRepo.updateBookingRow(tx, cur.id, {
      ...next,
      state: nextState,
      confirmedAt: nextState !== cur.state ? now : cur.confirmedAt,
      customerConfirmedAt: confirming ? now : cur.customerConfirmedAt,
      version: cur.version + 1,
      updatedAt: now,
    });
    const events: Parameters<typeof bookingsRepo.insertEvents>[1] = [];
    const event = (type: string, data: Record<string, unknown>) =>
      events.push({
        tourOperatorId: cur.tourOperatorId,
        bookingId: cur.id,
        type,
        data: { ...data, by: 'customer' },
        actorId: null,
        createdAt: new Date(now.getTime() + events.length),
      });
    if (Object.keys(changes).length > 0) event('updated', { changes });
    if (confirming) event('customer_confirmed', {});
    if (nextState !== cur.state) event('state_changed', { from: cur.state, to: nextState });
    await bookingsRepo.insertEvents(tx, events);
    const audited = fromChangeMap(changes);
    if (nextState !== cur.state) audited.state = [cur.state, nextState];
    if (confirming) audited.customer_confirmed = [false, true];
    await recordAudit(tx, customerAudit(next.customerName, origin), {
      tourOperatorId: cur.tourOperatorId,
      entityType: 'booking',
      entityId: cur.id,
      action: confirming ? 'confirm' : 'update',
      summary: bookingSummary({ locator: cur.locator, customerName: next.customerName }),
      at: now,
      changes: await nameReferences(tx, audited, { accommodation_id: 'accommodation' }),
    });
  });
  return readPublicBooking(db, bookingId, now);
}

/**
 * POST /public/bookings/{id}/cancel: inside the free-cancellation window only (409 outside it);
 * the bookings module's cancel path frees the seats in the same transaction.
 */
export async function cancelPublicBooking(
  db: DbOrTx,
  id: string,
  reason: string,
  now: Date,
  origin: RequestOrigin = {},
): Promise<TPublicBooking> {
  if (!isUuid(id)) throw bookingNotFound();
  const bookingId = id.toLowerCase();
  await inTransaction(db, async (tx) => {
    const locked = await repo.lockPublicBooking(tx, bookingId);
    if (!locked) throw bookingNotFound();
    const { booking: cur, product } = locked;
    const until = freeCancellationUntil(startsAtOf(cur, locked.timezone), product.freeCancellationHours);
    const refusal = cancelRefusal(cur, until, now);
    if (refusal) throw new AppError(refusal);
    await cancelLockedBooking(tx, cur, {
      reason: customerCancelReason(reason),
      actorId: null,
      now,
      event: { by: 'customer', customer_reason: reason.trim() },
      audit: customerAudit(cur.customerName, origin),
    });
  });
  return readPublicBooking(db, bookingId, now);
}

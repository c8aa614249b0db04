/**
 * The customer's own booking without an account (PRODUCT.md §2 "public (no token)", §4, §6): buy,
 * read, complete or confirm, and cancel. Sales go through the bookings module's one sales path
 * (`sellInTransaction`), so capacity, cut-off, closed dates and prices are the staff's exactly.
 */
import {
  isUuid,
  type TPublicBooking,
  type TPublicBookingCreateRequest,
  type TPublicBookingUpdateRequest,
} from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { PassengerRow } from '../../db/schema/bookings';
import { inTransaction } from '../../db/transaction';
import { AppError, validation } from '../../lib/app-error';
import { type CompleteFn, runIdempotent, type StoredResponse } from '../../lib/idempotency';
import { withPublicLinks } from '../../lib/public-origin';
import { customerAudit, fromChangeMap, nameReferences, type RequestOrigin, recordAudit } from '../audit/audit.service';
import { changeTracker, eventCollector } from '../bookings/booking-changes';
import { queueConfirmedMessage } from '../bookings/booking-messages';
import * as bookingsRepo from '../bookings/bookings.repository';
import { passengerErrors, paxOf } from '../bookings/bookings.rules';
import {
  bookingSummary,
  cancelLockedBooking,
  computedPickupTime,
  loadOperator,
  priced,
  sellInTransaction,
  usablePlace,
} from '../bookings/bookings.service';
import { slotsOf } from '../departures/departures.service';
import { timeZoneOf } from '../products/products.service';
import { assertPickupPlace, publicProduct } from './public.catalog';
import type { LocaleAsk } from './public.i18n';
import { startsAtOf, toPublicBooking } from './public.mapper';
import * as repo from './public.repository';
import {
  cancelRefusal,
  customerCancelReason,
  editRefusal,
  freeCancellationUntil,
  isPreparedByStaff,
} from './public.rules';

const BOOKING_NOT_FOUND = 'Reserva no encontrada';
/** Idempotency scope of public booking creation. */
const CREATE_SCOPE = 'public-bookings';

const bookingNotFound = () => new AppError({ code: 'NOT_FOUND', message: BOOKING_NOT_FOUND });

/** A booking id from the customer's link (any case); anything else is a booking that does not exist. */
function bookingIdOf(id: string) {
  if (!isUuid(id)) throw bookingNotFound();
  return id.toLowerCase();
}

/** The customer's booking, locked for a change inside `tx` (404 once gone or its operator inactive). */
async function lockCustomerBooking(tx: DbOrTx, bookingId: string) {
  const locked = await repo.lockPublicBooking(tx, bookingId);
  if (!locked) throw bookingNotFound();
  return locked;
}

async function readPublicBooking(db: DbOrTx, id: string, now: Date, ask: LocaleAsk = {}): Promise<TPublicBooking> {
  const view = await repo.findPublicBooking(db, id);
  if (!view) throw bookingNotFound();
  const [image] = await repo.listImages(db, view.product.id, 1);
  return toPublicBooking(view, image, now, ask);
}

/**
 * GET /public/bookings/{id} (404 for an unknown or malformed id, or an inactive operator's), in the
 * language `ask` negotiates (public.i18n.ts; the booking's own language before the operator's).
 */
export async function getPublicBooking(
  db: DbOrTx,
  id: string,
  now: Date,
  ask: LocaleAsk = {},
): Promise<TPublicBooking> {
  return readPublicBooking(db, bookingIdOf(id), now, ask);
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
            // In the language the customer booked in (a replay answers the same bytes).
            body: withPublicLinks(
              await readPublicBooking(inner, bookingId, now, { query: body.language }),
              linksOrigin,
            ),
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
  ask: LocaleAsk = {},
): Promise<TPublicBooking> {
  const bookingId = bookingIdOf(id);
  await inTransaction(db, async (tx) => {
    const locked = await lockCustomerBooking(tx, bookingId);
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
    const { changes, track, trackCustomer } = changeTracker();
    trackCustomer(cur, next);
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
    const { events, event } = eventCollector(cur, now, null, { by: 'customer' });
    if (Object.keys(changes).length > 0) event('updated', { changes });
    if (confirming) event('customer_confirmed', {});
    if (nextState !== cur.state) event('state_changed', { from: cur.state, to: nextState });
    await bookingsRepo.insertEvents(tx, events);
    const audited = fromChangeMap(changes);
    if (nextState !== cur.state) audited.state = [cur.state, nextState];
    if (confirming) audited.customer_confirmed = [false, true];
    // Confirming what the office prepared sends the confirmation (voucher, calendar, pickup).
    if (nextState === 'confirmed' && cur.state !== 'confirmed') {
      await queueConfirmedMessage(tx, { ...cur, ...next, state: nextState, version: cur.version + 1 }, product.name);
    }
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
  return readPublicBooking(db, bookingId, now, ask);
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
  ask: LocaleAsk = {},
): Promise<TPublicBooking> {
  const bookingId = bookingIdOf(id);
  await inTransaction(db, async (tx) => {
    const locked = await lockCustomerBooking(tx, bookingId);
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
      notify: { by: 'customer', productName: product.name },
    });
  });
  return readPublicBooking(db, bookingId, now, ask);
}

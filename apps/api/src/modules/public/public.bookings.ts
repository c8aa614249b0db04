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
  timeZoneOf,
} from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import { withPreparedStatements } from '../../db/prepared-statements';
import { inTransaction } from '../../db/transaction';
import { customerActor, type RequestOrigin } from '../../lib/actors';
import { AppError } from '../../lib/app-error';
import { type CompleteFn, type KeyProbe, runIdempotent, type StoredResponse } from '../../lib/idempotency';
import { withPublicLinks } from '../../lib/public-origin';
import {
  cancelAsCustomer,
  editAsCustomer,
  listPaymentLinks,
  priced,
  type Sold,
  sellProduct,
} from '../bookings/bookings.service';
import { slotsOf } from '../departures/departures.service';
import { assertPickupPlace, productNotFound, publicProduct } from './public.catalog';
import type { LocaleAsk } from './public.i18n';
import { toPublicBooking } from './public.mapper';
import type { PublicBookingView, PublicOperatorRow, PublicSaleRead } from './public.repository';
import * as repo from './public.repository';

const BOOKING_NOT_FOUND = 'Reserva no encontrada';
/** Idempotency scope of public booking creation. */
const CREATE_SCOPE = 'public-bookings';

const bookingNotFound = () => new AppError({ code: 'NOT_FOUND', message: BOOKING_NOT_FOUND });

/** A booking id from the customer's link (any case); anything else is a booking that does not exist. */
function bookingIdOf(id: string) {
  if (!isUuid(id)) throw bookingNotFound();
  return id.toLowerCase();
}

async function readPublicBooking(db: DbOrTx, id: string, now: Date, ask: LocaleAsk = {}): Promise<TPublicBooking> {
  const view = await repo.findPublicBooking(db, id);
  if (!view) throw bookingNotFound();
  const [image] = await repo.listImages(db, view.product.id, 1);
  const links = (await listPaymentLinks(db, [id])).get(id) ?? [];
  return toPublicBooking(view, image, now, ask, links);
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
  // ADR 040: the key's row, the sale and its stored answer are lookups and writes by key: prepared.
  // ADR 050: the key is claimed by the sale's own statement; its read says whether the key is in use.
  return withPreparedStatements(() =>
    runIdempotent(
      db,
      { scope: CREATE_SCOPE, key, payload: body },
      (complete, probe) => sell(db, body, now, complete, origin, linksOrigin, probe),
      log,
      { claimWithResult: true },
    ),
  );
}

async function sell(
  db: Db,
  body: TPublicBookingCreateRequest,
  now: Date,
  complete: CompleteFn,
  origin: RequestOrigin,
  linksOrigin: string | undefined,
  probe: KeyProbe | undefined,
) {
  let response: StoredResponse | undefined;
  try {
    // No transaction here (ADR 042): the sale reads the product as the public sees it with the rest,
    // and writes the booking, its hold and this answer in one statement (or its own transaction).
    await sellProduct(db, {
      productId: body.product_id,
      operatorId: null,
      missing: productNotFound,
      readAlso: probe ? { ...repo.publicSaleReadProbing, values: probe.values } : repo.publicSaleRead,
      // ADR 050: a key in use stops the sale before anything is checked; the claim-first path answers.
      accept: probe
        ? (ctx) => {
            probe.check((ctx.also as PublicSaleRead).keyInUse === true);
            return undefined;
          }
        : undefined,
      verify: body.accommodation_id
        ? (d, ctx) => assertPickupPlace(d, ctx.product, body.accommodation_id as string)
        : undefined,
      body,
      channel: 'public',
      sellerId: null,
      actor: customerActor(body.customer_name, origin),
      state: 'product',
      // Paid online when the product asks and the operator takes payments: held until paid (ADR 022).
      holdForOnlinePayment: true,
      // The customer answers every required booking question (ADR 024).
      requireAnswers: true,
      cutoffOverrideLevel: null,
      now,
      withSale: (sold) => {
        const { operator, image } = sold.context.also as PublicSaleRead;
        response = {
          status: 201,
          // In the language the customer booked in (a replay answers the same bytes); from what
          // the sale writes and read, as a read of the booking would give it (ADR 035).
          body: withPublicLinks(
            toPublicBooking(publicViewOf(sold, operator), image ?? undefined, now, { query: body.language }),
            linksOrigin,
          ),
        };
        return { write: complete.inStatement(response), refused: complete.lost, written: complete.stored };
      },
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

/** The booking as `findPublicBooking` reads it, from the sale's own rows (ADR 035). */
function publicViewOf(sold: Sold, operator: PublicOperatorRow): PublicBookingView {
  const { product, accommodation, pickupAt } = sold.context;
  return {
    booking: sold.booking,
    product: {
      id: product.id,
      name: product.name,
      durationMinutes: product.durationMinutes,
      meetingPoint: product.meetingPoint,
      meetingLatLng: product.meetingLatLng,
      pickupEnabled: product.pickupEnabled,
      freeCancellationHours: product.freeCancellationHours,
      bookingTerms: product.bookingTerms,
      whatToBring: product.whatToBring,
      pickupNotes: product.pickupNotes,
      translations: product.translations,
      questions: product.questions,
      paymentMode: product.paymentMode,
      depositPercent: product.depositPercent,
      depositPerPaxCents: product.depositPerPaxCents,
    },
    operator,
    accommodation: accommodation?.id
      ? {
          id: accommodation.id,
          name: accommodation.name,
          address: accommodation.address,
          zone: accommodation.zone,
          pickupPoint: accommodation.pickupPoint,
        }
      : null,
    pickupAt: pickupAt?.id
      ? { id: pickupAt.id, name: pickupAt.name, address: pickupAt.address, pickupPoint: pickupAt.pickupPoint }
      : null,
  };
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
 * booking staff prepared (the bookings module's rules: bookings.customer.ts), then reads it back in
 * their language.
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
  await inTransaction(db, (tx) => editAsCustomer(tx, bookingId, body, { origin, now, assertPickupPlace }));
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
  await inTransaction(db, (tx) => cancelAsCustomer(tx, bookingId, reason, { origin, now }));
  return readPublicBooking(db, bookingId, now, ask);
}

/**
 * Changing an OCTO booking of the caller's channel: confirming its hold, updating it (PATCH),
 * extending its hold and cancelling it, each through the bookings module's channel paths. Changing
 * its product, departure, passengers or pickup is not supported yet.
 */
import { type TPaxType, timeZoneOf, todayIn } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import type { RequestOrigin } from '../../lib/actors';
import type { BookingRow } from '../bookings/bookings.mapper';
import {
  cancelChannelBooking,
  channelBookingStatus,
  confirmChannelBooking,
  extendChannelHold,
  updateChannelBooking,
} from '../bookings/bookings.service';
import type { ProductRow } from '../products/products.mapper';
import { localDateTime } from './octo.availability';
import { answerOne, isCancellable } from './octo.bookings.answer';
import { toChannelContact } from './octo.bookings.mapper';
import { answersOf, hasAnswers } from './octo.bookings.questions';
import { findOwn } from './octo.bookings.read';
import { attempt } from './octo.bookings.refusals';
import { holdMinutesOf, isLanguage, notesOf, sellerOf, unitsOf } from './octo.bookings.request';
import { invalidOption, invalidUnit, unprocessable } from './octo.errors';
import { unitPricesOf } from './octo.mapper';
import * as repo from './octo.repository';
import {
  DEFAULT_OPTION_ID,
  type TOctoBooking,
  type TOctoConfirmRequest,
  type TOctoUpdateRequest,
} from './octo.schemas';
import type { OctoRequestContext, ProductsAnswer } from './octo.service';
import { productScope } from './octo.slots';

/** The booking's product, whatever its state now. */
async function productOf(db: DbOrTx, caller: repo.OctoCaller, b: BookingRow): Promise<ProductRow> {
  const [row] = await repo.findOperatorProducts(db, caller.operator.id, [b.productId]);
  if (!row) throw new Error(`OCTO: the product ${b.productId} of booking ${b.id} was not found`);
  return row;
}

/**
 * Unit items sent again (confirm, PATCH): each a unit the product sells (INVALID_UNIT_ID) and, all
 * together, the booking's passengers as they are — changing them is not supported yet.
 */
function checkSamePassengers(b: BookingRow, product: ProductRow, items: { unitId: string }[], today: string) {
  const sold = unitPricesOf(product, today);
  const unknown = items.find((i) => !sold.has(i.unitId as TPaxType) && !b.lines.some((l) => l.pax_type === i.unitId));
  if (unknown) throw invalidUnit(unknown.unitId);
  const asked = new Map(unitsOf(items).map((u) => [u.id, u.quantity]));
  const booked = new Map(b.lines.filter((l) => l.quantity > 0).map((l) => [l.pax_type, l.quantity]));
  const same = asked.size === booked.size && [...asked].every(([type, n]) => booked.get(type) === n);
  if (!same) throw unprocessable('changeNotSupported');
}

/**
 * POST /bookings/{uuid}/confirm: the hold becomes CONFIRMED with the contact, the reseller's
 * reference and notes; the customer is e-mailed only with `emailReceipt`. Unit items may be sent as
 * booked (their contacts are not kept). Confirming a confirmed booking updates it and answers it.
 */
export async function confirmBooking(
  db: DbOrTx,
  caller: repo.OctoCaller,
  uuid: string,
  body: TOctoConfirmRequest,
  ctx: OctoRequestContext,
  origin: RequestOrigin,
): Promise<ProductsAnswer<TOctoBooking>> {
  const b = await findOwn(db, caller, uuid);
  const status = channelBookingStatus(b, ctx.now);
  const product = await productOf(db, caller, b);
  if (body.unitItems) {
    const today = todayIn(timeZoneOf(caller.operator.timezone), ctx.now);
    checkSamePassengers(b, product, body.unitItems, today);
  }
  // Every required question answered by the confirmation (ADR 024); a booking already cancelled or
  // expired is refused for that by the bookings module first.
  const answers =
    status === 'ON_HOLD' || status === 'CONFIRMED'
      ? answersOf(product, body, b.answers, { paxTotal: b.paxTotal, requireAll: true })
      : undefined;
  const row = await attempt(
    () =>
      confirmChannelBooking(
        db,
        sellerOf(caller),
        origin,
        b.octoUuid ?? uuid,
        {
          contact: toChannelContact(body.contact, isLanguage),
          resellerReference: body.resellerReference,
          notes: notesOf(body),
          answers,
          emailReceipt: body.emailReceipt ?? false,
          // Read above: the bookings module needs not read it again (ADR 035).
          product,
        },
        ctx.now,
      ),
    { uuid, status },
  );
  return answerOne(db, caller, row, ctx, { scope: await productScope(db, caller, product, ctx) });
}

/**
 * PATCH /bookings/{uuid}: the contact, the reseller's reference, the notes, and a hold's
 * `expirationMinutes` (as /extend). The product, option, departure, passengers and pickup may be
 * sent only as they are: changing them through OCTO is not supported yet (UNPROCESSABLE_ENTITY —
 * cancel and book again).
 */
export async function updateBooking(
  db: DbOrTx,
  caller: repo.OctoCaller,
  uuid: string,
  body: TOctoUpdateRequest,
  ctx: OctoRequestContext,
  origin: RequestOrigin,
): Promise<ProductsAnswer<TOctoBooking>> {
  const b = await findOwn(db, caller, uuid);
  const status = channelBookingStatus(b, ctx.now);
  const timeZone = timeZoneOf(caller.operator.timezone);
  if (body.optionId !== undefined && body.optionId !== DEFAULT_OPTION_ID) throw invalidOption(body.optionId);
  const otherProduct = body.productId !== undefined && body.productId.toLowerCase() !== b.productId;
  const otherDeparture =
    body.availabilityId !== undefined && body.availabilityId !== localDateTime(b.date, b.time, timeZone).iso;
  const pointId = body.pickupPointId?.trim().toLowerCase();
  const otherPickup =
    (body.pickupRequested === false && b.accommodationId !== null) ||
    (body.pickupRequested === true && !pointId && b.accommodationId === null) ||
    (pointId !== undefined && pointId !== '' && pointId !== b.accommodationId);
  if (otherProduct || otherDeparture || otherPickup) throw unprocessable('changeNotSupported');
  const product = await productOf(db, caller, b);
  if (body.unitItems) checkSamePassengers(b, product, body.unitItems, todayIn(timeZone, ctx.now));
  // A held booking may leave required questions for its confirmation; a confirmed one may not.
  const answers =
    status === 'CANCELLED' || status === 'EXPIRED'
      ? undefined
      : answersOf(product, body, b.answers, {
          paxTotal: b.paxTotal,
          requireAll: status !== 'ON_HOLD' && hasAnswers(body),
        });
  const seller = sellerOf(caller);
  const octoUuid = b.octoUuid ?? uuid;
  if (body.expirationMinutes != null && status === 'ON_HOLD') {
    await attempt(
      () => extendChannelHold(db, seller, origin, octoUuid, holdMinutesOf(body.expirationMinutes), ctx.now),
      { uuid, status },
    );
  }
  const row = await attempt(
    () =>
      updateChannelBooking(
        db,
        seller,
        origin,
        octoUuid,
        {
          contact: toChannelContact(body.contact, isLanguage),
          resellerReference: body.resellerReference,
          notes: notesOf(body),
          answers,
        },
        ctx.now,
      ),
    { uuid, status },
  );
  return answerOne(db, caller, row, ctx);
}

/** POST /bookings/{uuid}/extend: an ON_HOLD booking's hold ends `expirationMinutes` from now instead. */
export async function extendBooking(
  db: DbOrTx,
  caller: repo.OctoCaller,
  uuid: string,
  body: { expirationMinutes?: number | null },
  ctx: OctoRequestContext,
  origin: RequestOrigin,
): Promise<ProductsAnswer<TOctoBooking>> {
  const b = await findOwn(db, caller, uuid);
  const status = channelBookingStatus(b, ctx.now);
  const row = await attempt(
    () =>
      extendChannelHold(
        db,
        sellerOf(caller),
        origin,
        b.octoUuid ?? uuid,
        holdMinutesOf(body.expirationMinutes),
        ctx.now,
      ),
    { uuid, status },
    { STATE_CONFLICT: unprocessable('extendNotHeld', { status }) },
  );
  return answerOne(db, caller, row, ctx);
}

/**
 * POST /bookings/{uuid}/cancel: a hold is released at any time; a confirmed booking until the
 * product's free-cancellation deadline (the option's `cancellationCutoff`; after it,
 * UNPROCESSABLE_ENTITY: the supplier may still cancel it). Its seats go back. Cancelling a
 * cancelled booking answers it again.
 */
export async function cancelBooking(
  db: DbOrTx,
  caller: repo.OctoCaller,
  uuid: string,
  body: { reason?: string | null },
  ctx: OctoRequestContext,
  origin: RequestOrigin,
): Promise<ProductsAnswer<TOctoBooking>> {
  const b = await findOwn(db, caller, uuid);
  const status = channelBookingStatus(b, ctx.now);
  if (status === 'CONFIRMED' || status === 'PENDING') {
    const product = await productOf(db, caller, b);
    if (!isCancellable(b, status, product, caller.operator.timezone, ctx.now)) {
      throw unprocessable('cancellationClosed', { hours: product.freeCancellationHours });
    }
  }
  const row = await attempt(
    () => cancelChannelBooking(db, sellerOf(caller), origin, b.octoUuid ?? uuid, body.reason ?? '', ctx.now),
    { uuid, status },
  );
  return answerOne(db, caller, row, ctx);
}

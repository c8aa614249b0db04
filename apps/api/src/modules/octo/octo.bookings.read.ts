/**
 * Reading the OCTO bookings of the caller's channel: one by the uuid its reseller gave
 * (GET /bookings/{uuid}, and the booking every change starts from) and the list by reference or
 * local dates (GET /bookings).
 */
import { daysInRange, isUuid } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import type { BookingRow } from '../bookings/bookings.mapper';
import { findChannelBooking, listChannelBookings } from '../bookings/bookings.service';
import { answerAll, answerOne } from './octo.bookings.answer';
import { badRequest, invalidBooking } from './octo.errors';
import type * as repo from './octo.repository';
import type { TOctoBooking, TOctoBookingsQuery } from './octo.schemas';
import type { OctoRequestContext, ProductsAnswer } from './octo.service';
import { AVAILABILITY_DAYS_AHEAD } from './octo.slots';

/** At most this many bookings in one list (by date: narrow the dates for more). */
export const MAX_LISTED_BOOKINGS = 500;

/** The caller's channel's booking by the uuid its reseller gave; INVALID_BOOKING_UUID otherwise. */
export async function findOwn(db: DbOrTx, caller: repo.OctoCaller, uuid: string): Promise<BookingRow> {
  const b = isUuid(uuid) ? await findChannelBooking(db, caller.channel.id, uuid.toLowerCase()) : undefined;
  if (!b) throw invalidBooking(uuid);
  return b;
}

/** GET /bookings/{uuid}. */
export async function getBooking(db: DbOrTx, caller: repo.OctoCaller, uuid: string, ctx: OctoRequestContext) {
  return answerOne(db, caller, await findOwn(db, caller, uuid), ctx);
}

/**
 * GET /bookings: the channel's bookings by its reference, our locator, a local date or a range of
 * them (at least one; they combine), by date, at most MAX_LISTED_BOOKINGS.
 */
export async function listBookings(
  db: DbOrTx,
  caller: repo.OctoCaller,
  q: TOctoBookingsQuery,
  ctx: OctoRequestContext,
): Promise<ProductsAnswer<TOctoBooking[]>> {
  const hasRange = q.localDateStart !== undefined || q.localDateEnd !== undefined;
  if (hasRange && (!q.localDateStart || !q.localDateEnd || q.localDate)) throw badRequest('bookingFilterRequired');
  if (!hasRange && q.localDate === undefined && !q.resellerReference && !q.supplierReference) {
    throw badRequest('bookingFilterRequired');
  }
  if (q.localDateStart && q.localDateEnd) {
    if (q.localDateEnd < q.localDateStart) throw badRequest('endBeforeStart');
    if (daysInRange(q.localDateStart, q.localDateEnd) > AVAILABILITY_DAYS_AHEAD) {
      throw badRequest('rangeTooLong', { max: AVAILABILITY_DAYS_AHEAD });
    }
  }
  const rows = await listChannelBookings(
    db,
    caller.channel.id,
    {
      resellerReference: q.resellerReference || undefined,
      supplierReference: q.supplierReference?.toUpperCase() || undefined,
      localDate: q.localDate,
      localDateStart: q.localDateStart,
      localDateEnd: q.localDateEnd,
    },
    MAX_LISTED_BOOKINGS,
  );
  return answerAll(db, caller, rows, ctx);
}

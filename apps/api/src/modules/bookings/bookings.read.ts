/** Reading bookings: a page of the list (offset or keyset), one booking, its history. */
import type { TBookingEventResponse } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { fieldError, notFound } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import type { Actor } from '../../lib/tenant';
import { NOT_FOUND } from './bookings.checks';
import { decodeCursor, encodeCursor } from './bookings.cursor';
import { type BookingView, toBookingResponse, toEventResponse } from './bookings.mapper';
import * as repo from './bookings.repository';
import * as online from './online.repository';

/**
 * A page of the bookings the actor may read. With the default ordering the answer also carries
 * the keyset cursor of the next page (null on the last one); `cursor` pages without OFFSET. `total`
 * is counted up to `cap` (ADR 027: lower with `q`).
 */
export async function listBookings(db: DbOrTx, actor: Actor, params: ListParams, cursor?: string) {
  const isDefaultSort =
    params.sort.map((s) => (s.dir === 'desc' ? `-${s.field}` : s.field)).join(',') === repo.KEYSET_SORT;
  if (cursor !== undefined && !isDefaultSort) {
    throw fieldError('BAD_REQUEST', 'cursor', 'El cursor solo sirve con el orden por defecto (date,time,created_at)');
  }
  const after = cursor !== undefined ? decodeCursor(cursor) : undefined;
  const { rows, total, cap } = await repo.listBookings(db, actor, params, after);
  const hasMore = rows.length > params.perPage;
  const page = rows.slice(0, params.perPage);
  const last = page.at(-1);
  const nextCursor =
    isDefaultSort && hasMore && last
      ? encodeCursor({
          date: last.booking.date,
          time: last.booking.time,
          createdAt: last.createdAtExact,
          id: last.booking.id,
        })
      : null;
  const now = new Date();
  // The rows carry their payment links (read in the page's own statement, ADR 032).
  return { items: page.map((r) => toBookingResponse(r, now)), total, cap, nextCursor, hasMore };
}

/** A booking's answer with its payment links (ADR 022). */
export async function bookingResponseOf(db: DbOrTx, view: BookingView, now = new Date()) {
  const links = await online.listLinks(db, [view.booking.id]);
  return toBookingResponse({ ...view, links: links.get(view.booking.id) ?? [] }, now);
}

export async function getBooking(db: DbOrTx, actor: Actor, id: string) {
  const row = await repo.findVisibleBooking(db, actor, id);
  if (!row) throw notFound(NOT_FOUND);
  return bookingResponseOf(db, row);
}

/** The history of a booking the actor may read, oldest first. */
export async function listEvents(db: DbOrTx, actor: Actor, id: string): Promise<TBookingEventResponse[]> {
  const booking = await repo.findVisibleBookingRef(db, actor, id);
  if (!booking) throw notFound(NOT_FOUND);
  return (await repo.listEvents(db, id)).map((e) => toEventResponse(e, booking.currency));
}

/** 404 unless the actor may read the booking (a seller reads the ones they sold, a crew member their sheets'). */
export async function assertBookingVisible(db: DbOrTx, actor: Actor, id: string): Promise<void> {
  if (!(await repo.findVisibleBookingRef(db, actor, id))) throw notFound(NOT_FOUND);
}

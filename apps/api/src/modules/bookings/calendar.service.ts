import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TBookingCalendarEntry } from '@trayecto/shared';
import { timeZoneOf } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { fieldError, notFound } from '../../lib/app-error';
import { type Actor, isAdmin } from '../../lib/tenant';
import { computeAvailability, TooManySlotsError } from '../departures/availability';
import { listDeparturesOf } from '../departures/departures.service';
import * as productsService from '../products/products.service';
import * as repo from './bookings.repository';
import { listCalendarProducts } from './calendar.repository';

const SPANISH = new Intl.Collator('es');

/**
 * Most departures one calendar answer holds (all the operator's products together): a month of
 * a busy operator fits (30 products × 5 departures a day × 62 days); more answers 400 before the
 * work is done, instead of megabytes that block the server for everyone.
 */
export const CALENDAR_MAX_ENTRIES = 10_000;
export const CALENDAR_TOO_BIG_MESSAGE = `El calendario tendría más de ${CALENDAR_MAX_ENTRIES.toLocaleString('es-ES')} salidas: acorta el intervalo o filtra por producto`;

/**
 * The departures between two dates (PRODUCT.md §5 "calendar view"): those the products' weekly
 * rules give and those that exist as rows (extra departures, closures, seats sold) — the same
 * computation as the products' availability — with seats sold and left, bookings and passengers
 * holding seats, and whether each can still be sold now. Products off sale appear only where they
 * have seats sold, so staff still see who is booked.
 */
export async function getCalendar(
  db: DbOrTx,
  actor: Actor,
  q: { from: string; to: string; product_id?: string; tour_operator_id?: string },
  now: Date,
): Promise<TBookingCalendarEntry[]> {
  if (q.product_id && !(await productsService.findVisibleProduct(db, actor, q.product_id))) {
    throw notFound('El producto');
  }
  const products = await listCalendarProducts(db, actor, {
    from: q.from,
    to: q.to,
    productId: q.product_id,
    tourOperatorId: isAdmin(actor) ? q.tour_operator_id : undefined,
  });
  const rows = await listDeparturesOf(
    db,
    products.map((p) => p.product.id),
    q.from,
    q.to,
  );
  const counts = await repo.countBookingsByDeparture(
    db,
    rows.map((r) => r.id),
  );
  const out: TBookingCalendarEntry[] = [];
  for (const [i, { product, timezone }] of products.entries()) {
    // Other requests run between products (each may give thousands of departures).
    if (i > 0) await nextTurn();
    const onSale = product.state === 'active';
    const slots = slotsWithin(CALENDAR_MAX_ENTRIES - out.length, {
      from: q.from,
      to: q.to,
      // A product off sale offers nothing new: only its existing departures with seats sold show.
      rules: onSale ? product.availabilityRules : [],
      closedDates: product.closedDates,
      capacity: product.capacity,
      bookingCutoffHours: product.bookingCutoffHours,
      departures: rows.filter((r) => r.productId === product.id && (onSale || r.seatsTaken > 0)),
      timeZone: timeZoneOf(timezone),
      now,
    });
    for (const s of slots) {
      const c = s.departure_id ? counts.get(s.departure_id) : undefined;
      out.push({
        departure_id: s.departure_id,
        product_id: product.id,
        product_name: product.name,
        date: s.date,
        time: s.time,
        capacity: s.capacity,
        seats_taken: s.seats_taken,
        seats_left: s.seats_left,
        bookings_count: c?.bookings ?? 0,
        pax_total: c?.pax ?? 0,
        closed: s.closed,
        available: onSale && s.available,
      });
    }
  }
  // Date, time, then product name (Spanish order) and id: the products ranked once, so sorting
  // thousands of departures compares plain strings and numbers (a collator per comparison took
  // longer than everything else together).
  const rank = new Map(
    products
      .map(({ product }) => product)
      .sort((a, b) => SPANISH.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((p, i) => [p.id, i]),
  );
  const order = (e: TBookingCalendarEntry) => rank.get(e.product_id) ?? 0;
  return out.sort((a, b) =>
    a.date !== b.date
      ? a.date < b.date
        ? -1
        : 1
      : a.time !== b.time
        ? a.time < b.time
          ? -1
          : 1
        : order(a) - order(b),
  );
}

function slotsWithin(maxSlots: number, input: Parameters<typeof computeAvailability>[0]) {
  try {
    return computeAvailability({ ...input, maxSlots });
  } catch (err) {
    if (err instanceof TooManySlotsError) {
      throw fieldError('BAD_REQUEST', 'to', CALENDAR_TOO_BIG_MESSAGE);
    }
    throw err;
  }
}

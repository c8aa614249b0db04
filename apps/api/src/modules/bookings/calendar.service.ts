import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TBookingCalendarEntry } from '@trayecto/shared';
import { timeZoneOf } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { fieldError, notFound } from '../../lib/app-error';
import { type Actor, isAdmin } from '../../lib/tenant';
import { computeAvailability, TooManySlotsError } from '../departures/availability';
import * as productsService from '../products/products.service';
import { listCalendarDepartures, listCalendarProducts } from './calendar.repository';

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
  // The departure rows with their bookings counted: one statement for the range (ADR 031).
  const rows = await listCalendarDepartures(
    db,
    products.map((p) => p.product.id),
    q.from,
    q.to,
  );
  const rowById = new Map(rows.map((r) => [r.id, r]));
  const rowsByProduct = new Map<string, typeof rows>();
  for (const r of rows) {
    const list = rowsByProduct.get(r.productId);
    if (list) list.push(r);
    else rowsByProduct.set(r.productId, [r]);
  }
  // Products in Spanish name order (then id), each giving its departures in date and time order:
  // a stable sort by date and time then leaves each day's departures at the same time in product
  // order, merging a hundred sorted runs instead of comparing names (a collator per comparison took
  // longer than everything else together).
  const ranked = [...products].sort(
    (a, b) =>
      SPANISH.compare(a.product.name, b.product.name) ||
      (a.product.id < b.product.id ? -1 : a.product.id > b.product.id ? 1 : 0),
  );
  const out: TBookingCalendarEntry[] = [];
  for (const [i, { product, timezone }] of ranked.entries()) {
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
      departures: (rowsByProduct.get(product.id) ?? []).filter((r) => onSale || r.seatsTaken > 0),
      timeZone: timeZoneOf(timezone),
      now,
    });
    for (const s of slots) {
      const c = s.departure_id ? rowById.get(s.departure_id) : undefined;
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
  return out.sort((a, b) =>
    a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.time !== b.time ? (a.time < b.time ? -1 : 1) : 0,
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

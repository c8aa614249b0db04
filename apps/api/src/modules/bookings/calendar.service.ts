import type { TBookingCalendarEntry } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { type Actor, isAdmin } from '../../lib/tenant';
import { computeAvailability } from '../products/availability';
import * as productsRepo from '../products/products.repository';
import { timeZoneOf } from '../products/products.service';
import * as repo from './bookings.repository';

export type TCalendarEntry = TBookingCalendarEntry & { available: boolean };

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
): Promise<TCalendarEntry[]> {
  if (q.product_id && !(await productsRepo.findVisibleProduct(db, actor, q.product_id))) {
    throw notFound('El producto');
  }
  const products = await repo.listCalendarProducts(db, actor, {
    from: q.from,
    to: q.to,
    productId: q.product_id,
    tourOperatorId: isAdmin(actor) ? q.tour_operator_id : undefined,
  });
  const rows = await repo.listDeparturesOf(
    db,
    products.map((p) => p.product.id),
    q.from,
    q.to,
  );
  const counts = await repo.countBookingsByDeparture(
    db,
    rows.map((r) => r.id),
  );
  const out: TCalendarEntry[] = [];
  for (const { product, timezone } of products) {
    const onSale = product.state === 'active';
    const slots = computeAvailability({
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
  return out.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.time.localeCompare(b.time) ||
      a.product_name.localeCompare(b.product_name, 'es') ||
      a.product_id.localeCompare(b.product_id),
  );
}

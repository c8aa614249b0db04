import type { TBookingQuoteRequest, TBookingQuoteResponse } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/tenant';
import { computeAvailability } from '../departures/availability';
import { listDeparturesOf } from '../departures/departures.service';
import { computedPickupTime, loadSellableProduct, priced, usablePlace } from './bookings.checks';

/**
 * The live total of the booking forms (POST /bookings/quote): quoteBooking on the product's tariffs
 * for that date, the pickup time of the accommodation at that departure, and the seats left.
 */
export async function quote(
  db: DbOrTx,
  actor: Actor,
  body: TBookingQuoteRequest,
  now: Date,
): Promise<TBookingQuoteResponse> {
  const { product, operator } = await loadSellableProduct(db, actor, body.product_id);
  const q = priced(product, body.date, body.pax, body.discount_cents ?? 0);
  const place = body.accommodation_id ? await usablePlace(db, product.tourOperatorId, body.accommodation_id) : null;
  let seatsLeft: number | null = null;
  let available: boolean | null = null;
  let pickupTime: string | null = null;
  if (body.time) {
    const rows = await listDeparturesOf(db, [product.id], body.date, body.date);
    const slot = computeAvailability({
      from: body.date,
      to: body.date,
      rules: product.availabilityRules,
      closedDates: product.closedDates,
      capacity: product.capacity,
      bookingCutoffHours: product.bookingCutoffHours,
      departures: rows,
      timeZone: operator.timeZone,
      now,
    }).find((s) => s.time === body.time);
    seatsLeft = slot ? slot.seats_left : null;
    available = slot ? slot.available && slot.seats_left >= q.seats : false;
    pickupTime = await computedPickupTime(db, product, place, body.time);
  }
  return { ...q, currency: product.currency, pickup_time: pickupTime, seats_left: seatsLeft, available };
}

/**
 * What a schedule sheet reads of its departure's bookings: counts, the passengers on the pickup
 * route and the pickups without a time. Reads only: booking rows are written by the bookings module.
 */
import type { TProductQuestion } from '@trayecto/shared';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { accommodations, bookings, payments, products, users } from '../../db/schema';
import type { BookingRow } from '../bookings/bookings.mapper';

export type BookingStats = { bookingsCount: number; pax: number; seats: number; checkedInPax: number };

/** Non-cancelled bookings, passengers, seats and checked-in passengers of each departure. */
export async function bookingStats(db: DbOrTx, departureIds: string[]): Promise<Map<string, BookingStats>> {
  if (departureIds.length === 0) return new Map();
  const rows = await db
    .select({
      departureId: bookings.departureId,
      bookingsCount: sql<number>`count(*)::int`,
      pax: sql<number>`coalesce(sum(${bookings.paxTotal}), 0)::int`,
      seats: sql<number>`coalesce(sum(${bookings.seats}), 0)::int`,
      checkedInPax: sql<number>`coalesce(sum(${bookings.paxTotal}) filter (where ${bookings.checkedInAt} is not null), 0)::int`,
    })
    .from(bookings)
    .where(and(inArray(bookings.departureId, departureIds), ne(bookings.state, 'cancelled')))
    .groupBy(bookings.departureId);
  return new Map(
    rows.map((r) => [
      r.departureId,
      {
        bookingsCount: Number(r.bookingsCount),
        pax: Number(r.pax),
        seats: Number(r.seats),
        checkedInPax: Number(r.checkedInPax),
      },
    ]),
  );
}

const pickupAt = alias(accommodations, 'pickup_at');
const checker = alias(users, 'checker');

export type PlaceColumns = {
  id: string;
  name: string;
  address: string;
  zone: string;
  pickupPoint: string;
  latLng: string;
  phone: string;
};
export type RouteBookingRow = {
  booking: BookingRow;
  accommodation: PlaceColumns | null;
  pickupAt: PlaceColumns | null;
  checkedInBy: { id: string; fullName: string } | null;
  /** What the crew collected from it at check-in, net of refunds of that money (ADR 022). */
  collectedCents: number;
  /** The reseller or agency that sold it (ADR 023), null for the operator's own sales. */
  channelName?: string | null;
  /** Its product's booking questions now (ADR 024): what is still unanswered is read against them. */
  questions?: TProductQuestion[] | null;
};

const placeColumns = (t: typeof accommodations | typeof pickupAt) => ({
  id: t.id,
  name: t.name,
  address: t.address,
  zone: t.zone,
  pickupPoint: t.pickupPoint,
  latLng: t.latLng,
  phone: t.phone,
});

/**
 * The non-cancelled bookings of these departures with the place each customer is collected at
 * (the accommodation, or the live one it redirects to), who checked them in and the questions
 * their product asks (issue 33 item 3).
 */
export async function listRouteBookings(
  db: DbOrTx,
  departureIds: string[],
  bookingId?: string,
): Promise<RouteBookingRow[]> {
  if (departureIds.length === 0) return [];
  const rows = await db
    .select({
      booking: bookings,
      accommodation: placeColumns(accommodations),
      pickupAt: placeColumns(pickupAt),
      checkedInBy: { id: checker.id, fullName: checker.fullName },
      channelName: sql<string | null>`(select c.name from channels c where c.id = ${bookings.channelId})`,
      questions: products.questions,
      collectedCents: sql<number>`(select coalesce(sum(case when ${payments.kind} = 'refund' then -${payments.amountCents} else ${payments.amountCents} end), 0)::int from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.collectedAtCheckIn})`,
    })
    .from(bookings)
    .leftJoin(products, eq(products.id, bookings.productId))
    .leftJoin(accommodations, eq(accommodations.id, bookings.accommodationId))
    .leftJoin(pickupAt, and(eq(pickupAt.id, accommodations.pickupAtId), isNull(pickupAt.deletedAt)))
    .leftJoin(checker, eq(checker.id, bookings.checkedInBy))
    .where(
      and(
        inArray(bookings.departureId, departureIds),
        ne(bookings.state, 'cancelled'),
        bookingId ? eq(bookings.id, bookingId) : undefined,
      ),
    );
  return rows.map((r) => ({ ...r, collectedCents: Number(r.collectedCents) })) as RouteBookingRow[];
}

export type UntimedPickupRow = {
  departureId: string;
  placeId: string;
  placeName: string;
  customerName: string;
  locator: string;
};

/**
 * The bookings of these departures collected at a place (their accommodation, or the live one it
 * redirects to) but with no pickup time: the sheet's `pickup_without_time` warnings. Only for
 * products that pick up (the others meet at the meeting point). By place, then customer.
 */
export async function listUntimedPickups(db: DbOrTx, departureIds: string[]): Promise<UntimedPickupRow[]> {
  if (departureIds.length === 0) return [];
  const rows = await db
    .select({
      departureId: bookings.departureId,
      accommodation: { id: accommodations.id, name: accommodations.name },
      pickupAt: { id: pickupAt.id, name: pickupAt.name },
      customerName: bookings.customerName,
      locator: bookings.locator,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(accommodations, eq(accommodations.id, bookings.accommodationId))
    .leftJoin(pickupAt, and(eq(pickupAt.id, accommodations.pickupAtId), isNull(pickupAt.deletedAt)))
    .where(
      and(
        inArray(bookings.departureId, departureIds),
        ne(bookings.state, 'cancelled'),
        isNull(bookings.pickupTime),
        eq(products.pickupEnabled, true),
      ),
    )
    .orderBy(asc(bookings.departureId), asc(sql`f_unaccent(${bookings.customerName})`), asc(bookings.locator));
  return rows.map((r) => {
    const place = r.pickupAt?.id ? r.pickupAt : r.accommodation;
    return {
      departureId: r.departureId,
      placeId: place.id,
      placeName: place.name,
      customerName: r.customerName,
      locator: r.locator,
    };
  });
}

/**
 * What a schedule sheet reads of its departure's bookings: counts, the passengers on the pickup
 * route and the pickups without a time. Reads only: booking rows are written by the bookings module.
 */
import type { TProductQuestion } from '@trayecto/shared';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { accommodations, bookings, payments, products, users } from '../../db/schema';
import { runSelectTemplate, ShapeBinder } from '../../db/select-template';
import type { BookingRow } from '../bookings/bookings.mapper';

export type BookingStats = { bookingsCount: number; pax: number; seats: number; checkedInPax: number };

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
  const rows =
    departureIds.length === 1
      ? await oneDepartureRoute(db, departureIds[0], bookingId)
      : await routeSelect(db).where(
          and(
            inArray(bookings.departureId, departureIds),
            ne(bookings.state, 'cancelled'),
            bookingId ? eq(bookings.id, bookingId) : undefined,
          ),
        );
  return rows.map((r) => ({ ...r, collectedCents: Number(r.collectedCents) })) as RouteBookingRow[];
}

/**
 * One departure's route (a sheet's page, a check-in's answer): its select built once per shape
 * (ADR 052), with or without one booking. Planning many departures at once builds its own.
 */
function oneDepartureRoute(db: DbOrTx, departureId: string, bookingId: string | undefined) {
  const b = new ShapeBinder('sheets.route-bookings').shape(Boolean(bookingId));
  const where = and(
    eq(bookings.departureId, b.bind(departureId, bookings.departureId) as never),
    ne(bookings.state, b.bind('cancelled', bookings.state) as never),
    bookingId ? eq(bookings.id, b.bind(bookingId, bookings.id) as never) : undefined,
  );
  return runSelectTemplate(db, b.key, (d) => routeSelect(d).where(where), b.values, { strict: true });
}

const routeSelect = (db: DbOrTx) =>
  db
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
    .leftJoin(checker, eq(checker.id, bookings.checkedInBy));

export type UntimedPickupRow = {
  departureId: string;
  placeId: string;
  placeName: string;
  customerName: string;
  locator: string;
};

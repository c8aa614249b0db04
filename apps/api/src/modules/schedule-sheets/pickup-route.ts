/**
 * The pickup route of a sheet (PRODUCT.md §4 "Schedule sheet"), as a pure function: the
 * departure's bookings grouped by the place each customer is collected at, stops in pickup order,
 * pax per stop and on board after it. Customers without pickup meet at the product's meeting point.
 */
import type { TSheetPassenger, TSheetStop } from '@trayecto/shared';

/** Where a customer is collected: their accommodation, or the one it redirects to ("recoger en"). */
export type RoutePlace = {
  id: string;
  name: string;
  address: string;
  zone: string;
  pickupPoint: string;
  latLng: string;
  phone: string;
};

export type RouteBooking = {
  passenger: TSheetPassenger;
  /** null: the customer comes to the meeting point. */
  place: RoutePlace | null;
  pickupTime: string | null;
};

export type MeetingPoint = { address: string; latLng: string };

export const MEETING_POINT_NAME = 'Punto de encuentro';

const collator = new Intl.Collator('es', { sensitivity: 'base' });

/** Times first, earliest first; no time last (inside a stop). */
function byTime(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Passengers of one stop at one time: by customer name (accents and case ignored), then locator. */
export function byCustomerName(a: TSheetPassenger, b: TSheetPassenger): number {
  return collator.compare(a.customer_name, b.customer_name) || a.locator.localeCompare(b.locator);
}

/**
 * Where the stops nobody gave a pickup time go (issue 12): the driver still has to pass by, so they
 * follow the timed stops of their own zone (the bus is there), else they wait just before the
 * meeting point (where the tour starts, so never after it) — at the end when there is none. Among
 * themselves, by name. Each gets its key: the index of the stop it follows, or -1 = before the
 * meeting point.
 */
function placeUntimed<
  S extends { accommodation_id: string | null; name: string; zone: string; pickup_time: string | null },
>(timed: S[], untimed: S[]): S[] {
  const after = new Map<number, S[]>();
  for (const u of [...untimed].sort((a, b) => collator.compare(a.name, b.name))) {
    let anchor = -1;
    if (u.zone) {
      for (let i = timed.length - 1; i >= 0; i--) {
        if (timed[i].accommodation_id !== null && timed[i].zone === u.zone) {
          anchor = i;
          break;
        }
      }
    }
    after.set(anchor, [...(after.get(anchor) ?? []), u]);
  }
  const meeting = timed.findIndex((s) => s.accommodation_id === null);
  const out: S[] = [];
  timed.forEach((s, i) => {
    if (i === meeting) out.push(...(after.get(-1) ?? []));
    out.push(s, ...(after.get(i) ?? []));
  });
  if (meeting < 0) out.push(...(after.get(-1) ?? []));
  return out;
}

/**
 * Groups bookings into stops. A stop's time is the earliest pickup time of its bookings; the
 * meeting point's is the departure time (customers meet there when the tour starts). Stops go by
 * time, then by name; stops without a time follow the timed stops of their zone, else come just
 * before the meeting point (placeUntimed). Inside a stop, by pickup time then customer name.
 * `running_pax` is the number of passengers on board after the stop.
 */
export function buildPickupRoute(bookings: RouteBooking[], meeting: MeetingPoint, departureTime: string): TSheetStop[] {
  const groups = new Map<string, { place: RoutePlace | null; items: RouteBooking[] }>();
  for (const b of bookings) {
    const key = b.place?.id ?? '';
    const g = groups.get(key) ?? { place: b.place, items: [] };
    g.items.push(b);
    groups.set(key, g);
  }
  const stops = [...groups.values()].map(({ place, items }) => {
    items.sort((a, b) => byTime(a.pickupTime, b.pickupTime) || byCustomerName(a.passenger, b.passenger));
    const times = items.map((i) => i.pickupTime).filter((t): t is string => t !== null);
    const pickupTime = place ? (times.length > 0 ? times.reduce((m, t) => (t < m ? t : m)) : null) : departureTime;
    return {
      accommodation_id: place?.id ?? null,
      name: place?.name ?? MEETING_POINT_NAME,
      address: place ? place.address : meeting.address,
      zone: place?.zone ?? '',
      pickup_point: place?.pickupPoint ?? '',
      lat_lng: place ? place.latLng : meeting.latLng,
      phone: place?.phone ?? '',
      pickup_time: pickupTime,
      pax: items.reduce((n, i) => n + i.passenger.pax_total, 0),
      running_pax: 0,
      bookings: items.map((i) => i.passenger),
    };
  });
  const timed = stops
    .filter((s) => s.pickup_time !== null)
    .sort((a, b) => byTime(a.pickup_time, b.pickup_time) || collator.compare(a.name, b.name));
  const route = placeUntimed(
    timed,
    stops.filter((s) => s.pickup_time === null),
  );
  let onBoard = 0;
  for (const s of route) {
    onBoard += s.pax;
    s.running_pax = onBoard;
  }
  return route;
}

/** The passenger list in the order the driver collects them: stop by stop along the route. */
export function routePassengers(stops: TSheetStop[]): TSheetPassenger[] {
  return stops.flatMap((s) => s.bookings);
}

/**
 * The sheet's origin for the "libro de ruta" when nobody wrote one: the zone (else the name) of the
 * first pickup stop, or the meeting point.
 */
export function defaultOrigin(stops: TSheetStop[], meetingPoint: string): string {
  const first = stops[0];
  if (!first) return meetingPoint;
  if (first.accommodation_id === null) return meetingPoint || MEETING_POINT_NAME;
  return first.zone || first.name;
}

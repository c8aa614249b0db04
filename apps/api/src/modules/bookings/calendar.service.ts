import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TBookingCalendarColumns, TBookingCalendarDay, TBookingCalendarEntry } from '@trayecto/shared';
import { CALENDAR_DAY_PREVIEW, calendarEntriesFromColumns, daySpan, timeZoneOf, todayIn } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { fieldError, notFound } from '../../lib/app-error';
import { type Actor, isAdmin } from '../../lib/tenant';
import {
  type DepartureInput,
  dayMs,
  forEachSlot,
  ruleTimesIndex,
  type SlotVisitor,
  saleChecker,
  TooManySlotsError,
} from '../departures/availability';
import * as productsService from '../products/products.service';
import { calendarSlotKey, listCalendarDays, listCalendarDepartures, listCalendarProducts } from './calendar.repository';

const SPANISH = new Intl.Collator('es');

/**
 * Most departures one calendar answer holds (all the operator's products together): a month of
 * a busy operator fits (30 products × 5 departures a day × 62 days); more answers 400 before the
 * work is done, instead of megabytes that block the server for everyone.
 */
export const CALENDAR_MAX_ENTRIES = 10_000;
export const CALENDAR_TOO_BIG_MESSAGE = `El calendario tendría más de ${CALENDAR_MAX_ENTRIES.toLocaleString('es-ES')} salidas: acorta el intervalo o filtra por producto`;

/**
 * Departures computed between two turns of the event loop: about a millisecond of work (a week of a
 * hundred products is two turns; one turn per product cost more than its work on a week).
 */
const CALENDAR_TURN_ENTRIES = 1000;

/**
 * Most departures the month view adds up in one answer (its days are a few kilobytes whatever
 * their number, but the statement still merges every one): five times the departures' calendar.
 */
export const CALENDAR_DAYS_MAX_DEPARTURES = 5 * CALENDAR_MAX_ENTRIES;
export const CALENDAR_DAYS_TOO_BIG_MESSAGE = `El calendario tendría más de ${CALENDAR_DAYS_MAX_DEPARTURES.toLocaleString('es-ES')} salidas: acorta el intervalo o filtra por producto`;

/**
 * The departures between two dates (PRODUCT.md §5 "calendar view"): those the products' weekly
 * rules give and those that exist as rows (extra departures, closures, seats sold) — the same
 * computation as the products' availability — with seats sold and left, bookings and passengers
 * holding seats, and whether each can still be sold now. Products off sale appear only where they
 * have seats sold, so staff still see who is booked. As entries: getCalendarColumns' departures.
 */
export async function getCalendar(
  db: DbOrTx,
  actor: Actor,
  q: CalendarQuery,
  now: Date,
): Promise<TBookingCalendarEntry[]> {
  return calendarEntriesFromColumns(await getCalendarColumns(db, actor, q, now));
}

/**
 * getCalendar's departures as columns (ADR 057), each product named once: what the week view asks
 * for, ~2,200 departures for a hundred products, without an object per departure.
 */
export async function getCalendarColumns(
  db: DbOrTx,
  actor: Actor,
  q: CalendarQuery,
  now: Date,
): Promise<TBookingCalendarColumns> {
  const products = inCalendarOrder(await calendarProducts(db, actor, q));
  // The departure rows with their bookings counted: one statement for the range (ADR 031).
  const rows = await listCalendarDepartures(
    db,
    products.map((p) => p.product.id),
    q.from,
    q.to,
  );
  const rowsByProduct = new Map<string, typeof rows>();
  for (const r of rows) {
    const list = rowsByProduct.get(r.productId);
    if (list) list.push(r);
    else rowsByProduct.set(r.productId, [r]);
  }
  // The departures as products give them (each in date and time order), one column each.
  const c: TBookingCalendarColumns['departures'] = {
    product: [],
    day: [],
    time: [],
    departure_id: [],
    capacity: [],
    seats_taken: [],
    seats_left: [],
    bookings_count: [],
    pax_total: [],
    closed: [],
    available: [],
  };
  // Each day's departures by start time, and at one time in the calendar's order of products
  // (Spanish name, then id): products are visited in that order, so appending keeps it — no sort of
  // the thousands of departures, no collator per comparison (that took longer than everything else).
  const byDay = daySpan(q.from, q.to).map(() => new Map<string, number[]>());
  let sinceTurn = 0;
  for (const [rank, { product, timezone }] of products.entries()) {
    const onSale = product.state === 'active';
    const productRows = rowsByProduct.get(product.id) ?? [];
    const visited = slotsWithin(
      CALENDAR_MAX_ENTRIES - c.product.length,
      {
        from: q.from,
        to: q.to,
        // A product off sale offers nothing new: only its existing departures with seats sold show.
        rules: onSale ? product.availabilityRules : [],
        closedDates: product.closedDates,
        capacity: product.capacity,
        bookingCutoffHours: product.bookingCutoffHours,
        departures: onSale ? productRows : productRows.filter((r) => r.seatsTaken > 0),
        timeZone: timeZoneOf(timezone),
        now,
      },
      (day, _date, time, capacity, seatsTaken, seatsLeft, available, closed, row) => {
        const at = c.product.length;
        c.product.push(rank);
        c.day.push(day);
        c.time.push(time);
        c.departure_id.push(row?.id ?? null);
        c.capacity.push(capacity);
        c.seats_taken.push(seatsTaken);
        c.seats_left.push(seatsLeft);
        c.bookings_count.push(row?.bookings ?? 0);
        c.pax_total.push(row?.pax ?? 0);
        c.closed.push(closed);
        c.available.push(onSale && available);
        const atTime = byDay[day].get(time);
        if (atTime) atTime.push(at);
        else byDay[day].set(time, [at]);
      },
    );
    sinceTurn += visited;
    // Other requests run in between every CALENDAR_TURN_ENTRIES departures (a month is thousands).
    if (sinceTurn >= CALENDAR_TURN_ENTRIES) {
      sinceTurn = 0;
      await nextTurn();
    }
  }
  // The calendar's order: day, start time, then product.
  const order: number[] = [];
  for (const day of byDay) {
    for (const time of [...day.keys()].sort()) for (const at of day.get(time) ?? []) order.push(at);
  }
  const inOrder = <T>(column: T[]): T[] => order.map((at) => column[at]);
  return {
    from: q.from,
    to: q.to,
    products: products.map(({ product }) => ({ id: product.id, name: product.name })),
    departures: {
      product: inOrder(c.product),
      day: inOrder(c.day),
      time: inOrder(c.time),
      departure_id: inOrder(c.departure_id),
      capacity: inOrder(c.capacity),
      seats_taken: inOrder(c.seats_taken),
      seats_left: inOrder(c.seats_left),
      bookings_count: inOrder(c.bookings_count),
      pax_total: inOrder(c.pax_total),
      closed: inOrder(c.closed),
      available: inOrder(c.available),
    },
  };
}

type CalendarQuery = { from: string; to: string; product_id?: string; tour_operator_id?: string };

/** The products a calendar shows (a product asked for must be one the actor may see: 404 otherwise). */
async function calendarProducts(db: DbOrTx, actor: Actor, q: CalendarQuery) {
  if (q.product_id && !(await productsService.findVisibleProduct(db, actor, q.product_id))) {
    throw notFound('El producto');
  }
  return listCalendarProducts(db, actor, {
    from: q.from,
    to: q.to,
    productId: q.product_id,
    tourOperatorId: isAdmin(actor) ? q.tour_operator_id : undefined,
  });
}

/** The calendar's order of products: Spanish name, then id (what orders a day's departures at one time). */
function inCalendarOrder<T extends { product: { id: string; name: string } }>(products: readonly T[]): T[] {
  return [...products].sort(
    (a, b) =>
      SPANISH.compare(a.product.name, b.product.name) ||
      (a.product.id < b.product.id ? -1 : a.product.id > b.product.id ? 1 : 0),
  );
}

/**
 * The month view of the calendar, a day at a time (ADR 031, 2026-11-26): for every day of the range
 * with a departure to show, its departures counted and added up (seats, capacity, bookings,
 * passengers) and its first CALENDAR_DAY_PREVIEW departures as getCalendar gives them — a few
 * kilobytes for a month where getCalendar answers thousands of departures. The days add up exactly
 * getCalendar's departures of the same range, except that on a day before the operator's today a
 * departure with nothing sold (no seat, no booking) is not shown, as the screen never showed it.
 *
 * The departure rows are added up per day by one statement (listCalendarDays); the start times the
 * weekly rules give without a row are added here, from the availability's own rule arithmetic
 * (ruleTimesIndex), never as objects per departure.
 */
export async function getCalendarDays(
  db: DbOrTx,
  actor: Actor,
  q: CalendarQuery,
  now: Date,
): Promise<TBookingCalendarDay[]> {
  const products = inCalendarOrder(await calendarProducts(db, actor, q));
  const todays = new Map<string, string>();
  const todayOf = (zone: string) => {
    let t = todays.get(zone);
    if (!t) {
      t = todayIn(zone, now);
      todays.set(zone, t);
    }
    return t;
  };
  const span = daySpan(q.from, q.to);
  const dates = span.map((d) => d.date);

  // What the rules give on the days from each product's today on (before it, a departure without a
  // row has nothing sold and is not shown): counted per day, their keys for the statement, and each
  // day's first ones by time and product.
  type Virtual = { rank: number; time: string };
  const ruleKeys: number[] = [];
  const ruled = dates.map(() => ({ count: 0, capacity: 0, first: [] as Virtual[] }));
  const byTimeThenRank = (a: Virtual, b: Virtual) => (a.time !== b.time ? (a.time < b.time ? -1 : 1) : a.rank - b.rank);
  const ranked = products.map(({ product, timezone }, i) => {
    const rank = i + 1;
    const today = todayOf(timeZoneOf(timezone));
    if (product.state === 'active') {
      const timesOn = ruleTimesIndex(product.availabilityRules, new Set(product.closedDates));
      // From the product's today on (the whole range when it starts later; none when it is past).
      const start = today <= q.from ? 0 : today > q.to ? dates.length : dates.indexOf(today);
      for (let k = start; k < dates.length; k++) {
        const times = timesOn(dates[k], span[k].weekday);
        if (times.length === 0) continue;
        const day = ruled[k];
        day.count += times.length;
        day.capacity += times.length * product.capacity;
        if (ruleKeys.length + times.length > CALENDAR_DAYS_MAX_DEPARTURES) {
          throw fieldError('BAD_REQUEST', 'to', CALENDAR_DAYS_TOO_BIG_MESSAGE);
        }
        for (const time of times) ruleKeys.push(calendarSlotKey(rank, k, time));
        // Products come in rank order and times sorted: a day keeps its first few.
        for (const time of times.slice(0, CALENDAR_DAY_PREVIEW)) {
          const last = day.first[CALENDAR_DAY_PREVIEW - 1];
          if (last && byTimeThenRank({ rank, time }, last) > 0) break;
          day.first.push({ rank, time });
          day.first.sort(byTimeThenRank);
          if (day.first.length > CALENDAR_DAY_PREVIEW) day.first.pop();
        }
      }
    }
    return { id: product.id, today };
  });
  const rows = await listCalendarDays(db, ranked, ruleKeys, q.from, q.to, CALENDAR_DAY_PREVIEW);

  const entryOf = (rank: number, date: string, e: Partial<TBookingCalendarEntry>): TBookingCalendarEntry => {
    const { product, timezone } = products[rank - 1];
    const capacity = e.capacity ?? product.capacity;
    const seatsTaken = e.seats_taken ?? 0;
    const seatsLeft = Math.max(0, capacity - seatsTaken);
    const closed = e.closed ?? false;
    return {
      departure_id: e.departure_id ?? null,
      product_id: product.id,
      product_name: product.name,
      date,
      time: e.time ?? '',
      capacity,
      seats_taken: seatsTaken,
      seats_left: seatsLeft,
      bookings_count: e.bookings_count ?? 0,
      pax_total: e.pax_total ?? 0,
      closed,
      available:
        product.state === 'active' &&
        !closed &&
        seatsLeft > 0 &&
        saleChecker(product.bookingCutoffHours, timeZoneOf(timezone), now)(dayMs(date), date, e.time ?? ''),
    };
  };
  const previews = new Map<string, { rank: number; entry: TBookingCalendarEntry }[]>();
  for (const r of rows.previews) {
    const list = previews.get(r.date) ?? [];
    list.push({
      rank: r.rank,
      entry: entryOf(r.rank, r.date, {
        departure_id: r.departureId,
        time: r.time,
        capacity: r.capacity,
        seats_taken: r.seatsTaken,
        bookings_count: r.bookings,
        pax_total: r.pax,
        closed: r.closed,
      }),
    });
    previews.set(r.date, list);
  }
  const rowDays = new Map(rows.days.map((d) => [d.date, d]));
  const out: TBookingCalendarDay[] = [];
  for (const [k, date] of dates.entries()) {
    const d = rowDays.get(date);
    const rule = ruled[k];
    const departures = (d?.rows ?? 0) + rule.count - (d?.onRule ?? 0);
    if (departures === 0) continue;
    const ruleCapacity = rule.capacity - (d?.onRuleCapacity ?? 0);
    // The first few: the rows' and the rules' without a row (a rule's time with a row is the row).
    const fromRows = previews.get(date) ?? [];
    const taken = new Set(fromRows.map((f) => `${f.rank} ${f.entry.time}`));
    const first = [
      ...fromRows,
      ...rule.first
        .filter((v) => !taken.has(`${v.rank} ${v.time}`))
        .map((v) => ({ rank: v.rank, entry: entryOf(v.rank, date, { time: v.time }) })),
    ]
      .sort((a, b) => byTimeThenRank({ rank: a.rank, time: a.entry.time }, { rank: b.rank, time: b.entry.time }))
      .slice(0, CALENDAR_DAY_PREVIEW)
      .map((f) => f.entry);
    out.push({
      date,
      departures,
      closed: d?.closed ?? 0,
      capacity: (d?.capacity ?? 0) + ruleCapacity,
      seats_taken: d?.seatsTaken ?? 0,
      seats_left: (d?.seatsLeft ?? 0) + ruleCapacity,
      bookings: d?.bookings ?? 0,
      pax: d?.pax ?? 0,
      first_departures: first,
    });
  }
  return out;
}

function slotsWithin<R extends DepartureInput>(
  maxSlots: number,
  input: Parameters<typeof forEachSlot<R>>[0],
  visit: SlotVisitor<R>,
): number {
  try {
    return forEachSlot({ ...input, maxSlots }, visit);
  } catch (err) {
    if (err instanceof TooManySlotsError) {
      throw fieldError('BAD_REQUEST', 'to', CALENDAR_TOO_BIG_MESSAGE);
    }
    throw err;
  }
}

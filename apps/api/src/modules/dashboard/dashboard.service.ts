import {
  addDays,
  BOOKING_CHANNEL_NAMES,
  BOOKING_CHANNELS,
  DEFAULT_TIME_ZONE,
  LEVEL,
  type TBookingChannel,
  type TDashboardKpis,
  type TDashboardResponse,
  timeZoneOf,
  todayIn,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { forbidden } from '../../lib/app-error';
import { type Actor, isAdmin } from '../../lib/tenant';
import * as repo from './dashboard.repository';

/** Days of the sales chart (today included). */
const SALES_DAYS = 30;
/** Days of the "coming days" figures (today included). */
const WINDOW_DAYS = 7;

/** Whose figures: PRODUCT.md §3 "dashboard" (all operators, own operator, own sales, own day). */
function scopeOf(actor: Actor, tourOperatorId?: string): repo.DashboardScope {
  if (isAdmin(actor)) return tourOperatorId ? { kind: 'operator', tourOperatorId } : { kind: 'all' };
  if (!actor.tourOperatorId) throw forbidden('Tu usuario no pertenece a ningún tour operador');
  const op = actor.tourOperatorId;
  switch (actor.level) {
    case LEVEL.SELLER:
      return { kind: 'seller', tourOperatorId: op, sellerId: actor.id };
    case LEVEL.DRIVER:
      return { kind: 'own_day', tourOperatorId: op, userId: actor.id, role: 'driver' };
    case LEVEL.GUIDE:
      return { kind: 'own_day', tourOperatorId: op, userId: actor.id, role: 'guide' };
    default:
      return { kind: 'operator', tourOperatorId: op };
  }
}

/** Occupancy as the dashboard shows it: seats sold / capacity, to four decimals (null without capacity). */
const occupancyOf = (seats: number, capacity: number) =>
  capacity > 0 ? Math.round((seats / capacity) * 10_000) / 10_000 : null;

/** Adds up the departures of a window (PRODUCT.md §5 Inicio: salidas, pax, ocupación, ventas, cobros pendientes). */
function kpisOf(rows: repo.DepartureFigures[]): TDashboardKpis {
  return {
    departures: rows.length,
    pax: rows.reduce((n, r) => n + r.pax, 0),
    occupancy: occupancyOf(
      rows.reduce((n, r) => n + r.seats_taken, 0),
      rows.reduce((n, r) => n + r.capacity, 0),
    ),
    sales_cents: rows.reduce((n, r) => n + r.sales_cents, 0),
    pending_cents: rows.reduce((n, r) => n + r.pending_cents, 0),
  };
}

/** The same figures from days already added up (an operator's, or every operator's). */
function kpisOfDays(days: repo.DayFigures[]): TDashboardKpis {
  return {
    departures: days.reduce((n, d) => n + d.departures, 0),
    pax: days.reduce((n, d) => n + d.pax, 0),
    occupancy: occupancyOf(
      days.reduce((n, d) => n + d.seatsTaken, 0),
      days.reduce((n, d) => n + d.capacity, 0),
    ),
    sales_cents: days.reduce((n, d) => n + d.salesCents, 0),
    pending_cents: days.reduce((n, d) => n + d.pendingCents, 0),
  };
}

/** The first day of the month of a date, and of the next month. */
function monthOf(date: string) {
  const [y, m] = date.split('-').map(Number);
  const first = `${y}-${String(m).padStart(2, '0')}-01`;
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { first, next };
}

/**
 * The home page's figures for the caller's scope, "today" being the operator's (PRODUCT.md §2):
 * - departures: departures with non-cancelled bookings in scope, or with a sheet;
 * - pax: passengers of those bookings; occupancy: seats sold / capacity of those departures;
 * - sales_cents: total of non-cancelled bookings whose departure falls in the window;
 * - pending_cents: what those customers still owe, max(0, total − paid + refunded);
 * - sales_30_days: non-cancelled bookings by day of creation, zero-filled (not for Chofer/Guía);
 * - sales_by_channel: the same 30 days by channel, each reseller and agency by name (ADR 023);
 * - seller: a Vendedor's sales, commission and bookings created this month.
 * Each part a bounded read whatever the size of the data (ADR 030): the sales from the booking
 * totals, the coming days added up per day, today's departures listed, a Vendedor's and the crew's
 * from their own bookings and sheets. Two to four statements (settings first, the rest at once).
 */
export async function getDashboard(
  db: DbOrTx,
  actor: Actor,
  query: { tour_operator_id?: string },
  now: Date,
): Promise<TDashboardResponse> {
  const scope = scopeOf(actor, query.tour_operator_id);
  const settings = await repo.operatorSettings(db, scope);
  const zones = [...new Set(settings.map((s) => timeZoneOf(s.timezone)))];
  const currencies = [...new Set(settings.map((s) => s.currency))];
  // One zone: the operator's "today". Several operators in different zones (the administrator's
  // "all"): the headline date is the platform's, and each operator's departures and sales count on
  // its own days.
  const timeZone = zones.length === 1 ? zones[0] : DEFAULT_TIME_ZONE;
  const mixed = zones.length > 1;
  const ownZones = mixed ? zones : [timeZone];
  const currency = currencies.length === 1 ? currencies[0] : 'EUR';

  const today = todayIn(timeZone, now);
  const lastDay = addDays(today, WINDOW_DAYS - 1);
  // The chart's days are the headline's; each sale falls on its own operator's local day (the
  // totals keep them so).
  const firstSalesDay = addDays(today, -(SALES_DAYS - 1));
  const month = monthOf(today);

  /** Each zone's own today and last day of the window. */
  const windows = new Map(
    ownZones.map((tz) => {
      const t = todayIn(tz, now);
      return [tz, { today: t, last: addDays(t, WINDOW_DAYS - 1) }] as const;
    }),
  );
  const windowOf = (tz: string | null) => windows.get(timeZoneOf(tz)) ?? { today, last: lastDay };
  const all = [...windows.values()];
  const from = all.reduce((d, w) => (w.today < d ? w.today : d), today);
  const to = all.reduce((d, w) => (w.last > d ? w.last : d), lastDay);
  const inWindow = (f: { timezone: string; date: string }) => {
    const w = windowOf(f.timezone);
    return w.today <= f.date && f.date <= w.last;
  };
  const isToday = (f: { timezone: string; date: string }) => f.date === windowOf(f.timezone).today;

  const [kpis, sales] = await Promise.all([
    departureKpis(db, scope, from, to, [...new Set([today, ...all.map((w) => w.today)])], inWindow, isToday),
    scope.kind === 'own_day' ? Promise.resolve(null) : repo.salesFigures(db, scope, firstSalesDay, today, month.first),
  ]);

  const byDay = new Map((sales?.byDay ?? []).map((s) => [s.day, s]));
  return {
    today,
    timezone: timeZone,
    scope: scope.kind === 'operator' ? 'operator' : scope.kind,
    currency,
    today_kpis: kpis.today,
    next_7_days: kpis.next7,
    sales_30_days:
      scope.kind === 'own_day'
        ? []
        : Array.from({ length: SALES_DAYS }, (_, i) => {
            const date = addDays(firstSalesDay, i);
            const s = byDay.get(date);
            return { date, sales_cents: s?.salesCents ?? 0, bookings: s?.bookings ?? 0 };
          }),
    sales_by_channel: (sales?.byChannel ?? []).map((c) => ({
      channel: (BOOKING_CHANNELS as readonly string[]).includes(c.channel) ? (c.channel as TBookingChannel) : 'office',
      channel_id: c.channelId,
      name: c.name ?? BOOKING_CHANNEL_NAMES[c.channel as TBookingChannel] ?? c.channel,
      bookings: c.bookings,
      sales_cents: c.salesCents,
      commission_cents: c.commissionCents,
    })),
    today_departures: kpis.departures.map((f) => ({
      departure_id: f.departure_id,
      product_id: f.product_id,
      product_name: f.product_name,
      time: f.time,
      pax: f.pax,
      capacity: f.capacity,
      sheet_id: f.sheet_id,
      sheet_state: f.sheet_state,
      vehicle_plate: f.vehicle_plate,
      driver_name: f.driver_name,
      guide_name: f.guide_name,
    })),
    seller:
      scope.kind === 'seller'
        ? {
            month_sales_cents: sales?.month?.salesCents ?? 0,
            month_commission_cents: sales?.month?.commissionCents ?? 0,
            month_bookings: sales?.month?.bookings ?? 0,
          }
        : null,
  };
}

type Day = { timezone: string; date: string };

/**
 * Today's and the window's KPIs and today's departures. An operator or every operator: the window
 * added up per day, today's departures listed (two statements at once). A Vendedor or the crew:
 * their own departures of the window (a few dozen), added up here.
 */
async function departureKpis(
  db: DbOrTx,
  scope: repo.DashboardScope,
  from: string,
  to: string,
  todayDates: string[],
  inWindow: (d: Day) => boolean,
  isToday: (d: Day) => boolean,
): Promise<{ today: TDashboardKpis; next7: TDashboardKpis; departures: repo.DepartureFigures[] }> {
  if (scope.kind === 'all' || scope.kind === 'operator') {
    const [days, listed] = await Promise.all([
      repo.dayFigures(db, scope, from, to),
      repo.departuresOn(db, scope, todayDates),
    ]);
    return {
      today: kpisOfDays(days.filter(isToday)),
      next7: kpisOfDays(days.filter(inWindow)),
      departures: listed.filter(isToday),
    };
  }
  const rows = (
    scope.kind === 'seller'
      ? await repo.sellerDepartures(db, scope, from, to, todayDates)
      : await repo.crewDepartures(db, scope, from, to)
  ).filter(inWindow);
  const todays = rows.filter(isToday);
  return { today: kpisOf(todays), next7: kpisOf(rows), departures: todays };
}

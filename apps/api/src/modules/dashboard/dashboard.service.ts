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
  zonedDateTimeToInstant,
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

/** Adds up the departures of a window (PRODUCT.md §5 Inicio: salidas, pax, ocupación, ventas, cobros pendientes). */
function kpisOf(rows: repo.DepartureFigures[]): TDashboardKpis {
  const capacity = rows.reduce((n, r) => n + r.capacity, 0);
  const seats = rows.reduce((n, r) => n + r.seats_taken, 0);
  return {
    departures: rows.length,
    pax: rows.reduce((n, r) => n + r.pax, 0),
    occupancy: capacity > 0 ? Math.round((seats / capacity) * 10_000) / 10_000 : null,
    sales_cents: rows.reduce((n, r) => n + r.sales_cents, 0),
    pending_cents: rows.reduce((n, r) => n + r.pending_cents, 0),
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
 * Four queries whatever the size of the data (settings, departures, chart, seller block).
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
  const firstSalesDay = addDays(today, -(SALES_DAYS - 1));
  const startOf = (date: string, tz = timeZone) => zonedDateTimeToInstant(date, '00:00', tz);
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
  // The chart's days are the headline's; each booking falls on its own operator's local day.
  const salesStart = new Date(Math.min(...ownZones.map((tz) => +startOf(firstSalesDay, tz))));
  const salesEnd = new Date(Math.max(...ownZones.map((tz) => +startOf(addDays(today, 1), tz))));

  const byChannelScope = scope.kind === 'all' || scope.kind === 'operator';
  const [rows, sales, sellerTotals, byChannel] = await Promise.all([
    repo.departureFigures(db, scope, from, to),
    scope.kind === 'own_day'
      ? Promise.resolve([])
      : repo.salesByDay(db, scope, mixed ? null : timeZone, salesStart, salesEnd),
    scope.kind === 'seller'
      ? repo.sellerTotals(db, scope.tourOperatorId, scope.sellerId, startOf(month.first), startOf(month.next))
      : Promise.resolve(null),
    byChannelScope ? repo.salesByChannel(db, scope, salesStart, salesEnd) : Promise.resolve([]),
  ]);
  const figures = rows.filter((f) => {
    const w = windowOf(f.timezone);
    return w.today <= f.date && f.date <= w.last;
  });

  const byDay = new Map(sales.map((s) => [s.day, s]));
  const todays = figures.filter((f) => f.date === windowOf(f.timezone).today);
  return {
    today,
    timezone: timeZone,
    scope: scope.kind === 'operator' ? 'operator' : scope.kind,
    currency,
    today_kpis: kpisOf(todays),
    next_7_days: kpisOf(figures),
    sales_30_days:
      scope.kind === 'own_day'
        ? []
        : Array.from({ length: SALES_DAYS }, (_, i) => {
            const date = addDays(firstSalesDay, i);
            const s = byDay.get(date);
            return { date, sales_cents: s?.salesCents ?? 0, bookings: s?.bookings ?? 0 };
          }),
    sales_by_channel: byChannel.map((c) => ({
      channel: (BOOKING_CHANNELS as readonly string[]).includes(c.channel) ? (c.channel as TBookingChannel) : 'office',
      channel_id: c.channelId,
      name: c.name ?? BOOKING_CHANNEL_NAMES[c.channel as TBookingChannel] ?? c.channel,
      bookings: c.bookings,
      sales_cents: c.salesCents,
      commission_cents: c.commissionCents,
    })),
    today_departures: todays.map((f) => ({
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
    seller: sellerTotals
      ? {
          month_sales_cents: sellerTotals.salesCents,
          month_commission_cents: sellerTotals.commissionCents,
          month_bookings: sellerTotals.bookings,
        }
      : null,
  };
}

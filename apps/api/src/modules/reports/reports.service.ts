/**
 * «Informes» (issue 34, ADR 025): sales by day, product, channel, seller or agency; occupancy per
 * departure and product; cancellations and no-shows by reason; the tax summary by rate. Read-only;
 * every figure is added up by the database (reports.repository.ts), in the operator's days.
 */
import {
  addDays,
  BOOKING_CHANNEL_NAMES,
  DEFAULT_TIME_ZONE,
  displayDate,
  eachDate,
  LEVEL,
  OCCUPANCY_PER_PAGE,
  REPORT_ACCESS,
  reportPeriodProblems,
  type TBookingChannel,
  type TCancellationsReportQuery,
  type TCancellationsReportResponse,
  type TOccupancyReportQuery,
  type TOccupancyReportResponse,
  type TReportBasis,
  type TReportGroup,
  type TReportKind,
  type TSalesFigures,
  type TSalesReportQuery,
  type TSalesReportResponse,
  type TTaxesReportQuery,
  type TTaxesReportResponse,
  taxesOf,
  timeZoneOf,
  zonedDateTimeToInstant,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { forbidden, validation } from '../../lib/app-error';
import { type Actor, isAdmin } from '../../lib/tenant';
import * as repo from './reports.repository';

/** Whose bookings: PRODUCT.md §3 — every operator or one (administrator), the operator, a Vendedor's own. */
function scopeOf(actor: Actor, kind: TReportKind, tourOperatorId?: string): repo.ReportScope {
  if (!REPORT_ACCESS[kind].includes(actor.level)) throw forbidden();
  if (isAdmin(actor)) return tourOperatorId ? { kind: 'operator', tourOperatorId } : { kind: 'all' };
  if (!actor.tourOperatorId) throw forbidden('Tu usuario no pertenece a ningún tour operador');
  if (actor.level === LEVEL.SELLER) return { kind: 'seller', tourOperatorId: actor.tourOperatorId, sellerId: actor.id };
  return { kind: 'operator', tourOperatorId: actor.tourOperatorId };
}

/** 422 for a period out of order or longer than REPORT_MAX_DAYS (the shapes are the schema's: 400). */
function checkPeriod(from: string, to: string) {
  const problems = reportPeriodProblems(from, to);
  if (Object.keys(problems).length > 0) throw validation(problems, Object.values(problems)[0]?.[0]);
}

type Context = {
  scope: repo.ReportScope;
  head: { from: string; to: string; timezone: string; currency: string; scope: repo.ReportScope['kind'] };
  period: (basis: TReportBasis) => repo.Period;
};

/**
 * The report's scope, zone and period. The administrator's "all" may mix zones: the headline zone
 * is the platform's and each booking counts on its own operator's day; the instants searched cover
 * the period in every zone in scope.
 */
async function contextOf(
  db: DbOrTx,
  actor: Actor,
  kind: TReportKind,
  q: { from: string; to: string; tour_operator_id?: string },
): Promise<Context> {
  const scope = scopeOf(actor, kind, q.tour_operator_id);
  checkPeriod(q.from, q.to);
  const settings = await repo.operatorSettings(db, scope);
  const zones = [...new Set(settings.map((s) => timeZoneOf(s.timezone)))];
  const currencies = [...new Set(settings.map((s) => s.currency))];
  const timezone = zones.length === 1 ? (zones[0] as string) : DEFAULT_TIME_ZONE;
  const all = zones.length > 0 ? zones : [timezone];
  const start = new Date(Math.min(...all.map((tz) => +zonedDateTimeToInstant(q.from, '00:00', tz))));
  const end = new Date(Math.max(...all.map((tz) => +zonedDateTimeToInstant(addDays(q.to, 1), '00:00', tz))));
  return {
    scope,
    head: {
      from: q.from,
      to: q.to,
      timezone,
      currency: currencies.length === 1 ? (currencies[0] as string) : 'EUR',
      scope: scope.kind,
    },
    period: (basis) => ({ from: q.from, to: q.to, basis, start, end }),
  };
}

const EMPTY_SALES: TSalesFigures = {
  bookings: 0,
  pax: 0,
  gross_cents: 0,
  discount_cents: 0,
  commission_cents: 0,
  cancelled_bookings: 0,
  cancelled_cents: 0,
  net_cents: 0,
};

function figuresOf(r: repo.SalesRow): TSalesFigures {
  return {
    bookings: r.bookings,
    pax: r.pax,
    gross_cents: r.grossCents,
    discount_cents: r.discountCents,
    commission_cents: r.commissionCents,
    cancelled_bookings: r.cancelledBookings,
    cancelled_cents: r.cancelledCents,
    net_cents: r.grossCents - r.cancelledCents,
  };
}

function addFigures(a: TSalesFigures, b: TSalesFigures): TSalesFigures {
  const out = { ...a };
  for (const k of Object.keys(out) as (keyof TSalesFigures)[]) out[k] += b[k];
  return out;
}

/** What a group is called on the screen and in the files. */
function labelOf(group: TReportGroup, r: repo.SalesRow): string {
  switch (group) {
    case 'day':
      return r.key ? displayDate(r.key) : '';
    case 'channel':
      return BOOKING_CHANNEL_NAMES[r.key as TBookingChannel] ?? r.key ?? '';
    case 'seller':
      return r.label ?? 'Sin vendedor';
    case 'agency':
      return r.label ?? 'Venta directa (sin agencia)';
    default:
      return r.label ?? '';
  }
}

/**
 * Sales of a period by group. A Vendedor reads their own sales, by day, product or channel only
 * (no other seller's or agency's figures to group by): 403 for seller and agency.
 */
export async function salesReport(db: DbOrTx, actor: Actor, q: TSalesReportQuery): Promise<TSalesReportResponse> {
  const group = q.group_by ?? 'day';
  const basis = q.basis ?? 'sale';
  const c = await contextOf(db, actor, 'sales', q);
  if (c.scope.kind === 'seller' && (group === 'seller' || group === 'agency')) {
    throw forbidden('Un vendedor ve sus propias ventas: agrupa por día, producto o canal');
  }
  const found = await repo.salesBy(db, c.scope, c.period(basis), group);
  let rows = found.map((r) => ({ key: r.key, label: labelOf(group, r), ...figuresOf(r) }));
  if (group === 'day') {
    // Every day of the period, those without sales at zero (the chart's axis).
    const byDay = new Map(rows.map((r) => [r.key, r]));
    rows = eachDate(q.from, q.to).map(
      (date) => byDay.get(date) ?? { key: date, label: displayDate(date), ...EMPTY_SALES },
    );
  } else {
    rows.sort((a, b) => b.net_cents - a.net_cents || a.label.localeCompare(b.label, 'es'));
  }
  const totals = rows.reduce<TSalesFigures>((t, r) => addFigures(t, r), { ...EMPTY_SALES });
  return { ...c.head, group_by: group, basis, rows, totals };
}

const ratio = (seats: number, capacity: number) =>
  capacity > 0 ? Math.round((seats / capacity) * 10_000) / 10_000 : null;

/** Occupancy per departure (one page of them) and per product (all counted). */
export async function occupancyReport(
  db: DbOrTx,
  actor: Actor,
  q: TOccupancyReportQuery,
): Promise<TOccupancyReportResponse> {
  const page = q.page ?? 1;
  const perPage = q.per_page ?? OCCUPANCY_PER_PAGE;
  // The departures need only the scope (checked first, with the period): read with the operators'
  // settings at once, not after them (ADR 037: one round trip fewer).
  const scope = scopeOf(actor, 'occupancy', q.tour_operator_id);
  checkPeriod(q.from, q.to);
  const [c, rows] = await Promise.all([
    contextOf(db, actor, 'occupancy', q),
    repo.occupancy(db, scope, q.from, q.to, q.product_id, perPage, (page - 1) * perPage),
  ]);
  const departures = rows.flatMap((r) =>
    r.kind === 'departure'
      ? [
          {
            departure_id: r.departureId,
            product_id: r.productId,
            product_name: r.productName,
            date: r.date,
            time: r.time,
            capacity: r.capacity,
            seats_taken: r.seatsTaken,
            occupancy: ratio(r.seatsTaken, r.capacity),
            closed: r.closed,
          },
        ]
      : [],
  );
  const products = rows.flatMap((r) =>
    r.kind === 'product'
      ? [
          {
            product_id: r.productId,
            product_name: r.productName,
            departures: r.departures,
            capacity: r.capacity,
            seats_taken: r.seatsTaken,
            occupancy: ratio(r.seatsTaken, r.capacity),
          },
        ]
      : [],
  );
  const count = products.reduce((n, p) => n + p.departures, 0);
  const capacity = products.reduce((n, p) => n + p.capacity, 0);
  const seats = products.reduce((n, p) => n + p.seats_taken, 0);
  return {
    ...c.head,
    departures,
    page,
    per_page: perPage,
    truncated: count > departures.length,
    products,
    totals: { departures: count, capacity, seats_taken: seats, occupancy: ratio(seats, capacity) },
  };
}

/** Cancellations and no-shows of the period's service days, by reason. */
export async function cancellationsReport(
  db: DbOrTx,
  actor: Actor,
  q: TCancellationsReportQuery,
): Promise<TCancellationsReportResponse> {
  const c = await contextOf(db, actor, 'cancellations', q);
  const rows = await repo.cancellations(db, c.scope, q.from, q.to);
  const sum = (state: 'cancelled' | 'no_show') => {
    const of = rows.filter((r) => r.state === state);
    return {
      bookings: of.reduce((n, r) => n + r.bookings, 0),
      pax: of.reduce((n, r) => n + r.pax, 0),
      total_cents: of.reduce((n, r) => n + r.totalCents, 0),
      refunded_cents: of.reduce((n, r) => n + r.refundedCents, 0),
    };
  };
  return {
    ...c.head,
    rows: rows.map((r) => ({
      state: r.state,
      reason: r.reason,
      bookings: r.bookings,
      pax: r.pax,
      total_cents: r.totalCents,
      refunded_cents: r.refundedCents,
    })),
    cancelled: sum('cancelled'),
    no_show: sum('no_show'),
  };
}

/**
 * The tax summary by rate: the bookings of the period not cancelled (no-shows count: they were
 * sold), by service day unless `basis=sale`. Prices include tax: each booking's base is
 * round(total × 100 / (100 + rate)), its tax the rest; then added up.
 */
export async function taxesReport(db: DbOrTx, actor: Actor, q: TTaxesReportQuery): Promise<TTaxesReportResponse> {
  const basis = q.basis ?? 'service';
  const c = await contextOf(db, actor, 'taxes', q);
  const found = await repo.taxes(db, c.scope, c.period(basis));
  const rows = found.map((r) => ({
    kind: taxesOf(r.territory).kind,
    rate: r.rate,
    bookings: r.bookings,
    base_cents: r.baseCents,
    tax_cents: r.totalCents - r.baseCents,
    total_cents: r.totalCents,
  }));
  return {
    ...c.head,
    basis,
    rows,
    totals: {
      bookings: rows.reduce((n, r) => n + r.bookings, 0),
      base_cents: rows.reduce((n, r) => n + r.base_cents, 0),
      tax_cents: rows.reduce((n, r) => n + r.tax_cents, 0),
      total_cents: rows.reduce((n, r) => n + r.total_cents, 0),
    },
  };
}

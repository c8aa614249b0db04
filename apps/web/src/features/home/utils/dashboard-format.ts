/**
 * How the home page reads its figures in Spanish (STYLE.md "Formats"): "1.234,50 €", "42 %",
 * "lun, 22 nov", the chart's axis, the greeting and the sheet states' colours.
 */
import {
  formatCents,
  pathTo,
  SHEET_STATE_NAMES,
  type TDashboardResponse,
  type TSheetState,
  wallClockIn,
} from '@trayecto/shared';
import { getViewerZone } from '../../../lib/time-zone';

const percentFmt = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 });
const compactEuro = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
  useGrouping: 'always',
} as Intl.NumberFormatOptions);
const shortDayFmt = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekdayFmt = new Intl.DateTimeFormat('es-ES', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const monthFmt = new Intl.DateTimeFormat('es-ES', { month: 'long', timeZone: 'UTC' });

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');
const utcDay = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/** 0.4231 → "42 %"; null (no departures) → "—". */
export const formatPercent = (ratio: number | null) => (ratio === null ? '—' : nbsp(percentFmt.format(ratio)));

/** Cents → "1.234,50 €" */
export const formatMoney = (cents: number, currency = 'EUR') => formatCents(cents, currency);

/** Euros on the chart's axis: 1200 → "1.200 €" (no decimals). */
export const formatAxisEuros = (euros: number) => nbsp(compactEuro.format(euros));

/** "2026-11-22" → "22 nov" (axis); "dom, 22 nov" (tooltip). */
export const formatAxisDay = (iso: string) => shortDayFmt.format(utcDay(iso)).replace(/\./g, '');
export const formatTooltipDay = (iso: string) => weekdayFmt.format(utcDay(iso)).replace(/\./g, '');

/** "2026-11-22" → "noviembre" */
export const monthName = (iso: string) => monthFmt.format(utcDay(iso));

/** Good morning / afternoon / evening by the clock of the user's operator's zone (not the browser's). */
export function greeting(now = new Date(), timeZone = getViewerZone()): string {
  const h = Number(wallClockIn(timeZone, now).time.slice(0, 2));
  if (h >= 6 && h < 13) return 'Buenos días';
  if (h >= 13 && h < 21) return 'Buenas tardes';
  return 'Buenas noches';
}

/** Same colours as the schedule-sheet screens: Borrador gris, Confirmada verde, En curso violeta, Finalizada azul. */
export const SHEET_COLORS: Record<TSheetState, string> = {
  draft: 'gray',
  ready: 'green',
  in_progress: 'violet',
  done: 'blue',
};
export const sheetStateLabel = (s: string) => SHEET_STATE_NAMES[s as TSheetState] ?? s;

export type TChartPoint = { date: string; label: string; ventas: number; reservas: number };

/** The API's 30 days (cents) → chart points in euros, labelled "22 nov". */
export function chartPoints(days: TDashboardResponse['sales_30_days']): TChartPoint[] {
  return days.map((d) => ({
    date: d.date,
    label: formatAxisDay(d.date),
    ventas: d.sales_cents / 100,
    reservas: d.bookings,
  }));
}

export type TChartSummary = { totalCents: number; bookings: number; best: { date: string; cents: number } | null };

export function chartSummary(days: TDashboardResponse['sales_30_days']): TChartSummary {
  let best: TChartSummary['best'] = null;
  for (const d of days)
    if (d.sales_cents > 0 && (!best || d.sales_cents > best.cents)) best = { date: d.date, cents: d.sales_cents };
  return {
    totalCents: days.reduce((n, d) => n + d.sales_cents, 0),
    bookings: days.reduce((n, d) => n + d.bookings, 0),
    best,
  };
}

type TTodayDeparture = Pick<TDashboardResponse['today_departures'][number], 'product_id' | 'sheet_id'>;

/**
 * Where a departure of today lists its passengers (issue 14: from there staff call or WhatsApp a
 * customer): its sheet's passenger list for who may open sheets, else the bookings of that product
 * on that day (a seller sees the ones they sold).
 */
export function passengersPath(d: TTodayDeparture, today: string, canOpenSheets: boolean): string {
  if (canOpenSheets && d.sheet_id) return `${pathTo('scheduleEdit', { id: d.sheet_id })}#embarque`;
  const query = new URLSearchParams({ from: today, to: today, product_id: d.product_id });
  return `${pathTo('bookingIndex')}?${query.toString()}`;
}

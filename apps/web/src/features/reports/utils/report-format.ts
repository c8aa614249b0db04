/** How «Informes» reads its figures in Spanish: "1.234,50 €", "42,5 %", "lun, 2 nov 2026", "3 plazas". */
import { formatCents, formatDay, isCalendarDate } from '@trayecto/shared';

const percentFmt = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 });
const intFmt = new Intl.NumberFormat('es-ES', { useGrouping: 'always' } as Intl.NumberFormatOptions);
const axisEuro = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
  useGrouping: 'always',
} as Intl.NumberFormatOptions);
const shortDayFmt = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

export const money = (cents: number, currency = 'EUR') => formatCents(cents, currency);
export const int = (n: number) => nbsp(intFmt.format(n));
/** 0.425 → "42,5 %"; null → "—". */
export const percent = (ratio: number | null) => (ratio === null ? '—' : nbsp(percentFmt.format(ratio)));
/** Euros on a chart's axis, without decimals: "1.200 €". */
export const axisEuros = (euros: number) => nbsp(axisEuro.format(euros));
/** "2026-11-02" → "2 nov" (the chart's axis). */
export const axisDay = (iso: string) =>
  isCalendarDate(iso) ? shortDayFmt.format(new Date(`${iso}T00:00:00Z`)).replace(/\./g, '') : iso;
/** "2026-11-02" → "lun, 2 nov 2026". */
export const day = (iso: string) => formatDay(iso);

/** How "Comisiones" writes what people read: 22/11/2026, 1.234,50 €, the month a period defaults to. */
import { formatCents } from '@trayecto/shared';

/** "2026-11-22" → "22/11/2026". */
export const dmy = (d: string | null | undefined) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : '—');

export const periodText = (from: string, to: string) => `${dmy(from)} – ${dmy(to)}`;

/** "1.234,50 €"; a correction keeps its minus sign. */
export const money = (cents: number) => formatCents(cents);

/** The month of a day: its first and last dates (YYYY-MM-DD). */
export function monthOf(day: string): { from: string; to: string } {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/** How "Caja" writes what people read: 1.234,50 €, 22/11/2026, the role of whoever holds money. */
import { formatCents, ROLE_NAMES, type TLevel } from '@trayecto/shared';

export const money = (cents: number) => formatCents(cents);
export const dmy = (d: string | null | undefined) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : '—');
export const roleName = (level: number) => ROLE_NAMES[level as TLevel] ?? '';

/** "Faltan 5,00 €" / "Sobran 2,00 €" / "Cuadra". */
export function differenceText(cents: number): string {
  if (cents === 0) return 'Cuadra';
  return cents < 0 ? `Faltan ${money(-cents)}` : `Sobran ${money(cents)}`;
}

/** Euros as typed in the form (a number or '') → cents. */
export function toCents(euros: number | string): number {
  // NumberInput answers a number, or its text ("1100.00") while the value is being typed or formatted.
  const n = typeof euros === 'number' ? euros : euros.trim() === '' ? Number.NaN : Number(euros);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}

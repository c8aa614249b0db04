/**
 * Document and driving-licence expiry as the list warns about it: expired, or expiring within
 * 30 days (time to ask the person for the renewed one).
 */
import { daysBetween, formatDay, todayIso } from '../../../lib/dates';

export const EXPIRY_WARNING_DAYS = 30;

export type TExpiry =
  | { kind: 'none' }
  | { kind: 'ok'; date: string }
  | { kind: 'soon'; date: string; days: number }
  | { kind: 'expired'; date: string; days: number };

export function expiryOf(date: string | null | undefined, today = todayIso()): TExpiry {
  if (!date) return { kind: 'none' };
  const days = daysBetween(today, date);
  if (days === null) return { kind: 'none' };
  if (days < 0) return { kind: 'expired', date, days: -days };
  if (days <= EXPIRY_WARNING_DAYS) return { kind: 'soon', date, days };
  return { kind: 'ok', date };
}

/** "Caducado", "Caduca hoy", "Caduca mañana", "Caduca en 12 días", or '' when nothing to warn. */
export function expiryLabel(e: TExpiry): string {
  if (e.kind === 'expired') return 'Caducado';
  if (e.kind !== 'soon') return '';
  if (e.days === 0) return 'Caduca hoy';
  if (e.days === 1) return 'Caduca mañana';
  return `Caduca en ${e.days} días`;
}

/** The tooltip: "Caducó el lun, 2 mar 2026" / "Caduca el …" / "Válido hasta el …". */
export function expiryDetail(e: TExpiry): string {
  if (e.kind === 'none') return '';
  if (e.kind === 'expired') return `Caducó el ${formatDay(e.date)}`;
  if (e.kind === 'soon') return `Caduca el ${formatDay(e.date)}`;
  return `Válido hasta el ${formatDay(e.date)}`;
}

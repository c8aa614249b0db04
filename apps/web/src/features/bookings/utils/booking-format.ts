/** How booking values read in Spanish (STYLE.md "Formats", "Tables"). */
import {
  formatCents,
  LANGUAGE_NAMES,
  PAX_TYPE_NAMES,
  PAYMENT_METHOD_NAMES,
  paxCounts,
  type TBookingState,
  type TLanguage,
  type TPaxSource,
  type TPaxType,
  type TPaymentMethod,
  type TPaymentState,
} from '@trayecto/shared';

// Shared with the API's CSV export (@trayecto/shared, bookings/booking-format.ts).
export { bookingStateName, channelName, netPaidCents, paxCounts, paymentStateName } from '@trayecto/shared';

/** One letter per passenger type, as the list shows pax: "2 A · 1 N". */
export const PAX_ABBR: Record<TPaxType, string> = { adult: 'A', child: 'N', infant: 'B', senior: 'S' };

/** Plural names of the types: "2 adultos, 1 niño". */
const PAX_PLURAL: Record<TPaxType, [string, string]> = {
  adult: ['adulto', 'adultos'],
  child: ['niño', 'niños'],
  infant: ['bebé', 'bebés'],
  senior: ['senior', 'seniors'],
};

/** [{adult, 2}, {child, 1}] → "2 A · 1 N"; nothing → "" */
export function paxSummary(source: TPaxSource): string {
  return paxCounts(source)
    .map(({ type, n }) => `${n} ${PAX_ABBR[type]}`)
    .join(' · ');
}

/** → "2 adultos, 1 niño" (what the abbreviations mean; tooltips and screen readers). */
export function paxLong(source: TPaxSource): string {
  return paxCounts(source)
    .map(({ type, n }) => `${n.toLocaleString('es-ES')} ${PAX_PLURAL[type][n === 1 ? 0 : 1]}`)
    .join(', ');
}

export const paxTypeName = (t: string) => PAX_TYPE_NAMES[t as TPaxType] ?? t;
/** "Adultos", "Niños" for the pax inputs. */
export const paxTypeLabel = (t: string) => {
  const p = PAX_PLURAL[t as TPaxType];
  return p ? p[1].charAt(0).toUpperCase() + p[1].slice(1) : t;
};

export const paymentMethodName = (m: string) => PAYMENT_METHOD_NAMES[m as TPaymentMethod] ?? m;
export const languageName = (code: string) => LANGUAGE_NAMES[code as TLanguage] ?? code.toUpperCase();

/** One colour per state, the same everywhere (STYLE.md "Tables"). */
export const BOOKING_STATE_COLORS: Record<TBookingState, string> = {
  pending: 'yellow',
  confirmed: 'green',
  cancelled: 'red',
  completed: 'blue',
  no_show: 'orange',
};

/** Payment states: their own palette (outlined badges), so they never read as a booking state. */
export const PAYMENT_STATE_COLORS: Record<TPaymentState, string> = {
  pending: 'gray',
  partial: 'yellow',
  paid: 'teal',
  refunded: 'grape',
};

/** 4500 → "45,00 €"; null → "" */
export function formatMoney(cents: number | null | undefined, currency = 'EUR'): string {
  return cents === null || cents === undefined ? '' : formatCents(cents, currency);
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['es'], { type: 'region' });
  } catch {
    return null;
  }
})();

/** "ES" → "España"; unknown or empty → the code itself (or ""). */
export function countryName(code: string | null | undefined): string {
  const c = (code ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(c)) return c;
  try {
    const name = regionNames?.of(c);
    return name && name !== c ? name : c;
  } catch {
    return c;
  }
}

/**
 * The seats of a departure as they are for one booking: the free ones, and on its own departure
 * the ones it already holds, said apart ("Quedan 13 plazas libres (más las 3 de esta reserva)"),
 * never added up as if they were free (issue 12).
 */
export function seatsLeftText(free: number, own = 0): string {
  const n = Math.max(0, free);
  const freeText =
    n === 0
      ? own > 0
        ? 'No quedan plazas libres'
        : 'No quedan plazas'
      : n === 1
        ? `Queda 1 plaza${own > 0 ? ' libre' : ''}`
        : `Quedan ${n.toLocaleString('es-ES')} plazas${own > 0 ? ' libres' : ''}`;
  if (own <= 0) return freeText;
  const ownText = own === 1 ? 'la plaza de esta reserva' : `las ${own.toLocaleString('es-ES')} de esta reserva`;
  return n === 0
    ? `${freeText} (esta reserva tiene ${own === 1 ? '1 plaza' : `${own} plazas`})`
    : `${freeText} (más ${ownText})`;
}

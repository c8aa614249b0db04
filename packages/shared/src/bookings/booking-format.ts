/** How booking values read in Spanish: the screens and the API's CSV export (STYLE.md "Formats"). */
import {
  BOOKING_CHANNEL_NAMES,
  BOOKING_STATE_NAMES,
  PAX_TYPES,
  PAYMENT_STATE_NAMES,
  type TBookingChannel,
  type TBookingState,
  type TPaxType,
  type TPaymentState,
} from '../common/catalog';

export type TPaxSource =
  | readonly { pax_type: string; quantity: number }[]
  | Partial<Record<string, number | '' | null | undefined>>
  | null
  | undefined;

/** Lines or a pax object → counts per type in the catalogue's order (zeros left out). */
export function paxCounts(source: TPaxSource): { type: TPaxType; n: number }[] {
  const counts = new Map<string, number>();
  if (Array.isArray(source)) {
    for (const l of source) counts.set(l.pax_type, (counts.get(l.pax_type) ?? 0) + (Number(l.quantity) || 0));
  } else if (source) {
    for (const [t, n] of Object.entries(source)) counts.set(t, Number(n) || 0);
  }
  return PAX_TYPES.filter((t) => (counts.get(t) ?? 0) > 0).map((t) => ({ type: t, n: counts.get(t) ?? 0 }));
}

export const bookingStateName = (s: string) => BOOKING_STATE_NAMES[s as TBookingState] ?? s;
export const paymentStateName = (s: string) => PAYMENT_STATE_NAMES[s as TPaymentState] ?? s;
export const channelName = (c: string) => BOOKING_CHANNEL_NAMES[c as TBookingChannel] ?? c;

/** What the customer has paid net of refunds (the API keeps both: paid_cents and refunded_cents). */
export function netPaidCents(b: { paid_cents: number; refunded_cents?: number | null }): number {
  return b.paid_cents - (b.refunded_cents ?? 0);
}

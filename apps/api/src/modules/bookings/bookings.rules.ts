/**
 * Pure rules of the bookings module (no database, no clock): locators, pickup resolution, the state
 * machine's messages, passengers. Prices live in @trayecto/shared (quoteBooking & co.).
 */
import { randomBytes } from 'node:crypto';
import {
  BOOKING_STATE_NAMES,
  BOOKING_TRANSITIONS,
  PAX_TYPES,
  type TBookingState,
  type TPickupRule,
} from '@trayecto/shared';
import type { FieldErrors } from '../../lib/app-error';

/** 32 symbols without the look-alikes 0/O and 1/I, so a locator read over the phone is unambiguous. */
export const LOCATOR_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const LOCATOR_RE = /^TRY-[2-9A-HJ-NP-Z]{6}$/;

/** A random locator, "TRY-" + 6 symbols (32⁶ ≈ 10⁹ codes; a collision is retried by the caller). */
export function newLocator(): string {
  const bytes = randomBytes(6);
  let code = '';
  // 256 is a multiple of 32: masking keeps every symbol equally likely.
  for (const b of bytes) code += LOCATOR_ALPHABET[b & 31];
  return `TRY-${code}`;
}

/** The pax object of stored booking lines: [{ pax_type: 'adult', quantity: 2 }] → { adult: 2 }. */
export function paxOf(lines: { pax_type: string; quantity: number }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of lines) if (l.quantity > 0) out[l.pax_type] = (out[l.pax_type] ?? 0) + l.quantity;
  return out;
}

/** Whether two pax objects hold the same passengers (zeros and missing types are equal). */
export function samePax(a: Partial<Record<string, number>>, b: Partial<Record<string, number>>): boolean {
  return PAX_TYPES.every((t) => (a[t] ?? 0) === (b[t] ?? 0));
}

/** Zones compare case- and accent-insensitively ("Los Cristianos" = "los cristianos"). */
export const normalizeZone = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

export type PickupEntry = {
  accommodationId: string | null;
  zone: string | null;
  minutesBefore: number | null;
  fixedTime: string | null;
};

/**
 * The product's pickup that serves a place: the entry naming the place itself, else the entry of
 * its zone, else none. The place is where the customer is collected: for "Hotel X, recoger en
 * Hotel Y" that is Y (the caller passes Y), so X's customers get Y's time.
 */
export function pickupRuleFor(pickups: PickupEntry[], place: { id: string; zone: string }): TPickupRule | null {
  const own = pickups.find((p) => p.accommodationId === place.id);
  const zone = normalizeZone(place.zone);
  const byZone = zone ? pickups.find((p) => p.zone !== null && normalizeZone(p.zone) === zone) : undefined;
  const hit = own ?? byZone;
  return hit ? { minutes_before: hit.minutesBefore, fixed_time: hit.fixedTime } : null;
}

const stateName = (s: string) => BOOKING_STATE_NAMES[s as TBookingState] ?? s;

/** Whether the state machine (PRODUCT.md §4) allows going from one state to another. */
export const canTransition = (from: string, to: string) =>
  (BOOKING_TRANSITIONS[from as TBookingState] ?? []).includes(to as TBookingState);

/** "No se puede pasar una reserva de «Realizada» a «Pendiente»" (+ what is allowed from there). */
export function transitionMessage(from: string, to: string): string {
  const next = BOOKING_TRANSITIONS[from as TBookingState] ?? [];
  const allowed =
    next.length === 0
      ? `una reserva «${stateName(from)}» ya no cambia de estado`
      : `desde «${stateName(from)}» solo se puede pasar a ${next.map((s) => `«${stateName(s)}»`).join(', ')}`;
  return `No se puede pasar una reserva de «${stateName(from)}» a «${stateName(to)}»: ${allowed}`;
}

/**
 * Named passengers must fit the booking: no more names of a type than passengers of that type.
 * Returns field errors, or undefined when they fit.
 */
export function passengerErrors(
  passengers: { pax_type: string }[],
  pax: Partial<Record<string, number>>,
): FieldErrors | undefined {
  const counts: Record<string, number> = {};
  for (const p of passengers) counts[p.pax_type] = (counts[p.pax_type] ?? 0) + 1;
  const errors: FieldErrors = {};
  for (const [type, n] of Object.entries(counts)) {
    if (n > (pax[type] ?? 0)) {
      errors.passengers = ['Hay más pasajeros con nombre que pasajeros reservados de ese tipo'];
    }
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** Orders two departures the same way every transaction does, so seat moves never deadlock. */
export const departureOrder = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

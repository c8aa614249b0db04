/**
 * What a scanned or typed check-in code names, read the way the API reads it (decision 007): the
 * voucher's QR (the absolute URL of /public/landing/booking-voucher/{id}, any host), a bare booking
 * id (some scanners strip the URL), or a locator in any case, with or without the dash and spaces
 * ("try 7k2 qf9"), or only its six symbols ("7K2QF9"). Anything else is not a voucher.
 */
import { isUuid, UUID_SOURCE } from '@trayecto/shared';

const VOUCHER_RE = new RegExp(`/public/landing/booking-voucher/(${UUID_SOURCE})(?:[/?#]|$)`, 'i');
const LOCATOR_RE = /^(?:TRY-?)?([0-9A-Z]{6})$/i;

export type TCheckInCode =
  | { kind: 'voucher'; code: string; bookingId: string }
  | { kind: 'id'; code: string; bookingId: string }
  | { kind: 'locator'; code: string; locator: string };

export function parseCheckInCode(raw: string | null | undefined): TCheckInCode | null {
  const text = (raw ?? '').trim();
  if (!text) return null;
  const voucher = VOUCHER_RE.exec(text);
  if (voucher?.[1]) {
    const id = voucher[1].toLowerCase();
    return { kind: 'voucher', code: id, bookingId: id };
  }
  if (isUuid(text)) return { kind: 'id', code: text.toLowerCase(), bookingId: text.toLowerCase() };
  const locator = LOCATOR_RE.exec(text.replace(/[\s·.]+/g, ''));
  if (locator?.[1]) {
    const value = `TRY-${locator[1].toUpperCase()}`;
    return { kind: 'locator', code: value, locator: value };
  }
  return null;
}

/** The passenger a code names, when the sheet already lists it (instant feedback before the API answers). */
export function findPassenger<T extends { booking_id: string; locator: string }>(
  passengers: readonly T[],
  code: TCheckInCode,
): T | undefined {
  return code.kind === 'locator'
    ? passengers.find((p) => p.locator.toUpperCase() === code.locator)
    : passengers.find((p) => p.booking_id.toLowerCase() === code.bookingId);
}

/** The message for a code that names no voucher. */
export const UNKNOWN_CODE_MESSAGE =
  'Código no reconocido: escribe el localizador (TRY-XXXXXX) o escanea el QR del bono';

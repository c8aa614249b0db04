/**
 * The bookings module's refusals as the OCTO specification's errors (issue 33, ADR 023), for
 * octo.bookings.ts: no such booking of this channel → INVALID_BOOKING_UUID; no seats, a closed or
 * started departure, an ended hold, a state that does not allow it, invalid passengers →
 * UNPROCESSABLE_ENTITY; a failure of ours goes on as it came.
 */
import { appErrorOf, invalidBooking, invalidProduct, type OctoError, unprocessable } from './octo.errors';
import type { OctoMessageParams } from './octo.messages';
import type { TOctoBookingStatus } from './octo.schemas';

/** The field messages of a validation error (the bookings module writes them in Spanish). */
const detailsOf = (errors: Record<string, string[]> | undefined, message: string) =>
  Object.values(errors ?? {})
    .flat()
    .join('; ') || message;

/**
 * The bookings module's refusal as the specification's error (see the module's comment); anything
 * else (a failure of ours, a busy database) is thrown as it came.
 */
function refusalOf(
  err: unknown,
  about: { uuid?: string; productId?: string; status?: TOctoBookingStatus },
  own: Partial<Record<string, OctoError>> = {},
): unknown {
  const e = appErrorOf(err);
  if (!e || e.status >= 500) return err;
  const mine = own[e.code];
  if (mine) return mine;
  const status: OctoMessageParams = { status: about.status ?? '' };
  switch (e.code) {
    case 'NOT_FOUND':
      return about.uuid !== undefined ? invalidBooking(about.uuid) : invalidProduct(about.productId ?? '');
    case 'NO_SEATS':
      return unprocessable('noSeats');
    case 'DEPARTURE_CLOSED':
      return unprocessable('departureClosed');
    case 'DEPARTURE_STARTED':
    case 'CUT_OFF_PASSED':
      return unprocessable('notOnSale');
    case 'HOLD_EXPIRED':
      return unprocessable('holdExpired');
    case 'STATE_CONFLICT':
    case 'INVALID_STATE_TRANSITION':
      return unprocessable('stateConflict', status);
    case 'VALIDATION':
      return unprocessable('invalidBookingData', { details: detailsOf(e.errors, e.message) });
    default:
      return unprocessable('refused', { message: e.message });
  }
}

/** Runs a bookings-module call, its refusals thrown as the specification's errors (`own`: this call's own). */
export async function attempt<T>(
  run: () => Promise<T>,
  about: Parameters<typeof refusalOf>[1],
  own?: Parameters<typeof refusalOf>[2],
) {
  try {
    return await run();
  } catch (err) {
    throw refusalOf(err, about, own);
  }
}

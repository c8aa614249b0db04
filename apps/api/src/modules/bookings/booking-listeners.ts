/**
 * Who else hears of a booking's change (issue 33 item 7): a port of the bookings module that the
 * composition root fills (app.ts registers the OCTO module's webhooks to channels), so that the one
 * writer can tell others without importing them — the OCTO module depends on bookings, never the
 * other way round.
 *
 * `writeBookingChange` calls every listener after it wrote a change, in the change's transaction
 * and with the booking still locked: what a listener writes (an outbox row) commits or rolls back
 * with the change, and a listener that throws fails the change. A listener must therefore be
 * cheap for the bookings it does not care about (look at the row before any query) and never call
 * back into a write of the booking.
 */
import type { DbOrTx } from '../../db/client';
import type { ChangeActor } from '../../lib/actors';
import type { BookingRow } from './bookings.mapper';

/** One change as written: the row before and after, who acted, when, and the history's events. */
export type BookingChangeNotice = {
  before: BookingRow;
  after: BookingRow;
  actor: ChangeActor;
  now: Date;
  /** The history's lines of the change (`cancelled` with its reason, `updated` with its changes…). */
  events: readonly { type: string; data: Record<string, unknown> }[];
};

export type BookingListener = (tx: DbOrTx, change: BookingChangeNotice) => Promise<void>;

const listeners = new Map<string, BookingListener>();

/**
 * Registers a listener under a name; registering the same name again replaces it (each app built in
 * a process registers its own, and a change is told once).
 */
export function registerBookingListener(name: string, listener: BookingListener): void {
  listeners.set(name, listener);
}

/** Tells every listener of a change, one after another, in the change's transaction. */
export async function notifyBookingChange(tx: DbOrTx, change: BookingChangeNotice): Promise<void> {
  for (const listener of listeners.values()) await listener(tx, change);
}

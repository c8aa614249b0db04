/**
 * What the messages module reads of bookings, handed to it by the app (app.ts, background.ts)
 * instead of imported: bookings write their messages through this module in their own transactions
 * (bookings → messages), so messages must not import bookings or the public pages back (no cycle
 * between modules, issue 31 item 4). The implementations are the owners' own service functions.
 */
import type { TBookingResponse, TPublicBooking, TPublicLocale } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/tenant';

export type BookingReads = {
  /** One booking the actor may read, as the staff API answers it; 404 when it is not theirs. */
  getBooking: (db: DbOrTx, actor: Actor, id: string) => Promise<TBookingResponse>;
  /** 404 unless the actor may read the booking (without reading the booking itself). */
  assertBookingVisible: (db: DbOrTx, actor: Actor, id: string) => Promise<void>;
  /** The booking as its customer sees it, in a language; 404 (NOT_FOUND) when it is gone. */
  getPublicBooking: (db: DbOrTx, id: string, now: Date, o: { locale: TPublicLocale }) => Promise<TPublicBooking>;
  /** Whether the office prepared it for the customer to complete (its WhatsApp text says so). */
  isPreparedByStaff: (b: Pick<TBookingResponse, 'channel'>) => boolean;
};

/**
 * The bookings module's services, one file per job (issue 13), gathered for the routes and the other
 * modules that sell, cancel or read bookings:
 * - bookings.read.ts: the list (offset or keyset pages), one booking, its history;
 * - bookings.cursor.ts: the opaque keyset cursor;
 * - bookings.sale.ts: the one sales path (staff and public);
 * - bookings.edit.ts: editing (re-pricing, moving seats, state machine);
 * - bookings.cancel.ts: the one cancel path;
 * - bookings.checks.ts: what a sale and an edit both check (product, departure, seats, pickup, seller).
 */

export { cancelBooking, cancelLockedBooking } from './bookings.cancel';
export {
  bookingSummary,
  computedPickupTime,
  loadOperator,
  loadSellableProduct,
  type OperatorSettings,
  priced,
  usablePlace,
} from './bookings.checks';
export { decodeCursor, encodeCursor } from './bookings.cursor';
export { updateBooking } from './bookings.edit';
export { getBooking, listBookings, listEvents } from './bookings.read';
export { createBooking, type Sale, type SaleBody, sellInTransaction } from './bookings.sale';

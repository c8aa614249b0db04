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

export type { SaleContext, SaleReadExtra } from './booking-references.repository';
// The product's pickup list as the pickup-time rule reads it (the public catalogue offers the same places).
export { listPickupEntries } from './booking-references.repository';
export { bookingSummary } from './booking-writer';
export { type CheckIn, checkInBooking, settleDepartureAtEnd } from './bookings.boarding';
export { cancelBooking, cancelLockedBooking } from './bookings.cancel';
export {
  type ChannelContact,
  type ChannelReserveInput,
  type ChannelSeller,
  cancelChannelBooking,
  channelBookingStatus,
  confirmChannelBooking,
  extendChannelHold,
  findChannelBooking,
  listChannelBookings,
  reserveForChannel,
  updateChannelBooking,
} from './bookings.channel';
export {
  computedPickupTime,
  loadOperator,
  loadSellableProduct,
  type OperatorSettings,
  priced,
  readBooking,
  usablePlace,
} from './bookings.checks';
export { decodeCursor, encodeCursor } from './bookings.cursor';
export { cancelAsCustomer, editAsCustomer } from './bookings.customer';
export {
  canCancel,
  canConfirm,
  freeCancellationUntil,
  isPreparedByStaff,
} from './bookings.customer-rules';
export { updateBooking } from './bookings.edit';
export { bookingRowFields, dueNowOf, pendingCents, startsAtOf, termsOf } from './bookings.mapper';
export {
  addPaymentLink,
  applyOnlinePayment,
  cancelledByHold,
  type DueNow,
  dueNowCents,
  expireEndedHolds,
  expireHold,
  HOLD_EXPIRY_JOB,
  type OnlinePayment,
  type ProviderRefund,
  REFUND_EXCESS_JOB,
  recordProviderRefund,
  renewHold,
  setPaymentLinkMessage,
} from './bookings.online';
export { assertBookingVisible, bookingResponseOf, getBooking, listBookings, listEvents } from './bookings.read';
export { findBookingRows as readBookingRows } from './bookings.repository';
export {
  createBooking,
  type Sale,
  sell as sellProduct,
  sellInTransaction,
} from './bookings.sale';
export type { SaleBody, SaleOrder, Sold } from './bookings.sale-writes';
export {
  findProviderPayment,
  listLinks as listPaymentLinks,
  listProviderPayments,
  type PaymentLinkRow,
} from './online.repository';
export {
  markPaymentsHandedOver,
  type PaymentEntry,
  readPayment,
  recordPayment,
  recordPaymentLocked,
} from './payments.service';

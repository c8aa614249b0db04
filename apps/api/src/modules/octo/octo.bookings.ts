/**
 * The OCTO supplier API's bookings (issue 33, ADR 023): a channel reserves, confirms, changes,
 * extends, cancels, reads and lists its own bookings. What a booking is, costs and may do is the
 * bookings module's (`bookings.channel.ts`, through its service: the one sales path and its seat
 * lock, the channel's allotment, the hold and the job that ends it, the one cancel path, the
 * channel as the actor). These files check what a reseller sends against what its key may sell (the
 * same INVALID_* errors as availability), turns OCTO into our words (availability id → local date
 * and time, unit items → passengers, contact → customer, pickup point → accommodation) and back
 * (octo.bookings.mapper.ts), the reseller's answers to the product's questions
 * (octo.bookings.questions.ts), and the bookings module's refusals into the specification's errors
 * (octo.bookings.refusals.ts): no such booking of this channel → INVALID_BOOKING_UUID; no seats, a
 * closed or started departure, an ended hold, a state that does not allow it, invalid passengers →
 * UNPROCESSABLE_ENTITY.
 *
 * One file per job, gathered here for the routes (import them from this file):
 * - octo.bookings.request.ts: what the requests share (the seller, the hold asked, units, notes);
 * - octo.bookings.answer.ts: the bookings answered, each product and day read once;
 * - octo.bookings.read.ts: one booking by its uuid, and the list;
 * - octo.bookings.reserve.ts: the reserve (a hold), idempotent by the reseller's uuid;
 * - octo.bookings.change.ts: confirm, update, extend and cancel.
 */
export { cancelBooking, confirmBooking, extendBooking, updateBooking } from './octo.bookings.change';
export { getBooking, listBookings, MAX_LISTED_BOOKINGS } from './octo.bookings.read';
export { HOLD_MINUTES, holdMinutesOf } from './octo.bookings.request';
export { reserveBooking } from './octo.bookings.reserve';

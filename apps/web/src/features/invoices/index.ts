/**
 * What the invoices feature offers other features: the «Facturas» section of a booking's page. The
 * bookings feature mounts it; invoices imports nothing of bookings (app/feature-boundaries.test.ts).
 */
export { BookingInvoicesSection, type TInvoicedBooking } from './components/booking-invoices-section';

/**
 * What the messages feature offers other features (the booking screen shows its messages and sends
 * by WhatsApp). Everything else in this folder is its own: a lint rule (biome.json) refuses imports
 * that reach past this file or routes.ts.
 */
export { invalidateBookingMessages } from './api/invalidate';
export { BookingMessages } from './components/booking-messages';
export { openBlankTab, sendTabTo, WhatsappButton } from './components/whatsapp-button';

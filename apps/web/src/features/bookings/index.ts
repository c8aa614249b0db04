/**
 * What the bookings feature offers other features: its query keys (a change of seats made
 * elsewhere — a whole departure cancelled from a product — reads its lists and calendars again) and
 * the departures' bookings and pax (the calendar endpoint). Everything else in this folder is its
 * own: a lint rule (biome.json) refuses imports that reach past this file or routes.ts.
 */
export { useBookingsCalendar } from './api/get-bookings-calendar';
export { bookingsKeys } from './api/keys';

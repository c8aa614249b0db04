/**
 * What the bookings feature offers other features: nothing. A booking is of a product, a place and
 * a customer, so bookings sits above products, accommodations, messages and the activity log and
 * uses them; none of them may import it back (issue 31 item 4: no import cycle between features).
 * What another feature needs of bookings lives below both: the departures' bookings and passengers
 * in lib/bookings-calendar.ts, the bookings' query root in lib/query-keys.ts. The router loads the
 * screens through routes.ts. Everything else in this folder is its own: a lint rule (biome.json)
 * refuses imports that reach past this file or routes.ts.
 */
export {};

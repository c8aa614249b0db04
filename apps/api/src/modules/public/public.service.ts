/**
 * The public API's rules, one file per job: the catalogue (public.catalog.ts) and the customer's
 * own booking (public.bookings.ts). The routes read them through this file.
 */
export * from './public.bookings';
export * from './public.catalog';

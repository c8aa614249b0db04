/**
 * The endpoints the bookings screens call (relative to /api/v1). Kept in the feature, like the
 * products one: the shared config/paths.ts is edited by other features at the same time.
 */
const enc = encodeURIComponent;

export const bookingApiPaths = {
  list: '/bookings',
  one: (id: string) => `/bookings/${enc(id)}`,
  cancel: (id: string) => `/bookings/${enc(id)}/cancel`,
  payments: (id: string) => `/bookings/${enc(id)}/payments`,
  events: (id: string) => `/bookings/${enc(id)}/events`,
  quote: '/bookings/quote',
  calendar: '/bookings/calendar',
  products: '/products',
  product: (id: string) => `/products/${enc(id)}`,
  productAvailability: (id: string) => `/products/${enc(id)}/availability`,
  users: '/users',
  accommodations: '/accommodations',
} as const;

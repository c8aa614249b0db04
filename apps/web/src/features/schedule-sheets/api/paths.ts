/**
 * The endpoints the schedule-sheet screens call (relative to /api/v1). Kept in the feature, like
 * the bookings one: the shared config/paths.ts is edited by other features at the same time.
 */
const enc = encodeURIComponent;

export const sheetApiPaths = {
  list: '/schedule-sheets',
  generate: '/schedule-sheets/generate',
  one: (id: string) => `/schedule-sheets/${enc(id)}`,
  checkIn: (id: string) => `/schedule-sheets/${enc(id)}/check-in`,
  finish: (id: string) => `/schedule-sheets/${enc(id)}/finish`,
  users: '/users',
  vehicles: '/vehicles',
  persons: '/persons',
} as const;

import { BOOKINGS_CALENDAR_QUERY_KEY, BOOKINGS_QUERY_KEY } from '../../../lib/query-keys';

/**
 * Query keys of the bookings feature: every mutation invalidates by these prefixes. The root and
 * the calendars' prefix are lib/query-keys.ts' (the calendar query is lib/bookings-calendar.ts').
 */
export const bookingsKeys = {
  all: BOOKINGS_QUERY_KEY,
  lists: () => [...bookingsKeys.all, 'list'] as const,
  list: (params: object) => [...bookingsKeys.lists(), params] as const,
  details: () => [...bookingsKeys.all, 'detail'] as const,
  detail: (id: string) => [...bookingsKeys.details(), id] as const,
  payments: (id: string) => [...bookingsKeys.detail(id), 'payments'] as const,
  events: (id: string) => [...bookingsKeys.detail(id), 'events'] as const,
  calendars: () => BOOKINGS_CALENDAR_QUERY_KEY,
  quote: (body: object) => [...bookingsKeys.all, 'quote', body] as const,
};

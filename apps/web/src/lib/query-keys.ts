/** Query keys shared across features (the session's own user). */
export const ME_QUERY_KEY = ['auth', 'me'] as const;
/** The session user's own screen settings (lib/use-preferences.ts). */
export const PREFERENCES_QUERY_KEY = ['auth', 'me', 'preferences'] as const;

/**
 * Every bookings query (lists, details, calendars) sits under this root: a feature that changes
 * bookings elsewhere (a departure cancelled from a product) reads them again by it, without
 * importing the bookings feature (features/bookings/api/keys.ts builds its keys on it).
 */
export const BOOKINGS_QUERY_KEY = ['bookings'] as const;
/** The departures' calendars of lib/bookings-calendar.ts (every range and product). */
export const BOOKINGS_CALENDAR_QUERY_KEY = [...BOOKINGS_QUERY_KEY, 'calendar'] as const;

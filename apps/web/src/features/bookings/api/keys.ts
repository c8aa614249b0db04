/** Query keys of the bookings feature: every mutation invalidates by these prefixes. */
export const bookingsKeys = {
  all: ['bookings'] as const,
  lists: () => [...bookingsKeys.all, 'list'] as const,
  list: (params: object) => [...bookingsKeys.lists(), params] as const,
  details: () => [...bookingsKeys.all, 'detail'] as const,
  detail: (id: string) => [...bookingsKeys.details(), id] as const,
  payments: (id: string) => [...bookingsKeys.detail(id), 'payments'] as const,
  events: (id: string) => [...bookingsKeys.detail(id), 'events'] as const,
  calendars: () => [...bookingsKeys.all, 'calendar'] as const,
  calendar: (from: string, to: string, productId: string) =>
    [...bookingsKeys.calendars(), from, to, productId] as const,
  quote: (body: object) => [...bookingsKeys.all, 'quote', body] as const,
};

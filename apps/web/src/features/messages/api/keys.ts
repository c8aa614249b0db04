/** Query keys of the messages feature: a resend or a WhatsApp chat invalidates by these prefixes. */
export const messagesKeys = {
  all: ['messages'] as const,
  lists: () => [...messagesKeys.all, 'list'] as const,
  list: (params: object) => [...messagesKeys.lists(), params] as const,
  detail: (id: string) => [...messagesKeys.all, 'detail', id] as const,
  bookings: () => [...messagesKeys.all, 'booking'] as const,
  booking: (bookingId: string) => [...messagesKeys.bookings(), bookingId] as const,
  settings: (tourOperatorId: string) => [...messagesKeys.all, 'settings', tourOperatorId] as const,
};

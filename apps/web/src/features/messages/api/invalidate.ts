import type { QueryClient } from '@tanstack/react-query';
import { messagesKeys } from './keys';

/** A booking's messages changed elsewhere (a payment, a refund, a link sent): read them again. */
export function invalidateBookingMessages(queryClient: QueryClient, bookingId: string) {
  return queryClient.invalidateQueries({ queryKey: messagesKeys.booking(bookingId) });
}

/**
 * The booking form's live price. While the departure or the passengers are new, the server prices
 * them (POST /bookings/quote, 300 ms after the last change) and the product's own tariffs give an
 * instant estimate meanwhile; an edit that moves neither keeps the prices it was sold at. The
 * quote also brings the hotel's pickup time for that departure.
 */
import { useDebouncedValue } from '@mantine/hooks';
import type { TBookingQuoteRequest, TBookingResponse, TProductResponse } from '@trayecto/shared';
import { useBookingQuote } from '../api/quote-booking';
import {
  departureChanged,
  eurosToCents,
  localQuote,
  paxCount,
  paxPayload,
  type TBookingFormMode,
  type TBookingFormValues,
} from './booking-form-values';
import { quoteView, savedQuoteView } from './quote-panel';

export function useLiveQuote({
  mode,
  booking,
  product,
  values,
  locked,
  canDiscount,
}: {
  mode: TBookingFormMode;
  booking: TBookingResponse | null;
  product: TProductResponse | null;
  values: TBookingFormValues;
  /** A cancelled booking asks nothing. */
  locked: boolean;
  canDiscount: boolean;
}) {
  const discountCents = canDiscount ? eurosToCents(values.discount) : (booking?.discount_cents ?? 0);
  const pax = paxPayload(values.pax);
  // On edit the booking keeps the prices it was sold at: the server re-prices it only when the
  // departure or the passengers change. The quote is still asked when the hotel changes (its pickup
  // time); a cancelled booking asks nothing.
  const repricing = !locked && (mode === 'create' || departureChanged(values, booking));
  const askQuote = repricing || (!locked && booking !== null && values.accommodation_id !== booking.accommodation_id);
  const quoteBody: TBookingQuoteRequest | null =
    askQuote && values.product_id && values.date && paxCount(values.pax) > 0
      ? {
          product_id: values.product_id,
          date: values.date,
          ...(values.time ? { time: values.time } : {}),
          pax,
          ...(discountCents > 0 ? { discount_cents: discountCents } : {}),
          accommodation_id: values.accommodation_id,
        }
      : null;
  const bodyKey = JSON.stringify(quoteBody);
  const [debouncedKey] = useDebouncedValue(bodyKey, 300);
  const quoteQuery = useBookingQuote(
    debouncedKey === bodyKey ? quoteBody : (JSON.parse(debouncedKey) as TBookingQuoteRequest | null),
  );
  const serverIsCurrent =
    debouncedKey === bodyKey && quoteBody !== null && !quoteQuery.isPlaceholderData && !quoteQuery.isError;
  const local = localQuote(product, values.date, values.pax, discountCents);
  const currency = product?.currency ?? booking?.currency ?? 'EUR';
  const quote =
    booking && !repricing
      ? savedQuoteView(booking, discountCents)
      : quoteBody
        ? quoteView(quoteQuery.data, serverIsCurrent && Boolean(quoteQuery.data), local, currency)
        : null;
  const error = repricing && quoteQuery.isError && debouncedKey === bodyKey ? quoteQuery.error.message : null;

  // The pickup time the server gives: the saved one while hotel and departure stay, else the quote's.
  const serverPickup =
    booking && !repricing && values.accommodation_id === booking.accommodation_id
      ? booking.pickup_time_overridden
        ? undefined
        : booking.pickup_time
      : serverIsCurrent && values.time && values.accommodation_id
        ? quoteQuery.data?.pickup_time
        : undefined;

  return {
    quote,
    currency,
    error,
    serverPickup,
    /** The server is pricing a newer body than the one shown. */
    calculating: repricing && quoteBody !== null && (quoteQuery.isFetching || debouncedKey !== bodyKey),
    refetch: () => void quoteQuery.refetch(),
  };
}

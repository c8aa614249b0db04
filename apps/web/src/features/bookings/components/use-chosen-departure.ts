/**
 * The departure the booking form has chosen, as its product's availability tells it (the same
 * query and cache as the departure picker's calendar): its slot, the seats this booking already
 * holds there, and whether its sale has closed (past the cut-off, in the operator's time).
 */
import type { TAvailabilitySlot, TBookingResponse } from '@trayecto/shared';
import { useMemo } from 'react';
import type { TTimes } from '../../../lib/time-zone';
import { useProductAvailability } from '../../products';
import { gridRange, monthOf, nowClock, slotStatus } from '../utils/booking-calendar';
import type { TBookingFormValues } from './booking-form-values';
import { seatsFor, type TOwnSeats } from './departure-picker';

export function useChosenDeparture({
  booking,
  values,
  times,
}: {
  booking: TBookingResponse | null;
  values: Pick<TBookingFormValues, 'product_id' | 'date' | 'time'>;
  times: TTimes;
}) {
  const range = values.date ? gridRange(monthOf(values.date)) : { from: '', to: '' };
  const availability = useProductAvailability(
    values.product_id && values.date ? values.product_id : null,
    range.from,
    range.to,
    { staleTime: 10_000 },
  );
  const ownSeats: TOwnSeats = useMemo(
    () =>
      booking && booking.state !== 'cancelled' && values.product_id === booking.product_id
        ? { date: booking.date, time: booking.time, seats: booking.seats }
        : null,
    [booking, values.product_id],
  );
  const slot: TAvailabilitySlot | null =
    availability.data?.find((s) => s.date === values.date && s.time === values.time) ?? null;
  const isOwnDeparture = ownSeats !== null && ownSeats.date === values.date && ownSeats.time === values.time;
  const pastCutoff = Boolean(
    slot && !isOwnDeparture && slotStatus(slot, times.today(), nowClock(new Date(), times.zone)) === 'cutoff',
  );

  /**
   * The seats free for this booking on the chosen departure (its own counted in: `seats_left` of
   * the quote when the calendar has no slot), and how many of them it already holds.
   */
  const seatsWith = (quoteSeatsLeft: number | null | undefined) => {
    const available = slot ? seatsFor(slot, ownSeats) : (quoteSeatsLeft ?? null);
    const ownHere = isOwnDeparture && available !== null ? Math.min(ownSeats?.seats ?? 0, available) : 0;
    return { available, ownHere };
  };

  return { ownSeats, isOwnDeparture, pastCutoff, seatsWith, refetch: () => void availability.refetch() };
}

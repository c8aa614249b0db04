import type { TPublicAvailabilitySlot } from '@trayecto/shared';
import { addMonths, firstOfMonth, lastOfMonth } from '@trayecto/shared/dates';
import { useEffect, useRef, useState } from 'react';
import { embeddedAvailability, getAvailability, PublicApiError } from './api';
import type { TMonth } from './calendar';

/** A departure the customer can book now. */
export const isBookable = (s: TPublicAvailabilitySlot) => s.available && s.seats_left > 0;

/** Bookable days of a set of departures, each with its most seats left (for the calendar). */
export function bookableDays(slots: TPublicAvailabilitySlot[]): Map<string, { seatsLeft: number }> {
  const days = new Map<string, { seatsLeft: number }>();
  for (const s of slots) {
    if (!isBookable(s)) continue;
    const d = days.get(s.date);
    if (!d || d.seatsLeft < s.seats_left) days.set(s.date, { seatsLeft: s.seats_left });
  }
  return days;
}

type Entry = { version: number; slots?: TPublicAvailabilitySlot[]; error?: PublicApiError };

/**
 * The departures of the months the customer looks at, one request per month (from today), kept
 * while the page lives; bumping `version` reloads the months in `months` (after a sold-out answer).
 */
export function useMonthsAvailability(
  productId: string,
  months: TMonth[],
  today: string,
  version: number,
  embedded: Record<string, TPublicAvailabilitySlot[]> = {},
) {
  // The months the server embedded in the page (issue 23): the calendar shows them at once.
  const [store, setStore] = useState<Record<string, Entry>>(() =>
    Object.fromEntries(Object.entries(embedded).map(([m, slots]) => [m, { version, slots }])),
  );
  const need = months.filter((m) => {
    const e = store[m];
    return !e || e.version < version;
  });
  const needKey = need.join(',');

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: driven by the months still needed
  useEffect(() => {
    for (const key of need) {
      const last = lastOfMonth(key);
      if (last < today) {
        setStore((s) => ({ ...s, [key]: { version, slots: [] } }));
        continue;
      }
      const from = firstOfMonth(key) < today ? today : firstOfMonth(key);
      setStore((s) => ({ ...s, [key]: { ...s[key], version, error: undefined } }));
      getAvailability(productId, from, last).then(
        (slots) => mounted.current && setStore((s) => ({ ...s, [key]: { version, slots } })),
        (err: unknown) =>
          mounted.current &&
          setStore((s) => ({
            ...s,
            [key]: { version, error: err instanceof PublicApiError ? err : new PublicApiError(0, String(err)) },
          })),
      );
    }
  }, [needKey, productId, version, today]);

  const retry = (m: TMonth) =>
    setStore((s) => {
      const next = { ...s };
      delete next[m];
      return next;
    });
  return { store, retry };
}

/**
 * The departures the server embedded for the months from `first` on (it embeds the opening month
 * and, when that has nothing to book, the following ones up to the first that has), by month.
 */
export function embeddedMonths(
  productId: string,
  first: TMonth,
  max: number,
): Record<string, TPublicAvailabilitySlot[]> {
  const found: Record<string, TPublicAvailabilitySlot[]> = {};
  for (let m = first, i = 0; i <= max; m = addMonths(m, 1), i++) {
    const slots = embeddedAvailability(productId, m);
    if (!slots) break;
    found[m] = slots;
    if (slots.some(isBookable)) break;
  }
  return found;
}

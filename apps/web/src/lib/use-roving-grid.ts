import { monthOf } from '@trayecto/shared';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { moveFocus } from '../public/lib/calendar';

/** Keys that look for the next allowed day forwards when their own target is not allowed. */
const FORWARD_KEYS = new Set(['ArrowRight', 'ArrowDown', 'PageDown', 'Home']);

/**
 * A month of days as one keyboard grid with a roving tabindex (WAI-ARIA APG date picker grid,
 * WCAG 2.1.1), shared by the back-office calendars (the booking form's departure picker and the
 * month calendars' `MonthGrid`); the key → day arithmetic is the public calendar's (`moveFocus`).
 *
 * One day is the Tab stop (`tabDate`): the focused one, else the first of `preferred` in this month,
 * else the first of `dates`. Arrows move a day / a week, Home/End to the week's Monday / Sunday,
 * PageUp/PageDown a month. A target that is not in `dates` moves on to the nearest day that is, in
 * the key's direction (the picker skips the days it cannot sell). With `onMonthChange`, a target in
 * another month (PageUp/PageDown, an arrow past the month's edge) shows that month and its day gets
 * the focus once it is drawn; without it the focus stays in the month.
 *
 * Each day element carries `data-date` and a `tabIndex` (0 for `tabDate`, −1 for the others) inside
 * the element `ref` points to, and calls `onKeyDown(e, date)` and `onFocus(date)`.
 */
export function useRovingGrid<TElement extends HTMLElement>({
  month,
  dates,
  preferred = [],
  onMonthChange,
}: {
  /** The month shown, "2026-11". */
  month: string;
  /** The days that may take the focus, in date order. */
  dates: readonly string[];
  /** Candidates for the Tab stop before the first of `dates` (today, the chosen day …). */
  preferred?: readonly (string | null | undefined)[];
  /** Show another month (the feature's own navigation); `date` is the day that will have the focus. */
  onMonthChange?: (month: string, date: string) => void;
}) {
  const ref = useRef<TElement>(null);
  const [focusDate, setFocusDate] = useState<string | null>(null);
  // The day to focus once it is drawn (after a month change).
  const pending = useRef<string | null>(null);

  const tabDate =
    (focusDate && dates.includes(focusDate) ? focusDate : null) ??
    preferred.find((d): d is string => Boolean(d) && monthOf(d as string) === month) ??
    dates[0] ??
    null;

  const focusDay = (date: string): boolean => {
    const el = ref.current?.querySelector<HTMLElement>(`[data-date="${date}"][tabindex]`);
    el?.focus();
    return Boolean(el);
  };

  useEffect(() => {
    const want = pending.current;
    if (!want) return;
    // Drawn: focus it. The month shown is the target's yet the day is not there: give up.
    if (focusDay(want) || monthOf(want) === month) pending.current = null;
  });

  /** Moves the focus for a grid key; true when the key was one of the grid's. */
  const onKeyDown = (e: KeyboardEvent, from: string): boolean => {
    if (e.altKey || e.ctrlKey || e.metaKey) return false;
    const target = moveFocus(from, e.key);
    if (!target) return false;
    e.preventDefault();
    const leaves = monthOf(target) !== month;
    let next: string | undefined = target;
    if ((!leaves || !onMonthChange) && !dates.includes(target)) {
      next = FORWARD_KEYS.has(e.key) ? dates.find((d) => d >= target) : dates.findLast((d) => d <= target);
    }
    if (!next || next === from) return true;
    setFocusDate(next);
    if (monthOf(next) !== month) {
      pending.current = next;
      onMonthChange?.(monthOf(next), next);
    } else {
      focusDay(next);
    }
    return true;
  };

  return { ref, tabDate, onKeyDown, onFocus: setFocusDate };
}

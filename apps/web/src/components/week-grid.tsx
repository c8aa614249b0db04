import { VisuallyHidden } from '@mantine/core';
import { addDays } from '@trayecto/shared';
import { type FocusEvent, type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { formatDay } from '../lib/dates';
import { calendarClasses, WEEKDAY_NAMES } from './month-calendar';
import type { TMonthGridDay } from './month-grid';
import classes from './week-grid.module.css';

/**
 * A week as a keyboard grid of cards (WAI-ARIA APG grid, WCAG 2.1.1): a column per day, Monday
 * first, and in each column the day's items (the departures of the bookings calendar) one under
 * another, each in its own cell — row 1 holds every day's first item, row 2 the second… The grid is
 * one Tab stop (roving tabindex). Left/Right move to the day before / after (to the same row, or
 * the day's last item when it has fewer; to "Sin salidas" when it has none) and past Monday or
 * Sunday show the week before / after (`onWeekChange`); Up/Down go through the day's items; Home/End
 * to Monday / Sunday; PageUp/PageDown a week. Enter or Space on an item is its own click. A screen
 * reader hears the day (the column's header) when the column changes, the item's name and its place
 * in the day ("2 de 3").
 */

/** Where the focus is in a week: a day and the row of its item (0 when the day has none). */
export type TWeekPosition = { date: string; row: number };

/** A row that exists on a day with `count` items (the last one when it has fewer; 0 when none). */
export const clampRow = (row: number, count: number) => Math.max(0, Math.min(row, count - 1));

/**
 * Where a key takes the focus from `from` in a week of `dates` (Monday … Sunday) whose days hold
 * `counts` items: a position in the week, a day of another week (its row still to clamp once that
 * week is drawn), or null when the key is not one of the grid's.
 */
export function moveInWeek(
  dates: readonly string[],
  counts: readonly number[],
  from: TWeekPosition,
  key: string,
): TWeekPosition | null {
  const col = dates.indexOf(from.date);
  const count = counts[col] ?? 0;
  const to = (date: string, row = from.row) => {
    const i = dates.indexOf(date);
    return { date, row: i < 0 ? row : clampRow(row, counts[i] ?? 0) };
  };
  switch (key) {
    case 'ArrowLeft':
      return to(addDays(from.date, -1));
    case 'ArrowRight':
      return to(addDays(from.date, 1));
    case 'ArrowUp':
      return { date: from.date, row: clampRow(from.row - 1, count) };
    case 'ArrowDown':
      return { date: from.date, row: clampRow(from.row + 1, count) };
    case 'Home':
      return to(dates[0] ?? from.date);
    case 'End':
      return to(dates[dates.length - 1] ?? from.date);
    case 'PageUp':
      return to(addDays(from.date, -7));
    case 'PageDown':
      return to(addDays(from.date, 7));
    default:
      return null;
  }
}

/** What makes an item a cell of the grid: spread it on the item's button. */
export type TWeekItemProps = {
  tabIndex: 0 | -1;
  'data-week-item': true;
  'aria-describedby': string;
};

const CELL = 'td[data-row]';

/** The element that takes the focus at a position: the item's button, or the day's empty cell. */
function elementAt(grid: HTMLElement, at: TWeekPosition): HTMLElement | null {
  const cell = grid.querySelector<HTMLElement>(`${CELL}[data-date="${at.date}"][data-row="${at.row}"]`);
  return cell?.querySelector<HTMLElement>('[data-week-item]') ?? (cell?.hasAttribute('tabindex') ? cell : null);
}

const positionOf = (target: EventTarget | null, grid: HTMLElement | null): TWeekPosition | null => {
  const cell = target instanceof HTMLElement ? target.closest<HTMLElement>(CELL) : null;
  if (!cell || !grid?.contains(cell)) return null; // not from a dialog an item opened (portals)
  return { date: cell.dataset.date ?? '', row: Number(cell.dataset.row) };
};

export function WeekGrid<TDay extends TMonthGridDay & { items: readonly unknown[] }>({
  days,
  label,
  renderItem,
  positionLabel = (index, count) => `${index + 1} de ${count}`,
  emptyText,
  keysHint,
  cellClassName,
  onWeekChange,
  focusDate,
}: {
  /** The seven days, Monday first, each with its items in order. */
  days: readonly TDay[];
  label: string;
  /** Draws an item: a button that spreads `props` (its Tab stop, its place in the day). */
  renderItem: (item: TDay['items'][number], props: TWeekItemProps, day: TDay) => ReactNode;
  /** The item's place in its day, read after its name: "2 de 3". */
  positionLabel?: (index: number, count: number) => string;
  /** What a day without items says ("Sin salidas"); it takes the focus like an item. */
  emptyText: string;
  /** How the keys work, read with the grid and shown under it while it has the focus. */
  keysHint: string;
  cellClassName?: string;
  /** Show the week of `date` (an arrow past Monday or Sunday, PageUp/PageDown): its day gets the focus. */
  onWeekChange: (date: string) => void;
  /** Give the focus to this day once drawn (the week opened from a month's "+3 más"). */
  focusDate?: string | null;
}) {
  const baseId = useId();
  const hintId = `${baseId}-keys`;
  const ref = useRef<HTMLTableElement>(null);
  const dates = days.map((d) => d.date);
  const counts = days.map((d) => d.items.length);
  const rows = Math.max(1, ...counts);

  const [position, setPosition] = useState<TWeekPosition | null>(focusDate ? { date: focusDate, row: 0 } : null);
  // The focus must go to `position` once it is drawn (a key moved it, maybe to another week).
  const pending = useRef(Boolean(focusDate));
  // The element that last had the focus in the grid: when a new drawing removes it (or it stops
  // taking the focus), the focus, fallen to <body>, comes back to the same place.
  const focused = useRef<HTMLElement | null>(null);

  const stopDate =
    (position && dates.includes(position.date) ? position.date : null) ??
    days.find((d) => d.isToday)?.date ??
    days.find((d) => d.items.length)?.date ??
    dates[0] ??
    '';
  const stop: TWeekPosition = {
    date: stopDate,
    row: position?.date === stopDate ? clampRow(position.row, counts[dates.indexOf(stopDate)] ?? 0) : 0,
  };

  // While the grid has the focus it stays on `stop`, whatever the data does (a week loading, a
  // departure appearing where "Sin salidas" was).
  useLayoutEffect(() => {
    const grid = ref.current;
    if (!grid || !position || !dates.includes(position.date)) return;
    const active = document.activeElement;
    const inGrid = active instanceof HTMLElement && grid.contains(active);
    // Lost: the element that had it was removed, or stopped taking the focus ("Sin salidas" once
    // the day's departures arrive), and the browser moved the focus to <body>.
    const last = focused.current;
    const lost =
      (!active || active === document.body) && !!last && (!last.isConnected || !last.hasAttribute('tabindex'));
    if (!pending.current && !inGrid && !lost) return;
    const target = elementAt(grid, stop);
    if (!target) return;
    pending.current = false;
    if (target !== active) target.focus();
  });

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const from = positionOf(e.target, ref.current);
    if (!from) return;
    const to = moveInWeek(dates, counts, from, e.key);
    if (!to) return;
    e.preventDefault();
    pending.current = true;
    setPosition(to);
    if (!dates.includes(to.date)) onWeekChange(to.date);
  };

  const onFocus = (e: FocusEvent<HTMLTableElement>) => {
    const at = positionOf(e.target, ref.current);
    if (!at) return;
    focused.current = e.target;
    if (position?.date !== at.date || position.row !== at.row) setPosition(at);
  };

  const gridClass = `${calendarClasses.grid} ${classes.grid}`;
  const keys = { onKeyDown, onFocus };
  return (
    <>
      {/* The APG grid is a table with role="grid": screen readers then pass the arrows to it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table is the APG's own grid */}
      <table ref={ref} role="grid" className={gridClass} aria-label={label} aria-describedby={hintId} {...keys}>
        <thead>
          <tr>
            {days.map((d, i) => (
              <th
                key={d.date}
                className={calendarClasses.weekday}
                scope="col"
                data-today={d.isToday || undefined}
                aria-current={d.isToday ? 'date' : undefined}
              >
                <span aria-hidden>
                  {WEEKDAY_NAMES[i]?.slice(0, 3)} {d.day}
                </span>
                <VisuallyHidden>{formatDay(d.date)}</VisuallyHidden>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is the n-th item of every day
            <tr key={row}>
              {days.map((d) => {
                const item = d.items[row];
                const isEmptyDay = d.items.length === 0 && row === 0;
                const isStop = stop.date === d.date && stop.row === row;
                const descriptionId = `${baseId}-${d.date}-${row}`;
                return (
                  <td
                    key={d.date}
                    className={cellClassName ? `${classes.cell} ${cellClassName}` : classes.cell}
                    data-date={d.date}
                    data-row={row}
                    data-today={d.isToday || undefined}
                    data-past={d.isPast || undefined}
                    data-empty={isEmptyDay || undefined}
                    tabIndex={isEmptyDay ? (isStop ? 0 : -1) : undefined}
                  >
                    {item !== undefined ? (
                      <>
                        {renderItem(
                          item,
                          { tabIndex: isStop ? 0 : -1, 'data-week-item': true, 'aria-describedby': descriptionId },
                          d,
                        )}
                        <span id={descriptionId} hidden>
                          {positionLabel(row, d.items.length)}
                        </span>
                      </>
                    ) : isEmptyDay ? (
                      emptyText
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
          {/* The rest of the columns' height, below the last items (not a row of the grid). */}
          <tr aria-hidden className={classes.filler}>
            {days.map((d) => (
              <td key={d.date} className={classes.cell} data-today={d.isToday || undefined} />
            ))}
          </tr>
        </tbody>
      </table>
      <div id={hintId} className={`${calendarClasses.keysHint} ${classes.keysHint}`}>
        {keysHint}
      </div>
    </>
  );
}

import { Box, Button, Group, LoadingOverlay, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useState } from 'react';
import { formatDay } from '../lib/dates';
import { useRovingGrid } from '../lib/use-roving-grid';
import { IconButton } from './icon-button';
import { LoadErrorAlert } from './load-error-alert';
import classes from './month-calendar.module.css';
import { monthOf, type TMonthGridDay } from './month-grid';

/**
 * The pieces of the back-office's month calendars (the bookings calendar, a product's departures):
 * the month / week navigation, the Monday-first grid with its day numbers, the phone's agenda and
 * the legend. Each feature draws its own entries in the days and colours them by its own tones.
 */

/** The grid's classes, for a feature's own view on the same look (the bookings week). */
export { classes as calendarClasses };

export const WEEKDAY_NAMES = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;

const monthFmt = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-07" → "Julio 2026" */
export function monthLabel(month: string): string {
  const s = monthFmt.format(new Date(`${month}-01T00:00:00Z`)).replace(' de ', ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "‹ Noviembre 2026 › Hoy": the previous / next period, and back to today when elsewhere. */
export function CalendarNav({
  title,
  titleTestId,
  titleWidth,
  prevLabel = 'Mes anterior',
  nextLabel = 'Mes siguiente',
  onPrev,
  onNext,
  onToday,
}: {
  title: string;
  titleTestId: string;
  /** The title's least width, so the arrows do not move between months. */
  titleWidth: number;
  prevLabel?: string;
  nextLabel?: string;
  onPrev: () => void;
  onNext: () => void;
  /** Absent while today is in view: no "Hoy" button. */
  onToday?: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <IconButton label={prevLabel} icon={IconChevronLeft} variant="default" onClick={onPrev} />
      <Text fw={700} miw={titleWidth} ta="center" aria-live="polite" data-testid={titleTestId}>
        {title}
      </Text>
      <IconButton label={nextLabel} icon={IconChevronRight} variant="default" onClick={onNext} />
      {onToday ? (
        <Button variant="subtle" size="compact-sm" ml={4} onClick={onToday}>
          Hoy
        </Button>
      ) : null}
    </Group>
  );
}

/** The calendar's views, covered while a new period loads; above them, why the period did not load. */
export function CalendarBody({
  query,
  errorTitle,
  children,
}: {
  query: {
    isFetching: boolean;
    isPlaceholderData: boolean;
    data: unknown;
    error: Error | null;
    refetch: () => unknown;
  };
  errorTitle: string;
  children: ReactNode;
}) {
  return (
    <>
      {query.error ? <LoadErrorAlert title={errorTitle} message={query.error.message} onRetry={query.refetch} /> : null}
      <Box pos="relative">
        <LoadingOverlay
          visible={isCalendarLoading(query)}
          zIndex={5}
          overlayProps={{ blur: 1 }}
          loaderProps={{ size: 'sm' }}
        />
        {children}
      </Box>
    </>
  );
}

/** A period is loading when nothing, or only the previous period, is there to show. */
export const isCalendarLoading = (query: { isFetching: boolean; isPlaceholderData: boolean; data: unknown }) =>
  query.isFetching && (query.isPlaceholderData || !query.data);

/** What a day cell may hold that takes the focus, besides its day button: the day's entries. */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

const entriesOf = (cell: HTMLElement) =>
  [...cell.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute('data-grid-day') && !el.matches(':disabled'),
  );

/** What a day holds, for its name: how many entries and how to say them. */
export type TDaySummary = { count: number; text: string };

/**
 * A month as a keyboard grid of whole weeks, Monday first (WAI-ARIA APG grid and date picker grid,
 * WCAG 2.1.1): the grid is one Tab stop, the focused day (today, else the first day with entries,
 * else the 1st); arrows move a day / a week, Home/End to the week's Monday / Sunday, PageUp/PageDown
 * a month, and past the month's edge the calendar shows the next or previous one (`onMonthChange`,
 * lib/use-roving-grid.ts). Enter, Space or F2 on a day moves the focus to its first entry; there the
 * arrows Up/Down and Tab/Shift+Tab go through the day's entries, Tab after the last one leaves the
 * grid, Escape (or Shift+Tab on the first) goes back to the day. The entries are never Tab stops of
 * their own.
 *
 * The focus of a day is a button over its whole cell, named by the date and `summarizeDay` ("mar,
 * 24 nov 2026, 3 salidas"; a name on the cell itself would leave out what its entries show, WCAG
 * 2.5.3). The cells mark today, the past and the days of the months around (data-outside,
 * data-today, data-past, data-date; the days around have no button: they are reached in their own
 * month) and hold what `renderDay` draws.
 */
export function MonthGrid<TDay extends TMonthGridDay>({
  weeks,
  label,
  cellClassName,
  renderDay,
  summarizeDay,
  onMonthChange,
}: {
  weeks: readonly (readonly TDay[])[];
  label: string;
  /** The feature's own class for the cells (their height, how past entries fade). */
  cellClassName?: string;
  renderDay: (day: TDay) => ReactNode;
  /** How many entries a day has and how a screen reader hears them ("3 salidas"). */
  summarizeDay: (day: TDay) => TDaySummary;
  /**
   * Show another month ("2026-12", and the day that gets the focus): PageUp/PageDown and the arrows
   * past the month's edge.
   */
  onMonthChange: (month: string, date: string) => void;
}) {
  const hintId = useId();
  const days = weeks.flat().filter((d) => d.inMonth);
  const month = monthOf(days[0]?.date ?? '');
  const summaries = new Map(days.map((d) => [d.date, summarizeDay(d)]));
  const grid = useRovingGrid<HTMLTableElement>({
    month,
    dates: days.map((d) => d.date),
    preferred: [days.find((d) => d.isToday)?.date, days.find((d) => summaries.get(d.date)?.count)?.date],
    onMonthChange,
  });

  // What a feature draws in a day is reached through the day (Enter), never with Tab: after every
  // render, whatever can take the focus inside a cell leaves the Tab order. Without any (a role that
  // only reads), the keys' hint says nothing of Enter.
  const [canEnter, setCanEnter] = useState(false);
  useLayoutEffect(() => {
    let found = false;
    for (const cell of grid.ref.current?.querySelectorAll<HTMLElement>('td') ?? []) {
      for (const el of entriesOf(cell)) {
        found = true;
        if (el.tabIndex !== -1) el.tabIndex = -1;
      }
    }
    if (found !== canEnter) setCanEnter(found);
  });

  /** Enter, Space, F2 or a click on a day: its first entry, if it has one. */
  const enterDay = (cell: HTMLElement) => entriesOf(cell)[0]?.focus();

  const onCellKeyDown = (e: KeyboardEvent<HTMLTableCellElement>, date: string) => {
    const cell = e.currentTarget;
    const target = e.target;
    // Not from a dialog an entry opened (React events come up through portals).
    if (!(target instanceof HTMLElement) || !cell.contains(target)) return;
    if (target.hasAttribute('data-grid-day')) {
      if (e.key === 'Enter' || e.key === 'F2') {
        e.preventDefault(); // Enter: not a click as well
        enterDay(cell);
      } else {
        grid.onKeyDown(e, date);
      }
      return;
    }
    const day = cell.querySelector<HTMLElement>('[data-grid-day]');
    if (e.key === 'Escape' || e.key === 'F2') {
      e.preventDefault();
      e.stopPropagation();
      day?.focus();
      return;
    }
    const back = e.key === 'ArrowUp' || (e.key === 'Tab' && e.shiftKey);
    const forward = e.key === 'ArrowDown' || (e.key === 'Tab' && !e.shiftKey);
    if (!back && !forward) return;
    const entries = entriesOf(cell);
    const next = entries[entries.indexOf(target) + (forward ? 1 : -1)] ?? (e.key === 'Tab' && back ? day : null);
    // Tab on the last entry: the browser's own move, out of the grid; an arrow at either end stays.
    if (next) next.focus();
    if (next || e.key !== 'Tab') e.preventDefault();
  };

  return (
    <>
      {/* The APG grid is a table with role="grid": screen readers then pass the arrows to it (focus
          mode) instead of reading on with them. */}
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table is the APG's own grid */}
      <table ref={grid.ref} role="grid" className={classes.grid} aria-label={label} aria-describedby={hintId}>
        <thead>
          <tr>
            {WEEKDAY_NAMES.map((d) => (
              <th key={d} className={classes.weekday} scope="col">
                <abbr title={d} style={{ textDecoration: 'none' }}>
                  {d.slice(0, 3)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((day) => (
                <td
                  key={day.date}
                  className={cellClass(cellClassName)}
                  data-outside={!day.inMonth || undefined}
                  data-today={day.isToday || undefined}
                  data-past={day.isPast || undefined}
                  data-date={day.date}
                  onKeyDown={day.inMonth ? (e) => onCellKeyDown(e, day.date) : undefined}
                  onFocus={day.inMonth ? () => grid.onFocus(day.date) : undefined}
                >
                  {day.inMonth ? (
                    <button
                      type="button"
                      className={classes.dayButton}
                      data-grid-day
                      data-date={day.date}
                      data-count={summaries.get(day.date)?.count ?? 0}
                      tabIndex={day.date === grid.tabDate ? 0 : -1}
                      aria-current={day.isToday ? 'date' : undefined}
                      aria-label={`${formatDay(day.date)}, ${summaries.get(day.date)?.text ?? ''}`}
                      onClick={(e) => enterDay(e.currentTarget.parentElement as HTMLElement)}
                    />
                  ) : null}
                  <div className={classes.dayContent}>
                    <div className={classes.dayNumber}>
                      {day.inMonth ? null : <VisuallyHidden>{formatDay(day.date)}</VisuallyHidden>}
                      <span aria-hidden>{day.day}</span>
                    </div>
                    {renderDay(day)}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Text id={hintId} size="xs" c="dimmed" mt={4} className={classes.keysHint}>
        Flechas: día y semana · Inicio/Fin: principio y fin de la semana · Re Pág/Av Pág: otro mes
        {canEnter ? ' · Intro: las salidas del día · Escape: volver al día' : ''}
      </Text>
    </>
  );
}

const cellClass = (featureClass?: string) => (featureClass ? `${classes.day} ${featureClass}` : classes.day);

/** On a phone: the days with something, one under another (each child a `calendarClasses.agendaDay`). */
export function CalendarAgenda({
  label,
  emptyText,
  children,
}: {
  label: string;
  /** Shown when there is no day to list. */
  emptyText: string | null;
  children: ReactNode;
}) {
  return (
    <Stack gap={0} className={classes.agenda} aria-label={label}>
      {emptyText ? (
        <Text size="sm" c="dimmed" p="md" ta="center">
          {emptyText}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}

/** What each colour means, then a note on the figures ("· libres/plazas"). */
export function CalendarLegend<TTone extends string>({
  labels,
  toneClassName,
  note,
}: {
  labels: Record<TTone, string>;
  /** The feature's class that colours an element by its data-tone. */
  toneClassName: string;
  note: string;
}) {
  return (
    <Group gap="md" wrap="wrap" aria-label="Leyenda">
      {(Object.keys(labels) as TTone[]).map((tone) => (
        <Group key={tone} gap={6} wrap="nowrap">
          <span className={`${classes.legendDot} ${toneClassName}`} data-tone={tone} aria-hidden />
          <Text size="xs" c="dimmed">
            {labels[tone]}
          </Text>
        </Group>
      ))}
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Group>
  );
}

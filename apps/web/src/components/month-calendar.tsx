import { Box, Button, Group, LoadingOverlay, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDay } from '../lib/dates';
import { IconButton } from './icon-button';
import { LoadErrorAlert } from './load-error-alert';
import classes from './month-calendar.module.css';
import type { TMonthGridDay } from './month-grid';

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

/**
 * A month as a table of whole weeks, Monday first: each cell says its date to screen readers,
 * marks today, the past and the days of the months around (data-outside, data-today, data-past,
 * data-date), and holds what `renderDay` draws.
 */
export function MonthGrid<TDay extends TMonthGridDay>({
  weeks,
  label,
  cellClassName,
  renderDay,
}: {
  weeks: readonly (readonly TDay[])[];
  label: string;
  /** The feature's own class for the cells (their height, how past entries fade). */
  cellClassName?: string;
  renderDay: (day: TDay) => ReactNode;
}) {
  const cellClass = cellClassName ? `${classes.day} ${cellClassName}` : classes.day;
  return (
    <table className={classes.grid} aria-label={label}>
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
                className={cellClass}
                data-outside={!day.inMonth || undefined}
                data-today={day.isToday || undefined}
                data-past={day.isPast || undefined}
                data-date={day.date}
                aria-current={day.isToday ? 'date' : undefined}
              >
                <div className={classes.dayNumber}>
                  <VisuallyHidden>{formatDay(day.date)}</VisuallyHidden>
                  <span aria-hidden>{day.day}</span>
                </div>
                {renderDay(day)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

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

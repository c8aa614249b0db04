import { Box, Group, Loader, SegmentedControl, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CALENDAR_DAY_PREVIEW, type TBookingCalendarEntry } from '@trayecto/shared';
import { type ReactNode, useMemo, useState } from 'react';
import {
  CalendarAgenda,
  CalendarBody,
  CalendarLegend,
  CalendarNav,
  calendarClasses,
  isCalendarLoading,
  MonthGrid,
  monthLabel,
} from '../../../components/month-calendar';
import { type TWeekItemProps, WeekGrid } from '../../../components/week-grid';
import { useBookingsCalendar, useBookingsCalendarWeek } from '../../../lib/bookings-calendar';
import { formatDay } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { useCalendarDays } from '../api/get-calendar-days';
import {
  buildMonthDays,
  buildWeek,
  calendarRange,
  calendarSummary,
  monthDaysSummary,
  monthOf,
  OCCUPANCY_LABELS,
  occupancyTone,
  shiftAnchor,
  type TGridDay,
  type TMonthDay,
} from '../utils/booking-calendar';
import classes from './bookings-calendar.module.css';

export type TCalendarMode = 'month' | 'week';

const shortFmt = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** "16 – 22 nov 2026" */
export function weekLabel(from: string, to: string): string {
  const a = shortFmt.format(utcDate(from)).replace(/\./g, '');
  const b = shortFmt.format(utcDate(to)).replace(/\./g, '');
  const year = to.slice(0, 4);
  return from.slice(5, 7) === to.slice(5, 7) ? `${a.split(' ')[0]} – ${b} ${year}` : `${a} – ${b} ${year}`;
}

/**
 * What a screen reader hears for one departure: first what the entry shows (`shown`, so a voice
 * user can say it, WCAG 2.5.3), then the day and the seats in words.
 */
export function entryLabel(e: TBookingCalendarEntry, shown = entryShown(e)): string {
  const base = `${shown}, ${formatDay(e.date)} ${e.time}`;
  if (e.closed) return `${base}: cerrada, ${plural(e.seats_taken, 'plaza vendida', 'plazas vendidas')}`;
  return `${base}: ${plural(e.seats_taken, 'plaza vendida', 'plazas vendidas')}, ${plural(
    e.seats_left,
    'libre',
    'libres',
  )} de ${e.capacity}`;
}

/** The text a month entry shows: "09:00 12/50 Subida al Teide". */
function entryShown(e: TBookingCalendarEntry): string {
  return `${e.time} ${e.seats_taken}/${e.capacity} ${e.product_name}`;
}

/** The status line of a week card. */
function cardStatus(e: TBookingCalendarEntry): string {
  return e.closed
    ? 'Cerrada'
    : e.seats_left <= 0
      ? 'Completa'
      : `${plural(e.seats_left, 'libre', 'libres')} · ${plural(e.bookings_count, 'reserva', 'reservas')}`;
}

/** Departures a month day shows; with more, the first two and "+N más" (the API's day preview). */
const MAX_IN_CELL = CALENDAR_DAY_PREVIEW;

/** How the week's keys work (read with the grid, shown under it while it has the focus). */
export const WEEK_KEYS_HINT =
  'Flechas izquierda y derecha: día · Arriba y abajo: las salidas del día · Inicio/Fin: lunes y domingo · Re Pág/Av Pág: otra semana · Intro: ver sus reservas';

/** What a screen reader hears of a month day after its date: "3 salidas, 45 plazas vendidas". */
function daySummary(day: TMonthDay) {
  const count = day.figures?.departures ?? 0;
  if (!count) return { count, text: 'sin salidas' };
  const sold = Math.max(0, day.figures?.seats_taken ?? 0);
  return { count, text: `${plural(count, 'salida', 'salidas')}, ${plural(sold, 'plaza vendida', 'plazas vendidas')}` };
}

/** Past departures nobody booked say nothing: only those with seats sold stay (the month's days leave them out too). */
const isShown = (e: TBookingCalendarEntry, today: string) =>
  e.date >= today || e.seats_taken > 0 || e.bookings_count > 0;

/**
 * The calendar view of /booking (PRODUCT §5): every departure of a month or a week with its seats
 * sold / capacity, coloured by occupancy. Clicking a departure filters the list to it.
 */
export function BookingsCalendar({
  mode,
  anchor,
  today,
  productId,
  onModeChange,
  onAnchorChange,
  onPick,
}: {
  mode: TCalendarMode;
  anchor: string;
  today: string;
  productId: string | null;
  /** Another view; with `anchor`, on that day too (one change: the screen keeps both in its URL). */
  onModeChange: (mode: TCalendarMode, anchor?: string) => void;
  onAnchorChange: (anchor: string) => void;
  onPick: (entry: TBookingCalendarEntry) => void;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  // The day a month's "+3 más" opened the week on: it gets the focus there.
  const [weekFocus, setWeekFocus] = useState<string | null>(null);
  // Used once: a week shown again later (Mes, then Semana) does not take the focus by itself.
  if (mode === 'month' && weekFocus) setWeekFocus(null);
  const range = calendarRange(mode, anchor);
  // The month: its days added up by the API (a few kilobytes); the week: every departure of it.
  const daysQuery = useCalendarDays(range.from, range.to, productId, mode === 'month');
  const weekQuery = useBookingsCalendarWeek(range.from, range.to, productId, mode === 'week');
  const query = mode === 'month' ? daysQuery : weekQuery;
  const entries = useMemo(() => (weekQuery.data ?? []).filter((e) => isShown(e, today)), [weekQuery.data, today]);
  const month = monthOf(anchor);
  const weeks = useMemo(() => buildMonthDays(month, daysQuery.data ?? [], today), [month, daysQuery.data, today]);
  const week = useMemo(() => buildWeek(anchor, entries, today), [anchor, entries, today]);
  const summary =
    mode === 'month' ? monthDaysSummary(daysQuery.data ?? [], month) : calendarSummary(entries, range.from, range.to);
  const loading = isCalendarLoading(query);
  const title = mode === 'month' ? monthLabel(month) : weekLabel(range.from, range.to);
  const isCurrent = mode === 'month' ? month === monthOf(today) : range.from <= today && today <= range.to;

  const entryButton = (e: TBookingCalendarEntry) => {
    const tone = occupancyTone(e);
    return (
      <Tooltip
        key={`${e.product_id}-${e.date}-${e.time}`}
        label={`${e.product_name} · ${e.time} · ${e.seats_taken}/${e.capacity} vendidas · ${plural(
          e.seats_left,
          'libre',
          'libres',
        )} · ${plural(e.bookings_count, 'reserva', 'reservas')}`}
        openDelay={400}
      >
        <UnstyledButton
          className={`${classes.entry} ${classes.tone}`}
          data-tone={tone}
          aria-label={`${entryLabel(e)}. Ver sus reservas`}
          onClick={() => onPick(e)}
        >
          {/* The spaces keep the spoken/voice name "09:00 12/50 Teide" (flex drops them on screen). */}
          <span className={classes.entryTop}>
            <span className={classes.entryTime}>{e.time}</span>{' '}
            <span className={classes.entrySeats}>
              {e.seats_taken}/{e.capacity}
            </span>
          </span>{' '}
          <span className={classes.entryName}>{e.product_name}</span>
        </UnstyledButton>
      </Tooltip>
    );
  };

  /** A departure of the week: a cell of the week's grid (WeekGrid gives it its Tab stop and place). */
  const entryCard = (e: TBookingCalendarEntry, cell: TWeekItemProps) => {
    const tone = occupancyTone(e);
    const pct = e.capacity > 0 ? Math.min(100, Math.round((e.seats_taken / e.capacity) * 100)) : 0;
    return (
      <UnstyledButton
        {...cell}
        className={`${classes.card} ${classes.tone}`}
        data-tone={tone}
        aria-label={`${entryLabel(e, `${entryShown(e)} ${cardStatus(e)}`)}. Ver sus reservas`}
        onClick={() => onPick(e)}
      >
        {/* The spaces keep the name axe and voice users read ("09:00 12/50 Teide 38 libres · 3
            reservas"); the card's lines are blocks on screen. */}
        <span className={classes.entryTop}>
          <Text span fw={700} size="sm">
            {e.time}
          </Text>{' '}
          <Text span size="xs" fw={600}>
            {e.seats_taken}/{e.capacity}
          </Text>
        </span>{' '}
        <Text span display="block" size="xs" fw={500} lineClamp={2} c="inherit">
          {e.product_name}
        </Text>{' '}
        <span className={classes.bar} aria-hidden>
          <span style={{ width: `${pct}%` }} />
        </span>
        <Text span display="block" size="11px" c="inherit">
          {cardStatus(e)}
        </Text>
      </UnstyledButton>
    );
  };

  /** "+3 más": the week of that day, with the focus on it. */
  const openDay = (date: string) => {
    // The week opens with the focus on that day (the "más" button goes with the month). Mode and
    // day change in one call: two URL updates in a row keep only the last one.
    setWeekFocus(date);
    onModeChange('week', date);
  };

  const monthDay = (day: TMonthDay) => {
    const count = day.figures?.departures ?? 0;
    const extra = count - MAX_IN_CELL;
    return (
      <Stack gap={2} mt={2}>
        {day.items.slice(0, extra > 0 ? MAX_IN_CELL - 1 : MAX_IN_CELL).map(entryButton)}
        {extra > 0 ? (
          <UnstyledButton
            className={classes.more}
            onClick={() => openDay(day.date)}
            // The visible «+3 más» starts the name (WCAG 2.5.3: a voice user says what they see).
            aria-label={`+${extra + 1} más: ver las ${count} salidas del ${formatDay(day.date)}`}
          >
            +{extra + 1} más
          </UnstyledButton>
        ) : null}
      </Stack>
    );
  };

  const agendaDays: (TGridDay<TBookingCalendarEntry> & { figures?: TMonthDay['figures'] })[] =
    mode === 'month'
      ? weeks.flat().filter((d) => d.inMonth && (d.figures?.departures ?? 0) > 0)
      : week.filter((d) => d.items.length);

  return (
    <Stack gap="sm" p="md" pt={0}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <CalendarNav
          title={title}
          titleTestId="calendar-title"
          titleWidth={170}
          prevLabel={mode === 'month' ? 'Mes anterior' : 'Semana anterior'}
          nextLabel={mode === 'month' ? 'Mes siguiente' : 'Semana siguiente'}
          onPrev={() => onAnchorChange(shiftAnchor(mode, anchor, -1))}
          onNext={() => onAnchorChange(shiftAnchor(mode, anchor, 1))}
          onToday={isCurrent ? undefined : () => onAnchorChange(today)}
        />
        <Group gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {plural(summary.departures, 'salida', 'salidas')} · {summary.pax.toLocaleString('es-ES')} pax ·{' '}
            {plural(summary.seatsLeft, 'plaza libre', 'plazas libres')}
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Periodo del calendario"
            value={mode}
            onChange={(v) => onModeChange(v === 'week' ? 'week' : 'month')}
            data={[
              { value: 'month', label: 'Mes' },
              { value: 'week', label: 'Semana' },
            ]}
          />
        </Group>
      </Group>

      <CalendarBody query={query} errorTitle="No se ha podido cargar el calendario">
        {isPhone ? (
          <CalendarAgenda
            label={`Salidas: ${title}`}
            emptyText={
              agendaDays.length === 0 && !loading
                ? `No hay salidas en ${mode === 'month' ? 'este mes' : 'esta semana'}.`
                : null
            }
          >
            {agendaDays.map((d) => (
              <Box key={d.date} className={calendarClasses.agendaDay}>
                <Text size="sm" fw={600} mb={6} c={d.isPast ? 'dimmed' : undefined}>
                  {formatDay(d.date)}
                </Text>
                {d.figures && d.figures.departures > d.items.length ? (
                  <AgendaDay
                    date={d.date}
                    count={d.figures.departures}
                    first={d.items}
                    today={today}
                    productId={productId}
                    renderEntry={entryButton}
                  />
                ) : (
                  <Stack gap={4}>{d.items.map(entryButton)}</Stack>
                )}
              </Box>
            ))}
          </CalendarAgenda>
        ) : mode === 'month' ? (
          <MonthGrid
            weeks={weeks}
            label={`Salidas de ${title}`}
            cellClassName={classes.monthDay}
            renderDay={monthDay}
            summarizeDay={daySummary}
            onMonthChange={(_, date) => onAnchorChange(date)}
          />
        ) : (
          <WeekGrid
            days={week}
            label={`Salidas de la semana ${title}`}
            renderItem={entryCard}
            positionLabel={(i, count) => `salida ${i + 1} de ${count} del día`}
            emptyText="Sin salidas"
            keysHint={WEEK_KEYS_HINT}
            onWeekChange={onAnchorChange}
            focusDate={weekFocus}
          />
        )}
      </CalendarBody>

      <CalendarLegend
        labels={OCCUPANCY_LABELS}
        toneClassName={classes.tone}
        note="· vendidas/plazas · pulsa una salida para ver sus reservas"
      />
    </Stack>
  );
}

/**
 * A day of the phone's month agenda with more departures than the month shows: its first ones and
 * «Ver las N salidas», which fetches the day's departures (GET /bookings/calendar of that day) and
 * lists them all in place.
 */
function AgendaDay({
  date,
  count,
  first,
  today,
  productId,
  renderEntry,
}: {
  date: string;
  count: number;
  first: TBookingCalendarEntry[];
  today: string;
  productId: string | null;
  renderEntry: (e: TBookingCalendarEntry) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const day = useBookingsCalendar(date, date, productId, open);
  const all = open && day.data && !day.isPlaceholderData ? day.data.filter((e) => isShown(e, today)) : null;
  return (
    <Stack gap={4}>
      {(all ?? first).map(renderEntry)}
      {day.error ? (
        <Text size="xs" c="red.8" role="alert">
          No se han podido cargar las salidas del día.
        </Text>
      ) : null}
      {all ? null : (
        <UnstyledButton
          className={classes.more}
          onClick={() => (day.error ? day.refetch() : setOpen(true))}
          aria-expanded={open}
          disabled={open && !day.error}
        >
          {open && !day.error ? (
            <Group gap={6} component="span">
              <Loader size={12} /> Cargando las salidas…
            </Group>
          ) : (
            `Ver las ${count} salidas del día`
          )}
        </UnstyledButton>
      )}
    </Stack>
  );
}

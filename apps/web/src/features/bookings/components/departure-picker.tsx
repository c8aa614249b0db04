import {
  Box,
  Group,
  Input,
  LoadingOverlay,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconClockHour4 } from '@tabler/icons-react';
import type { TAvailabilitySlot } from '@trayecto/shared';
import { useEffect, useId, useMemo, useState } from 'react';
import { IconButton } from '../../../components/icon-button';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { monthLabel } from '../../../components/month-calendar';
import { formatDay } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { useRovingGrid } from '../../../lib/use-roving-grid';
import { useProductAvailability } from '../../products';
import {
  buildMonthGrid,
  dayAvailability,
  gridRange,
  monthOf,
  nowClock,
  shiftMonth,
  slotStatus,
  type TDayAvailability,
  type TSlotStatus,
} from '../utils/booking-calendar';
import classes from './booking-form.module.css';

const WEEKDAYS = ['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom'];

/** The seats a booking already holds on its own departure (edit): they are free for it. */
export type TOwnSeats = { date: string; time: string; seats: number } | null;

/** Seats left of a departure for this booking (its own seats count as free on edit). */
export function seatsFor(slot: Pick<TAvailabilitySlot, 'date' | 'time' | 'seats_left'>, own: TOwnSeats): number {
  return slot.seats_left + (own && own.date === slot.date && own.time === slot.time ? own.seats : 0);
}

/** The slots with the booking's own seats added back (so its own departure never reads "full"). */
export function withOwnSeats(slots: readonly TAvailabilitySlot[], own: TOwnSeats): TAvailabilitySlot[] {
  if (!own) return [...slots];
  return slots.map((s) => {
    if (s.date !== own.date || s.time !== own.time) return s;
    const seats_left = seatsFor(s, own);
    return { ...s, seats_left, available: s.available || (!s.closed && s.seats_left <= 0 && seats_left > 0) };
  });
}

const STATUS_TEXT: Record<TSlotStatus, string> = {
  open: '',
  cutoff: 'Fuera de plazo',
  full: 'Completa',
  closed: 'Cerrada',
  past: 'Ya salió',
};

/** What a day cell says, in full and in a phone's narrow cell. */
/** A day's seats; on the booking's own day (edit) its own seats are not counted as free. */
function dayText(d: TDayAvailability | undefined, own = 0): { text: string; short: string; state: string } {
  if (!d) return { text: '', short: '', state: 'none' };
  if (d.state === 'open') {
    const free = Math.max(0, d.seatsLeft - own);
    return {
      text: plural(free, 'plaza', 'plazas'),
      short: String(free),
      state: free <= 5 ? 'low' : 'open',
    };
  }
  if (d.state === 'cutoff') return { text: 'Fuera de plazo', short: 'F. plazo', state: 'cutoff' };
  if (d.state === 'full') return { text: 'Completo', short: 'Lleno', state: 'full' };
  if (d.state === 'closed') return { text: 'Cerrado', short: 'Cerr.', state: 'closed' };
  return { text: '', short: '', state: 'none' };
}

/**
 * Date and start time of the booking (PRODUCT §5): a month calendar with the seats left per day
 * (GET /products/{id}/availability), days without a departure that can be sold disabled; then the
 * day's start times with their seats, full or closed ones disabled. Staff may also choose a
 * departure past its sale cut-off (sold "fuera de plazo").
 */
export function DeparturePicker({
  productId,
  date,
  time,
  today,
  timeZone,
  canOverrideCutoff,
  ownSeats,
  readOnly,
  dateError,
  timeError,
  onDate,
  onTime,
}: {
  productId: string;
  date: string | null;
  time: string | null;
  today: string;
  /** The operator's zone: its wall clock says which of today's departures have left. */
  timeZone?: string;
  canOverrideCutoff: boolean;
  ownSeats: TOwnSeats;
  readOnly?: boolean;
  dateError?: string;
  timeError?: string;
  onDate: (date: string) => void;
  onTime: (time: string | null) => void;
}) {
  // The day cells show the short seats text below 36em (booking-form.module.css); their name follows.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const [month, setMonth] = useState(() => monthOf(date ?? today));
  const range = gridRange(month);
  const query = useProductAvailability(productId, range.from, range.to, { staleTime: 10_000 });
  const slots = useMemo(() => withOwnSeats(query.data ?? [], ownSeats), [query.data, ownSeats]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the clock is read again with each answer
  const clock = useMemo(() => nowClock(new Date(), timeZone), [query.dataUpdatedAt, timeZone]);
  const days = useMemo(
    () => dayAvailability(slots, { today, clock, canOverrideCutoff }),
    [slots, today, clock, canOverrideCutoff],
  );
  const weeks = useMemo(() => buildMonthGrid(month, [] as { date: string; time: string }[], today), [month, today]);
  const daySlots = date ? (days.get(date)?.slots ?? []) : [];
  const loading = query.isFetching && (query.isPlaceholderData || !query.data);
  const slotsOfMonthLoaded = Boolean(query.data) && !query.isPlaceholderData;

  // Keep the calendar on the chosen date's month when the date changes from outside.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the date changes
  useEffect(() => {
    if (date && monthOf(date) !== month) setMonth(monthOf(date));
  }, [date]);

  const selectableTime = (s: TAvailabilitySlot) => {
    const st = slotStatus(s, today, clock);
    if (date === ownSeats?.date && s.time === ownSeats?.time) return st !== 'closed';
    return st === 'open' || (st === 'cutoff' && canOverrideCutoff);
  };

  // A keyboard grid like the public calendar (WCAG 2.1.1, lib/use-roving-grid.ts): one Tab stop, the
  // chosen day or else the first one open; the arrows, Home and End move among the month's open days.
  const openDays = weeks
    .flat()
    .filter((c) => c.inMonth && !readOnly && (Boolean(days.get(c.date)?.selectable) || ownSeats?.date === c.date))
    .map((c) => c.date);
  const grid = useRovingGrid<HTMLTableElement>({ month, dates: openDays, preferred: [date] });

  // Where a refusal of the date or the time is said and focused (issue 31 item 14): the chosen day
  // (else the Tab stop) and the chosen time (else the first that can be chosen) carry the form's
  // `data-path` (@mantine/form's getInputNode finds them), are `aria-invalid` and described by it.
  const dateErrorId = useId();
  const timeErrorId = useId();
  const errorDay = date || grid.tabDate;
  const errorTime = time || daySlots.find((s) => !readOnly && selectableTime(s))?.time;
  const fieldProps = (path: 'date' | 'time', error: string | undefined, errorId: string) => ({
    'data-path': path,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  });

  const pickDay = (d: string) => {
    if (readOnly) return;
    onDate(d);
    // One departure that day: choose it at once.
    const list = (days.get(d)?.slots ?? []).filter(selectableTime);
    onTime(list.length === 1 ? (list[0]?.time ?? null) : null);
  };

  return (
    <Stack gap="md">
      <Input.Wrapper
        label="Fecha"
        error={dateError}
        errorProps={{ id: dateErrorId }}
        labelProps={{ 'data-required': true }}
      >
        <Stack gap={6} mt={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <IconButton
              label="Mes anterior"
              icon={IconChevronLeft}
              variant="default"
              onClick={() => setMonth(shiftMonth(month, -1))}
              disabled={month <= monthOf(today) && !readOnly}
            />
            <Text fw={700} aria-live="polite" data-testid="seats-calendar-month">
              {monthLabel(month)}
            </Text>
            <IconButton
              label="Mes siguiente"
              icon={IconChevronRight}
              variant="default"
              onClick={() => setMonth(shiftMonth(month, 1))}
            />
          </Group>
          {query.isError ? (
            <LoadErrorAlert
              title="No se han podido cargar las salidas"
              message={query.error.message}
              onRetry={query.refetch}
            />
          ) : null}
          <Box pos="relative">
            <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
            <table ref={grid.ref} className={classes.calendar} aria-label={`Salidas de ${monthLabel(month)}`}>
              <thead>
                <tr>
                  {WEEKDAYS.map((w) => (
                    <th key={w} className={classes.weekday} scope="col">
                      {w}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week[0]?.date}>
                    {week.map((cell) => {
                      if (!cell.inMonth) {
                        return <td key={cell.date} className={classes.outside} aria-hidden />;
                      }
                      const info = days.get(cell.date);
                      const own = ownSeats?.date === cell.date;
                      const enabled = !readOnly && (Boolean(info?.selectable) || own);
                      const ownHere = own ? (ownSeats?.seats ?? 0) : 0;
                      const { text, short, state } = dayText(info, ownHere);
                      const selected = cell.date === date;
                      return (
                        <td key={cell.date}>
                          <UnstyledButton
                            className={classes.day}
                            disabled={!enabled && !selected}
                            data-selected={selected || undefined}
                            data-today={cell.isToday || undefined}
                            data-state={info?.state}
                            aria-pressed={selected}
                            data-date={cell.date}
                            {...(cell.date === errorDay ? fieldProps('date', dateError, dateErrorId) : {})}
                            tabIndex={cell.date === grid.tabDate ? 0 : -1}
                            onKeyDown={(e) => grid.onKeyDown(e, cell.date)}
                            onFocus={() => grid.onFocus(cell.date)}
                            // Starts with what the cell shows ("24 12 plazas", "24 12" on a phone), WCAG 2.5.3.
                            aria-label={`${cell.day}${text ? ` ${narrow ? short : text}` : ''}, ${formatDay(cell.date)}${text ? `${ownHere && info?.state === 'open' ? ` (libres; más ${ownHere} de esta reserva)` : ''}` : ': sin salidas'}`}
                            onClick={() => enabled && pickDay(cell.date)}
                          >
                            <span className={classes.dayNum}>{cell.day}</span>{' '}
                            <span className={classes.daySeats} data-state={state} aria-hidden>
                              <span className={classes.long}>{text}</span>
                              <span className={classes.short}>{short}</span>
                            </span>
                          </UnstyledButton>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
          {slotsOfMonthLoaded && days.size === 0 ? (
            <Text size="sm" c="dimmed" ta="center">
              Este producto no tiene salidas en {monthLabel(month).toLowerCase()}.
            </Text>
          ) : null}
        </Stack>
      </Input.Wrapper>

      {date ? (
        <Radio.Group
          label="Hora"
          value={time}
          onChange={(v) => onTime(v)}
          error={timeError}
          errorProps={{ id: timeErrorId }}
          labelProps={{ 'data-required': true }}
          description={`Salidas del ${formatDay(date)}`}
        >
          {loading && daySlots.length === 0 ? (
            <Group mt="xs">
              <Skeleton h={52} w={130} />
              <Skeleton h={52} w={130} />
            </Group>
          ) : daySlots.length === 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              No hay salidas este día.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="xs" mt="xs">
              {daySlots.map((s) => {
                const st = slotStatus(s, today, clock);
                const ok = !readOnly && selectableTime(s);
                const seats = s.seats_left;
                // Its own departure (edit): the booking's seats are usable, not free; said apart.
                const own =
                  ownSeats && ownSeats.date === s.date && ownSeats.time === s.time
                    ? Math.min(ownSeats.seats, seats)
                    : 0;
                const seatsText = own
                  ? `${plural(seats - own, 'plaza libre', 'plazas libres')} + ${own} de esta reserva`
                  : plural(seats, 'plaza libre', 'plazas libres');
                return (
                  <Radio.Card
                    key={s.time}
                    value={s.time}
                    className={classes.timeCard}
                    disabled={!ok && s.time !== time}
                    {...(s.time === errorTime ? fieldProps('time', timeError, timeErrorId) : {})}
                    aria-label={`${s.time}: ${st === 'open' || st === 'cutoff' ? seatsText : STATUS_TEXT[st]}${st === 'cutoff' ? ', fuera de plazo' : ''}`}
                  >
                    <Group gap={8} wrap="nowrap" align="center">
                      <Radio.Indicator size="sm" disabled={!ok && s.time !== time} />
                      <div>
                        <Group gap={4} wrap="nowrap">
                          <IconClockHour4 size={14} aria-hidden />
                          <Text fw={700} size="sm">
                            {s.time}
                          </Text>
                        </Group>
                        <Text
                          size="xs"
                          c={
                            st === 'open'
                              ? seats <= 5
                                ? 'orange.8'
                                : 'teal.8'
                              : st === 'cutoff'
                                ? 'orange.8'
                                : 'red.8'
                          }
                          fw={600}
                        >
                          {st === 'open'
                            ? seatsText
                            : st === 'cutoff'
                              ? `Fuera de plazo · ${plural(seats - own, 'libre', 'libres')}`
                              : STATUS_TEXT[st]}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                );
              })}
            </SimpleGrid>
          )}
        </Radio.Group>
      ) : null}
    </Stack>
  );
}

import { Alert, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import type { TAvailabilitySlot } from '@trayecto/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  CalendarAgenda,
  CalendarBody,
  CalendarLegend,
  CalendarNav,
  calendarClasses,
  isCalendarLoading,
  MonthGrid,
  monthLabel,
} from '../../../../components/month-calendar';
import { plural } from '../../../../lib/format';
import { useProductAvailability } from '../../api/get-product-availability';
import {
  buildMonthGrid,
  gridRange,
  monthOf,
  monthSummary,
  shiftMonth,
  slotTone,
  type TCalendarDay,
  type TSlotTone,
} from '../../utils/departures-calendar';
import { formatDay } from '../../utils/product-format';
import { DepartureModal } from './departure-modal';
import classes from './departures-calendar.module.css';

export { monthLabel };

export const TONE_LABELS: Record<TSlotTone, string> = {
  available: 'Con plazas',
  low: 'Pocas plazas',
  full: 'Completa',
  closed: 'Cerrada',
};

/**
 * "09:00 38/50, 38 de 50 plazas libres" — what a screen reader hears for one departure: first what
 * the slot shows (so a voice user can say it, WCAG 2.5.3), then the seats in words.
 */
export function slotLabel(slot: TAvailabilitySlot): string {
  if (slot.closed) return `${slot.time}, cerrada`;
  return `${slot.time} ${slot.seats_left}/${slot.capacity}, ${slot.seats_left} de ${plural(
    slot.capacity,
    'plaza libre',
    'plazas libres',
  )}`;
}

/** One departure in the calendar: its date and time ("2026-12-01 09:00"). */
const slotKey = (slot: Pick<TAvailabilitySlot, 'date' | 'time'>) => `${slot.date} ${slot.time}`;

/**
 * The real departures of a month (GET …/availability), each with seats left / capacity. Staff who
 * may edit the availability click a departure to change its capacity or close / reopen it.
 */
export function DeparturesCalendar({
  productId,
  productCapacity,
  timeZone,
  closedDates,
  today,
  canManage,
  hasUnsavedAvailability,
}: {
  productId: string;
  productCapacity: number;
  /** The product's operator's zone. */
  timeZone: string;
  closedDates: readonly string[];
  today: string;
  canManage: boolean;
  /** The rules or closed dates in the form differ from the saved ones. */
  hasUnsavedAvailability: boolean;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [month, setMonth] = useState(() => monthOf(today));
  const [selected, setSelected] = useState<TAvailabilitySlot | null>(null);
  // The dialog closed: the focus goes back to the departure that opened it (WCAG 2.4.3), found by
  // its key in the calendar as it is drawn then. Mantine's own return (returnFocus) gives up when
  // anything holds the focus 10 ms after the close, which a busy machine made happen.
  const root = useRef<HTMLDivElement>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);
  useEffect(() => {
    if (!returnTo) return;
    root.current?.querySelector<HTMLElement>(`[data-slot="${returnTo}"]`)?.focus();
    setReturnTo(null);
  }, [returnTo]);
  const closeDeparture = () => {
    if (selected) setReturnTo(slotKey(selected));
    setSelected(null);
  };
  const range = gridRange(month);
  const availability = useProductAvailability(productId, range.from, range.to);
  const slots = availability.data ?? [];
  const weeks = useMemo(() => buildMonthGrid(month, slots, { today, closedDates }), [month, slots, today, closedDates]);
  const summary = monthSummary(slots, month);
  const loading = isCalendarLoading(availability);

  const departureButton = (slot: TAvailabilitySlot, compact: boolean) => {
    const tone = slotTone(slot);
    const content = (
      <>
        <span className={classes.slotTime}>{slot.time}</span>{' '}
        <span className={classes.slotSeats}>{slot.closed ? 'Cerrada' : `${slot.seats_left}/${slot.capacity}`}</span>
      </>
    );
    return canManage ? (
      <UnstyledButton
        key={slotKey(slot)}
        data-slot={slotKey(slot)}
        className={classes.slot}
        data-tone={tone}
        data-compact={compact || undefined}
        aria-label={`${slotLabel(slot)}. Cambiar plazas o cerrar`}
        onClick={() => setSelected(slot)}
      >
        {content}
      </UnstyledButton>
    ) : (
      <div
        key={slotKey(slot)}
        className={classes.slot}
        data-tone={tone}
        data-compact={compact || undefined}
        title={slotLabel(slot)}
      >
        {content}
      </div>
    );
  };

  const monthDay = (day: TCalendarDay) => (
    <Stack gap={3} mt={3}>
      {day.slots.map((s) => departureButton(s, true))}
      {day.isClosedDate && day.slots.length === 0 ? <Text className={classes.closedDay}>Cerrado</Text> : null}
    </Stack>
  );

  // What a screen reader hears of a day after its date; without the right to change them the
  // departures are not focusable, so the day says them all.
  const daySummary = (day: TCalendarDay) => {
    const count = day.slots.length;
    const closed = day.isClosedDate ? 'fecha cerrada, ' : '';
    if (!count) return { count, text: `${closed}sin salidas` };
    const list = canManage ? '' : `: ${day.slots.map(slotLabel).join('; ')}`;
    return { count, text: `${closed}${plural(count, 'salida', 'salidas')}${list}` };
  };

  const agendaDays = weeks.flat().filter((d) => d.inMonth && (d.slots.length > 0 || d.isClosedDate));

  return (
    <Stack gap="sm" ref={root}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <CalendarNav
          title={monthLabel(month)}
          titleTestId="calendar-month"
          titleWidth={150}
          onPrev={() => setMonth(shiftMonth(month, -1))}
          onNext={() => setMonth(shiftMonth(month, 1))}
          onToday={month !== monthOf(today) ? () => setMonth(monthOf(today)) : undefined}
        />
        <Text size="sm" c="dimmed">
          {plural(summary.departures, 'salida', 'salidas')} ·{' '}
          {plural(summary.seatsLeft, 'plaza libre', 'plazas libres')} · {summary.seatsTaken.toLocaleString('es-ES')} pax
          reservados
          {summary.closed ? ` · ${plural(summary.closed, 'cerrada', 'cerradas')}` : ''}
        </Text>
      </Group>

      {hasUnsavedAvailability ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} py={8}>
          El calendario muestra la disponibilidad guardada. Guarda los cambios de reglas o fechas cerradas para verlos
          aquí.
        </Alert>
      ) : null}

      <CalendarBody query={availability} errorTitle="No se han podido cargar las salidas">
        {isPhone ? (
          <CalendarAgenda
            label={`Salidas de ${monthLabel(month)}`}
            emptyText={agendaDays.length === 0 && !loading ? 'No hay salidas este mes.' : null}
          >
            {agendaDays.map((d) => (
              <Group
                key={d.date}
                className={calendarClasses.agendaDay}
                data-date={d.date}
                gap="sm"
                wrap="nowrap"
                align="flex-start"
              >
                <Text size="sm" fw={600} w={86} style={{ flex: 'none' }} c={d.isPast ? 'dimmed' : undefined}>
                  {formatDay(d.date).replace(/ \d{4}$/, '')}
                </Text>
                <Group gap={6} wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
                  {d.slots.map((s) => departureButton(s, false))}
                  {d.isClosedDate && d.slots.length === 0 ? <Text className={classes.closedDay}>Cerrado</Text> : null}
                </Group>
              </Group>
            ))}
          </CalendarAgenda>
        ) : (
          <MonthGrid
            weeks={weeks}
            label={`Salidas de ${monthLabel(month)}`}
            cellClassName={classes.monthDay}
            renderDay={monthDay}
            summarizeDay={daySummary}
            onMonthChange={setMonth}
          />
        )}
      </CalendarBody>

      <CalendarLegend
        labels={TONE_LABELS}
        toneClassName={classes.legendTone}
        note={`· libres/plazas${canManage ? ' · pulsa una salida para cambiar sus plazas o cerrarla' : ''}`}
      />

      {canManage ? (
        <DepartureModal
          productId={productId}
          productCapacity={productCapacity}
          timeZone={timeZone}
          slot={selected}
          onClose={closeDeparture}
        />
      ) : null}
    </Stack>
  );
}

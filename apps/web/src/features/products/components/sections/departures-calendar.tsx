import { Alert, Box, Button, Group, LoadingOverlay, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import type { TAvailabilitySlot } from '@trayecto/shared';
import { useMemo, useState } from 'react';
import { IconButton } from '../../../../components/icon-button';
import { LoadErrorAlert } from '../../../../components/load-error-alert';
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
import { formatDay, WEEKDAYS } from '../../utils/product-format';
import { DepartureModal } from './departure-modal';
import classes from './departures-calendar.module.css';

const monthFmt = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-07" → "Julio 2026" */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const s = monthFmt.format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1))).replace(' de ', ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const TONE_LABELS: Record<TSlotTone, string> = {
  available: 'Con plazas',
  low: 'Pocas plazas',
  full: 'Completa',
  closed: 'Cerrada',
};

/** "09:00, 38 de 50 plazas libres" — what a screen reader hears for one departure. */
export function slotLabel(slot: TAvailabilitySlot): string {
  if (slot.closed) return `${slot.time}, cerrada`;
  return `${slot.time}, ${slot.seats_left} de ${plural(slot.capacity, 'plaza libre', 'plazas libres')}`;
}

/**
 * The real departures of a month (GET …/availability), each with seats left / capacity. Staff who
 * may edit the availability click a departure to change its capacity or close / reopen it.
 */
export function DeparturesCalendar({
  productId,
  productCapacity,
  closedDates,
  today,
  canManage,
  hasUnsavedAvailability,
}: {
  productId: string;
  productCapacity: number;
  closedDates: readonly string[];
  today: string;
  canManage: boolean;
  /** The rules or closed dates in the form differ from the saved ones. */
  hasUnsavedAvailability: boolean;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [month, setMonth] = useState(() => monthOf(today));
  const [selected, setSelected] = useState<TAvailabilitySlot | null>(null);
  const range = gridRange(month);
  const availability = useProductAvailability(productId, range.from, range.to);
  const slots = availability.data ?? [];
  const weeks = useMemo(() => buildMonthGrid(month, slots, { today, closedDates }), [month, slots, today, closedDates]);
  const summary = monthSummary(slots, month);
  const loading = availability.isFetching && (availability.isPlaceholderData || !availability.data);

  const departureButton = (slot: TAvailabilitySlot, compact: boolean) => {
    const tone = slotTone(slot);
    const content = (
      <>
        <span className={classes.slotTime}>{slot.time}</span>
        <span className={classes.slotSeats}>{slot.closed ? 'Cerrada' : `${slot.seats_left}/${slot.capacity}`}</span>
      </>
    );
    return canManage ? (
      <UnstyledButton
        key={`${slot.date}-${slot.time}`}
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
        key={`${slot.date}-${slot.time}`}
        className={classes.slot}
        data-tone={tone}
        data-compact={compact || undefined}
        title={slotLabel(slot)}
      >
        {content}
      </div>
    );
  };

  const dayCell = (day: TCalendarDay) => (
    <td
      key={day.date}
      className={classes.day}
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
      <Stack gap={3}>
        {day.slots.map((s) => departureButton(s, true))}
        {day.isClosedDate && day.slots.length === 0 ? <Text className={classes.closedDay}>Cerrado</Text> : null}
      </Stack>
    </td>
  );

  const agendaDays = weeks.flat().filter((d) => d.inMonth && (d.slots.length > 0 || d.isClosedDate));

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <IconButton
            label="Mes anterior"
            icon={IconChevronLeft}
            variant="default"
            onClick={() => setMonth(shiftMonth(month, -1))}
          />
          <Text fw={700} w={150} ta="center" aria-live="polite" data-testid="calendar-month">
            {monthLabel(month)}
          </Text>
          <IconButton
            label="Mes siguiente"
            icon={IconChevronRight}
            variant="default"
            onClick={() => setMonth(shiftMonth(month, 1))}
          />
          {month !== monthOf(today) ? (
            <Button variant="subtle" size="compact-sm" ml={4} onClick={() => setMonth(monthOf(today))}>
              Hoy
            </Button>
          ) : null}
        </Group>
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

      {availability.isError ? (
        <LoadErrorAlert
          title="No se han podido cargar las salidas"
          message={availability.error.message}
          onRetry={availability.refetch}
        />
      ) : null}

      <Box pos="relative">
        <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
        {isPhone ? (
          <Stack gap={0} className={classes.agenda} aria-label={`Salidas de ${monthLabel(month)}`}>
            {agendaDays.length === 0 && !loading ? (
              <Text size="sm" c="dimmed" p="md" ta="center">
                No hay salidas este mes.
              </Text>
            ) : null}
            {agendaDays.map((d) => (
              <Group key={d.date} className={classes.agendaDay} gap="sm" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600} w={86} style={{ flex: 'none' }} c={d.isPast ? 'dimmed' : undefined}>
                  {formatDay(d.date).replace(/ \d{4}$/, '')}
                </Text>
                <Group gap={6} wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
                  {d.slots.map((s) => departureButton(s, false))}
                  {d.isClosedDate && d.slots.length === 0 ? <Text className={classes.closedDay}>Cerrado</Text> : null}
                </Group>
              </Group>
            ))}
          </Stack>
        ) : (
          <table className={classes.grid} aria-label={`Salidas de ${monthLabel(month)}`}>
            <thead>
              <tr>
                {WEEKDAYS.map((d) => (
                  <th key={d.value} className={classes.weekday} scope="col">
                    <abbr title={d.name} style={{ textDecoration: 'none' }}>
                      {d.name.slice(0, 3)}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week[0]?.date}>{week.map(dayCell)}</tr>
              ))}
            </tbody>
          </table>
        )}
      </Box>

      <Group gap="md" wrap="wrap" aria-label="Leyenda">
        {(Object.keys(TONE_LABELS) as TSlotTone[]).map((tone) => (
          <Group key={tone} gap={6} wrap="nowrap">
            <span className={classes.legendDot} data-tone={tone} aria-hidden />
            <Text size="xs" c="dimmed">
              {TONE_LABELS[tone]}
            </Text>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          · libres/plazas{canManage ? ' · pulsa una salida para cambiar sus plazas o cerrarla' : ''}
        </Text>
      </Group>

      {canManage ? (
        <DepartureModal
          productId={productId}
          productCapacity={productCapacity}
          slot={selected}
          onClose={() => setSelected(null)}
        />
      ) : null}
    </Stack>
  );
}

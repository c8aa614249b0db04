import { Badge, Tooltip } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { type TVehicleResponse, VEHICLE_STATE, VEHICLE_STATE_NAMES } from '@trayecto/shared';
import { formatDay, periodCovers, todayIso } from '../../../lib/dates';

const STATE_COLOR: Record<number, string> = {
  [VEHICLE_STATE.ACTIVE]: 'green',
  [VEHICLE_STATE.INACTIVE]: 'gray',
  [VEHICLE_STATE.WORKSHOP]: 'orange',
};

/** Activo green, Inactivo gray, En taller orange. */
export function VehicleStateBadge({ state }: { state: number }) {
  return (
    <Badge color={STATE_COLOR[state] ?? 'gray'} variant="light" radius="sm" style={{ flex: 'none' }}>
      {VEHICLE_STATE_NAMES[state] ?? `Estado ${state}`}
    </Badge>
  );
}

/** The period that makes the vehicle unavailable today, for the marker's tooltip. */
export function currentPeriod(v: TVehicleResponse, today = todayIso()) {
  return (v.unavailable_periods ?? []).find((p) => periodCovers(p, today)) ?? null;
}

/** "No disponible hoy" marker, with the period and its reason in a tooltip. */
export function UnavailableTodayBadge({ vehicle }: { vehicle: TVehicleResponse }) {
  if (!vehicle.unavailable_today) return null;
  const p = currentPeriod(vehicle);
  const detail = p
    ? `${p.reason ? `${p.reason}: ` : ''}${formatDay(p.from)} – ${formatDay(p.to)}`
    : 'Tiene un periodo no disponible que incluye hoy.';
  return (
    <Tooltip label={detail} multiline maw={280}>
      <Badge
        color="red"
        variant="outline"
        radius="sm"
        tt="none"
        leftSection={<IconCalendarOff size={12} aria-hidden />}
        style={{ flex: 'none' }}
        tabIndex={0}
        aria-label={`No disponible hoy. ${detail}`}
      >
        No disponible hoy
      </Badge>
    </Tooltip>
  );
}

import { Badge, Group, Progress, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TSheetConflict, TSheetSummary } from '@trayecto/shared';
import { sheetStateColor, sheetStateName } from '../utils/sheet-states';
import { checkInProgress, paxLabel, seatsLabel, sheetLoad } from '../utils/sheet-view';
import classes from './sheets.module.css';

/** Borrador / Confirmada / En curso / Finalizada, one colour per state everywhere. */
export function SheetStateBadge({ state, size = 'sm' }: { state: string; size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' }) {
  return (
    <Badge color={sheetStateColor(state)} variant="light" radius="sm" size={size} miw="max-content" component="span">
      {sheetStateName(state)}
    </Badge>
  );
}

/** "12 / 25" pax on board against the vehicle's seats, with a warning icon when they do not fit. */
export function LoadCell({ sheet }: { sheet: Pick<TSheetSummary, 'pax' | 'seats' | 'capacity' | 'vehicle'> }) {
  const load = sheetLoad(sheet);
  const label = load.ofVehicle
    ? `${paxLabel(load.pax)}, ${seatsLabel(load.seats)} ocupadas de ${seatsLabel(load.of)} del vehículo`
    : `${paxLabel(load.pax)}, ${seatsLabel(load.seats)} ocupadas; sin vehículo (salida de ${seatsLabel(load.of)})`;
  return (
    <Tooltip label={label} multiline maw={260}>
      <Group gap={6} wrap="nowrap" aria-label={load.over ? `${label}. Exceso de plazas` : label} role="group">
        {load.over ? (
          <ThemeIcon color="orange" variant="light" size="sm" radius="xl" aria-hidden>
            <IconAlertTriangle size={14} />
          </ThemeIcon>
        ) : null}
        <Text size="sm" fw={600} c={load.over ? 'orange.8' : undefined} className={classes.num}>
          {load.seats}
          <Text span c="dimmed" fw={400}>
            {' / '}
            {load.ofVehicle ? load.of : '—'}
          </Text>
        </Text>
        {load.pax !== load.seats ? (
          <Text span size="xs" c="dimmed">
            ({paxLabel(load.pax)})
          </Text>
        ) : null}
      </Group>
    </Tooltip>
  );
}

/** "4 / 13" pax checked in with a thin bar. */
export function CheckInCell({
  sheet,
  width = 90,
}: {
  sheet: Pick<TSheetSummary, 'pax' | 'checked_in_pax' | 'bookings_count'>;
  width?: number;
}) {
  const p = checkInProgress(sheet);
  return (
    <Stack gap={3} w={width} aria-label={`Embarque: ${p.done} de ${paxLabel(p.total)}`} role="group">
      <Text size="xs" c={p.total > 0 && p.done === p.total ? 'teal.8' : 'dimmed'} fw={600} className={classes.num}>
        {p.done} / {p.total}
      </Text>
      <Progress value={p.percent} size="sm" radius="xl" color={p.percent === 100 ? 'teal' : 'brand'} aria-hidden />
    </Stack>
  );
}

/** The warnings of a sheet in a list: an orange count with the sentences on hover. */
export function WarningsCell({ warnings }: { warnings: readonly TSheetConflict[] }) {
  if (warnings.length === 0) return null;
  return (
    <Tooltip
      multiline
      maw={340}
      label={
        <Stack gap={4}>
          {warnings.map((w) => (
            <Text key={`${w.kind}-${w.resource_id}-${w.other_sheet_id}`} size="xs">
              {w.message}
            </Text>
          ))}
        </Stack>
      }
    >
      <Badge
        color="orange"
        variant="light"
        radius="sm"
        leftSection={<IconAlertTriangle size={12} aria-hidden />}
        aria-label={`${warnings.length} ${warnings.length === 1 ? 'aviso' : 'avisos'}: ${warnings.map((w) => w.message).join('. ')}`}
        component="span"
      >
        {warnings.length}
      </Badge>
    </Tooltip>
  );
}

/**
 * The warnings of a sheet written out, for a phone's card (no hover there): one short orange line
 * each.
 */
export function WarningsText({ warnings }: { warnings: readonly TSheetConflict[] }) {
  if (warnings.length === 0) return null;
  return (
    <Stack gap={2} aria-label={warnings.length === 1 ? 'Aviso' : 'Avisos'} role="group">
      {warnings.map((w) => (
        <Text key={`${w.kind}-${w.resource_id}-${w.other_sheet_id}`} size="xs" c="orange.9" lh={1.35}>
          <IconAlertTriangle size={12} style={{ verticalAlign: -1 }} aria-hidden /> {w.message}
        </Text>
      ))}
    </Stack>
  );
}

import { Badge, EmptyState, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronRight, IconClipboardList, IconMapPin } from '@tabler/icons-react';
import { pathTo, type TSheetResponse, type TSheetSummary } from '@trayecto/shared';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { getCurrentUser } from '../../../lib/auth-storage';
import { todayIso } from '../../../lib/dates';
import { useScheduleSheetDetails } from '../api/get-schedule-sheet';
import { useScheduleSheets } from '../api/list-schedule-sheets';
import { sheetStateColor } from '../utils/sheet-states';
import {
  checkInProgress,
  endTime,
  formatLongDay,
  paxLabel,
  routeRows,
  routeTotals,
  shiftDay,
} from '../utils/sheet-view';
import { SheetStateBadge } from './sheet-badges';
import classes from './sheets.module.css';
import { useDayParam } from './sheets-list-screen';

function firstName(): string {
  try {
    return getCurrentUser().name.split(/\s+/)[0] ?? '';
  } catch {
    return '';
  }
}

/** One of my sheets: a big card — time, product, first pickup, pax, check-in — that opens it. */
function CrewSheetCard({ sheet, detail }: { sheet: TSheetSummary; detail?: TSheetResponse }) {
  const first = detail ? routeTotals(routeRows(detail.stops)).firstPickup : null;
  const progress = checkInProgress(sheet);
  const colour = sheetStateColor(sheet.state);
  return (
    <Link
      to={pathTo('scheduleEdit', { id: sheet.id })}
      className={classes.crewCard}
      style={{ '--card-accent': `var(--mantine-color-${colour}-6)` } as React.CSSProperties}
      aria-label={`${sheet.time} ${sheet.product.name}, ${paxLabel(sheet.pax)}`}
    >
      <Group justify="space-between" wrap="nowrap" align="center" gap="md">
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="sm" wrap="nowrap" align="baseline">
            <span className={classes.crewTime}>{sheet.time}</span>
            <Text size="sm" c="dimmed" className={classes.num}>
              a {endTime(sheet.time, sheet.product.duration_minutes)}
            </Text>
            <SheetStateBadge state={sheet.state} />
          </Group>
          <Text fw={700} size="lg" lh={1.25}>
            {sheet.product.name}
          </Text>
          {detail ? (
            first ? (
              <Text size="sm">
                <IconMapPin size={15} style={{ verticalAlign: -2 }} aria-hidden /> Primera recogida{' '}
                <strong className={classes.num}>{first.time}</strong> · {first.place}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                Sin recogidas
              </Text>
            )
          ) : (
            <Skeleton h={16} w="70%" />
          )}
          <Group gap="xs" wrap="wrap">
            <Badge size="lg" variant="light" color="gray" radius="sm" component="span">
              {paxLabel(sheet.pax)}
            </Badge>
            <Badge
              size="lg"
              variant="light"
              color={progress.total > 0 && progress.done === progress.total ? 'teal' : 'brand'}
              radius="sm"
              component="span"
            >
              Embarcados {progress.done}/{progress.total}
            </Badge>
            {sheet.vehicle ? (
              <Badge size="lg" variant="outline" color="gray" radius="sm" component="span" ff="monospace">
                {sheet.vehicle.plate}
              </Badge>
            ) : null}
            {sheet.warnings.length > 0 ? (
              <Badge
                size="lg"
                color="orange"
                variant="light"
                radius="sm"
                component="span"
                leftSection={<IconAlertTriangle size={14} />}
              >
                {sheet.warnings.length}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <IconChevronRight size={26} color="var(--mantine-color-gray-5)" aria-hidden />
      </Group>
    </Link>
  );
}

/**
 * Chofer and Guía land here (PRODUCT §5: "drivers and guides land on their own sheets of today"):
 * their sheets of the day as big cards for a phone, today by default, tomorrow one tap away.
 */
export function CrewSheetsScreen() {
  const [date, setDate] = useDayParam();
  const today = todayIso();
  const query = useScheduleSheets(date);
  const sheets = query.data ?? [];
  const details = useScheduleSheetDetails(sheets.map((s) => s.id));
  const name = firstName();
  const label =
    date === today ? 'Hoy' : date === shiftDay(today, 1) ? 'Mañana' : date === shiftDay(today, -1) ? 'Ayer' : '';

  return (
    <Stack gap="md" maw={720} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {label === 'Hoy' ? 'Mis hojas de hoy' : label ? `Mis hojas de ${label.toLowerCase()}` : 'Mis hojas'}
        </Title>
        <Text c="dimmed" size="sm">
          {name ? `Hola, ${name}. ` : ''}
          {formatLongDay(date)}
        </Text>
      </div>
      <SegmentedControl
        value={label}
        onChange={(v) => setDate(v === 'Ayer' ? shiftDay(today, -1) : v === 'Mañana' ? shiftDay(today, 1) : today)}
        data={['Ayer', 'Hoy', 'Mañana']}
        fullWidth
        size="md"
        aria-label="Día"
      />
      {query.isError ? (
        <LoadErrorAlert
          title="No se han podido cargar tus hojas"
          message={query.error.message}
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : null}
      {query.isLoading && !query.data ? (
        <Stack gap="sm" aria-busy="true" aria-label="Cargando tus hojas">
          <Skeleton h={130} radius="lg" />
          <Skeleton h={130} radius="lg" />
        </Stack>
      ) : sheets.length === 0 && !query.isError ? (
        <Paper withBorder radius="lg" p="lg">
          <EmptyState
            variant="light"
            icon={<IconClipboardList size={28} />}
            title={label === 'Hoy' ? 'Hoy no tienes hojas asignadas' : 'No tienes hojas asignadas este día'}
            description="Cuando la oficina te asigne a una salida, aparecerá aquí con su ruta y sus pasajeros."
          />
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Mis hojas">
          {sheets.map((s, i) => (
            <li key={s.id}>
              <CrewSheetCard sheet={s} detail={details[i]?.data} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

import { Badge, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight, IconClipboardList, IconMapPin } from '@tabler/icons-react';
import { pathTo, type TSheetResponse, type TSheetSummary } from '@trayecto/shared';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { getCurrentUser } from '../../../lib/auth-storage';
import { todayIso } from '../../../lib/dates';
import { useScheduleSheetDetails } from '../api/get-schedule-sheet';
import { useScheduleSheets, useScheduleSheetsBetween } from '../api/list-schedule-sheets';
import { sheetStateColor } from '../utils/sheet-states';
import {
  checkInProgress,
  crewDayTitle,
  endTime,
  formatLongDay,
  paxLabel,
  relativeDay,
  routeRows,
  routeTotals,
  shiftDay,
} from '../utils/sheet-view';
import { SheetStateBadge, WarningsText } from './sheet-badges';
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
          </Group>
          <WarningsText warnings={sheet.warnings} />
        </Stack>
        <IconChevronRight size={26} color="var(--mantine-color-gray-5)" aria-hidden />
      </Group>
    </Link>
  );
}

/** The crew's days: yesterday, today and the next seven (issue 12: "crew see their week"). */
export const CREW_DAYS = { before: 1, after: 7 } as const;

const weekdayFmt = new Intl.DateTimeFormat('es-ES', { weekday: 'short', timeZone: 'UTC' });
const weekdayOf = (date: string) => weekdayFmt.format(new Date(`${date}T00:00:00Z`)).replace('.', '');

/**
 * A strip of day buttons from yesterday to a week ahead, each with how many sheets it holds: one
 * tap to any day of the week, all of it visible on a 390 px phone.
 */
function CrewWeekNav({
  date,
  today,
  counts,
  onChange,
}: {
  date: string;
  today: string;
  counts: ReadonlyMap<string, number> | null;
  onChange: (date: string) => void;
}) {
  const days = Array.from({ length: CREW_DAYS.before + CREW_DAYS.after + 1 }, (_, i) =>
    shiftDay(today, i - CREW_DAYS.before),
  );
  return (
    <fieldset aria-label="Días" className={classes.weekStrip}>
      {days.map((d) => {
        const n = counts?.get(d) ?? 0;
        const rel = relativeDay(d, today);
        const what = counts ? (n === 0 ? 'sin hojas' : n === 1 ? '1 hoja' : `${n} hojas`) : '';
        // What the button shows: "Hoy 23" then the count ("2") or a dot, said as "2 hojas".
        const shown = `${d === today ? 'Hoy' : weekdayOf(d)} ${Number(d.slice(8))}`;
        return (
          <button
            key={d}
            type="button"
            className={classes.weekDay}
            aria-pressed={d === date}
            data-today={d === today || undefined}
            // Starts with what it shows ("Hoy 23", "dom 22"), WCAG 2.5.3; the count is said in words.
            aria-label={`${shown}${what ? `, ${what}` : ''}${rel && rel !== 'Hoy' ? `, ${rel.toLowerCase()}` : ''}, ${formatLongDay(d)}`}
            onClick={() => onChange(d)}
          >
            <span className={classes.weekDayName}>{d === today ? 'Hoy' : weekdayOf(d)}</span>{' '}
            <span className={classes.weekDayNum}>{Number(d.slice(8))}</span>{' '}
            <span className={classes.weekDayCount} data-empty={n === 0 || undefined}>
              {n > 0 ? n : '·'}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}

/**
 * Chofer and Guía land here (PRODUCT §5: "drivers and guides land on their own sheets of today"):
 * their sheets of the day as big cards for a phone, today by default; yesterday and the next seven
 * days one tap away, each day showing how many sheets it holds.
 */
export function CrewSheetsScreen() {
  const [date, setDate] = useDayParam();
  const today = todayIso();
  const query = useScheduleSheets(date);
  const week = useScheduleSheetsBetween(shiftDay(today, -CREW_DAYS.before), shiftDay(today, CREW_DAYS.after));
  const counts = week.data
    ? week.data.reduce((m, s) => m.set(s.date, (m.get(s.date) ?? 0) + 1), new Map<string, number>())
    : null;
  const sheets = query.data ?? [];
  const details = useScheduleSheetDetails(sheets.map((s) => s.id));
  const name = firstName();

  return (
    <Stack gap="md" maw={720} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {crewDayTitle(date, today)}
        </Title>
        <Text c="dimmed" size="sm">
          {name ? `Hola, ${name}. ` : ''}
          {formatLongDay(date)}
        </Text>
      </div>
      <CrewWeekNav date={date} today={today} counts={counts} onChange={setDate} />
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
            title={date === today ? 'Hoy no tienes hojas asignadas' : 'No tienes hojas asignadas este día'}
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

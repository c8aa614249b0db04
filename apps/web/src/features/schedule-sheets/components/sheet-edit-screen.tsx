import { Badge, Box, Button, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBus,
  IconClipboardOff,
  IconClock,
  IconPrinter,
  IconSteeringWheel,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { pathTo, type TSheetResponse } from '@trayecto/shared';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RecordBreadcrumbs, RecordLoadError } from '../../../components/record-page';
import { getRoles } from '../../../lib/auth-storage';
import { formatDay, todayIso } from '../../../lib/dates';
import { useIsPhone } from '../../../lib/use-is-phone';
import { AuditTrail } from '../../audit-log';
import { useScheduleSheet } from '../api/get-schedule-sheet';
import { sheetAccess, type TSheetAccess } from '../utils/sheet-access';
import {
  checkInProgress,
  endTime,
  formatLongDay,
  paxLabel,
  routeRows,
  routeTotals,
  sheetLoad,
} from '../utils/sheet-view';
import { AssignmentForm } from './assignment-form';
import { CheckInPanel, PASSENGERS_ANCHOR } from './check-in-panel';
import { PickupRoute } from './pickup-route';
import { PrintSheetView } from './print-view';
import { SheetStateBadge } from './sheet-badges';
import { CrewNames, PhoneLink } from './sheet-people';
import { SheetStateActions, SheetStateReasons } from './sheet-state-actions';
import { WarningsPanel } from './sheet-warnings';
import classes from './sheets.module.css';

function listCrumb(sheet?: TSheetResponse) {
  const base = pathTo('scheduleSheetsIndex');
  return {
    label: 'Hojas de servicio',
    to: sheet && sheet.date !== todayIso() ? `${base}?date=${sheet.date}` : base,
    back: 'Volver a las hojas',
  };
}

/** A figure of the sheet at a glance: icon, label, value. */
function Fact({ icon, label, children, tone }: { icon: ReactNode; label: string; children: ReactNode; tone?: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color={tone ?? 'brand'} size={36} radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
          {label}
        </Text>
        <Box fz="sm" fw={600}>
          {children}
        </Box>
      </div>
    </Group>
  );
}

/** Pax against seats, check-in, first pickup, the crew: the sheet at a glance. */
function SheetFacts({ sheet }: { sheet: TSheetResponse }) {
  const load = sheetLoad(sheet);
  const progress = checkInProgress(sheet, sheet.passengers);
  const totals = routeTotals(routeRows(sheet.stops));
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" mb="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md">
        <Fact icon={<IconUsersGroup size={20} />} label="Pax / plazas" tone={load.over ? 'orange' : undefined}>
          <Text span fw={700} c={load.over ? 'orange.8' : undefined} className={classes.num}>
            {load.seats}
            {load.ofVehicle ? ` / ${load.of}` : ''}
          </Text>{' '}
          <Text span size="xs" c="dimmed">
            {paxLabel(load.pax)} · {sheet.bookings_count} {sheet.bookings_count === 1 ? 'reserva' : 'reservas'}
          </Text>
          {load.over ? (
            <Text size="xs" c="orange.8">
              <IconAlertTriangle size={12} style={{ verticalAlign: -1 }} aria-hidden /> No caben en el vehículo
            </Text>
          ) : null}
        </Fact>
        <Fact icon={<IconClock size={20} />} label="Primera recogida">
          {totals.firstPickup ? (
            <>
              <span className={classes.num}>{totals.firstPickup.time}</span>{' '}
              <Text span size="xs" c="dimmed">
                {totals.firstPickup.place}
              </Text>
            </>
          ) : (
            '—'
          )}
        </Fact>
        <Fact icon={<IconBus size={20} />} label="Vehículo">
          {sheet.vehicle ? (
            <>
              <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{sheet.vehicle.plate}</span>{' '}
              <Text span size="xs" c="dimmed">
                {sheet.vehicle.seats} plazas
              </Text>
            </>
          ) : (
            <Text span c="dimmed" fs="italic" size="sm">
              Sin asignar
            </Text>
          )}
        </Fact>
        <Fact icon={<IconUser size={20} />} label="Embarque" tone={progress.percent === 100 ? 'teal' : undefined}>
          <span className={classes.num}>
            {progress.done} / {progress.total}
          </span>{' '}
          <Text span size="xs" c="dimmed">
            pax
          </Text>
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}

/** For Chofer and Guía: who goes with them, read-only (they do not assign). */
function CrewCard({ sheet }: { sheet: TSheetResponse }) {
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-label="Equipo">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Fact icon={<IconSteeringWheel size={20} />} label="Chofer">
          <CrewNames sheet={sheet} kind="driver" />
          {sheet.driver?.phone ? <PhoneLink phone={sheet.driver.phone} size="xs" /> : null}
        </Fact>
        <Fact icon={<IconUser size={20} />} label="Guía">
          <CrewNames sheet={sheet} kind="guide" />
          {sheet.guide?.phone ? <PhoneLink phone={sheet.guide.phone} size="xs" /> : null}
        </Fact>
        <Fact icon={<IconBus size={20} />} label="Vehículo">
          {sheet.vehicle ? `${sheet.vehicle.plate} · ${sheet.vehicle.name}` : 'Sin asignar'}
        </Fact>
      </SimpleGrid>
      {sheet.notes ? (
        <Text size="sm" mt="sm" c="yellow.9" style={{ whiteSpace: 'pre-wrap' }}>
          {sheet.notes}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * With `#embarque` (the home's "Pasajeros") the sheet opens at its passenger list once it is drawn: scrolled into view below
 * the header, the focus on its heading (so Tab goes on from there, not from the top).
 */
function usePassengersAnchor(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash !== `#${PASSENGERS_ANCHOR}`) return;
    const heading = document.getElementById(PASSENGERS_ANCHOR);
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    (heading.closest('section') ?? heading).scrollIntoView({ block: 'start' });
    window.scrollBy(0, -72); // the app's header
    heading.focus({ preventScroll: true });
  }, [ready, hash]);
}

function LoadingSheet() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Cargando la hoja">
      <Skeleton h={14} w={220} />
      <Skeleton h={34} w="50%" />
      <Skeleton h={80} radius="lg" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Skeleton h={420} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Skeleton h={420} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * /schedule-sheets/{id} (PRODUCT §4, §5): the header with the state and its buttons, the warnings,
 * the assignment (planners only), the pickup route and the passenger list with check-in, and
 * "Imprimir". Chofer and Guía see the route first, then the passengers stop by stop with check-in,
 * and no assignment controls.
 */
export function SheetEditScreen() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const access: TSheetAccess = useMemo(() => sheetAccess(getRoles()), []);
  const isPhone = useIsPhone();
  const query = useScheduleSheet(id);
  const sheet = query.data;
  usePassengersAnchor(Boolean(sheet) && params.get('print') !== '1');

  if (!sheet) {
    if (query.isError) {
      return (
        <RecordLoadError
          query={query}
          parent={listCrumb()}
          icon={<IconClipboardOff size={28} />}
          texts={{
            notFoundCrumb: 'Hoja no encontrada',
            notFoundTitle: 'No encontramos esta hoja de servicio',
            notFoundDescription: access.isCrew
              ? 'Puede que ya no estés asignado a ella o que se haya eliminado.'
              : 'Puede que se haya eliminado (solo se eliminan borradores) o que el enlace no sea correcto.',
            errorTitle: 'No se ha podido cargar la hoja',
          }}
        />
      );
    }
    return <LoadingSheet />;
  }

  if (params.get('print') === '1') return <PrintSheetView sheet={sheet} />;

  const printButton = (
    <Button
      variant="default"
      component={Link}
      to="?print=1"
      state={{ autoPrint: true }}
      leftSection={<IconPrinter size={18} aria-hidden />}
    >
      Imprimir
    </Button>
  );
  const stateActions = (
    <SheetStateActions
      sheet={sheet}
      access={access}
      size={isPhone && access.isCrew ? 'lg' : 'sm'}
      fullWidth={isPhone && access.isCrew}
    />
  );

  return (
    <>
      <RecordBreadcrumbs parent={listCrumb(sheet)} current={`${sheet.product.name} · ${formatDay(sheet.date)}`} />
      <PageHeader
        title={sheet.product.name}
        description={
          <Group gap={8} component="span" wrap="wrap">
            <SheetStateBadge state={sheet.state} size="md" />
            <Text span size="sm" fw={500} c="dark">
              {formatLongDay(sheet.date)}
            </Text>
            <Text span size="sm" className={classes.num}>
              {sheet.time}–{endTime(sheet.time, sheet.product.duration_minutes)}
            </Text>
            {sheet.warnings.length > 0 ? (
              <Badge
                component="span"
                color="orange"
                variant="light"
                radius="sm"
                leftSection={<IconAlertTriangle size={12} aria-hidden />}
              >
                {sheet.warnings.length} {sheet.warnings.length === 1 ? 'aviso' : 'avisos'}
              </Badge>
            ) : null}
          </Group>
        }
        actions={
          <>
            {isPhone && access.isCrew ? null : stateActions}
            {printButton}
          </>
        }
      />
      {isPhone && access.isCrew ? (
        <Stack gap="xs" mb="lg">
          {stateActions}
          <SheetStateReasons sheet={sheet} access={access} />
        </Stack>
      ) : (
        <Box mt={-8} mb="lg">
          <SheetStateReasons sheet={sheet} access={access} />
        </Box>
      )}
      <WarningsPanel warnings={sheet.warnings} />

      {access.isCrew ? (
        // The driver's order (issue 12): the route first, then who to collect at each stop.
        <Stack gap="lg">
          <PickupRoute sheet={sheet} compact />
          <CheckInPanel sheet={sheet} canCheckIn={access.canWork} canOverride={false} />
          <CrewCard sheet={sheet} />
        </Stack>
      ) : (
        <>
          <SheetFacts sheet={sheet} />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 5 }} order={{ base: 1, lg: 2 }}>
              <Stack gap="lg">
                <AssignmentForm sheet={sheet} onReload={async () => (await query.refetch()).data} />
                <AuditTrail entityType="schedule_sheet" entityId={sheet.id} revision={sheet.version} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 7 }} order={{ base: 2, lg: 1 }}>
              <Stack gap="lg">
                <PickupRoute sheet={sheet} />
                <CheckInPanel sheet={sheet} canCheckIn={access.canWork} canOverride={access.canPlan} />
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </>
  );
}

import { Badge, Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClipboardList, IconPrinter, IconWand } from '@tabler/icons-react';
import { pathTo, type TSheetSummary } from '@trayecto/shared';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type TColumns } from '../../../components/data-table';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { getRoles } from '../../../lib/auth-storage';
import { formatDay, todayIso } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { operatorNameMap, useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useGenerateScheduleSheets } from '../api/generate-schedule-sheets';
import { useScheduleSheets } from '../api/list-schedule-sheets';
import { sheetAccess } from '../utils/sheet-access';
import { endTime, isIsoDay } from '../utils/sheet-view';
import { DayNav } from './day-nav';
import { PrintDayView } from './print-view';
import { CheckInCell, LoadCell, SheetStateBadge, WarningsCell, WarningsText } from './sheet-badges';
import { CrewNames, VehicleName } from './sheet-people';
import classes from './sheets.module.css';

const sheetPath = (s: TSheetSummary) => pathTo('scheduleEdit', { id: s.id });

/** The day of the URL (?date=), today by default. */
export function useDayParam(): [string, (date: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('date');
  const date = isIsoDay(raw) ? raw : todayIso();
  const setDate = (next: string) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === todayIso()) p.delete('date');
        else p.set('date', next);
        return p;
      },
      { state: { keepScroll: true } },
    );
  return [date, setDate];
}

/** "5 hojas · 45 pax · 2 con avisos" */
function DaySummary({ sheets }: { sheets: readonly TSheetSummary[] }) {
  const pax = sheets.reduce((n, s) => n + s.pax, 0);
  const warned = sheets.filter((s) => s.warnings.length > 0).length;
  const unplanned = sheets.filter((s) => !s.vehicle).length;
  return (
    <Group gap={6} wrap="wrap" aria-live="polite">
      <Badge variant="light" color="gray" radius="sm" size="lg" component="span">
        {plural(sheets.length, 'hoja', 'hojas')}
      </Badge>
      <Badge variant="light" color="gray" radius="sm" size="lg" component="span">
        {pax.toLocaleString('es-ES')} pax
      </Badge>
      {unplanned > 0 ? (
        <Badge variant="light" color="yellow" radius="sm" size="lg" component="span">
          {unplanned} sin vehículo
        </Badge>
      ) : null}
      {warned > 0 ? (
        <Badge variant="light" color="orange" radius="sm" size="lg" component="span">
          {warned} con avisos
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * /schedule-sheets (PRODUCT §5) for the office: the sheets of a day (today by default, kept in the
 * URL) with state, vehicle, crew, pax against seats and check-in; "Crear hojas del día" makes the
 * missing ones from the departures with bookings.
 */
export function SheetsListScreen() {
  const access = useMemo(() => sheetAccess(getRoles()), []);
  const isPhone = useIsPhone();
  const [date, setDate] = useDayParam();
  const [params] = useSearchParams();
  const query = useScheduleSheets(date);
  const generate = useGenerateScheduleSheets();
  const operators = useTourOperatorSelectOptions(access.isAdmin);
  const operatorNames = useMemo(() => operatorNameMap(operators.data), [operators.data]);
  const sheets = query.data ?? [];
  const loading = query.isLoading && !query.data;

  if (params.get('print') === '1') return <PrintDayView date={date} sheets={sheets} loading={loading} />;

  const onGenerate = () =>
    generate.mutate(date, {
      onSuccess: (r) => {
        const title = `${plural(r.created, 'hoja creada', 'hojas creadas')}`;
        const detail =
          r.created === 0
            ? r.existing > 0
              ? `Las ${plural(r.existing, 'salida', 'salidas')} con reservas del ${formatDay(date)} ya tenían hoja.`
              : `No hay salidas con reservas el ${formatDay(date)}.`
            : r.existing > 0
              ? `${plural(r.existing, 'salida ya tenía', 'salidas ya tenían')} hoja.`
              : `Para las salidas con reservas del ${formatDay(date)}.`;
        notifySuccess(title, detail);
      },
      onError: (e) => notifyError('No se han podido crear las hojas', e.message),
    });

  const generateButton = access.canPlan ? (
    <Button leftSection={<IconWand size={18} aria-hidden />} onClick={onGenerate} loading={generate.isPending}>
      Crear hojas del día
    </Button>
  ) : null;

  const columns: TColumns<TSheetSummary> = [
    {
      key: 'time',
      header: 'Hora',
      width: 92,
      nowrap: true,
      cell: (s) => (
        <Stack gap={0}>
          <Text className={classes.time}>{s.time}</Text>
          <Text size="xs" c="dimmed" className={classes.num}>
            a {endTime(s.time, s.product.duration_minutes)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'product',
      header: 'Producto',
      wide: true,
      td: { style: { minWidth: 190 } },
      cell: (s) => (
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} component={Link} to={sheetPath(s)} c="inherit" td="none">
            {s.product.name}
          </Text>
          <Text size="xs" c="dimmed">
            {s.product.code}
            {access.isAdmin && operatorNames.get(s.tour_operator_id)
              ? ` · ${operatorNames.get(s.tour_operator_id)}`
              : ''}
          </Text>
        </Stack>
      ),
    },
    { key: 'state', header: 'Estado', width: 110, cell: (s) => <SheetStateBadge state={s.state} /> },
    { key: 'vehicle', header: 'Vehículo', cell: (s) => <VehicleName vehicle={s.vehicle} /> },
    { key: 'driver', header: 'Chofer', cell: (s) => <CrewNames sheet={s} kind="driver" /> },
    { key: 'guide', header: 'Guía', cell: (s) => <CrewNames sheet={s} kind="guide" /> },
    { key: 'load', header: 'Pax / plazas', width: 130, nowrap: true, cell: (s) => <LoadCell sheet={s} /> },
    { key: 'checkin', header: 'Embarque', width: 110, cell: (s) => <CheckInCell sheet={s} /> },
    {
      key: 'warnings',
      header: 'Avisos',
      width: 76,
      cell: (s) => <WarningsCell warnings={s.warnings} />,
    },
  ];

  return (
    <>
      <PageHeader
        title="Hojas de servicio"
        description="Las órdenes de trabajo de cada salida: vehículo, chofer, guía, ruta de recogida y pasajeros."
        actions={
          <>
            {sheets.length > 0 ? (
              <Button
                variant="default"
                component={Link}
                to={`?${new URLSearchParams({ ...(date !== todayIso() ? { date } : {}), print: '1' })}`}
                state={{ autoPrint: true }}
                leftSection={<IconPrinter size={18} aria-hidden />}
              >
                Imprimir hojas
              </Button>
            ) : null}
            {generateButton}
          </>
        }
      />
      <Paper withBorder radius="lg" shadow="xs">
        <DayNav date={date} onChange={setDate}>
          {sheets.length > 0 ? <DaySummary sheets={sheets} /> : null}
        </DayNav>
        {query.isError ? (
          <LoadErrorAlert
            inset
            title="No se han podido cargar las hojas"
            message={query.error.message}
            onRetry={query.refetch}
            retrying={query.isFetching}
          />
        ) : null}
        <DataTable
          label={`Hojas de servicio del ${formatDay(date)}`}
          rows={sheets}
          columns={columns}
          loading={loading}
          fetching={query.isFetching}
          stale={query.isPlaceholderData}
          miw={960}
          href={sheetPath}
          isPhone={isPhone}
          hideWhenEmpty
          cardLabel={(s) => `${s.time} ${s.product.name}`}
          card={(s) => <SheetCard sheet={s} />}
          cardAside={(s) => <SheetStateBadge state={s.state} />}
        />
        {!loading && !query.isError && sheets.length === 0 ? (
          <EmptyState
            py={48}
            px="md"
            variant="light"
            icon={<IconClipboardList size={28} />}
            title="No hay hojas para este día"
            description={
              access.canPlan
                ? 'Créalas a partir de las salidas con reservas: una hoja por salida, lista para asignar vehículo, chofer y guía.'
                : 'Aún no hay hojas de servicio este día.'
            }
          >
            <EmptyState.Actions>{generateButton}</EmptyState.Actions>
          </EmptyState>
        ) : null}
      </Paper>
    </>
  );
}

/** A sheet on a phone: time and product, then crew, load and check-in, and its warnings written out. */
function SheetCard({ sheet: s }: { sheet: TSheetSummary }) {
  return (
    <Stack gap={4}>
      <Group gap={8} wrap="nowrap">
        <Text className={classes.time}>{s.time}</Text>
        <Text fw={600} size="sm" lineClamp={2}>
          {s.product.name}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {s.vehicle ? `${s.vehicle.plate} · ${s.vehicle.seats} plazas` : 'Sin vehículo'} ·{' '}
        {s.driver?.full_name ?? 'sin chofer'} · {s.guide?.full_name ?? 'sin guía'}
      </Text>
      <Group gap="md" wrap="wrap">
        <LoadCell sheet={s} />
        <CheckInCell sheet={s} />
      </Group>
      <WarningsText warnings={s.warnings} />
    </Stack>
  );
}

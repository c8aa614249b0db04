import { Button, EmptyState, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconClipboardList, IconPlus } from '@tabler/icons-react';
import { ACCESS, hasPermission, LEVEL, pathTo } from '@trayecto/shared';
import { lazy, Suspense, useMemo } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { getCurrentUser, getRoles } from '../../../lib/auth-storage';
import { formatDay } from '../../../lib/dates';
import { timesFor } from '../../../lib/time-zone';
import { useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useDashboard } from '../api/get-dashboard';
import { chartSummary, formatMoney, greeting } from '../utils/dashboard-format';
import { KpiCards } from './kpi-cards';
import { SalesByChannel } from './sales-by-channel';
import { SellerSummary } from './seller-summary';
import { TodayDepartures } from './today-departures';

const SalesChart = lazy(() => import('./sales-chart'));

const PLANNERS = [LEVEL.ADMIN, LEVEL.TOUR_OPERATOR_ADMIN, LEVEL.OPERATOR];
const CREW = [LEVEL.DRIVER, LEVEL.GUIDE];

function firstName(): string {
  try {
    return getCurrentUser().name.split(/\s+/)[0] ?? '';
  } catch {
    return '';
  }
}

/**
 * / Inicio (PRODUCT §5) for the user's role: KPIs of today and the next 7 days, sales over 30 days,
 * today's departures with their sheet, and a seller's own month. Chofer and Guía have their day's
 * sheets as their home.
 */
export function HomeScreen() {
  const roles = useMemo(() => getRoles(), []);
  const isCrew = !hasPermission(roles, PLANNERS) && hasPermission(roles, CREW);
  if (isCrew) return <Navigate to={pathTo('scheduleSheetsIndex')} replace />;
  return <Dashboard roles={roles} />;
}

function Dashboard({ roles }: { roles: number[] }) {
  const isAdmin = hasPermission(roles, [LEVEL.ADMIN]);
  const canPlan = hasPermission(roles, PLANNERS);
  const canSell = hasPermission(roles, ACCESS.bookingsWrite);
  const isPhone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const operatorId = isAdmin ? (params.get('tour_operator_id') ?? '') : '';
  const operators = useTourOperatorSelectOptions(isAdmin);
  const query = useDashboard(operatorId);
  const data = query.data;
  const loading = query.isLoading && !data;
  const name = firstName();
  const summary = data ? chartSummary(data.sales_30_days) : null;
  const isSeller = data?.scope === 'seller';

  const description = (
    <>
      {greeting()}
      {name ? `, ${name}` : ''}. {data ? `Hoy es ${timesFor(data.timezone).withZone(formatDay(data.today))}.` : ''}
    </>
  );

  return (
    <>
      <PageHeader
        title="Inicio"
        description={description}
        actions={
          <>
            {isAdmin ? (
              <Select
                aria-label="Tour operador"
                placeholder="Todos los tour operadores"
                data={operators.data ?? []}
                value={operatorId || null}
                onChange={(v) =>
                  setParams(v ? { tour_operator_id: v } : {}, { replace: true, state: { keepScroll: true } })
                }
                clearable
                searchable
                w={{ base: '100%', xs: 260 }}
              />
            ) : null}
            {canPlan ? (
              <Button
                component={Link}
                to={pathTo('scheduleSheetsIndex')}
                variant="default"
                leftSection={<IconClipboardList size={18} aria-hidden />}
              >
                Hojas de hoy
              </Button>
            ) : null}
            {canSell && !isSeller ? (
              <Button component={Link} to={pathTo('bookingCreate')} leftSection={<IconPlus size={18} aria-hidden />}>
                Nueva reserva
              </Button>
            ) : null}
          </>
        }
      />
      {query.isError ? (
        <LoadErrorAlert
          title="No se han podido cargar las cifras"
          message={query.error.message}
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : null}
      <Stack gap="lg" style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
        {data?.seller ? (
          <SellerSummary data={data} />
        ) : loading && hasPermission(roles, [LEVEL.SELLER]) ? (
          <Skeleton h={150} radius="lg" />
        ) : null}
        <KpiCards data={data} loading={loading} />

        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          shadow="xs"
          component="section"
          aria-labelledby="ventas-30"
        >
          <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="xs">
            <div>
              <Title order={2} fz="lg" id="ventas-30">
                {isSeller ? 'Tus ventas de los últimos 30 días' : 'Ventas de los últimos 30 días'}
              </Title>
              <Text size="sm" c="dimmed">
                Importe de las reservas por día de venta
              </Text>
            </div>
            {summary ? (
              <Text size="sm">
                Total{' '}
                <Text span fw={800}>
                  {formatMoney(summary.totalCents, data?.currency)}
                </Text>{' '}
                · {summary.bookings} {summary.bookings === 1 ? 'reserva' : 'reservas'}
              </Text>
            ) : null}
          </Group>
          {loading || !data ? (
            <Skeleton h={260} radius="md" />
          ) : summary && summary.bookings === 0 && summary.totalCents === 0 ? (
            <EmptyState
              py="xl"
              variant="light"
              icon={<IconChartBar size={26} />}
              title="Sin ventas en los últimos 30 días"
              description={
                isSeller
                  ? 'Tus reservas aparecerán aquí por día de venta.'
                  : 'Las reservas aparecerán aquí por día de venta.'
              }
            />
          ) : (
            <Suspense fallback={<Skeleton h={260} radius="md" />}>
              <SalesChart days={data.sales_30_days} />
            </Suspense>
          )}
        </Paper>

        {data ? <SalesByChannel data={data} /> : null}

        <Paper withBorder radius="lg" shadow="xs" component="section" aria-labelledby="salidas-hoy">
          <Group justify="space-between" p={{ base: 'md', sm: 'lg' }} pb="sm" wrap="wrap" gap="xs">
            <div>
              <Title order={2} fz="lg" id="salidas-hoy">
                {isSeller ? 'Tus salidas de hoy' : 'Salidas de hoy'}
              </Title>
              <Text size="sm" c="dimmed">
                {isSeller
                  ? 'Las salidas de hoy en las que has vendido plazas'
                  : 'Con su hoja de servicio, vehículo y equipo'}
              </Text>
            </div>
            {canPlan ? (
              <Button component={Link} to={pathTo('scheduleSheetsIndex')} variant="subtle" size="sm">
                Ver hojas de servicio
              </Button>
            ) : null}
          </Group>
          <TodayDepartures
            departures={data?.today_departures}
            today={data?.today ?? ''}
            loading={loading}
            isPhone={isPhone}
            canOpenSheets={hasPermission(roles, ACCESS.scheduleSheets)}
            showCrew={!isSeller}
          />
        </Paper>
      </Stack>
    </>
  );
}

import { Anchor, Badge, Box, Button, EmptyState, Group, Progress, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCalendarOff, IconChevronRight, IconUsers } from '@tabler/icons-react';
import { pathTo, type TDashboardResponse } from '@trayecto/shared';
import { Link } from 'react-router';
import { passengersPath, SHEET_COLORS, sheetStateLabel } from '../utils/dashboard-format';
import classes from './home.module.css';

type TDeparture = TDashboardResponse['today_departures'][number];

function SheetCell({ d, canOpenSheets }: { d: TDeparture; canOpenSheets: boolean }) {
  if (!d.sheet_id || !d.sheet_state) {
    return (
      <Badge variant="outline" color="yellow" radius="sm" component="span">
        Sin hoja
      </Badge>
    );
  }
  const badge = (
    <Badge
      variant="light"
      color={SHEET_COLORS[d.sheet_state as keyof typeof SHEET_COLORS] ?? 'gray'}
      radius="sm"
      component="span"
    >
      {sheetStateLabel(d.sheet_state)}
    </Badge>
  );
  return canOpenSheets ? (
    <Anchor
      component={Link}
      to={pathTo('scheduleEdit', { id: d.sheet_id })}
      aria-label={`Hoja de ${d.product_name} a las ${d.time}: ${sheetStateLabel(d.sheet_state)}`}
      className={classes.sheetLink}
      underline="never"
    >
      <Group gap={4} wrap="nowrap">
        {badge}
        <IconChevronRight size={14} aria-hidden />
      </Group>
    </Anchor>
  ) : (
    badge
  );
}

/**
 * "Pasajeros": the departure's passenger list (the sheet's, with call and WhatsApp per customer),
 * else its bookings; named with the departure ("Pasajeros de Subida al Teide a las 09:00").
 */
function PassengersLink({ d, today, canOpenSheets }: { d: TDeparture; today: string; canOpenSheets: boolean }) {
  return (
    <Button
      component={Link}
      to={passengersPath(d, today, canOpenSheets)}
      variant="light"
      size="compact-sm"
      leftSection={<IconUsers size={16} aria-hidden />}
      aria-label={`Pasajeros de ${d.product_name} a las ${d.time}`}
    >
      Pasajeros
    </Button>
  );
}

function Occupancy({ d }: { d: TDeparture }) {
  const pct = d.capacity > 0 ? Math.min(100, Math.round((d.pax / d.capacity) * 100)) : 0;
  return (
    <Stack gap={3} w={110}>
      <Text size="sm" fw={600} className={classes.num}>
        {d.pax}{' '}
        <Text span c="dimmed" fw={400} size="xs">
          / {d.capacity} plazas
        </Text>
      </Text>
      <Progress
        value={pct}
        size="sm"
        radius="xl"
        color={pct >= 90 ? 'orange' : 'brand'}
        aria-label={`${pct} % ocupado`}
      />
    </Stack>
  );
}

const dash = (v: string | null) =>
  v ? (
    <Text size="sm">{v}</Text>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );

/**
 * Today's departures with their sheet (PRODUCT §5 Inicio): time, product, pax against capacity,
 * the sheet's state (a link to it for who may open sheets) or "Sin hoja", vehicle and crew, and
 * the way to its passengers (issue 14: to call or WhatsApp one of them).
 */
export function TodayDepartures({
  departures,
  today,
  loading,
  isPhone,
  canOpenSheets,
  showCrew,
}: {
  departures: TDeparture[] | undefined;
  /** The operator's today (the bookings list of the day is filtered by it). */
  today: string;
  loading: boolean;
  isPhone: boolean;
  canOpenSheets: boolean;
  showCrew: boolean;
}) {
  if (loading || !departures) {
    return (
      <Stack gap="xs" p="md" aria-busy="true" aria-label="Cargando las salidas de hoy">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={36} />
        ))}
      </Stack>
    );
  }
  if (departures.length === 0) {
    return (
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconCalendarOff size={26} />}
        title="Hoy no hay salidas con reservas"
        description="Las salidas del día aparecerán aquí en cuanto tengan pasajeros."
      />
    );
  }
  if (isPhone) {
    return (
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Salidas de hoy">
        {departures.map((d) => (
          <Box component="li" key={d.departure_id} px="md" py="sm" className={classes.departureCard}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Group gap={8} wrap="nowrap">
                  <Text fw={800} className={classes.num}>
                    {d.time}
                  </Text>
                  <Text fw={600} size="sm" lineClamp={1}>
                    {d.product_name}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {d.pax} / {d.capacity} plazas
                  {showCrew
                    ? ` · ${d.vehicle_plate ?? 'sin vehículo'} · ${d.driver_name ?? 'sin chofer'} · ${d.guide_name ?? 'sin guía'}`
                    : ''}
                </Text>
              </div>
              <Stack gap={6} align="flex-end" style={{ flex: 'none' }}>
                {showCrew ? <SheetCell d={d} canOpenSheets={canOpenSheets} /> : null}
                <PassengersLink d={d} today={today} canOpenSheets={canOpenSheets} />
              </Stack>
            </Group>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={showCrew ? 960 : 580}>
      <Table verticalSpacing={8} highlightOnHover aria-label="Salidas de hoy">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>Hora</Table.Th>
            <Table.Th>Producto</Table.Th>
            <Table.Th w={140}>Pax / plazas</Table.Th>
            {showCrew ? (
              <>
                <Table.Th w={140}>Hoja</Table.Th>
                <Table.Th>Vehículo</Table.Th>
                <Table.Th>Chofer</Table.Th>
                <Table.Th>Guía</Table.Th>
              </>
            ) : null}
            <Table.Th w={130}>Pasajeros</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {departures.map((d) => (
            <Table.Tr key={d.departure_id}>
              <Table.Td>
                <Text fw={800} className={classes.num}>
                  {d.time}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {d.product_name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Occupancy d={d} />
              </Table.Td>
              {showCrew ? (
                <>
                  <Table.Td>
                    <SheetCell d={d} canOpenSheets={canOpenSheets} />
                  </Table.Td>
                  <Table.Td>
                    {d.vehicle_plate ? (
                      <Text size="sm" ff="monospace" fw={600}>
                        {d.vehicle_plate}
                      </Text>
                    ) : (
                      dash(null)
                    )}
                  </Table.Td>
                  <Table.Td>{dash(d.driver_name)}</Table.Td>
                  <Table.Td>{dash(d.guide_name)}</Table.Td>
                </>
              ) : null}
              <Table.Td>
                <PassengersLink d={d} today={today} canOpenSheets={canOpenSheets} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

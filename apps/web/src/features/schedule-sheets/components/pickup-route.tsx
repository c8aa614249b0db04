import { Anchor, Badge, Box, EmptyState, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconCircleCheckFilled,
  IconClockQuestion,
  IconDirections,
  IconMapPin,
  IconNotes,
  IconRoute,
} from '@tabler/icons-react';
import type { TSheetResponse } from '@trayecto/shared';
import { Fragment } from 'react';
import { paxBreakdown, paxLabel, routeRows, routeTotals, type TRouteRow } from '../utils/sheet-view';
import { PhoneLink } from './sheet-people';
import classes from './sheets.module.css';

/** Directions to a stop in the phone's maps app. */
function directionsHref(latLng: string): string | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(latLng);
  return m ? `https://www.google.com/maps/dir/?api=1&destination=${m[1]},${m[2]}` : null;
}

function Stop({ row, latLng, phone, compact }: { row: TRouteRow; latLng: string; phone: string; compact: boolean }) {
  const directions = directionsHref(latLng);
  const untimed = row.time === '—';
  return (
    <Box component="li" className={classes.stop} py="md" px={{ base: 'sm', sm: 'md' }}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <div className={classes.stopNumber} data-meeting={row.isMeetingPoint || undefined} aria-hidden>
          {row.n}
        </div>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Group gap={8} wrap="wrap" align="baseline">
                {untimed ? (
                  <Badge
                    color="orange"
                    variant="light"
                    radius="sm"
                    component="span"
                    leftSection={<IconClockQuestion size={12} aria-hidden />}
                  >
                    Sin hora
                  </Badge>
                ) : (
                  <Text className={classes.time} aria-label={`Hora de recogida ${row.time}`}>
                    {row.time}
                  </Text>
                )}
                <Text fw={700}>{row.place}</Text>
                {row.zone ? (
                  <Badge variant="light" color="gray" radius="sm" size="sm" component="span">
                    {row.zone}
                  </Badge>
                ) : null}
              </Group>
              {row.point ? (
                <Text size="sm" c="dimmed">
                  <IconMapPin size={14} style={{ verticalAlign: -2 }} aria-hidden /> {row.point}
                </Text>
              ) : null}
              {row.address ? (
                <Text size="xs" c="dimmed">
                  {row.address}
                </Text>
              ) : null}
            </div>
            <Group gap="xs" wrap="nowrap">
              <Tooltip label={`${paxLabel(row.pax)} en esta parada; ${paxLabel(row.runningPax)} a bordo después`}>
                <Text
                  size="sm"
                  fw={700}
                  className={classes.num}
                  aria-label={`${paxLabel(row.pax)}, ${paxLabel(row.runningPax)} a bordo`}
                >
                  +{row.pax}{' '}
                  <Text span size="xs" c="dimmed" fw={500}>
                    → {row.runningPax} a bordo
                  </Text>
                </Text>
              </Tooltip>
            </Group>
          </Group>
          {phone || directions ? (
            <Group gap="md">
              {phone ? <PhoneLink phone={phone} size="xs" /> : null}
              {directions ? (
                <Anchor href={directions} target="_blank" rel="noopener noreferrer" size="xs">
                  <IconDirections size={14} style={{ verticalAlign: -2 }} aria-hidden /> Cómo llegar
                </Anchor>
              ) : null}
            </Group>
          ) : null}
          {untimed ? (
            <Text size="xs" c="orange.9">
              Nadie ha dado hora de recogida en esta parada: confírmala con la oficina.
            </Text>
          ) : null}
          {compact ? null : (
            <Stack
              gap={6}
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={`Reservas de ${row.place}`}
            >
              {row.bookings.map((b) => (
                <Paper
                  key={b.booking_id}
                  component="li"
                  withBorder
                  radius="md"
                  px="sm"
                  py={8}
                  bg={b.checked_in_at ? 'teal.0' : undefined}
                >
                  <Group justify="space-between" wrap="wrap" gap={6}>
                    <Group gap={8} wrap="wrap" style={{ minWidth: 0 }}>
                      {b.checked_in_at ? (
                        <IconCircleCheckFilled size={18} color="var(--mantine-color-teal-6)" aria-label="Embarcado" />
                      ) : null}
                      <Text size="sm" fw={600}>
                        {b.customer_name}
                      </Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {b.locator}
                      </Text>
                      {b.room ? (
                        <Badge variant="outline" color="gray" radius="sm" size="sm" component="span">
                          Hab. {b.room}
                        </Badge>
                      ) : null}
                    </Group>
                    <Group gap="sm" wrap="nowrap">
                      {b.pickup_time && b.pickup_time !== row.time ? (
                        <Text size="xs" c="dimmed" className={classes.num}>
                          {b.pickup_time}
                        </Text>
                      ) : null}
                      <Tooltip label={paxBreakdown(b.pax)}>
                        <Text size="sm" fw={600} className={classes.num}>
                          {paxLabel(b.pax_total)}
                        </Text>
                      </Tooltip>
                    </Group>
                  </Group>
                  <Group gap="md" mt={2} wrap="wrap">
                    <PhoneLink phone={b.customer_phone} size="xs" />
                    {b.sales_channel ? (
                      <Text size="xs" c="dimmed">
                        {b.sales_channel}
                        {b.reseller_reference ? ` · ${b.reseller_reference}` : ''}
                      </Text>
                    ) : null}
                    {b.notes ? (
                      <Text size="xs" c="yellow.9" fs="italic">
                        <IconNotes size={13} style={{ verticalAlign: -2 }} aria-hidden /> {b.notes}
                      </Text>
                    ) : null}
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </Stack>
      </Group>
    </Box>
  );
}

/**
 * The pickup route (PRODUCT §4): the bookings grouped by pickup place, in pickup-time order, with
 * the pax of each stop, the running total on board, and each booking's customer, phone, room and
 * notes. A stop nobody gave a time says so. `compact` (the crew's phone, where the passenger list
 * below follows the same stops): the stops only.
 */
export function PickupRoute({ sheet, compact = false }: { sheet: TSheetResponse; compact?: boolean }) {
  const rows = routeRows(sheet.stops);
  const totals = routeTotals(rows);
  return (
    <Paper withBorder radius="lg" shadow="xs" component="section" aria-labelledby="ruta">
      <Group justify="space-between" p={{ base: 'md', sm: 'lg' }} pb="xs" wrap="wrap" gap="xs">
        <Title order={2} fz="lg" id="ruta">
          Ruta de recogida
        </Title>
        {totals.stops > 0 ? (
          <Text size="sm" c="dimmed">
            {totals.stops} {totals.stops === 1 ? 'parada' : 'paradas'} · {paxLabel(totals.pax)}
            {totals.firstPickup && totals.firstPickup.time !== '—'
              ? ` · primera recogida ${totals.firstPickup.time}`
              : ''}
          </Text>
        ) : null}
      </Group>
      {rows.length === 0 ? (
        <EmptyState
          py="xl"
          variant="light"
          icon={<IconRoute size={26} />}
          title="Sin recogidas"
          description="Esta salida no tiene reservas: no hay a quién recoger."
        />
      ) : (
        <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Paradas">
          {rows.map((row, i) => (
            <Fragment key={row.key}>
              <Stop
                row={row}
                latLng={sheet.stops[i]?.lat_lng ?? ''}
                phone={sheet.stops[i]?.phone ?? ''}
                compact={compact}
              />
            </Fragment>
          ))}
        </Box>
      )}
    </Paper>
  );
}

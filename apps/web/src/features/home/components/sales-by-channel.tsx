import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TDashboardResponse } from '@trayecto/shared';
import { formatMoney } from '../utils/dashboard-format';

/**
 * The last 30 days' sales by where they came from (ADR 023): the web, sellers, the office, and each
 * reseller or agency by name, with the commission they carry. Nothing for a Vendedor, Chofer or Guía.
 */
export function SalesByChannel({ data }: { data: TDashboardResponse }) {
  const rows = data.sales_by_channel ?? [];
  if (rows.length === 0) return null;
  const total = rows.reduce((n, r) => n + r.sales_cents, 0);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      shadow="xs"
      component="section"
      aria-labelledby="ventas-canal"
    >
      <Stack gap={2} mb="sm">
        <Title order={2} fz="lg" id="ventas-canal">
          Ventas por canal
        </Title>
        <Text size="sm" c="dimmed">
          Últimos 30 días, por día de venta; la comisión es la que se lleva cada canal o vendedor
        </Text>
      </Stack>
      {/* No scroll container: four narrow columns fit a 390 px phone (the name wraps), and a region
          that scrolls sideways would need its own keyboard stop (axe: scrollable-region-focusable). */}
      <Table verticalSpacing={6} horizontalSpacing={6} aria-labelledby="ventas-canal">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Canal</Table.Th>
            <Table.Th ta="right">Reservas</Table.Th>
            <Table.Th ta="right">Ventas</Table.Th>
            <Table.Th ta="right">Comisión</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.channel}:${r.channel_id ?? ''}`}>
              <Table.Td>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {r.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {total > 0 ? `${Math.round((r.sales_cents / total) * 100)} % de las ventas` : ''}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{r.bookings.toLocaleString('es-ES')}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(r.sales_cents, data.currency)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c={r.commission_cents > 0 ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(r.commission_cents, data.currency)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="xs">
        <Text size="sm">
          Total{' '}
          <Text span fw={800}>
            {formatMoney(total, data.currency)}
          </Text>
        </Text>
      </Group>
    </Paper>
  );
}

import { Group, Pagination, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { TCashHandoverResponse } from '@trayecto/shared';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useTimesFor } from '../../../lib/time-zone';
import { useCashHandovers } from '../api/list-cash-handovers';
import { differenceText, money } from './cash-format';

const PER_PAGE = 25;
const num = { ta: 'right', style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } } as const;

/** «Entregas»: the handovers received, newest first, with what was expected, counted and the difference. */
export function CashHandoversTab() {
  const [page, setPage] = useState(1);
  const query = useCashHandovers({ page, per_page: PER_PAGE });
  const timesFor = useTimesFor();
  const items = query.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PER_PAGE));

  const row = (h: TCashHandoverResponse) => (
    <Table.Tr key={h.id}>
      <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
        {timesFor(h.timezone).dateTime(h.created_at)}
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {h.holder.name}
        </Text>
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {timesFor(h.timezone).dateTime(h.created_at)}
        </Text>
        <Text size="xs" c="dimmed" visibleFrom="md">
          Recibió {h.received_by.name}
        </Text>
      </Table.Td>
      <Table.Td {...num} visibleFrom="sm">
        {money(h.expected_cents)}
      </Table.Td>
      <Table.Td {...num} visibleFrom="sm">
        {money(h.received_cents)}
      </Table.Td>
      <Table.Td {...num} c={h.difference_cents === 0 ? 'green.8' : 'red.8'}>
        {h.difference_cents === 0 ? 'Cuadra' : money(h.difference_cents)}
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          Recibido {money(h.received_cents)}
        </Text>
        <Text size="xs" c="dimmed" hiddenFrom="md" style={{ whiteSpace: 'normal' }}>
          {h.notes}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="md">
        <Text size="sm" lineClamp={2} title={h.notes}>
          {h.notes || '—'}
        </Text>
        <Text size="xs" c="dimmed">
          {h.payment_count.toLocaleString('es-ES')} {h.payment_count === 1 ? 'cobro' : 'cobros'} ·{' '}
          {differenceText(h.difference_cents)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" shadow="xs">
        {query.isError ? (
          <LoadErrorAlert inset title="No se han podido cargar las entregas" onRetry={() => query.refetch()} />
        ) : query.isPending ? (
          <Stack p="md" gap="xs">
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : items.length === 0 ? (
          <Text p="md" c="dimmed" size="sm">
            Aún no hay entregas — recíbelas desde «Quién tiene dinero».
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table stickyHeader verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th visibleFrom="sm">Fecha</Table.Th>
                  <Table.Th>Persona</Table.Th>
                  <Table.Th {...num} visibleFrom="sm">
                    Esperado
                  </Table.Th>
                  <Table.Th {...num} visibleFrom="sm">
                    Recibido
                  </Table.Th>
                  <Table.Th {...num}>Diferencia</Table.Th>
                  <Table.Th visibleFrom="md">Notas</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{items.map(row)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}

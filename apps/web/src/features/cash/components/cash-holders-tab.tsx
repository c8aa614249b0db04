import { Paper, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { TCashHolderResponse } from '@trayecto/shared';
import { type RefObject, useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useTimesFor } from '../../../lib/time-zone';
import { useCashHolders } from '../api/list-cash-holders';
import { money, roleName } from './cash-format';
import { HolderDrawer } from './holder-drawer';

const num = { ta: 'right', style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } } as const;

/**
 * «Quién tiene dinero»: one row per person with money not handed over; a row opens their payments.
 * Closing the drawer puts the focus back on the person's row, or on `focusWhenRowGone` when the
 * row left the list (everything handed over) and the focus would fall to the page's start.
 */
export function CashHoldersTab({ focusWhenRowGone }: { focusWhenRowGone?: RefObject<HTMLElement | null> }) {
  const query = useCashHolders();
  const timesFor = useTimesFor();
  const [openId, setOpenId] = useState<string | null>(null);
  const holders = query.data ?? [];
  const total = holders.reduce((n, h) => n + h.total_cents, 0);

  const row = (h: TCashHolderResponse) => (
    <Table.Tr key={h.user_id} onClick={() => setOpenId(h.user_id)} style={{ cursor: 'pointer' }}>
      <Table.Td>
        <UnstyledButton
          fw={600}
          fz="sm"
          c="blue.8"
          onClick={(e) => {
            e.stopPropagation();
            setOpenId(h.user_id);
          }}
        >
          {h.name}
        </UnstyledButton>
        <Text size="xs" c="dimmed">
          {roleName(h.level)}
        </Text>
      </Table.Td>
      <Table.Td {...num} visibleFrom="sm">
        {money(h.cash_cents)}
      </Table.Td>
      <Table.Td {...num} visibleFrom="sm">
        {money(h.card_cents)}
      </Table.Td>
      <Table.Td {...num} fw={600}>
        {money(h.total_cents)}
        <Text size="xs" c="dimmed" hiddenFrom="sm" fw={400}>
          {money(h.cash_cents)} efectivo
        </Text>
      </Table.Td>
      <Table.Td {...num} visibleFrom="md">
        {h.payment_count.toLocaleString('es-ES')}
      </Table.Td>
      <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
        {timesFor(h.timezone).dateTime(h.oldest_at)}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Paper withBorder radius="lg" shadow="xs">
      {query.isError ? (
        <LoadErrorAlert inset title="No se ha podido cargar quién tiene dinero" onRetry={() => query.refetch()} />
      ) : query.isPending ? (
        <Stack p="md" gap="xs">
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : holders.length === 0 ? (
        <Text p="md" c="dimmed" size="sm">
          Nadie tiene dinero pendiente de entregar: todo lo cobrado en mano ya está en la oficina.
        </Text>
      ) : (
        <>
          <Text px="md" pt="md" size="sm" c="dimmed">
            Total en manos del equipo: <strong>{money(total)}</strong>
          </Text>
          <Table.ScrollContainer minWidth={0}>
            <Table highlightOnHover stickyHeader verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Persona</Table.Th>
                  <Table.Th {...num} visibleFrom="sm">
                    Efectivo
                  </Table.Th>
                  <Table.Th {...num} visibleFrom="sm">
                    Tarjeta
                  </Table.Th>
                  <Table.Th {...num}>Total</Table.Th>
                  <Table.Th {...num} visibleFrom="md">
                    Cobros
                  </Table.Th>
                  <Table.Th visibleFrom="md">Desde</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{holders.map(row)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <HolderDrawer
        userId={openId}
        onClose={() => setOpenId(null)}
        onClosed={() => {
          // Mantine has put the focus back on the row if it is still listed; otherwise it is still
          // on the drawer's content, which goes right after this call.
          window.setTimeout(() => {
            const active = document.activeElement;
            if (!active || active === document.body || !active.isConnected || active.closest('[role="dialog"]')) {
              focusWhenRowGone?.current?.focus();
            }
          });
        }}
      />
    </Paper>
  );
}

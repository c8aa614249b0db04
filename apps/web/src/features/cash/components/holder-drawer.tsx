import { Button, Checkbox, Drawer, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCashBanknote } from '@tabler/icons-react';
import type { TCashPayment } from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useTimes } from '../../../lib/time-zone';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useCashHolder } from '../api/get-cash-holder';
import { dmy, money, roleName } from './cash-format';
import { HandoverDialog } from './handover-dialog';

const num = { ta: 'right', style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } } as const;
const METHOD = { cash: 'Efectivo', card: 'Tarjeta' } as const;

/**
 * One person's payments not handed over, each with a checkbox (all ticked), and «Recibir entrega».
 * `onClosed`: the drawer has gone (its closing transition ended, Mantine has returned the focus).
 */
export function HolderDrawer({
  userId,
  onClose,
  onClosed,
}: {
  userId: string | null;
  onClose: () => void;
  onClosed?: () => void;
}) {
  const query = useCashHolder(userId);
  const data = query.data;
  const times = useTimes(data?.holder.timezone);
  const isPhone = useIsPhone();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [receiving, setReceiving] = useState(false);
  // Where the focus goes once «Recibir entrega» closes: back to its button, or (received: the list
  // changed, the button may be gone) to the drawer's title. Without it the focus fell out of the
  // drawer, onto the page behind.
  const { button: receiveButton, title: titleRef, returnFocus: setFocusAfterHandover } = useFocusReturn();
  const paymentIds = (data?.payments ?? []).map((p) => p.id).join(',');
  // Every payment ticked whenever the list changes (a new person, or after a handover).
  useEffect(() => {
    setChosen(new Set(paymentIds ? paymentIds.split(',') : []));
  }, [paymentIds]);

  const payments = data?.payments ?? [];
  const selected = payments.filter((p) => chosen.has(p.id));
  const expected = selected.reduce((n, p) => n + p.signed_cents, 0);
  const allChosen = payments.length > 0 && selected.length === payments.length;
  const toggle = (id: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const row = (p: TCashPayment) => (
    <Table.Tr key={p.id}>
      <Table.Td>
        <Checkbox
          checked={chosen.has(p.id)}
          onChange={() => toggle(p.id)}
          aria-label={`Entregar el cobro de ${p.locator} (${money(p.signed_cents)})`}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {p.locator}
        </Text>
        <Text size="xs" c="dimmed">
          {p.customer_name}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
        {dmy(p.date)}
      </Table.Td>
      <Table.Td>
        {METHOD[p.method]}
        {p.kind === 'refund' ? (
          <Text size="xs" c="red">
            Reembolso
          </Text>
        ) : p.collected_at_check_in ? (
          <Text size="xs" c="dimmed">
            Al embarcar
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
        {times.dateTime(p.paid_at)}
      </Table.Td>
      <Table.Td {...num} c={p.signed_cents < 0 ? 'red' : undefined}>
        {money(p.signed_cents)}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Drawer
      opened={Boolean(userId)}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      position="right"
      size={isPhone ? '100%' : 'xl'}
      // Escape while «Recibir entrega» is open closes that dialog only, not the drawer under it.
      closeOnEscape={!receiving}
      title={
        <span ref={titleRef} tabIndex={-1}>
          {data ? `${data.holder.name} · ${roleName(data.holder.level)}` : 'Cobros sin entregar'}
        </span>
      }
    >
      {query.isError ? (
        <LoadErrorAlert title="No se han podido cargar sus cobros" onRetry={() => query.refetch()} />
      ) : !data ? (
        <Skeleton height={200} radius="md" />
      ) : payments.length === 0 ? (
        <Text c="dimmed" size="sm">
          No tiene cobros pendientes de entregar.
        </Text>
      ) : (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" aria-live="polite">
              {selected.length.toLocaleString('es-ES')} de {payments.length.toLocaleString('es-ES')} cobros · a entregar{' '}
              <strong>{money(expected)}</strong>
            </Text>
            <Button
              ref={receiveButton}
              leftSection={<IconCashBanknote size={16} aria-hidden />}
              disabled={selected.length === 0}
              onClick={() => setReceiving(true)}
            >
              Recibir entrega
            </Button>
          </Group>
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing={6} fz="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox
                      checked={allChosen}
                      indeterminate={selected.length > 0 && !allChosen}
                      onChange={() => setChosen(allChosen ? new Set() : new Set(payments.map((p) => p.id)))}
                      aria-label="Elegir todos los cobros"
                    />
                  </Table.Th>
                  <Table.Th>Reserva</Table.Th>
                  <Table.Th visibleFrom="sm">Salida</Table.Th>
                  <Table.Th>Forma</Table.Th>
                  <Table.Th visibleFrom="sm">Cobrado</Table.Th>
                  <Table.Th {...num}>Importe</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{payments.map(row)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {receiving ? (
            <HandoverDialog
              holder={data.holder}
              payments={selected}
              expected={expected}
              opened={receiving}
              onClose={() => {
                setReceiving(false);
                setFocusAfterHandover('button');
              }}
              onDone={() => {
                setReceiving(false);
                setFocusAfterHandover('title');
              }}
            />
          ) : null}
        </Stack>
      )}
    </Drawer>
  );
}

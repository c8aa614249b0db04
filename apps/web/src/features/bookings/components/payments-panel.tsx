import { Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash, IconReceiptRefund } from '@tabler/icons-react';
import type { TBookingResponse } from '@trayecto/shared';
import { useState } from 'react';
import { useTimes } from '../../../lib/time-zone';
import { useBookingPayments } from '../api/list-booking-payments';
import { formatMoney, netPaidCents, paymentMethodName } from '../utils/booking-format';
import { PaymentStateBadge } from './booking-badges';
import { PaymentModal, type TPaymentKind } from './payment-modal';

/**
 * Cobros of a booking (PRODUCT §4 Payments): what was paid and how, and "Registrar cobro" /
 * "Reembolso". A cancelled booking takes no more payments, but money can still be returned.
 */
export function PaymentsPanel({
  booking,
  canPay,
  canRefund,
}: {
  booking: TBookingResponse;
  canPay: boolean;
  canRefund: boolean;
}) {
  const query = useBookingPayments(booking.id);
  const times = useTimes(booking.timezone);
  const [modal, setModal] = useState<TPaymentKind | null>(null);
  const payments = query.data ?? [];
  const currency = booking.currency || 'EUR';
  const paid = netPaidCents(booking);
  const pending = Math.max(0, booking.pending_cents ?? booking.total_cents - paid);
  const cancelled = booking.state === 'cancelled';

  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-labelledby="payments-title">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz="md" id="payments-title">
          Cobros
        </Title>
        <PaymentStateBadge state={booking.payment_state} />
      </Group>
      <Group grow gap="xs" mb="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Total
          </Text>
          <Text fw={700} size="sm">
            {formatMoney(booking.total_cents, currency)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Cobrado
          </Text>
          <Text fw={700} size="sm" c="teal.8" data-testid="paid-amount">
            {formatMoney(paid, currency)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Pendiente
          </Text>
          <Text fw={700} size="sm" c={pending > 0 ? 'red.8' : undefined}>
            {formatMoney(pending, currency)}
          </Text>
        </Stack>
      </Group>

      {query.isLoading ? (
        <Stack gap={6}>
          <Skeleton h={14} />
          <Skeleton h={14} w="70%" />
        </Stack>
      ) : payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aún no hay cobros registrados.
        </Text>
      ) : (
        <Table verticalSpacing={4} horizontalSpacing={4} fz="sm" aria-label="Cobros registrados">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{times.withZone('Fecha')}</Table.Th>
              <Table.Th>Método</Table.Th>
              <Table.Th ta="right">Importe</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.map((p) => {
              const refund = p.kind === 'refund';
              return (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                      {times.dateTime(p.paid_at)}
                    </Text>
                    {p.recorded_by ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {p.recorded_by.full_name}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {refund ? `Reembolso · ${paymentMethodName(p.method)}` : paymentMethodName(p.method)}
                    </Text>
                    {p.reference ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {p.reference}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={600} c={refund ? 'grape.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
                      {refund ? '−' : ''}
                      {formatMoney(p.amount_cents, currency)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}

      {canPay || canRefund ? (
        <Group gap="xs" mt="sm">
          {canPay && !cancelled && pending > 0 ? (
            <Button size="xs" leftSection={<IconCash size={16} aria-hidden />} onClick={() => setModal('payment')}>
              Registrar cobro
            </Button>
          ) : null}
          {canRefund && paid > 0 ? (
            <Button
              size="xs"
              variant="light"
              color="grape"
              leftSection={<IconReceiptRefund size={16} aria-hidden />}
              onClick={() => setModal('refund')}
            >
              Reembolso
            </Button>
          ) : null}
        </Group>
      ) : null}

      <PaymentModal
        bookingId={booking.id}
        kind={modal ?? 'payment'}
        opened={modal !== null}
        onClose={() => setModal(null)}
        pendingCents={pending}
        paidCents={paid}
        currency={currency}
        timeZone={booking.timezone}
      />
    </Paper>
  );
}

import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash, IconClockPause, IconLink, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { type TTimes, useTimes } from '../../../lib/time-zone';
import { useBookingPayments } from '../api/list-booking-payments';
import type { TBookingPaymentLink, TOnlineBooking, TOnlinePayment } from '../api/payments-contract';
import { formatMoney, netPaidCents, paymentMethodName } from '../utils/booking-format';
import {
  isHeld,
  LINK_CHANNEL_NAMES,
  LINK_STATE_NAMES,
  linkState,
  PAYMENT_MODE_NAMES,
  providerLabel,
  refundablePayments,
} from '../utils/online-payments';
import { PaymentStateBadge } from './booking-badges';
import { PaymentLinkModal } from './payment-link-modal';
import { PaymentModal, type TPaymentKind } from './payment-modal';
import { RefundModal } from './refund-modal';

type TDialog = TPaymentKind | 'link' | 'online-refund';

/** How a payment was made: "Redsys", "Bizum", "Stripe", or the office's method; refunds say so. */
export function paymentHow(p: TOnlinePayment): string {
  const how = providerLabel(p) ?? paymentMethodName(p.method);
  return p.kind === 'refund' ? `Reembolso · ${how}` : how;
}

/**
 * Who recorded it: the staff member; "Cobrado en el embarque por Marta (Guía)" for the crew's cash
 * (ADR 022); money a provider took or gave back with no one at the office is the system's, named as
 * the booking's history names it (ADR 020: "Sistema · Pago en línea").
 */
export function paymentWho(p: TOnlinePayment): string | null {
  if (p.collected_at_check_in) {
    return p.recorded_by ? `Cobrado en el embarque por ${p.recorded_by.full_name}` : 'Cobrado en el embarque';
  }
  if (p.recorded_by) return p.recorded_by.full_name;
  if (p.provider) return p.kind === 'refund' ? 'Sistema · Reembolso en línea' : 'Sistema · Pago en línea';
  return null;
}

/**
 * Cobros of a booking (PRODUCT §4 Payments, issue 32): the seats held while the customer pays
 * online, what is due now, what was paid and how (the office's methods, Redsys, Bizum, Stripe, the
 * crew's cash at check-in), the payment links sent, and "Registrar cobro", "Enviar enlace de pago",
 * "Reembolsar" (online, through the provider) and "Registrar reembolso" (cash, card, transfer). A
 * cancelled booking takes no more payments, but money can still be returned.
 */
export function PaymentsPanel({
  booking,
  canPay,
  canRefund,
}: {
  booking: TOnlineBooking;
  canPay: boolean;
  canRefund: boolean;
}) {
  const query = useBookingPayments(booking.id);
  const times = useTimes(booking.timezone);
  const [modal, setModal] = useState<TDialog | null>(null);
  const payments: TOnlinePayment[] = query.data ?? [];
  const refundables = refundablePayments(payments);
  const links = booking.payment_links ?? [];
  const dueNow = booking.due_now_cents ?? 0;
  const mode = booking.payment_mode;
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
      {isHeld(booking) && booking.hold_expires_at ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconClockPause size={18} aria-hidden />}
          mb="sm"
          p="xs"
          title={`Plazas retenidas hasta las ${times.withZone(times.time(booking.hold_expires_at))}`}
          data-testid="hold-notice"
        >
          <Text size="xs">
            El cliente está pagando en línea. Si no paga a tiempo, la reserva se cancela y las plazas se liberan.
          </Text>
        </Alert>
      ) : null}
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
      {booking.tax_cents > 0 ? (
        <Text size="xs" c="dimmed" mt={-6} mb="sm" data-testid="tax-included">
          {`Impuestos incluidos en el total (${booking.tax_rate.toLocaleString('es-ES')} %): ${formatMoney(booking.tax_cents, currency)}`}
        </Text>
      ) : null}

      {(mode && mode !== 'on_the_day') || dueNow > 0 ? (
        <Text size="xs" c="dimmed" mb="sm" data-testid="due-now">
          {mode ? `${PAYMENT_MODE_NAMES[mode]}` : 'Pago en línea'}
          {dueNow > 0 && !cancelled ? (
            <>
              {' · '}
              <Text span size="xs" fw={700} c="dark">
                a pagar ahora en línea {formatMoney(dueNow, currency)}
              </Text>
            </>
          ) : null}
        </Text>
      ) : null}

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
              const who = paymentWho(p);
              return (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                      {times.dateTime(p.paid_at)}
                    </Text>
                    {who && !p.collected_at_check_in ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {who}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{paymentHow(p)}</Text>
                    {p.collected_at_check_in ? (
                      <Text size="xs" c="dimmed">
                        {who}
                      </Text>
                    ) : null}
                    {p.reason ? (
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {p.reason}
                      </Text>
                    ) : null}
                    {(p.reference || p.provider_ref) && p.reference !== providerLabel(p) ? (
                      <Text size="xs" c="dimmed" lineClamp={1} style={{ wordBreak: 'break-all' }}>
                        {p.reference || p.provider_ref}
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

      {links.length > 0 ? <PaymentLinks links={links} currency={currency} times={times} /> : null}

      {canPay || canRefund ? (
        <Group gap="xs" mt="sm">
          {canPay && !cancelled && pending > 0 ? (
            <Button size="xs" leftSection={<IconCash size={16} aria-hidden />} onClick={() => setModal('payment')}>
              Registrar cobro
            </Button>
          ) : null}
          {canPay && !cancelled && pending > 0 && booking.online_payments_enabled ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconLink size={16} aria-hidden />}
              onClick={() => setModal('link')}
            >
              Enviar enlace de pago
            </Button>
          ) : null}
          {canRefund && refundables.length > 0 ? (
            <Button
              size="xs"
              variant="light"
              color="grape"
              leftSection={<IconReceiptRefund size={16} aria-hidden />}
              onClick={() => setModal('online-refund')}
            >
              Reembolsar
            </Button>
          ) : null}
          {canRefund && paid > 0 ? (
            <Button
              size="xs"
              variant="subtle"
              color="grape"
              leftSection={<IconReceiptRefund size={16} aria-hidden />}
              onClick={() => setModal('refund')}
            >
              Registrar reembolso
            </Button>
          ) : null}
        </Group>
      ) : null}
      {canPay && !cancelled && pending > 0 && booking.online_payments_enabled === false ? (
        <Text size="xs" c="dimmed" mt={6}>
          Para enviar enlaces de pago, el tour operador necesita un proveedor en «Tour operadores → Pagos en línea».
        </Text>
      ) : null}

      <PaymentLinkModal
        bookingId={booking.id}
        opened={modal === 'link'}
        onClose={() => setModal(null)}
        pendingCents={pending}
        currency={currency}
        customerEmail={booking.customer_email ?? ''}
        customerPhone={booking.customer_phone ?? ''}
        timeZone={booking.timezone}
      />
      <RefundModal
        bookingId={booking.id}
        opened={modal === 'online-refund'}
        onClose={() => setModal(null)}
        refundables={refundables}
        currency={currency}
        timeZone={booking.timezone}
        cancelled={cancelled}
      />
      <PaymentModal
        bookingId={booking.id}
        kind={modal === 'refund' ? 'refund' : 'payment'}
        opened={modal === 'payment' || modal === 'refund'}
        onClose={() => setModal(null)}
        pendingCents={pending}
        paidCents={paid}
        currency={currency}
        timeZone={booking.timezone}
      />
    </Paper>
  );
}

/** The payment links sent (latest first): amount, how, and paid / expired / active with its expiry. */
function PaymentLinks({ links, currency, times }: { links: TBookingPaymentLink[]; currency: string; times: TTimes }) {
  const now = new Date();
  return (
    <Stack gap={4} mt="sm" component="section" aria-labelledby="payment-links-title">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" id="payment-links-title">
        Enlaces de pago
      </Text>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {links.slice(0, 5).map((l) => {
          const state = linkState(l, now);
          const name = LINK_STATE_NAMES[state];
          return (
            <Group component="li" key={l.id} gap={6} wrap="nowrap" justify="space-between">
              <Text size="xs" style={{ minWidth: 0 }}>
                <Text span size="xs" fw={600}>
                  {formatMoney(l.amount_cents, currency)}
                </Text>{' '}
                · {LINK_CHANNEL_NAMES[l.channel]} ·{' '}
                {state === 'paid' && l.paid_at
                  ? `pagado ${times.shortDateTime(l.paid_at)}`
                  : `${state === 'expired' ? 'caducó' : 'caduca'} ${times.shortDateTime(l.expires_at)}`}
              </Text>
              <Badge size="sm" variant="light" color={name.color} radius="sm" style={{ flex: 'none' }}>
                {name.label}
              </Badge>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}

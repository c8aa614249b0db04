import { Badge, Text, Tooltip } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import type { TBookingState, TPaymentState } from '@trayecto/shared';
import {
  BOOKING_STATE_COLORS,
  bookingStateName,
  countryName,
  PAYMENT_STATE_COLORS,
  paymentStateName,
} from '../utils/booking-format';

/** Pendiente amarillo, Confirmada verde, Cancelada rojo, Realizada azul, No presentado naranja. */
export function BookingStateBadge({ state, size = 'sm' }: { state: string; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      color={BOOKING_STATE_COLORS[state as TBookingState] ?? 'gray'}
      variant="light"
      radius="sm"
      size={size}
      miw="max-content"
      component="span"
    >
      {bookingStateName(state)}
    </Badge>
  );
}

/** Cobro: Pendiente / Parcial / Pagado / Reembolsado, outlined with a coin so it never reads as a state. */
export function PaymentStateBadge({ state, size = 'sm' }: { state: string; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      color={PAYMENT_STATE_COLORS[state as TPaymentState] ?? 'gray'}
      variant="outline"
      radius="sm"
      size={size}
      miw="max-content"
      component="span"
      leftSection={<IconCoin size={12} aria-hidden />}
    >
      {paymentStateName(state)}
    </Badge>
  );
}

/** The customer's country as its code, named in full on hover ("DE" → Alemania). */
export function CountryTag({ code }: { code: string | null | undefined }) {
  const c = (code ?? '').toUpperCase();
  if (!c) return null;
  const name = countryName(c);
  return (
    <Tooltip label={name} disabled={name === c}>
      <Text
        span
        size="xs"
        fw={600}
        c="dimmed"
        ff="monospace"
        px={4}
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, lineHeight: '16px' }}
        aria-label={`País: ${name}`}
      >
        {c}
      </Text>
    </Tooltip>
  );
}

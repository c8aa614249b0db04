import { Alert, Badge, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBus, IconCalendarEvent, IconUsers } from '@tabler/icons-react';
import type { TBookingQuoteResponse, TBookingResponse, TQuote } from '@trayecto/shared';
import { formatDay } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { formatMoney, paxTypeName, seatsLeftText } from '../utils/booking-format';
import classes from './booking-form.module.css';

export type TQuoteView = {
  lines: { pax_type: string; quantity: number; unit_cents: number; total_cents: number }[];
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  season: string | null;
  seats: number;
  pax_total: number;
  currency: string;
  pickup_time: string | null;
  seats_left: number | null;
  /** Only the browser's estimate so far (the server has not answered). */
  estimate: boolean;
};

/** The server's quote when it answered for these values, else the local estimate. */
export function quoteView(
  server: TBookingQuoteResponse | undefined,
  serverIsCurrent: boolean,
  local: TQuote | null,
  currency: string,
): TQuoteView | null {
  if (server && serverIsCurrent) return { ...server, estimate: false };
  if (local) return { ...local, currency, pickup_time: null, seats_left: null, estimate: true };
  return null;
}

/** A saved booking's own figures (the prices it was sold at), with a discount being edited. */
export function savedQuoteView(
  b: Pick<
    TBookingResponse,
    'lines' | 'subtotal_cents' | 'discount_cents' | 'seats' | 'pax_total' | 'currency' | 'pickup_time'
  >,
  discountCents: number = b.discount_cents,
): TQuoteView {
  const discount = Math.min(Math.max(0, discountCents), b.subtotal_cents);
  return {
    lines: b.lines,
    subtotal_cents: b.subtotal_cents,
    discount_cents: discount,
    total_cents: b.subtotal_cents - discount,
    season: null,
    seats: b.seats,
    pax_total: b.pax_total,
    currency: b.currency,
    pickup_time: b.pickup_time,
    seats_left: null,
    estimate: false,
  };
}

/**
 * The live total (PRODUCT §5 "pax per type with live total"): lines, season, discount, total and
 * the seats left on the departure, priced by the server (POST /bookings/quote) with an instant
 * local estimate while it answers.
 */
export function QuotePanel({
  productName,
  date,
  time,
  quote,
  calculating,
  error,
  seatsAvailable,
  ownSeats = 0,
  paidCents,
  cancelled,
}: {
  productName: string | null;
  date: string | null;
  time: string | null;
  quote: TQuoteView | null;
  calculating: boolean;
  error: string | null;
  /** Seats this booking may take on the chosen departure (its own seats included), if known. */
  seatsAvailable: number | null;
  /** Of those, the seats this booking already holds there (edit, same departure): said apart. */
  ownSeats?: number;
  /** On edit: what has been paid (net of refunds), to show what is pending. */
  paidCents?: number;
  /** A cancelled booking owes nothing and holds no seats. */
  cancelled?: boolean;
}) {
  const short = quote && seatsAvailable !== null && quote.seats > seatsAvailable;
  const own = seatsAvailable === null ? 0 : Math.min(ownSeats, seatsAvailable);
  const seatsText = seatsAvailable === null ? '' : seatsLeftText(seatsAvailable - own, own);
  const currency = quote?.currency ?? 'EUR';
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" aria-label="Resumen y total" component="section">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md">
          Resumen
        </Title>
        {calculating ? (
          <Group gap={6}>
            <Loader size={14} />
            <Text size="xs" c="dimmed">
              Calculando…
            </Text>
          </Group>
        ) : quote?.estimate ? (
          <Badge variant="light" color="gray" size="sm">
            Estimación
          </Badge>
        ) : null}
      </Group>

      <Stack gap={6}>
        <Text fw={600} size="sm" lineClamp={2}>
          {productName ?? 'Elige un producto'}
        </Text>
        <Group gap={6} wrap="nowrap">
          <IconCalendarEvent size={16} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm" c={date ? undefined : 'dimmed'}>
            {date ? `${formatDay(date)}${time ? ` · ${time}` : ' · elige la hora'}` : 'Elige la fecha'}
          </Text>
        </Group>
        {quote ? (
          <Group gap={6} wrap="nowrap">
            <IconUsers size={16} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text size="sm">
              {plural(quote.pax_total, 'pasajero', 'pasajeros')}
              {quote.seats !== quote.pax_total ? ` (${plural(quote.seats, 'plaza', 'plazas')})` : ''}
            </Text>
          </Group>
        ) : null}
        {quote?.pickup_time ? (
          <Group gap={6} wrap="nowrap">
            <IconBus size={16} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text size="sm">Recogida a las {quote.pickup_time}</Text>
          </Group>
        ) : null}
      </Stack>

      <Divider my="sm" />

      {quote ? (
        <Stack gap={4} aria-live="polite" data-testid="quote">
          {quote.lines.map((l) => (
            <Group key={l.pax_type} justify="space-between" wrap="nowrap" className={classes.lineRow}>
              <Text size="sm">
                {l.quantity} × {paxTypeName(l.pax_type)}{' '}
                <Text span size="xs" c="dimmed">
                  ({l.unit_cents === 0 ? 'gratis' : formatMoney(l.unit_cents, currency)})
                </Text>
              </Text>
              <Text size="sm">{formatMoney(l.total_cents, currency)}</Text>
            </Group>
          ))}
          {quote.season ? (
            <Group gap={6}>
              <Badge size="xs" variant="light" color="grape">
                Temporada {quote.season}
              </Badge>
            </Group>
          ) : null}
          {quote.discount_cents > 0 ? (
            <>
              <Group justify="space-between" className={classes.lineRow}>
                <Text size="sm" c="dimmed">
                  Subtotal
                </Text>
                <Text size="sm" c="dimmed">
                  {formatMoney(quote.subtotal_cents, currency)}
                </Text>
              </Group>
              <Group justify="space-between" className={classes.lineRow}>
                <Text size="sm" c="teal.8">
                  Descuento
                </Text>
                <Text size="sm" c="teal.8">
                  −{formatMoney(quote.discount_cents, currency)}
                </Text>
              </Group>
            </>
          ) : null}
          <Group justify="space-between" align="baseline" className={`${classes.lineRow} ${classes.totalBox}`} mt={4}>
            <Text fw={700}>Total</Text>
            <Text fw={800} fz={26} data-testid="quote-total">
              {formatMoney(quote.total_cents, currency)}
            </Text>
          </Group>
          {paidCents !== undefined && cancelled ? (
            <Group justify="space-between" className={classes.lineRow}>
              <Text size="sm" c="dimmed">
                Cobrado {formatMoney(paidCents, currency)}
              </Text>
              <Text size="sm" fw={600} c="red.8">
                Cancelada
              </Text>
            </Group>
          ) : paidCents !== undefined ? (
            <Group justify="space-between" className={classes.lineRow}>
              <Text size="sm" c="dimmed">
                Cobrado {formatMoney(paidCents, currency)}
              </Text>
              <Text size="sm" fw={600} c={quote.total_cents - paidCents > 0 ? 'red.8' : 'teal.8'}>
                {quote.total_cents - paidCents > 0
                  ? `Pendiente ${formatMoney(quote.total_cents - paidCents, currency)}`
                  : quote.total_cents - paidCents < 0
                    ? `A devolver ${formatMoney(paidCents - quote.total_cents, currency)}`
                    : 'Pagado'}
              </Text>
            </Group>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Indica los pasajeros para ver el total.
        </Text>
      )}

      {error ? (
        <Text size="sm" c="red" mt="xs" role="alert">
          {error}
        </Text>
      ) : null}

      {seatsAvailable !== null && time ? (
        short ? (
          <Alert mt="sm" color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
            <Text size="sm" fw={600}>
              {seatsAvailable <= 0
                ? 'No quedan plazas en esta salida'
                : `Solo ${seatsText.charAt(0).toLowerCase()}${seatsText.slice(1)} en esta salida`}
            </Text>
          </Alert>
        ) : (
          <Text size="sm" c={seatsAvailable <= 5 ? 'orange.8' : 'teal.8'} fw={600} mt="sm" data-testid="seats-left">
            {seatsText} en esta salida
          </Text>
        )
      ) : null}
    </Paper>
  );
}

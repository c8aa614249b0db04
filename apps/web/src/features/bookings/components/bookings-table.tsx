/**
 * How a booking reads in the list: the table's columns (the optional ones chosen per user) and, on
 * a phone, its card with the total and what is owed on the side.
 */
import { Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import { pathTo } from '@trayecto/shared';
import { Link } from 'react-router';
import type { TColumns } from '../../../components/data-table';
import { formatDay } from '../../../lib/dates';
import type { TBookingListItem } from '../api/list-bookings';
import type { TBookingAccess } from '../utils/booking-access';
import { channelName, formatMoney, netPaidCents, paxLong, paxSummary } from '../utils/booking-format';
import { BookingStateBadge, CountryTag, PaymentStateBadge } from './booking-badges';
import classes from './bookings-screen.module.css';

export const editPath = (b: TBookingListItem) => pathTo('bookingEdit', { id: b.id });

/** "lun, 22 nov 2026" + "09:30" in two lines. */
function DateTimeCell({ b }: { b: TBookingListItem }) {
  return (
    <Stack gap={0}>
      <Text size="sm" className={classes.nowrap}>
        {formatDay(b.date)}
      </Text>
      <Text size="xs" c="dimmed" className={classes.num}>
        {b.time}
      </Text>
    </Stack>
  );
}

/** The table's columns (the administrator also reads the operator). */
export function bookingColumns(access: Pick<TBookingAccess, 'isAdmin'>): TColumns<TBookingListItem> {
  return [
    {
      key: 'locator',
      header: 'Localizador',
      sort: 'locator',
      nowrap: true,
      td: { className: classes.stickyStart },
      cell: (b) => (
        <Anchor component={Link} to={editPath(b)} className={classes.locator} c="dark">
          {b.locator}
        </Anchor>
      ),
    },
    { key: 'date', header: 'Fecha', sort: 'date', nowrap: true, cell: (b) => <DateTimeCell b={b} /> },
    {
      key: 'product',
      header: 'Producto',
      wide: true,
      cell: (b) => (
        <Text size="sm" lineClamp={2} title={b.product?.name}>
          {b.product?.name ?? '—'}
        </Text>
      ),
    },
    access.isAdmin && {
      key: 'tour_operator',
      header: 'Tour operador',
      optional: true,
      cell: (b) => (
        <Text size="sm" lineClamp={2} title={b.tour_operator?.name}>
          {b.tour_operator?.name ?? '—'}
        </Text>
      ),
    },
    {
      key: 'customer',
      header: 'Cliente',
      sort: 'customer_name',
      wide: true,
      cell: (b) => (
        <Text size="sm" fw={600} lineClamp={2} title={b.customer_name}>
          {b.customer_name} <CountryTag code={b.customer_country} />
        </Text>
      ),
    },
    {
      key: 'pax',
      header: 'Pax',
      nowrap: true,
      cell: (b) => (
        <Tooltip label={paxLong(b.lines)} disabled={!b.lines?.length}>
          <Text size="sm" className={classes.num}>
            {paxSummary(b.lines) || b.pax_total}
          </Text>
        </Tooltip>
      ),
    },
    {
      key: 'state',
      header: 'Estado',
      label: 'Estado y cobro',
      sort: 'state',
      nowrap: true,
      cell: (b) => (
        <Stack gap={4} align="flex-start">
          <BookingStateBadge state={b.state} />
          <PaymentStateBadge state={b.payment_state} />
        </Stack>
      ),
    },
    {
      key: 'total',
      header: 'Total',
      sort: 'total_cents',
      nowrap: true,
      th: { ta: 'right' },
      td: { ta: 'right' },
      cell: (b) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={600} className={classes.num}>
            {formatMoney(b.total_cents, b.currency)}
          </Text>
          {b.pending_cents > 0 ? (
            <Text size="xs" c="red.8" className={classes.num}>
              debe {formatMoney(b.pending_cents, b.currency)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'paid',
      header: 'Cobrado',
      optional: true,
      hiddenByDefault: true,
      nowrap: true,
      th: { ta: 'right' },
      td: { ta: 'right' },
      cell: (b) => (
        <Text size="sm" className={classes.num}>
          {formatMoney(netPaidCents(b), b.currency)}
        </Text>
      ),
    },
    {
      key: 'accommodation',
      header: 'Alojamiento · Recogida',
      label: 'Alojamiento y recogida',
      optional: true,
      hiddenByDefault: true,
      cell: (b) =>
        b.accommodation ? (
          <Stack gap={0}>
            <Text size="sm" lineClamp={2} title={b.accommodation.name}>
              {b.accommodation.name}
            </Text>
            {b.pickup_time ? (
              <Text size="xs" c="dimmed" className={classes.num}>
                Recogida {b.pickup_time}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'channel',
      header: 'Canal',
      optional: true,
      hiddenByDefault: true,
      nowrap: true,
      cell: (b) => (
        <>
          <Text size="sm">{b.sales_channel?.name ?? channelName(b.channel)}</Text>
          {b.reseller_reference ? (
            <Text size="xs" c="dimmed">
              {b.reseller_reference}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'seller',
      header: 'Vendedor',
      optional: true,
      hiddenByDefault: true,
      cell: (b) => (
        <Text size="sm" c={b.seller ? undefined : 'dimmed'} lineClamp={2} title={b.seller?.full_name}>
          {b.seller?.full_name ?? '—'}
        </Text>
      ),
    },
  ];
}

/** A booking as a phone card: locator, customer, departure, hotel and its two states. */
export function BookingCard({ b, showOperator }: { b: TBookingListItem; showOperator: boolean }) {
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Text className={classes.locator}>{b.locator}</Text>
        <CountryTag code={b.customer_country} />
      </Group>
      <Text fw={600} size="sm" truncate="end">
        {b.customer_name}
      </Text>
      <Text size="xs" c="dimmed" truncate="end">
        {[formatDay(b.date), b.time, b.product?.name, paxSummary(b.lines)].filter(Boolean).join(' · ')}
      </Text>
      {showOperator && b.tour_operator ? (
        <Text size="xs" c="dimmed" truncate="end">
          {b.tour_operator.name}
        </Text>
      ) : null}
      {b.accommodation ? (
        <Text size="xs" c="dimmed" truncate="end">
          {b.accommodation.name}
          {b.pickup_time ? ` · recogida ${b.pickup_time}` : ''}
        </Text>
      ) : null}
      <Group gap={6} mt={6} wrap="wrap">
        <BookingStateBadge state={b.state} />
        <PaymentStateBadge state={b.payment_state} />
      </Group>
    </>
  );
}

/** The card's side: the total and what is still owed. */
export function BookingCardAside({ b }: { b: TBookingListItem }) {
  return (
    <Stack gap={0} align="flex-end" style={{ flex: 'none' }}>
      <Text fw={700} size="sm" className={classes.num}>
        {formatMoney(b.total_cents, b.currency)}
      </Text>
      {b.pending_cents > 0 ? (
        <Text size="xs" c="red.8" className={classes.num}>
          debe {formatMoney(b.pending_cents, b.currency)}
        </Text>
      ) : null}
    </Stack>
  );
}

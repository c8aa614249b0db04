/**
 * Every row of the filtered bookings list as CSV (PRODUCT §5 "export to CSV of the filtered
 * rows"): 500 a page (the API's maximum), following the keyset cursor (X-Next-Cursor) when the API
 * offers one, else page numbers (lib/list-api.ts). Cells are formula-safe (lib/csv.ts).
 */
import { apiPath } from '@trayecto/shared';
import { toCsv } from '../../../lib/csv';
import { fetchAllPages } from '../../../lib/list-api';
import { type TTimes, timesFor } from '../../../lib/time-zone';
import { bookingStateName, channelName, netPaidCents, paxCounts, paymentStateName } from '../utils/booking-format';
import { bookingsListQueryString, type TBookingListItem, type TBookingsFilters } from './list-bookings';

export async function fetchAllBookings(filters: TBookingsFilters, sort?: string): Promise<TBookingListItem[]> {
  const all = await fetchAllPages<TBookingListItem>(
    apiPath('bookings'),
    (page) => bookingsListQueryString({ ...filters, ...page, sort }),
    { maxPages: 400 },
  );
  return all.items;
}

const euros = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : cents / 100);

/**
 * The CSV of the bookings. "Creada" is read in each booking's operator's zone; the
 * administrator's file, which mixes operators, names that zone in a column of its own.
 */
export function bookingsToCsv(
  bookings: readonly TBookingListItem[],
  timesOf: (zone?: string | null) => TTimes = timesFor,
): string {
  const withZone = timesOf().showZone;
  const header = [
    'Localizador',
    'Fecha',
    'Hora',
    'Producto',
    'Cliente',
    'País',
    'Email',
    'Teléfono',
    'Adultos',
    'Niños',
    'Bebés',
    'Senior',
    'Pax',
    'Alojamiento',
    'Habitación',
    'Recogida',
    'Total (€)',
    'Cobrado (€)',
    'Pendiente (€)',
    'Estado',
    'Cobro',
    'Canal',
    'Vendedor',
    'Creada',
    ...(withZone ? ['Zona horaria'] : []),
  ];
  const rows = bookings.map((b) => {
    const counts = new Map(paxCounts(b.lines).map((c) => [c.type, c.n]));
    return [
      b.locator,
      b.date,
      b.time,
      b.product?.name ?? '',
      b.customer_name,
      b.customer_country,
      b.customer_email ?? '',
      b.customer_phone ?? '',
      counts.get('adult') ?? 0,
      counts.get('child') ?? 0,
      counts.get('infant') ?? 0,
      counts.get('senior') ?? 0,
      b.pax_total,
      b.accommodation?.name ?? '',
      b.room ?? '',
      b.pickup_time ?? '',
      euros(b.total_cents),
      euros(netPaidCents(b)),
      euros(b.pending_cents ?? b.total_cents - netPaidCents(b)),
      bookingStateName(b.state),
      paymentStateName(b.payment_state),
      channelName(b.channel),
      b.seller?.full_name ?? '',
      b.created_at ? timesOf(b.timezone).dateTime(b.created_at) : '',
      ...(withZone ? [timesOf(b.timezone).zoneName] : []),
    ];
  });
  return toCsv(header, rows);
}

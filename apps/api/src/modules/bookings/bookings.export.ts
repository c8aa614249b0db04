/**
 * GET /bookings/export.csv: the filtered bookings list as CSV. In the default order the batches
 * follow the list's keyset cursor (no OFFSET, no count however long the file); another order pages.
 * "Creada" is read in each booking's operator's zone; the administrator's file, which mixes
 * operators, names that zone in a column of its own. «Respuestas» holds the answers to the
 * product's questions in one cell (issue 33 item 3).
 */
import {
  ACCESS,
  API_PATHS,
  answerText,
  bookingStateName,
  channelName,
  displayDate,
  netPaidCents,
  PRODUCT_PAYMENT_MODE_NAMES,
  paxCounts,
  paymentStateName,
  type TBookingAnswer,
  type TBookingResponse,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { CSV_BATCH_ROWS, registerCsvExport, type TCsvColumns, type TCsvTimes } from '../../lib/csv-stream';
import type { ListParams } from '../../lib/filters';
import type { Actor } from '../../lib/tenant';
import { viewerZone } from '../tour-operators/tour-operators.export';
import { BOOKING_LIST_SPEC } from './bookings.repository';
import * as service from './bookings.service';

const euros = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : cents / 100);

/** An answer as the file reads it: Sí/No, a date 26/11/2026, a number with the decimal comma. */
function answerCell(a: Pick<TBookingAnswer, 'kind' | 'value'>): string {
  if (a.kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(a.value)) return displayDate(a.value);
  if (a.kind === 'number') return a.value.replace('.', ',');
  return answerText(a);
}

/**
 * A booking's answers in one cell: the booking's questions first, then each passenger's, "P2" being
 * passenger 2 (numbered adults first, then children, infants, seniors):
 * «¿Cómo nos has conocido?: Internet; P1 ¿Sabe nadar?: Sí; P2 ¿Sabe nadar?: No».
 */
export function answersCell(answers: readonly TBookingAnswer[] | null | undefined): string {
  const list = [...(answers ?? [])];
  const ordered = [
    ...list.filter((a) => a.passenger == null),
    ...list.filter((a) => a.passenger != null).sort((x, y) => (x.passenger ?? 0) - (y.passenger ?? 0)),
  ];
  return ordered.map((a) => `${a.passenger == null ? '' : `P${a.passenger} `}${a.label}: ${answerCell(a)}`).join('; ');
}

export function bookingsCsv(times: TCsvTimes): TCsvColumns<TBookingResponse> {
  const withZone = times.showZone;
  return {
    header: [
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
      'Forma de pago',
      'A pagar en línea ahora (€)',
      'Plazas retenidas hasta',
      'Canal',
      'Referencia del canal',
      'Comisión (€)',
      'Cobra',
      'Vendedor',
      'Respuestas',
      'Creada',
      ...(withZone ? ['Zona horaria'] : []),
    ],
    row: (b) => {
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
        PRODUCT_PAYMENT_MODE_NAMES[b.payment_mode] ?? '',
        euros(b.due_now_cents ?? 0),
        b.hold_expires_at ? times.dateTime(b.hold_expires_at, b.timezone) : '',
        b.sales_channel?.name ?? channelName(b.channel),
        b.reseller_reference ?? '',
        b.commission_cents ? euros(b.commission_cents) : '',
        b.sales_channel ? (b.sales_channel.collects === 'agency' ? 'Canal' : 'Operador') : '',
        b.seller?.full_name ?? '',
        answersCell(b.answers),
        b.created_at ? times.dateTime(b.created_at, b.timezone) : '',
        ...(withZone ? [times.zoneName(b.timezone)] : []),
      ];
    },
  };
}

/** The list's batches: keyset cursor in the default order (what the list offers), else pages. */
export async function* bookingBatches(
  db: Db,
  actor: Actor,
  params: ListParams,
  batchRows = CSV_BATCH_ROWS,
): AsyncGenerator<TBookingResponse[]> {
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const res = await service.listBookings(db, actor, { ...params, page, perPage: batchRows }, cursor);
    if (res.items.length > 0) yield res.items;
    if (!res.hasMore) return;
    cursor = res.nextCursor ?? undefined;
  }
}

export function registerBookingsExport(app: FastifyInstance) {
  registerCsvExport(app, {
    path: API_PATHS.bookingsExport,
    name: 'reservas',
    tags: ['Reservas'],
    summary: 'Exportar la lista de reservas a CSV (mismos filtros, orden y permisos que la lista)',
    roles: ACCESS.bookings,
    spec: BOOKING_LIST_SPEC,
    viewerZone,
    // The list's keyset cursor: the export reads every row itself.
    ignore: ['cursor'],
    build: async ({ db, actor, params, times }) => ({
      columns: bookingsCsv(times),
      batches: bookingBatches(db, actor, params),
    }),
  });
}

import { Badge, Group, Select, Stack, Text, Title } from '@mantine/core';
import {
  BOOKING_STATE_NAMES,
  REPORT_BASES,
  REPORT_BASIS_NAMES,
  type TCancellationsReportResponse,
  type TCancellationsReportRow,
  type TOccupancyDeparture,
  type TOccupancyProduct,
  type TOccupancyReportResponse,
  type TReportBasis,
  type TTaxesReportResponse,
  type TTaxesReportRow,
  taxRateLabel,
} from '@trayecto/shared';
import { ListFooter } from '../../../components/list-footer';
import { day, int, money, percent } from '../utils/report-format';
import { ReportTable } from './report-table';

/** Ocupación: totals per product, then the period's departures, a page at a time. */
export function OccupancyReport({
  data,
  onPage,
}: {
  data: TOccupancyReportResponse | undefined;
  onPage: (page: number) => void;
}) {
  const t = data?.totals;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Por producto
        </Title>
        <ReportTable<TOccupancyProduct>
          caption="Ocupación por producto"
          columns={[
            { key: 'product', header: 'Producto', cell: (r) => r.product_name },
            { key: 'departures', header: 'Salidas', numeric: true, phone: false, cell: (r) => int(r.departures) },
            { key: 'capacity', header: 'Capacidad', numeric: true, phone: false, cell: (r) => int(r.capacity) },
            { key: 'seats', header: 'Vendidas', numeric: true, cell: (r) => int(r.seats_taken) },
            { key: 'occupancy', header: 'Ocupación', numeric: true, cell: (r) => percent(r.occupancy) },
          ]}
          rows={data?.products ?? []}
          rowKey={(r) => r.product_id}
          empty="No hay salidas en este periodo."
          minWidth={560}
          totals={
            t
              ? {
                  departures: int(t.departures),
                  capacity: int(t.capacity),
                  seats: int(t.seats_taken),
                  occupancy: percent(t.occupancy),
                }
              : undefined
          }
        />
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Por salida
        </Title>
        <ReportTable<TOccupancyDeparture>
          caption="Ocupación por salida"
          columns={[
            { key: 'date', header: 'Fecha', cell: (r) => day(r.date) },
            { key: 'time', header: 'Hora', cell: (r) => r.time },
            {
              key: 'product',
              header: 'Producto',
              cell: (r) => (
                <Group gap={6} wrap="nowrap">
                  <span>{r.product_name}</span>
                  {r.closed ? (
                    <Badge color="gray" variant="light" size="sm">
                      Cerrada
                    </Badge>
                  ) : null}
                </Group>
              ),
            },
            { key: 'capacity', header: 'Capacidad', numeric: true, phone: false, cell: (r) => int(r.capacity) },
            { key: 'seats', header: 'Vendidas', numeric: true, phone: false, cell: (r) => int(r.seats_taken) },
            { key: 'occupancy', header: 'Ocupación', numeric: true, cell: (r) => percent(r.occupancy) },
          ]}
          rows={data?.departures ?? []}
          rowKey={(r) => r.departure_id}
          empty="No hay salidas en este periodo."
          minWidth={640}
        />
        {data ? (
          <ListFooter
            total={data.totals.departures}
            page={data.page}
            perPage={data.per_page}
            one="salida"
            many="salidas"
            onPage={onPage}
          />
        ) : null}
      </Stack>
    </Stack>
  );
}

/** Cancelaciones: cancelled and no-show bookings of the period's departures, by reason. */
export function CancellationsReport({ data }: { data: TCancellationsReportResponse | undefined }) {
  const all = data
    ? {
        bookings: data.cancelled.bookings + data.no_show.bookings,
        pax: data.cancelled.pax + data.no_show.pax,
        total: data.cancelled.total_cents + data.no_show.total_cents,
        refunded: data.cancelled.refunded_cents + data.no_show.refunded_cents,
      }
    : null;
  return (
    <Stack gap="sm">
      {data ? (
        <Text size="sm" c="dimmed">
          {int(data.cancelled.bookings)} {data.cancelled.bookings === 1 ? 'cancelación' : 'cancelaciones'} (
          {money(data.cancelled.total_cents)}) y {int(data.no_show.bookings)}{' '}
          {data.no_show.bookings === 1 ? 'no presentado' : 'no presentados'} ({money(data.no_show.total_cents)}), por
          fecha de la salida.
        </Text>
      ) : null}
      <ReportTable<TCancellationsReportRow>
        caption="Cancelaciones y no presentados por motivo"
        columns={[
          {
            key: 'state',
            header: 'Estado',
            cell: (r) => (
              <Badge color={r.state === 'cancelled' ? 'red' : 'orange'} variant="light">
                {BOOKING_STATE_NAMES[r.state]}
              </Badge>
            ),
          },
          { key: 'reason', header: 'Motivo', cell: (r) => r.reason || 'Sin motivo' },
          { key: 'bookings', header: 'Reservas', numeric: true, cell: (r) => int(r.bookings) },
          { key: 'pax', header: 'Pasajeros', numeric: true, phone: false, cell: (r) => int(r.pax) },
          { key: 'total', header: 'Importe', numeric: true, cell: (r) => money(r.total_cents) },
          { key: 'refunded', header: 'Reembolsado', numeric: true, phone: false, cell: (r) => money(r.refunded_cents) },
        ]}
        rows={data?.rows ?? []}
        rowKey={(r, i) => `${r.state}-${r.reason}-${i}`}
        empty="No hay cancelaciones ni no presentados en este periodo."
        minWidth={640}
        totals={
          all
            ? { bookings: int(all.bookings), pax: int(all.pax), total: money(all.total), refunded: money(all.refunded) }
            : undefined
        }
      />
    </Stack>
  );
}

/** Impuestos: base, tax and total by rate (prices include tax). */
export function TaxesReport({
  data,
  basis,
  onBasis,
}: {
  data: TTaxesReportResponse | undefined;
  basis: TReportBasis;
  onBasis: (b: TReportBasis) => void;
}) {
  const t = data?.totals;
  return (
    <Stack gap="sm">
      <Select
        label="Fecha que cuenta"
        description="El devengo es la fecha del servicio"
        data={REPORT_BASES.map((b) => ({ value: b, label: REPORT_BASIS_NAMES[b] }))}
        value={basis}
        onChange={(v) => v && onBasis(v as TReportBasis)}
        allowDeselect={false}
        w={{ base: '100%', xs: 240 }}
      />
      <ReportTable<TTaxesReportRow>
        caption="Resumen de impuestos por tipo"
        columns={[
          { key: 'rate', header: 'Tipo', cell: (r) => taxRateLabel(r.kind, r.rate) },
          { key: 'bookings', header: 'Reservas', numeric: true, phone: false, cell: (r) => int(r.bookings) },
          { key: 'base', header: 'Base imponible', numeric: true, cell: (r) => money(r.base_cents) },
          { key: 'tax', header: 'Cuota', numeric: true, cell: (r) => money(r.tax_cents) },
          { key: 'total', header: 'Total', numeric: true, cell: (r) => money(r.total_cents) },
        ]}
        rows={data?.rows ?? []}
        rowKey={(r) => `${r.kind}-${r.rate}`}
        empty="No hay ventas en este periodo."
        minWidth={560}
        totals={
          t
            ? {
                bookings: int(t.bookings),
                base: money(t.base_cents),
                tax: money(t.tax_cents),
                total: money(t.total_cents),
              }
            : undefined
        }
      />
      <Text size="xs" c="dimmed">
        Los precios incluyen el impuesto: la base de cada reserva es su total × 100 / (100 + tipo), redondeada al
        céntimo, y la cuota el resto. No cuenta las reservas canceladas.
      </Text>
    </Stack>
  );
}

import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Paper, Select, Stack, Text } from '@mantine/core';
import {
  REPORT_BASES,
  REPORT_BASIS_NAMES,
  REPORT_GROUP_NAMES,
  REPORT_GROUPS,
  type TReportBasis,
  type TReportGroup,
  type TSalesReportResponse,
  type TSalesReportRow,
} from '@trayecto/shared';
import { useIsPhone } from '../../../lib/use-is-phone';
import { axisDay, axisEuros, day, int, money } from '../utils/report-format';
import { ReportTable, type TReportColumn } from './report-table';

/** The groups a Vendedor may use: their own sales, by day, product or channel. */
export const SELLER_GROUPS: TReportGroup[] = ['day', 'product', 'channel'];

const columns = (group: TReportGroup): TReportColumn<TSalesReportRow>[] => [
  {
    key: 'label',
    header: REPORT_GROUP_NAMES[group],
    cell: (r) => (group === 'day' && r.key ? day(r.key) : r.label),
  },
  { key: 'bookings', header: 'Reservas', numeric: true, cell: (r) => int(r.bookings) },
  { key: 'pax', header: 'Pasajeros', numeric: true, phone: false, cell: (r) => int(r.pax) },
  { key: 'gross', header: 'Bruto', numeric: true, phone: false, cell: (r) => money(r.gross_cents) },
  { key: 'discount', header: 'Descuentos', numeric: true, phone: false, cell: (r) => money(r.discount_cents) },
  { key: 'commission', header: 'Comisiones', numeric: true, phone: false, cell: (r) => money(r.commission_cents) },
  { key: 'cancelled', header: 'Cancelado', numeric: true, phone: false, cell: (r) => money(r.cancelled_cents) },
  { key: 'net', header: 'Neto', numeric: true, cell: (r) => money(r.net_cents) },
];

/** Ventas: group-by and basis selects, a chart of the net amounts, the table with its totals. */
export function SalesReport({
  data,
  group,
  basis,
  isSeller,
  onChange,
}: {
  data: TSalesReportResponse | undefined;
  group: TReportGroup;
  basis: TReportBasis;
  isSeller: boolean;
  onChange: (next: { group_by?: TReportGroup; basis?: TReportBasis }) => void;
}) {
  const isPhone = useIsPhone();
  const groups = isSeller ? SELLER_GROUPS : [...REPORT_GROUPS];
  // While another grouping loads, the previous answer stays on screen: drawn as what it is.
  const shown = data?.group_by ?? group;
  const points = (data?.rows ?? []).slice(0, shown === 'day' ? 366 : 15).map((r) => ({
    label: shown === 'day' && r.key ? axisDay(r.key) : r.label,
    Neto: r.net_cents / 100,
  }));
  const t = data?.totals;
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Agrupar por"
          data={groups.map((g) => ({ value: g, label: REPORT_GROUP_NAMES[g] }))}
          value={group}
          onChange={(v) => v && onChange({ group_by: v as TReportGroup })}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          label="Fecha que cuenta"
          data={REPORT_BASES.map((b) => ({ value: b, label: REPORT_BASIS_NAMES[b] }))}
          value={basis}
          onChange={(v) => v && onChange({ basis: v as TReportBasis })}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {t ? (
        <Text size="sm" c="dimmed">
          {int(t.bookings)} {t.bookings === 1 ? 'reserva' : 'reservas'}, {int(t.pax)}{' '}
          {t.pax === 1 ? 'pasajero' : 'pasajeros'}, neto {money(t.net_cents)}
          {t.cancelled_bookings > 0 ? ` (${int(t.cancelled_bookings)} canceladas: ${money(t.cancelled_cents)})` : ''}
        </Text>
      ) : null}
      <Paper withBorder radius="md" p="sm">
        <div
          role="img"
          aria-label={`Gráfico: importe neto por ${REPORT_GROUP_NAMES[shown].toLowerCase()}${t ? `, total ${money(t.net_cents)}` : ''}`}
          data-testid="sales-report-chart"
        >
          {shown === 'day' ? (
            <BarChart
              h={260}
              data={points}
              dataKey="label"
              series={[{ name: 'Neto', color: 'brand.6' }]}
              valueFormatter={axisEuros}
              tickLine="y"
              gridAxis="y"
              maxBarWidth={28}
              yAxisProps={{ width: 80 }}
              xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
              tooltipAnimationDuration={120}
            />
          ) : (
            // Names read along the bars: one bar per group, the most sold first.
            <BarChart
              h={Math.max(140, points.length * 40 + 40)}
              data={points}
              dataKey="label"
              orientation="vertical"
              series={[{ name: 'Neto', color: 'brand.6' }]}
              valueFormatter={axisEuros}
              tickLine="x"
              gridAxis="x"
              maxBarWidth={24}
              yAxisProps={{ width: isPhone ? 110 : 200, interval: 0 }}
              tooltipAnimationDuration={120}
            />
          )}
        </div>
      </Paper>
      <ReportTable
        caption={`Ventas por ${REPORT_GROUP_NAMES[shown].toLowerCase()}`}
        columns={columns(shown)}
        rows={data?.rows ?? []}
        rowKey={(r, i) => `${r.key ?? 'none'}-${i}`}
        empty="No hay ventas en este periodo."
        minWidth={860}
        totals={
          t
            ? {
                bookings: int(t.bookings),
                pax: int(t.pax),
                gross: money(t.gross_cents),
                discount: money(t.discount_cents),
                commission: money(t.commission_cents),
                cancelled: money(t.cancelled_cents),
                net: money(t.net_cents),
              }
            : undefined
        }
      />
    </Stack>
  );
}

import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import type { TDashboardResponse } from '@trayecto/shared';
import {
  chartPoints,
  chartSummary,
  formatAxisEuros,
  formatMoney,
  formatTooltipDay,
  type TChartPoint,
} from '../utils/dashboard-format';
import classes from './home.module.css';

function ChartTooltip({ point }: { point?: TChartPoint }) {
  if (!point) return null;
  return (
    <Paper withBorder shadow="md" radius="md" px="sm" py={6}>
      <Text size="xs" c="dimmed">
        {formatTooltipDay(point.date)}
      </Text>
      <Text size="sm" fw={700}>
        {formatMoney(Math.round(point.ventas * 100))}
      </Text>
      <Text size="xs">
        {point.reservas} {point.reservas === 1 ? 'reserva' : 'reservas'}
      </Text>
    </Paper>
  );
}

/**
 * Sales of the last 30 days by day of sale (@mantine/charts on recharts, loaded only with the home
 * page): euros on the axis without decimals, "22 nov" below, the exact amount on hover.
 */
export default function SalesChart({ days }: { days: TDashboardResponse['sales_30_days'] }) {
  const data = chartPoints(days);
  const summary = chartSummary(days);
  const description = `Ventas de los últimos 30 días: ${formatMoney(summary.totalCents)} en ${summary.bookings} ${summary.bookings === 1 ? 'reserva' : 'reservas'}${summary.best ? `; el mejor día, ${formatTooltipDay(summary.best.date)}, ${formatMoney(summary.best.cents)}` : ''}.`;
  return (
    <div role="img" aria-label={description} className={classes.chart} data-testid="sales-chart">
      <BarChart
        h={260}
        data={data}
        dataKey="label"
        series={[{ name: 'ventas', label: 'Ventas', color: 'brand.6' }]}
        valueFormatter={formatAxisEuros}
        tickLine="y"
        gridAxis="y"
        maxBarWidth={22}
        yAxisProps={{ width: 70 }}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
        tooltipAnimationDuration={120}
        tooltipProps={{
          content: ({ payload }) => <ChartTooltip point={payload?.[0]?.payload as TChartPoint | undefined} />,
        }}
      />
    </div>
  );
}

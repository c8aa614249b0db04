import { Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBus, IconCash, IconChartPie, IconReceipt, IconUsers } from '@tabler/icons-react';
import type { TDashboardKpis, TDashboardResponse } from '@trayecto/shared';
import type { ReactNode } from 'react';
import { formatMoney, formatPercent } from '../utils/dashboard-format';
import classes from './home.module.css';

type TKpi = {
  key: keyof TDashboardKpis;
  label: string;
  icon: ReactNode;
  color: string;
  format: (k: TDashboardKpis, currency: string) => string;
  hint?: string;
  /** The label when the figures are a seller's own. */
  seller?: string;
};

const KPIS: TKpi[] = [
  {
    key: 'departures',
    label: 'Salidas',
    icon: <IconBus size={20} />,
    color: 'brand',
    format: (k) => k.departures.toLocaleString('es-ES'),
  },
  {
    key: 'pax',
    label: 'Pax',
    icon: <IconUsers size={20} />,
    color: 'indigo',
    format: (k) => k.pax.toLocaleString('es-ES'),
  },
  {
    key: 'occupancy',
    label: 'Ocupación',
    icon: <IconChartPie size={20} />,
    color: 'grape',
    format: (k) => formatPercent(k.occupancy),
    hint: 'Plazas vendidas sobre las plazas de esas salidas',
  },
  {
    key: 'sales_cents',
    label: 'Ventas',
    seller: 'Tus ventas',
    icon: <IconReceipt size={20} />,
    color: 'teal',
    format: (k, c) => formatMoney(k.sales_cents, c),
    hint: 'Importe de las reservas de esas salidas',
  },
  {
    key: 'pending_cents',
    label: 'Cobros pendientes',
    seller: 'Tus cobros pendientes',
    icon: <IconCash size={20} />,
    color: 'orange',
    format: (k, c) => formatMoney(k.pending_cents, c),
    hint: 'Lo que falta por cobrar de esas reservas',
  },
];

/**
 * Salidas, pax, ocupación, ventas and cobros pendientes, each with today's figure and the next 7
 * days' (PRODUCT §5 Inicio). A seller's figures are their own sales.
 */
export function KpiCards({ data, loading }: { data?: TDashboardResponse; loading: boolean }) {
  const sellerScope = data?.scope === 'seller';
  return (
    <SimpleGrid
      cols={{ base: 2, md: 3, lg: 5 }}
      spacing="md"
      component="section"
      aria-label="Cifras de hoy y de los próximos 7 días"
    >
      {KPIS.map((kpi) => (
        <Paper
          key={kpi.key}
          withBorder
          radius="lg"
          p="md"
          shadow="xs"
          className={classes.kpi}
          role="group"
          aria-label={sellerScope && kpi.seller ? kpi.seller : kpi.label}
        >
          <Group justify="space-between" wrap="nowrap" mb={8}>
            <Text size="sm" fw={600} c="dimmed" title={kpi.hint}>
              {sellerScope && kpi.seller ? kpi.seller : kpi.label}
            </Text>
            <ThemeIcon variant="light" color={kpi.color} radius="md" size={34} aria-hidden>
              {kpi.icon}
            </ThemeIcon>
          </Group>
          {loading || !data ? (
            <Stack gap={8}>
              <Skeleton h={28} w="60%" />
              <Skeleton h={14} w="80%" />
            </Stack>
          ) : (
            <>
              <Group gap="md" align="flex-end" wrap="nowrap">
                <div>
                  <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
                    Hoy
                  </Text>
                  <Text
                    fz={{ base: 20, xs: 26 }}
                    fw={800}
                    lh={1.1}
                    className={classes.num}
                    data-testid={`kpi-today-${kpi.key}`}
                  >
                    {kpi.format(data.today_kpis, data.currency)}
                  </Text>
                </div>
              </Group>
              {kpi.key === 'occupancy' && data.today_kpis.occupancy !== null ? (
                <Progress
                  value={Math.min(100, Math.round(data.today_kpis.occupancy * 100))}
                  color={kpi.color}
                  size="sm"
                  radius="xl"
                  mt={8}
                  aria-hidden
                />
              ) : null}
              <Text size="xs" mt={10} c="dimmed" fw={600} tt="uppercase" lts={0.3}>
                Próximos 7 días
              </Text>
              <Text size="md" fw={700} className={classes.num} data-testid={`kpi-week-${kpi.key}`}>
                {kpi.format(data.next_7_days, data.currency)}
              </Text>
            </>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { pathTo, type TDashboardResponse } from '@trayecto/shared';
import { Link } from 'react-router';
import { formatMoney, monthName } from '../utils/dashboard-format';
import classes from './home.module.css';

/** A seller's own month (level 2): sales, commission earned and bookings, with "Nueva reserva". */
export function SellerSummary({ data }: { data: TDashboardResponse }) {
  if (!data.seller) return null;
  const figures = [
    { label: 'Ventas', value: formatMoney(data.seller.month_sales_cents, data.currency), testId: 'seller-sales' },
    {
      label: 'Comisión',
      value: formatMoney(data.seller.month_commission_cents, data.currency),
      testId: 'seller-commission',
    },
    { label: 'Reservas', value: data.seller.month_bookings.toLocaleString('es-ES'), testId: 'seller-bookings' },
  ];
  return (
    <Paper
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      className={classes.seller}
      component="section"
      aria-labelledby="seller-title"
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div>
          <Text id="seller-title" fw={700} fz="lg" component="h2" m={0}>
            Tus ventas de {monthName(data.today)}
          </Text>
          <Text size="sm" opacity={0.85}>
            Reservas que has vendido este mes y la comisión que te corresponde.
          </Text>
        </div>
        <Button
          component={Link}
          to={pathTo('bookingCreate')}
          variant="white"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Nueva reserva
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} mt="md" spacing="md">
        {figures.map((f) => (
          <div key={f.label}>
            <Text size="xs" tt="uppercase" fw={700} opacity={0.8} lts={0.4}>
              {f.label}
            </Text>
            <Text fz={28} fw={800} lh={1.15} className={classes.num} data-testid={f.testId}>
              {f.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

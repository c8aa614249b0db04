import { screen, within } from '@testing-library/react';
import type { TDashboardResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { SalesByChannel } from './sales-by-channel';

const data = (rows: TDashboardResponse['sales_by_channel']) =>
  ({ currency: 'EUR', sales_by_channel: rows }) as TDashboardResponse;

const show = (d: TDashboardResponse) => renderRoutes([{ path: '/', element: <SalesByChannel data={d} /> }], '/');

describe('«Ventas por canal» on the home page (ADR 023)', () => {
  it('each channel by name with its bookings, sales, commission and share; the total', () => {
    show(
      data([
        {
          channel: 'channel',
          channel_id: 'c1',
          name: 'Klook',
          bookings: 12,
          sales_cents: 150000,
          commission_cents: 30000,
        },
        {
          channel: 'office',
          channel_id: null,
          name: 'Oficina',
          bookings: 3,
          sales_cents: 50000,
          commission_cents: 0,
        },
      ]),
    );
    const table = screen.getByRole('table', { name: 'Ventas por canal' });
    const klook = within(table).getByRole('row', { name: /Klook/ });
    expect(klook).toHaveTextContent('75 % de las ventas');
    expect(klook).toHaveTextContent('1.500,00 €');
    expect(klook).toHaveTextContent('300,00 €');
    expect(within(table).getByRole('row', { name: /Oficina/ })).toHaveTextContent('25 % de las ventas');
    expect(screen.getByText('2.000,00 €')).toBeInTheDocument();
  });

  it('nothing without rows (a seller, a driver, a guide)', () => {
    show(data([]));
    expect(screen.queryByRole('table')).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TOccupancyReportResponse, TSalesReportResponse, TTaxesReportResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json, loginAs } from '../../../test/session';
import { ReportsScreen } from './reports-screen';

const figures = {
  bookings: 2,
  pax: 5,
  gross_cents: 250_000,
  discount_cents: 500,
  commission_cents: 1150,
  cancelled_bookings: 1,
  cancelled_cents: 9000,
  net_cents: 241_000,
};
const sales: TSalesReportResponse = {
  from: '2026-11-01',
  to: '2026-11-30',
  timezone: 'Atlantic/Canary',
  currency: 'EUR',
  scope: 'operator',
  group_by: 'product',
  basis: 'sale',
  rows: [{ key: 'p1', label: 'Teide al atardecer', ...figures }],
  totals: figures,
};
const taxes: TTaxesReportResponse = {
  from: '2026-11-01',
  to: '2026-11-30',
  timezone: 'Atlantic/Canary',
  currency: 'EUR',
  scope: 'operator',
  basis: 'service',
  rows: [{ kind: 'IGIC', rate: 7, bookings: 2, base_cents: 14_954, tax_cents: 1046, total_cents: 16_000 }],
  totals: { bookings: 2, base_cents: 14_954, tax_cents: 1046, total_cents: 16_000 },
};

/** 120 departures in the period, 50 a page: page `n` as the API answers it. */
const occupancyPage = (page: number): TOccupancyReportResponse => ({
  from: '2026-11-01',
  to: '2026-11-30',
  timezone: 'Atlantic/Canary',
  currency: 'EUR',
  scope: 'operator',
  departures: Array.from({ length: page < 3 ? 50 : page === 3 ? 20 : 0 }, (_, i) => ({
    departure_id: `d${(page - 1) * 50 + i}`,
    product_id: 'p1',
    product_name: `Salida ${(page - 1) * 50 + i + 1}`,
    date: '2026-11-02',
    time: '09:00',
    capacity: 10,
    seats_taken: 5,
    occupancy: 0.5,
    closed: false,
  })),
  page,
  per_page: 50,
  truncated: true,
  products: [
    { product_id: 'p1', product_name: 'Teide', departures: 120, capacity: 1200, seats_taken: 600, occupancy: 0.5 },
  ],
  totals: { departures: 120, capacity: 1200, seats_taken: 600, occupancy: 0.5 },
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (String(url).includes('/tour-operators')) return json(200, [{ id: 'op-b', name: 'Atlántico Sur', state: 1 }]);
    if (String(url).includes('/reports/occupancy'))
      return json(200, occupancyPage(Number(new URL(String(url), 'http://x').searchParams.get('page') ?? 1)));
    if (String(url).includes('/reports/taxes')) return json(200, taxes);
    if (String(url).includes('group_by=day')) {
      return json(200, {
        ...sales,
        group_by: 'day',
        rows: [{ ...sales.rows[0], key: '2026-11-02', label: '02/11/2026' }],
      });
    }
    return json(200, sales);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const show = (path: string) => renderRoutes([{ path: '/reports', element: <ReportsScreen /> }], path);
const calledWith = (part: string) => fetchMock.mock.calls.some(([u]) => decodeURIComponent(String(u)).includes(part));

describe('«Informes»', () => {
  it('sales by product from the URL: the chart, amounts right-aligned as 1.234,50 €, the totals row', async () => {
    loginAs(1);
    show('/reports?from=2026-11-01&to=2026-11-30&group_by=product');
    const table = await screen.findByRole('table', { name: 'Ventas por producto' });
    expect(calledWith('/reports/sales?from=2026-11-01&to=2026-11-30&group_by=product&basis=sale')).toBe(true);
    const row = within(table).getByRole('row', { name: /Teide al atardecer/ });
    expect(row).toHaveTextContent('2.500,00 €');
    expect(row).toHaveTextContent('2.410,00 €');
    const net = within(row).getByText('2.410,00 €');
    expect(net).toHaveStyle({ textAlign: 'right' });
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('11,50 €');
    expect(screen.getByTestId('sales-report-chart')).toHaveAccessibleName(/importe neto por producto/);
    for (const tab of ['Ventas', 'Ocupación', 'Cancelaciones', 'Impuestos']) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Exportar Excel' })).toBeEnabled();
  });

  it('the taxes tab by keyboard: rate, base, tax and total', async () => {
    loginAs(1);
    const { router } = show('/reports?from=2026-11-01&to=2026-11-30');
    await screen.findByRole('table', { name: 'Ventas por día' });
    const tab = screen.getByRole('tab', { name: 'Ventas' });
    tab.focus();
    // Arrow keys move between the tabs (and open them), as Mantine's tabs do.
    for (let i = 0; i < 3; i++) fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Impuestos' })).toHaveFocus();
    const table = await screen.findByRole('table', { name: 'Resumen de impuestos por tipo' });
    expect(within(table).getByRole('row', { name: /IGIC 7 %/ })).toHaveTextContent('149,54 €');
    expect(calledWith('/reports/taxes?from=2026-11-01&to=2026-11-30&basis=service')).toBe(true);
    // A change of this screen's URL is not a new screen: the focus stays on the tab (RootLayout).
    expect(router.state.location.search).toContain('tab=taxes');
    expect(router.state.location.state).toMatchObject({ keepScroll: true });
  });

  it('a Vendedor: «Mis ventas», only sales and cancellations, no seller or agency grouping', async () => {
    loginAs(2);
    show('/reports?from=2026-11-01&to=2026-11-30&group_by=seller');
    expect(await screen.findByRole('heading', { name: 'Mis ventas' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Ventas', 'Cancelaciones']);
    await waitFor(() => expect(calledWith('group_by=day')).toBe(true));
    expect(calledWith('group_by=seller')).toBe(false);
  });

  it('a period longer than 366 days is refused before asking', async () => {
    loginAs(1);
    show('/reports?from=2025-01-01&to=2026-12-31');
    expect(await screen.findByText('El periodo no puede superar 366 días')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
  });

  it('the administrator: every operator, or one chosen by name (in the URL and the query)', async () => {
    loginAs(0);
    show('/reports?from=2026-11-01&to=2026-11-30&tour_operator_id=op-b');
    expect(await screen.findByDisplayValue('Atlántico Sur')).toHaveAccessibleName('Tour operador');
    expect(calledWith('/reports/sales?from=2026-11-01&to=2026-11-30&tour_operator_id=op-b')).toBe(true);
  }, 15_000);

  it('occupancy: the departures a page at a time, the page in the URL, a new period back to the first', async () => {
    loginAs(1);
    show('/reports?from=2026-11-01&to=2026-11-30&tab=occupancy');
    const table = await screen.findByRole('table', { name: 'Ocupación por salida' });
    expect(within(table).getByText('Salida 1')).toBeInTheDocument();
    expect(screen.getByText('1–50 de 120 salidas')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await within(table).findByText('Salida 101')).toBeInTheDocument();
    expect(calledWith('/reports/occupancy?from=2026-11-01&to=2026-11-30&page=3')).toBe(true);
    expect(screen.getByText('101–120 de 120 salidas')).toBeInTheDocument();
    // The products' totals count every departure, whatever the page.
    expect(screen.getByRole('table', { name: 'Ocupación por producto' })).toHaveTextContent('120');
  });

  it('occupancy: a page past the last (a shared link, a shorter period) shows the last page', async () => {
    loginAs(1);
    show('/reports?from=2026-11-01&to=2026-11-30&tab=occupancy&page=9');
    const table = await screen.findByRole('table', { name: 'Ocupación por salida' });
    expect(await within(table).findByText('Salida 101')).toBeInTheDocument();
    expect(calledWith('/reports/occupancy?from=2026-11-01&to=2026-11-30&page=3')).toBe(true);
  });
});

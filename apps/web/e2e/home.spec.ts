import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const EUROS = /^-?\d{1,3}(\.\d{3})*,\d{2} €$/;

test.describe('home (PRODUCT §5: / Inicio)', () => {
  test('an administrator sees today’s and the next 7 days’ KPIs, the 30-day sales chart and today’s departures', async ({
    page,
  }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();

    const kpis = page.getByRole('region', { name: 'Cifras de hoy y de los próximos 7 días' });
    for (const label of ['Salidas', 'Pax', 'Ocupación', 'Ventas', 'Cobros pendientes']) {
      await expect(kpis.getByRole('group', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('kpi-today-departures')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('kpi-week-pax')).toHaveText(/^\d{1,3}(\.\d{3})*$/);
    await expect(page.getByTestId('kpi-today-sales_cents')).toHaveText(EUROS);
    await expect(page.getByTestId('kpi-week-pending_cents')).toHaveText(EUROS);
    await expect(page.getByTestId('kpi-week-occupancy')).toHaveText(/^(\d{1,3} %|—)$/);

    // The chart: 30 days of bars, described for screen readers, euros on the axis.
    const chart = page.getByTestId('sales-chart');
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute(
      'aria-label',
      /^Ventas de los últimos 30 días: [\d.]+,\d{2} € en \d+ reservas?/,
    );
    await expect(chart.locator('.recharts-bar-rectangle path').first()).toBeVisible();
    await expect(
      chart.getByText(/^\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)$/).first(),
    ).toBeVisible();
    await expect(chart.getByText(/^[\d.]+ €$/).first()).toBeVisible();

    // Today's departures with their sheet (a link to it) or "Sin hoja".
    const today = page.getByRole('table', { name: 'Salidas de hoy' });
    await expect(today).toBeVisible();
    const rows = today.getByRole('row');
    expect(await rows.count()).toBeGreaterThan(1);
    const sheetLink = today.getByRole('link', { name: /^Hoja de / }).first();
    await expect(sheetLink).toBeVisible();
    await sheetLink.click();
    await expect(page).toHaveURL(/\/schedule-sheets\/[0-9a-f-]{36}$/);
  });

  test('a seller sees their own sales and commission this month', async ({ page }) => {
    await signIn(page, 'ventas@teideaventura.demo');
    await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
    const seller = page.getByRole('region', { name: /^Tus ventas de [a-z]+$/ });
    await expect(seller).toBeVisible();
    await expect(seller.getByTestId('seller-sales')).toHaveText(EUROS);
    await expect(seller.getByTestId('seller-commission')).toHaveText(EUROS);
    await expect(seller.getByTestId('seller-bookings')).toHaveText(/^\d+$/);
    await expect(seller.getByRole('link', { name: 'Nueva reserva' })).toHaveAttribute('href', '/booking/create');
    await expect(page.getByRole('group', { name: 'Tus ventas', exact: true })).toBeVisible();
    await expect(page.getByTestId('sales-chart').or(page.getByText('Sin ventas en los últimos 30 días'))).toBeVisible();
    // No sheets for a seller: no sheet column, no link to them.
    await expect(page.getByRole('link', { name: /^Hoja de / })).toHaveCount(0);
  });

  test('on a phone the KPIs and the chart fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'operaciones@teideaventura.demo');
    await expect(page.getByTestId('kpi-today-sales_cents')).toHaveText(EUROS);
    await expect(page.getByTestId('sales-chart')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

/**
 * «Informes» (issue 34): the operator's admin opens the reports, sees this month's sales chart and
 * table, groups them by product and downloads the CSV (named after the period); a Vendedor sees
 * «Mis ventas» without the occupancy and tax tabs.
 * REPORTS_SCREENSHOTS=<dir>: also save how the screen looks at 1280 and 390 px, to check by eye.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { openAs } from './helpers';

const MANAGER = 'gerencia@teideaventura.demo';
const SELLER = 'ventas@teideaventura.demo';

const shot = async (page: Page, name: string) => {
  const dir = process.env.REPORTS_SCREENSHOTS;
  if (!dir) return;
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
};

test.describe('Informes (issue 34)', () => {
  test('sales: the chart and the table, grouped by product, exported as CSV', async ({ page }) => {
    await openAs(page, '/reports', MANAGER);
    await expect(page.getByRole('heading', { name: 'Informes', level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: /importe neto por día/ })).toBeVisible();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Ventas por día' })).toBeVisible();
    await shot(page, 'ventas-dia');

    await page.getByRole('combobox', { name: 'Agrupar por' }).click();
    await page.getByRole('option', { name: 'Producto' }).click();
    await expect(page).toHaveURL(/group_by=product/);
    const table = page.getByRole('table', { name: 'Ventas por producto' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row', { name: /^Total/ })).toContainText('€');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^informe-ventas-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path()) as string, 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Producto;Reservas;Pasajeros;Importe bruto;Descuentos;Comisiones;Cancelaciones;Importe cancelado;Importe neto',
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'ventas-producto');
  });

  test('a Vendedor: «Mis ventas», sales and cancellations only', async ({ page }) => {
    await openAs(page, '/reports', SELLER);
    await expect(page.getByRole('heading', { name: 'Mis ventas', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Ventas', 'Cancelaciones']);
  });

  test('every tab passes axe (WCAG 2.2 A/AA) on desktop and phone', async ({ page }) => {
    await openAs(page, '/reports', MANAGER);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const tab of ['sales', 'occupancy', 'cancellations', 'taxes']) {
        await page.goto(`/reports?tab=${tab}&group_by=product`);
        await expect(page.getByRole('tab', { selected: true })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectAccessible(page, 'main', `Informes ${tab} a ${width} px`);
      }
    }
  });
});

/**
 * «Facturas» (issue 34): the operator's admin issues the simplified invoice of a paid demo booking
 * from the booking's page, finds it in Facturas with its VERI*FACTU state, rectifies part of it (the
 * corrective invoice opens in its place) and downloads the invoice's PDF.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { api, openAs, tokenOf } from './helpers';

const MANAGER = 'gerencia@teideaventura.demo';

test.describe('Facturas (issue 34)', () => {
  test('issue a simplified invoice of a paid booking, see it in Facturas, rectify it, download its PDF', async ({
    page,
  }) => {
    // A paid demo booking of Teide Aventura with no invoice yet.
    const token = await tokenOf(page.request, MANAGER);
    const bookings = await api<{ id: string; locator: string; payment_state: string; total_cents: number }[]>(
      page.request,
      token,
      'GET',
      '/bookings?per_page=100&sort=-created_at',
    );
    let booking: (typeof bookings)[number] | undefined;
    for (const b of bookings.filter((x) => x.payment_state === 'paid' && x.total_cents > 0)) {
      const invoices = await api<unknown[]>(page.request, token, 'GET', `/bookings/${b.id}/invoices`);
      if (invoices.length === 0) {
        booking = b;
        break;
      }
    }
    expect(booking, 'a paid demo booking without invoices').toBeTruthy();
    if (!booking) return;

    await openAs(page, `/booking/edit/${booking.id}`, MANAGER);
    const section = page.getByRole('region', { name: 'Facturas' });
    await section.getByRole('button', { name: 'Emitir factura simplificada' }).click();
    const row = section.getByTestId('booking-invoice');
    await expect(row).toContainText('Simplificada');
    const code = (await row.getByRole('link').textContent())?.trim() ?? '';
    expect(code).toMatch(/^F\d{4}-\d{6}$/);

    // In Facturas: the row, then the invoice in its drawer.
    await row.getByRole('link', { name: code }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(`Factura ${code}`) });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('table', { name: 'Líneas de la factura' })).toBeVisible();
    await expect(drawer.getByLabel('Huella', { exact: true })).toHaveValue(/^[0-9A-F]{64}$/);
    await expect(
      page.getByRole('table', { name: 'Facturas' }).getByRole('row', { name: new RegExp(code) }),
    ).toContainText(/Pendiente de envío|Enviado|Error/);

    // The PDF, as the office downloads it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await readFile((await download.path()) ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // Rectify 1,00 €: the corrective invoice opens, naming the invoice it corrects.
    await drawer.getByRole('button', { name: 'Rectificar' }).click();
    const dialog = page.getByRole('dialog', { name: `Rectificar la factura ${code}` });
    await dialog.getByRole('textbox', { name: 'Importe' }).fill('1,00');
    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Devolución de cortesía');
    await dialog.getByRole('button', { name: 'Emitir rectificativa' }).click();
    const corrective = page.getByRole('dialog', { name: /Factura R\d{4}-\d{6}/ });
    await expect(corrective).toBeVisible();
    await expect(corrective.getByTestId('invoice-related')).toContainText('Rectifica la factura');
    await expect(corrective.getByTestId('invoice-related')).toContainText(code);
    await expect(corrective.getByTestId('invoice-total')).toHaveText('-1,00 €');
  });
});

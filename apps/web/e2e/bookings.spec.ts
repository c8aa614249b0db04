import { expect, type Page, test } from '@playwright/test';
import { formatDay } from '../../../packages/shared/src/common/dates';
import { signIn } from './helpers';

const OPERATOR = 'operaciones@teideaventura.demo';

/** Seats sold on a departure, read from the calendar view (week of that date, that product). */
async function seatsSold(page: Page, productId: string, date: string, time: string): Promise<number> {
  await page.goto(`/booking?view=calendar&cal=week&cal_date=${date}&product_id=${productId}`);
  // The entry of that day (the week shows the same time on other days too): "…, mar, 24 nov 2026 09:00: 5 plazas vendidas…".
  const day = formatDay(date).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const entry = page.getByRole('button', { name: new RegExp(`, ${day} ${time}: (\\d+) plazas? vendidas?`) }).first();
  await expect(entry).toBeVisible();
  const name = (await entry.getAttribute('aria-label')) ?? '';
  return Number(new RegExp(` ${time}: (\\d+) plaza`).exec(name)?.[1]);
}

test.describe('bookings (PRODUCT §5: /booking, /booking/create, /booking/edit/{id})', () => {
  test('an operator creates a booking end to end, finds it, takes a partial payment and cancels it', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36).toUpperCase();
    const customer = `Lucía Pérez ${stamp}`;

    await signIn(page, OPERATOR);

    // The list: "Nueva reserva".
    await page.goto('/booking');
    await expect(page.getByRole('heading', { name: 'Reservas', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Nueva reserva' }).first().click();
    await expect(page).toHaveURL(/\/booking\/create$/);

    // Saving an empty form shows the spec's message next to the fields.
    await page.getByRole('button', { name: 'Guardar reserva' }).click();
    await expect(page.getByText('Campo requerido').first()).toBeVisible();

    // 1. Product. The refusal's notification moves out of the way of the focused field as it
    // settles; a click that lands on it while it moves closes the list, so open it again then.
    await expect(async () => {
      const product = page.getByRole('combobox', { name: 'Producto' });
      if ((await product.getAttribute('aria-expanded')) !== 'true') await product.click();
      await page.getByRole('option', { name: /Subida al Teide/ }).click({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });

    // 2. Date: the first day with seats on sale (this month or the next ones).
    const calendar = page.getByRole('table', { name: /^Salidas de / });
    await expect(calendar).toBeVisible();
    const openDay = calendar.locator('button:not([disabled])[data-state="open"]');
    for (let i = 0; i < 4 && (await openDay.count()) === 0; i++) {
      await page.getByRole('button', { name: 'Mes siguiente' }).click();
      await page.waitForTimeout(500);
    }
    const day = openDay.first();
    const date = (await day.getAttribute('data-date')) ?? '';
    await day.click();
    await expect(day).toHaveAttribute('aria-pressed', 'true');

    // 3. Time: the first start time with seats.
    const times = page.getByRole('radiogroup', { name: 'Hora' });
    const time = times.getByRole('radio').and(page.locator(':not([disabled])')).first();
    await time.click();
    await expect(time).toHaveAttribute('aria-checked', 'true');
    const timeText = /(\d{2}:\d{2})/.exec((await time.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    expect(timeText).toMatch(/^\d{2}:\d{2}$/);

    // 4. Pax: 2 adults + 1 child, with the live total from the server.
    await page.getByRole('button', { name: 'Añadir adultos' }).click();
    await page.getByRole('button', { name: 'Añadir adultos' }).click();
    await page.getByRole('button', { name: 'Añadir niños' }).click();
    const summary = page.getByRole('region', { name: 'Resumen y total' });
    await expect(summary.getByTestId('quote')).toContainText('2 × Adulto');
    await expect(summary.getByTestId('quote')).toContainText('1 × Niño');
    await expect(summary.getByText('Estimación')).toBeHidden();
    await expect(summary.getByText('Calculando…')).toBeHidden();
    const total = (await summary.getByTestId('quote-total').textContent()) ?? '';
    expect(total).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
    await expect(summary.getByTestId('seats-left')).toContainText(/Quedan? \d+ plazas?/);

    // 5. Customer.
    await page.getByLabel('Nombre del cliente').fill(customer);
    await page.getByLabel('Email').fill(`lucia.${stamp.toLowerCase()}@example.com`);
    await page.getByLabel('Teléfono').fill('+34 600 123 456');

    // 6. Pickup hotel, with its computed pickup time.
    await page.getByRole('combobox', { name: 'Alojamiento' }).click();
    await page.getByRole('combobox', { name: 'Alojamiento' }).fill('Duque');
    await page.getByRole('option', { name: /Playa del Duque/ }).click();
    await page.getByLabel('Habitación').fill('214');
    await expect(page.getByTestId('pickup-time')).toContainText(/Hora de recogida: \d{2}:\d{2}/);

    // Save: the edit screen of the new booking, with its locator.
    await page.getByRole('button', { name: 'Guardar reserva' }).click();
    await expect(page).toHaveURL(/\/booking\/edit\/[0-9a-f-]{36}$/);
    const heading = page.getByRole('heading', { name: /^Reserva TRY-/, level: 1 });
    await expect(heading).toBeVisible();
    const locator = ((await heading.textContent()) ?? '').replace('Reserva ', '').trim();
    expect(locator).toMatch(/^TRY-[2-9A-HJ-NP-Z]{6}$/);
    await expect(page.getByRole('region', { name: 'Resumen y total' }).getByTestId('quote-total')).toHaveText(total);
    const editUrl = page.url();
    const productId = await page.evaluate(
      async ([id]) => {
        const res = await fetch(`/api/v1/bookings/${id}`, {
          headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
        });
        return (await res.json()).product_id as string;
      },
      [editUrl.split('/').pop()],
    );
    const soldWithBooking = await seatsSold(page, productId, date, timeText);

    // Find it in the list by its locator, and open it.
    await page.goto('/booking?all_dates=1');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(locator);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${locator}`));
    const row = page.getByRole('row', { name: new RegExp(locator) });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2); // header + the booking
    await expect(row).toContainText(customer);
    await expect(row).toContainText('2 A · 1 N');
    await row.getByRole('link', { name: locator }).click();
    await expect(page).toHaveURL(editUrl);

    // A partial payment: payment state "Parcial".
    await page.getByRole('button', { name: 'Registrar cobro' }).click();
    const payment = page.getByRole('dialog', { name: 'Registrar cobro' });
    await payment.getByLabel('Importe').fill('20');
    await payment.getByRole('combobox', { name: 'Método' }).click();
    await page.getByRole('option', { name: 'Tarjeta' }).click();
    await payment.getByLabel('Referencia').fill(`TPV ${stamp}`);
    await payment.getByRole('button', { name: 'Registrar cobro' }).click();
    await expect(payment).toBeHidden();
    const payments = page.getByRole('region', { name: 'Cobros' });
    await expect(payments.getByTestId('paid-amount')).toHaveText('20,00 €');
    await expect(payments.getByText('Parcial')).toBeVisible();
    await expect(payments.getByRole('table', { name: 'Cobros registrados' })).toContainText('Tarjeta');

    // Cancel it with a reason: state "Cancelada", read-only, seats freed.
    await page.getByRole('button', { name: 'Cancelar reserva' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancelar reserva' });
    await cancel.getByRole('button', { name: 'Cancelar reserva' }).click();
    await expect(cancel.getByText('Campo requerido')).toBeVisible();
    await cancel.getByLabel('Motivo de la cancelación').fill('El cliente se ha puesto enfermo');
    await cancel.getByRole('button', { name: 'Cancelar reserva' }).click();
    await expect(cancel).toBeHidden();
    await expect(page.getByText('Cancelada', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('alert', { name: 'Reserva cancelada' })).toContainText(
      'Motivo: El cliente se ha puesto enfermo',
    );
    await expect(page.getByRole('button', { name: 'Guardar' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Historial' })).toContainText('El cliente se ha puesto enfermo');

    expect(await seatsSold(page, productId, date, timeText)).toBe(soldWithBooking - 3);
  });
});

import { expect, type Page, test } from '@playwright/test';
import {
  bookingsOf,
  fillCustomer,
  PHONE,
  pickDate,
  productNamed,
  publicSlots,
  staffToken,
  uniqueEmail,
} from './public-helpers';

test.use(PHONE);

async function fillBooking(page: Page, productId: string, date: string, time: string, email: string) {
  await page.goto(`/public/booking/product/${productId}`);
  await pickDate(page, date);
  await page.getByRole('radio', { name: new RegExp(`^${time}`) }).check();
  await page.getByRole('combobox', { name: /Hotel o alojamiento/ }).click();
  await page.getByRole('option', { name: 'Iré por mi cuenta al punto de encuentro' }).click();
  await fillCustomer(page, { name: 'Sven Lindqvist', email, phone: '+46 70 123 45 67' });
  await page.getByRole('checkbox', { name: /Acepto las condiciones/ }).check();
}

/** The Idempotency-Key of every booking request the page sends. */
function keysSent(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/v1/public/bookings') {
      keys.push(req.headers()['idempotency-key'] ?? '');
    }
  });
  return keys;
}

test.describe('public pages: one booking per attempt (Idempotency-Key)', () => {
  test('a double click on "Confirmar reserva" books once', async ({ page, request }) => {
    const token = await staffToken(request);
    // Paid on the day in the demo (Loro Parque is paid online now): the journey ends at the voucher.
    const product = await productNamed(request, token, 'Subida al Teide');
    const slot = (await publicSlots(request, product.id, 6)).find((s) => s.seats_left >= 3);
    if (!slot) throw new Error('Sin salidas con plazas');
    const email = uniqueEmail('sven');
    const keys = keysSent(page);
    await fillBooking(page, product.id, slot.date, slot.time, email);

    await page.getByRole('button', { name: 'Confirmar reserva' }).dblclick();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/public\/landing\/booking-voucher\//);
    expect(await bookingsOf(request, token, email)).toHaveLength(1);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('the answer is lost on the way back: "Reintentar" sends the same key and books once', async ({
    page,
    request,
  }) => {
    const token = await staffToken(request);
    const product = await productNamed(request, token, 'Subida al Teide');
    const slot = (await publicSlots(request, product.id, 7)).find((s) => s.seats_left >= 3);
    if (!slot) throw new Error('Sin salidas con plazas');
    const email = uniqueEmail('ingrid');
    const keys = keysSent(page);
    await fillBooking(page, product.id, slot.date, slot.time, email);

    // The first request reaches the server (the booking is made) but its answer never arrives.
    let dropped = false;
    await page.route('**/api/v1/public/bookings', async (route) => {
      if (dropped || route.request().method() !== 'POST') return route.continue();
      dropped = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Confirmar reserva' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'No hemos podido conectar' })).toBeVisible();
    await expect(page.getByText('si vuelves a intentarlo no se duplicará la reserva')).toBeVisible();
    expect(await bookingsOf(request, token, email)).toHaveLength(1);

    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page).toHaveURL(/\/public\/landing\/booking-voucher\//);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await bookingsOf(request, token, email)).toHaveLength(1);
  });

  test('after an error, changed data is a new attempt with a new key', async ({ page, request }) => {
    const token = await staffToken(request);
    const product = await productNamed(request, token, 'Subida al Teide');
    const slot = (await publicSlots(request, product.id, 8)).find((s) => s.seats_left >= 3);
    if (!slot) throw new Error('Sin salidas con plazas');
    const email = uniqueEmail('olga');
    const keys = keysSent(page);
    await fillBooking(page, product.id, slot.date, slot.time, email);

    // A server hiccup on the first try (a 503 before reaching the API).
    let failed = false;
    await page.route('**/api/v1/public/bookings', async (route) => {
      if (failed || route.request().method() !== 'POST') return route.continue();
      failed = true;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"Servicio no disponible"}',
      });
    });
    await page.getByRole('button', { name: 'Confirmar reserva' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Algo ha fallado en nuestro servidor' })).toBeVisible();
    await page.getByRole('button', { name: 'Añadir adultos' }).click();
    await page.getByRole('button', { name: 'Confirmar reserva' }).click();
    await expect(page).toHaveURL(/\/public\/landing\/booking-voucher\//);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    const mine = await bookingsOf(request, token, email);
    expect(mine).toHaveLength(1);
  });
});

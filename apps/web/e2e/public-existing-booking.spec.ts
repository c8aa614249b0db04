import { expect, test } from '@playwright/test';
import { auth, PHONE, productNamed, publicSlots, staffToken, uniqueEmail } from './public-helpers';

test.use(PHONE);

const SELLER = 'ventas@teideaventura.demo';

test.describe('public pages: a booking prepared by staff (PRODUCT.md §6 /public/booking/{bookingId})', () => {
  test('the customer completes it, names the passengers, confirms it and cancels it inside the window', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await staffToken(request, SELLER);
    const product = await productNamed(request, token, 'Masca y Los Gigantes');
    // Far enough ahead to be inside the free-cancellation window.
    const slot = (await publicSlots(request, product.id, 4)).find((s) => s.seats_left >= 3);
    if (!slot) throw new Error('Sin salidas con plazas para la prueba');
    const email = uniqueEmail('emma');
    // A child when the tariffs of that date sell one (seasons may not), else a third adult.
    const info = await (await request.get(`/api/v1/public/products/${product.id}`)).json();
    const season = info.seasons.find((s: { from: string; to: string }) => s.from <= slot.date && slot.date <= s.to);
    const sold = ((season ?? info).prices as { pax_type: string }[]).map((p) => p.pax_type);
    const third = sold.includes('child') ? { type: 'child', label: 'Niño' } : { type: 'adult', label: 'Adulto' };
    const pax = third.type === 'child' ? { adult: 2, child: 1 } : { adult: 3 };

    // The seller prepares it with what they know: the name and the passengers.
    const created = await request.post('/api/v1/bookings', {
      headers: auth(token),
      data: {
        product_id: product.id,
        date: slot.date,
        time: slot.time,
        pax,
        customer_name: 'Emma Wilson',
        customer_email: '',
        customer_phone: '',
        state: 'pending',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = await created.json();

    // Rendered on the server with the booking (issue 31), and never kept by a shared cache.
    const answer = await page.goto(`/public/booking/${booking.id}`);
    expect(answer?.headers()['cache-control']).toBe('private, no-store');
    expect(await answer?.text()).toContain(booking.locator);
    await expect(page.locator('[data-route-name="public-booking-existing"]')).toBeVisible();
    await expect(page.getByTestId('locator')).toHaveText(booking.locator);
    await expect(page).toHaveTitle(new RegExp(`^Reserva ${booking.locator} · `));
    await expect(page.getByTestId('booking-state')).toHaveText('Pendiente');
    await expect(page.getByText(/ha preparado esta reserva para ti/)).toBeVisible();
    await expect(page.getByTestId('booking-total')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
    await expect(page.getByText(/Cancelación gratuita hasta el \S+, \d{1,2} \S+ \d{4}, \d{2}:\d{2}/)).toBeVisible();
    // One row per passenger.
    await expect(page.getByLabel(/^Pasajero \d · /)).toHaveCount(3);

    // Confirming needs the contact data and the terms.
    await page.getByRole('button', { name: 'Confirmar reserva' }).click();
    await expect(page.getByText('Campo requerido').first()).toBeVisible();
    await expect(page.getByText('Debes aceptar las condiciones')).toBeVisible();
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Teléfono (móvil)').fill('+44 7700 900123');
    await page.getByLabel('País').selectOption('GB');
    await page.getByLabel('Pasajero 1 · Adulto').fill('Emma Wilson');
    await page.getByLabel('Pasajero 2 · Adulto').fill('James Wilson');
    await page.getByLabel(`Pasajero 3 · ${third.label}`).fill('Lily Wilson');
    // Issue 12: Masca's own terms (a minibus on a mountain road), not the operator's general ones.
    expect(info.booking_terms).not.toBe(info.tour_operator.booking_terms);
    await page.getByText('Leer las condiciones').click();
    await expect(page.getByText(info.booking_terms)).toBeVisible();
    await expect(page.getByText(info.tour_operator.booking_terms)).toHaveCount(0);
    await page.getByRole('checkbox', { name: /Acepto las condiciones/ }).check();
    await page.getByRole('button', { name: 'Confirmar reserva' }).click();
    await expect(page.getByRole('status').filter({ hasText: '¡Reserva confirmada!' })).toBeVisible();
    await expect(page.getByTestId('booking-state')).toHaveText('Confirmada');
    await expect(page.getByRole('button', { name: 'Confirmar reserva' })).toBeHidden();

    const afterConfirm = await (await request.get(`/api/v1/bookings/${booking.id}`, { headers: auth(token) })).json();
    expect(afterConfirm).toMatchObject({ state: 'confirmed', customer_email: email, customer_country: 'GB' });
    expect(afterConfirm.passengers.map((p: { full_name: string }) => p.full_name)).toEqual([
      'Emma Wilson',
      'James Wilson',
      'Lily Wilson',
    ]);

    // The voucher link works from here.
    await expect(page.getByRole('link', { name: 'Ver bono' })).toHaveAttribute(
      'href',
      `/public/landing/booking-voucher/${booking.id}`,
    );

    // Cancel inside the window: a confirm dialog with an optional reason.
    await page.getByRole('button', { name: 'Cancelar reserva' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar reserva' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Volver' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Cancelar reserva' }).click();
    await dialog.getByLabel('Motivo de la cancelación').fill('Cambio de planes');
    await dialog.getByRole('button', { name: 'Sí, cancelar la reserva' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('cancelled-banner')).toBeVisible();
    await expect(page.getByTestId('booking-state')).toHaveText('Cancelada');
    await expect(page.getByRole('button', { name: 'Cancelar reserva' })).toBeHidden();

    const afterCancel = await (await request.get(`/api/v1/bookings/${booking.id}`, { headers: auth(token) })).json();
    expect(afterCancel.state).toBe('cancelled');
    expect(afterCancel.cancel_reason ?? '').toContain('Cambio de planes');
  });

  test('without JavaScript the booking and the accessibility statement still read (issue 31)', async ({
    browser,
    request,
  }) => {
    const token = await staffToken(request, SELLER);
    const product = await productNamed(request, token, 'Masca y Los Gigantes');
    const slot = (await publicSlots(request, product.id, 4)).find((s) => s.seats_left >= 1);
    if (!slot) throw new Error('Sin salidas con plazas para la prueba');
    const created = await request.post('/api/v1/bookings', {
      headers: auth(token),
      data: {
        product_id: product.id,
        date: slot.date,
        time: slot.time,
        pax: { adult: 1 },
        customer_name: 'Noah Berg',
        customer_email: '',
        customer_phone: '',
        state: 'pending',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = await created.json();
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`/public/booking/${booking.id}`);
      await expect(page.getByTestId('locator')).toHaveText(booking.locator);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(page.getByTestId('booking-total')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
      await expect(page.getByLabel('Nombre y apellidos')).toHaveValue('Noah Berg');
      // The form needs scripts to be sent, and says so (Playwright's text matchers skip <noscript>).
      expect(await page.locator('noscript').evaluate((el) => el.textContent)).toBe(
        'Esta página necesita JavaScript activado.',
      );

      // The statement from that page: whole, with the operator's contact, no "needs JavaScript".
      await page.getByRole('link', { name: 'Declaración de accesibilidad' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Declaración de accesibilidad' })).toBeVisible();
      const article = page.locator('article');
      await expect(article.getByRole('link', { name: /@teideaventura\.demo$/ })).toBeVisible();
      await expect(page.locator('noscript')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

import { expect, test } from '@playwright/test';
import { startTestSmtp, type TestSmtp } from '../../api/test/smtp';
import {
  auth,
  bookingsOf,
  fillCustomer,
  PHONE,
  pdfPageCount,
  pickDate,
  productNamed,
  publicSlots,
  staffToken,
  uniqueEmail,
} from './public-helpers';

test.use(PHONE);

/** The server under test sends its mail here (playwright.config.ts): the customer's inbox. */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 5000);
let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startTestSmtp({ port: SMTP_PORT });
});
test.afterAll(async () => {
  await smtp?.close();
});

test.describe('public pages: landing → booking → voucher (PRODUCT.md §6)', () => {
  test('a customer books the Teide tour on a phone and prints the voucher on one A4 page', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await staffToken(request);
    const product = await productNamed(request, token, 'Subida al Teide');
    const slot = (await publicSlots(request, product.id, 3)).find((s) => s.seats_left >= 5);
    if (!slot) throw new Error('Sin salidas con plazas para la prueba');
    const info = await (await request.get(`/api/v1/public/products/${product.id}`)).json();
    const email = uniqueEmail('lucia');

    // Landing: photo or brand banner, name, "desde" price, facts, the operator, a sticky "Reservar".
    await page.goto(`/public/landing/${product.id}`);
    await expect(page.locator('[data-route-name="public-landing"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.name);
    await expect(page).toHaveTitle(`${info.name} · ${info.tour_operator.name}`);
    await expect(page.getByTestId('price-from').first()).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
    await expect(page.getByText('Duración')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Punto de encuentro' })).toBeVisible();
    await expect(page.getByRole('link', { name: info.tour_operator.phone }).first()).toHaveAttribute(
      'href',
      /^tel:\+34/,
    );
    const reservar = page.getByRole('link', { name: 'Reservar', exact: true });
    await expect(reservar).toHaveCount(1); // only the phone's sticky bar is shown
    await expect(reservar).toBeInViewport();
    const box = await reservar.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await reservar.click();

    // Booking: date → time → pax → pickup → customer → terms.
    await expect(page).toHaveURL(`/public/booking/product/${product.id}`);
    await expect(page.locator('[data-route-name="public-booking"]')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await pickDate(page, slot.date);
    const time = page.getByRole('radio', { name: new RegExp(`^${slot.time}`) });
    await time.check();
    await expect(page.getByText(`quedan ${slot.seats_left} plazas`).first()).toBeVisible();

    const season = info.seasons.find((s: { from: string; to: string }) => s.from <= slot.date && slot.date <= s.to);
    const prices = (season ?? info).prices as { pax_type: string; amount_cents: number }[];
    const cents = (t: string) => prices.find((p) => p.pax_type === t)?.amount_cents ?? 0;
    // 2 adults (1 by default) and a child, when the tariffs of that date sell children.
    const child = prices.some((p) => p.pax_type === 'child');
    await page.getByRole('button', { name: 'Añadir adultos' }).click();
    if (child) await page.getByRole('button', { name: 'Añadir niños' }).click();
    const quote = page.getByTestId('quote');
    await expect(quote).toContainText('2 × Adulto');
    if (child) await expect(quote).toContainText('1 × Niño');
    const expected = 2 * cents('adult') + (child ? cents('child') : 0);
    const eur = new Intl.NumberFormat('es-ES', {
      style: 'currency',
      currency: 'EUR',
      useGrouping: 'always',
    } as Intl.NumberFormatOptions);
    await expect(page.getByTestId('quote-total')).toHaveText(eur.format(expected / 100).replace(/\u00a0/g, ' '));

    // Empty customer data: the spec's messages next to the fields, focus on the first.
    await page.getByRole('button', { name: 'Confirmar reserva' }).click();
    await expect(page.getByText('Campo requerido').first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: /Hotel o alojamiento/ })).toBeFocused();

    const hotel = page.getByRole('combobox', { name: /Hotel o alojamiento/ });
    await hotel.fill('Duque');
    await page.getByRole('option', { name: /Playa del Duque/ }).click();
    await expect(page.getByTestId('pickup-info')).toContainText(/Te recogemos a las \d{2}:\d{2}/);
    const pickupTime = /(\d{2}:\d{2})/.exec((await page.getByTestId('pickup-info').textContent()) ?? '')?.[1];
    await page.getByLabel('Habitación o apartamento').fill('214');

    await fillCustomer(page, { name: 'Lucía Pérez', email: 'lucia@example', phone: '+34 600 123 456' });
    await page.getByRole('button', { name: 'Confirmar reserva' }).click();
    await expect(page.getByText('Por favor, introduce una dirección de correo electrónico válida')).toBeVisible();
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('País').selectOption('ES');
    await page.getByRole('button', { name: 'Confirmar reserva' }).click();
    await expect(page.getByText('Debes aceptar las condiciones')).toBeVisible();
    await page.getByRole('checkbox', { name: /Acepto las condiciones/ }).check();
    await page.getByRole('button', { name: 'Confirmar reserva' }).click();

    // Voucher: locator, QR of the voucher's own absolute URL, pickup, amounts.
    await expect(page).toHaveURL(/\/public\/landing\/booking-voucher\/[0-9a-f-]{36}$/);
    await expect(page.locator('[data-route-name="public-booking-voucher"]')).toBeVisible();
    const locator = (await page.getByTestId('locator').textContent())?.trim() ?? '';
    expect(locator).toMatch(/^TRY-[2-9A-HJ-NP-Z]{6}$/);
    await expect(page).toHaveTitle(`Bono ${locator} · ${info.tour_operator.name}`);
    await expect(page.getByTestId('voucher-qr').locator('svg')).toBeVisible();
    await expect(page.getByTestId('pickup-time')).toHaveText(pickupTime ?? '');
    await expect(page.getByText('Habitación 214', { exact: true })).toBeVisible();
    await expect(page.getByTestId('booking-total')).toHaveText(eur.format(expected / 100).replace(/\u00a0/g, ' '));
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Issue 12: right after booking, thanks and what happens next (like "¡Reserva confirmada!").
    const thanks = page.getByTestId('booking-thanks');
    await expect(thanks).toBeVisible();
    await expect(thanks.getByRole('heading', { level: 2 })).toHaveText('¡Gracias, Lucía! Tu reserva está confirmada.');
    await expect(page.getByTestId('thanks-where')).toContainText(`te recogemos a las ${pickupTime}`);
    await expect(page.getByTestId('thanks-where')).toContainText('Playa del Duque');
    await expect(page.getByTestId('thanks-where')).toContainText('(habitación 214)');
    await expect(thanks).toContainText(`Esta página es tu bono, con el localizador ${locator}`);
    await expect(page.getByTestId('thanks-cancel')).toContainText(
      /cancela gratis hasta el \S+, \d{1,2} \S+ \d{4}, \d{2}:\d{2} desde «Ver mi reserva»/,
    );
    // The voucher's terms: the Teide tour has none of its own, so the operator's.
    await expect(page.getByTestId('booking-terms')).toHaveText(info.tour_operator.booking_terms);

    // The booking exists once, as the staff see it.
    const found = await bookingsOf(request, token, email);
    expect(found).toHaveLength(1);
    expect(found[0].locator).toBe(locator);
    const staffView = await (await request.get(`/api/v1/bookings/${found[0].id}`, { headers: auth(token) })).json();
    expect(staffView).toMatchObject({
      channel: 'public',
      date: slot.date,
      time: slot.time,
      total_cents: expected,
      room: '214',
    });

    // Issue 14: the confirmation reaches the customer's inbox within seconds, with the calendar
    // entry and a link that opens this voucher.
    const mail = await smtp.mailTo(email, 'Reserva confirmada', 20_000);
    expect(mail.text).toContain(`Localizador: ${locator}`);
    expect(mail.text).toContain(`Recogida: ${pickupTime} en`);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`reserva-${locator}.ics`]);
    const link = new RegExp(`https?://\\S+/public/landing/booking-voucher/${found[0].id}`).exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();

    // Printed: one A4 page, without the buttons.
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdfPageCount(pdf)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
    await expect(page.getByTestId('booking-thanks')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // The e-mail's voucher link opens this voucher.
    await page.goto(new URL(link as string).pathname);
    await expect(page.getByTestId('locator')).toHaveText(locator);

    // Back to the customer's booking page from the voucher.
    await page.getByRole('link', { name: 'Ver mi reserva' }).click();
    await expect(page).toHaveURL(`/public/booking/${found[0].id}`);
    await expect(page.getByTestId('locator')).toHaveText(locator);
    await expect(page.getByTestId('booking-state')).toHaveText('Confirmada');

    // The voucher opened again (its link, the QR) is only the voucher: no thanks. It carries the
    // customer's name: no shared cache may keep it (issue 31).
    const voucher = await page.goto(`/public/landing/booking-voucher/${found[0].id}`);
    expect(voucher?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByTestId('locator')).toHaveText(locator);
    await expect(page.getByTestId('booking-thanks')).toHaveCount(0);
  });

  test('issue 12: a walking tour shows its own terms everywhere; booked, it waits for review and says so', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await staffToken(request);
    const product = await productNamed(request, token, 'Puerto de la Cruz y La Orotava');
    const info = await (await request.get(`/api/v1/public/products/${product.id}`)).json();
    // The product's own terms (a walk on land), not the operator's (the sea and the whales).
    expect(info.booking_terms).toMatch(/a pie/);
    expect(info.booking_terms).not.toBe(info.tour_operator.booking_terms);
    const slot = (await publicSlots(request, product.id, 3)).find((s) => s.seats_left >= 2);
    if (!slot) throw new Error('Sin salidas con plazas para la prueba');

    await page.goto(`/public/landing/${product.id}`);
    const terms = page.getByTestId('booking-terms');
    await terms.getByText('Condiciones de la reserva').click();
    await expect(terms).toContainText(info.booking_terms);
    await expect(page.getByText(info.tour_operator.booking_terms)).toHaveCount(0);

    await page.goto(`/public/booking/product/${product.id}`);
    await pickDate(page, slot.date);
    await page.getByRole('radio', { name: new RegExp(`^${slot.time}`) }).check();
    const hotel = page.getByRole('combobox', { name: /Hotel o alojamiento/ });
    await hotel.click();
    await page.getByRole('option', { name: /Iré por mi cuenta al punto de encuentro/ }).click();
    await fillCustomer(page, { name: 'Hannah Schmidt', email: uniqueEmail('hannah'), phone: '+49 151 0000000' });
    await page.getByText('Leer las condiciones').click();
    await expect(page.getByText(info.booking_terms)).toBeVisible();
    await page.getByRole('checkbox', { name: /Acepto las condiciones/ }).check();
    await page.getByRole('button', { name: 'Confirmar reserva' }).click();

    await expect(page).toHaveURL(/\/public\/landing\/booking-voucher\/[0-9a-f-]{36}$/);
    const thanks = page.getByTestId('booking-thanks');
    await expect(thanks.getByRole('heading', { level: 2 })).toHaveText('¡Gracias, Hannah! Hemos recibido tu reserva.');
    await expect(thanks).toContainText('Está pendiente de confirmación: Atlántico Sur Excursiones revisará las plazas');
    await expect(page.getByTestId('thanks-where')).toContainText(`preséntate en ${info.meeting_point}`);
    await expect(page.getByTestId('booking-terms')).toHaveText(info.booking_terms);
  });

  test('an unknown product, booking or path: a friendly Spanish not-found page', async ({ page }) => {
    for (const path of [
      '/public/landing/00000000-0000-4000-8000-000000000000',
      '/public/booking/product/not-a-product',
      '/public/booking/00000000-0000-4000-8000-000000000000',
      '/public/landing/booking-voucher/nope',
      '/public/nothing/here',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: /No encontramos/ })).toBeVisible();
      await expect(page).toHaveTitle('Página no encontrada · Trayecto');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    }
  });
});

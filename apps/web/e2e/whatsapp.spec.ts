/**
 * "Enviar por WhatsApp" (issue 14) where staff meet a customer: the booking screen (beside the
 * voucher and the booking form's links), the passenger list of a sheet (the office from the home's
 * "Pasajeros", the driver on a phone in two taps from landing). The chat opens at wa.me with the
 * text written; wa.me is stubbed, the popup's address is what is checked.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { api, local, openAs, signIn, tokenOf } from './helpers';

const OPERATOR = 'operaciones@teideaventura.demo';
const MANAGER = 'gerencia@teideaventura.demo';
const DRIVER = 'chofer@teideaventura.demo';
const WA = /^https:\/\/wa\.me\/\d+\?text=/;

/** wa.me answers with a stub page; returns the chat's address once the popup got there. */
async function openWhatsapp(page: Page, context: BrowserContext, click: () => Promise<void>): Promise<string> {
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>WhatsApp</title><p>chat</p>' }),
  );
  const popupOpened = page.waitForEvent('popup');
  await click();
  const popup = await popupOpened;
  await popup.waitForURL(WA);
  const url = popup.url();
  await popup.close();
  return url;
}

const textOf = (url: string) => new URL(url).searchParams.get('text') ?? '';

type TBooking = { id: string; locator: string; customer_name: string };
type TSetup = { productName: string; time: string; sheetId: string; ana: TBooking; noPhone: TBooking };

test.describe('WhatsApp to a customer (issue 14)', () => {
  let setup: TSetup;

  // A departure of today, a little later, with two customers (one without a phone) and a sheet
  // assigned to the demo driver: what a driver waiting at a hotel has on their phone.
  test.beforeAll(async ({ request }) => {
    const startAt = new Date(Math.ceil((Date.now() + 20 * 60_000) / 60_000) * 60_000);
    const start = local(startAt);
    test.skip(start.date !== local(new Date()).date, 'Too close to midnight for a departure of today');
    const stamp = Date.now().toString(36).toUpperCase();
    const productName = `WhatsApp E2E ${stamp}`;
    const manager = await tokenOf(request, MANAGER);
    const product = await api<{ id: string }>(request, manager, 'POST', '/products', {
      code: `WA-${stamp}`,
      name: productName,
      state: 'active',
      capacity: 20,
      duration_minutes: 60,
      booking_cutoff_hours: 0,
      meeting_point: 'Plaza del Charco, Puerto de la Cruz',
      pickup_enabled: false,
      prices: [{ pax_type: 'adult', amount_cents: 3000, min_age: 12, occupies_seat: true }],
      availability_rules: [
        { weekdays: [start.weekday], times: [start.time], valid_from: start.date, valid_to: start.date },
      ],
    });
    const op = await tokenOf(request, OPERATOR);
    const book = (name: string, phone: string) =>
      api<TBooking>(request, op, 'POST', '/bookings', {
        product_id: product.id,
        date: start.date,
        time: start.time,
        pax: { adult: 2 },
        customer_name: name,
        customer_email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
        customer_phone: phone,
        customer_country: 'ES',
        language: 'es',
        channel: 'office',
        override_cutoff: true,
      });
    const ana = await book(`Ana García ${stamp}`, '+34 600 111 222');
    const noPhone = await book(`Pablo Sin Teléfono ${stamp}`, '');
    const drivers = await api<{ id: string; email: string }[]>(request, op, 'GET', '/users?level[eq]=4&per_page=50');
    const driver = drivers.find((u) => u.email === DRIVER);
    expect(driver, 'the demo driver').toBeTruthy();
    const sheet = await api<{ id: string }>(request, op, 'POST', '/schedule-sheets', {
      product_id: product.id,
      date: start.date,
      time: start.time,
      driver_id: driver?.id,
      state: 'ready',
      // The demo driver may be on a demo tour at the same time.
      force: true,
    });
    setup = { productName, time: start.time, sheetId: sheet.id, ana, noPhone };
  });

  test('from the booking: the chat opens with the voucher link, and the booking’s messages log it', async ({
    page,
    context,
  }) => {
    const { ana } = setup;
    await openAs(page, `/booking/edit/${ana.id}`, OPERATOR);
    await expect(page.getByRole('heading', { name: `Reserva ${ana.locator}`, level: 1 })).toBeVisible();
    const links = page.getByRole('region', { name: 'Enlaces para el cliente' });
    await expect(links.getByText('Abre un chat con +34 600 111 222')).toBeVisible();
    const url = await openWhatsapp(page, context, () =>
      links.getByRole('button', { name: 'Enviar por WhatsApp' }).click(),
    );
    expect(url).toMatch(/^https:\/\/wa\.me\/34600111222\?text=/);
    expect(textOf(url)).toContain(`/public/landing/booking-voucher/${ana.id}`);
    expect(textOf(url)).toContain(ana.locator);
    // The messages panel (levels 0–3) shows the WhatsApp sent.
    const messages = page.getByRole('region', { name: 'Mensajes' });
    await expect(messages.getByText(/WhatsApp · \+34600111222/)).toBeVisible();
    await expect(messages.getByText('Enviado').first()).toBeVisible();
  });

  test('a booking without a phone: the button is there, unusable, and says why', async ({ page }) => {
    const { noPhone } = setup;
    await openAs(page, `/booking/edit/${noPhone.id}`, OPERATOR);
    const button = page.getByRole('region', { name: 'Enlaces para el cliente' }).getByRole('button', {
      name: 'Enviar por WhatsApp',
    });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription(
      'La reserva no tiene teléfono: añádelo en «Cliente» y guarda para enviarla por WhatsApp.',
    );
    await expect(page.getByText('La reserva no tiene teléfono: añádelo en «Cliente»')).toBeVisible();
  });

  test('the office: the home’s "Pasajeros" opens the sheet at its passenger list; WhatsApp from the row', async ({
    page,
    context,
  }) => {
    const { productName, time, sheetId, ana, noPhone } = setup;
    await signIn(page, OPERATOR);
    const today = page.getByRole('table', { name: 'Salidas de hoy' });
    await today.getByRole('link', { name: `Pasajeros de ${productName} a las ${time}` }).click();
    await expect(page).toHaveURL(new RegExp(`/schedule-sheets/${sheetId}#embarque$`));
    const heading = page.getByRole('heading', { name: 'Pasajeros y embarque', level: 2 });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    const list = page.getByRole('region', { name: 'Pasajeros y embarque' });
    await expect(list.getByRole('button', { name: `Enviar por WhatsApp a ${noPhone.customer_name}` })).toHaveCount(0);
    const url = await openWhatsapp(page, context, () =>
      list.getByRole('button', { name: `Enviar por WhatsApp a ${ana.customer_name}` }).click(),
    );
    expect(url).toMatch(/^https:\/\/wa\.me\/34600111222\?text=/);
    expect(textOf(url)).toContain(`/public/landing/booking-voucher/${ana.id}`);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('a driver waiting at a hotel messages a missing customer in two taps from landing', async ({
      page,
      context,
    }) => {
      const { productName, ana } = setup;
      await signIn(page, DRIVER);
      await expect(page.getByRole('heading', { name: 'Mis hojas de hoy', level: 1 })).toBeVisible();
      // Tap 1: today's sheet.
      await page.getByRole('link', { name: new RegExp(productName) }).tap();
      await expect(page.getByRole('heading', { name: productName, level: 1 })).toBeVisible();
      const list = page.getByRole('region', { name: 'Pasajeros y embarque' });
      const row = list.getByRole('listitem').filter({ hasText: ana.customer_name });
      // The row keeps its check-in target, named by what it shows, with its state (2.5.3, 4.1.2).
      const tap = row.getByRole('button', { name: new RegExp(`^${ana.customer_name}`) });
      await expect(tap).toHaveAttribute('aria-pressed', 'false');
      const whatsapp = row.getByRole('button', { name: `Enviar por WhatsApp a ${ana.customer_name}` });
      await whatsapp.scrollIntoViewIfNeeded();
      // Big enough for a thumb, beside (not inside) the check-in target, and nothing scrolls sideways.
      const [tapBox, waBox] = [await tap.boundingBox(), await whatsapp.boundingBox()];
      expect(waBox?.width ?? 0).toBeGreaterThanOrEqual(44);
      expect(waBox?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect((tapBox?.x ?? 0) + (tapBox?.width ?? 0)).toBeLessThanOrEqual(waBox?.x ?? 0);
      expect(tapBox?.width ?? 0).toBeGreaterThan(200);
      expect((waBox?.x ?? 0) + (waBox?.width ?? 0)).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      // Tap 2: the chat.
      const url = await openWhatsapp(page, context, () => whatsapp.tap());
      expect(url).toMatch(/^https:\/\/wa\.me\/34600111222\?text=/);
      expect(textOf(url)).toContain(`/public/landing/booking-voucher/${ana.id}`);
      // Messaging is not a check-in.
      await expect(tap).toHaveAttribute('aria-pressed', 'false');
    });
  });
});

/**
 * Paying online from the public pages (issue 32, "Done when"; ADR 022): a customer on a phone, in
 * German, books a tour paid in full online, is sent through the Redsys redirect to a local stand-in
 * for the bank (redsys-bank.ts, on the server's REDSYS_URL), which notifies the server three times
 * as the bank signs it; the booking ends "Confirmada · Pagado" with one payment. And the "ko" path:
 * not charged, tried again from the booking page, then paid.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { fullPaymentProduct, redsysOperator, type TPayProduct } from './payment-helpers';
import { auth, clickUntilPressed, PHONE, publicSlots, staffToken, uniqueEmail } from './public-helpers';
import { startRedsysBank, type TBank } from './redsys-bank';

test.use({ ...PHONE, locale: 'de-DE' });

/** The stand-in bank: the server under test posts customers to its REDSYS_URL (playwright.config.ts). */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const BANK_PORT = Number(process.env.E2E_REDSYS_PORT ?? E2E_PORT + 6000);

let bank: TBank;
test.beforeAll(async () => {
  bank = await startRedsysBank(BANK_PORT);
});
test.afterAll(async () => {
  await bank?.close();
});

/** The German calendar: moves month by month to the day and picks it. */
async function pickDateDe(page: Page, iso: string) {
  const [y, m, d] = iso.split('-').map(Number);
  const month = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
  for (let i = 0; i < 4; i++) {
    await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
    if (await page.getByRole('table', { name: month }).isVisible()) break;
    await page.getByRole('button', { name: 'Nächster Monat' }).click();
  }
  const day = page.getByRole('table', { name: month }).getByRole('button', { name: new RegExp(`, ${d}\\. `) });
  await clickUntilPressed(day);
}

/** Books `product` in German up to the bank's page: 2 adults, the meeting point, the customer. */
async function bookAndGoToBank(page: Page, request: APIRequestContext, product: TPayProduct, email: string) {
  const slot = (await publicSlots(request, product.id, 2)).find((s) => s.seats_left >= 4);
  if (!slot) throw new Error('Sin salidas con plazas para la prueba');
  await page.goto(`/public/booking/product/${product.id}?lang=de`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await pickDateDe(page, slot.date);
  const time = page.getByRole('radio', { name: new RegExp(`^${slot.time}`) });
  if (!(await time.isChecked())) await time.check();
  await page.getByRole('button', { name: 'Erwachsene hinzufügen' }).click();
  if (product.pickup_enabled) {
    const pickup = page.getByRole('combobox', { name: /^Hotel oder Unterkunft/ });
    await pickup.click();
    await page.getByRole('option', { name: /Ich komme selbst zum Treffpunkt/ }).click();
  }
  await page.getByLabel(/^Vor- und Nachname/).fill('Lena Schmidt');
  await page.getByLabel(/^E-Mail-Adresse/).fill(email);
  await page.getByLabel(/^Telefon/).fill('+49 170 1234567');
  await page.getByRole('checkbox', { name: /Ich akzeptiere die Buchungs- und Stornierungsbedingungen/ }).check();

  // Before booking: what is paid now (all of it) in German, and the button says so.
  const total = (await page.getByTestId('quote-total').innerText()).trim();
  await expect(page.getByTestId('pay-split')).toContainText(`Jetzt${total}`);
  await expect(page.getByTestId('pay-split')).toContainText('Sie zahlen den Gesamtbetrag bei der Buchung online.');
  const book = page.getByRole('button', { name: `Buchen und ${total} bezahlen` });
  await expect(book).toBeVisible();
  const box = await book.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await book.click();

  // Bizum offered by the operator: the customer picks the card (else straight to the bank).
  const methods = page.getByRole('group', { name: 'Zahlungsart' });
  await expect(methods.or(page.getByTestId('bank-amount'))).toBeVisible({ timeout: 20_000 });
  if (await methods.isVisible()) {
    await expect(page.getByTestId('hold-timer')).toContainText(
      /Ihre Plätze sind noch 1[45]:\d\d Min\. für Sie reserviert\./,
    );
    await methods.getByRole('radio', { name: 'Karte' }).check();
    await page.getByRole('button', { name: `${total} bezahlen` }).click();
  }
  await expect(page).toHaveURL(new RegExp(`^${bank.url}/`), { timeout: 20_000 });
  await expect(page.getByTestId('bank-amount')).toHaveText(total);
  return { total };
}

type TStaffBooking = { id: string; state: string; payment_state: string; customer_email: string; locator: string };
type TPayment = { id: string; kind?: string; amount_cents: number; provider?: string | null };

async function staffBooking(request: APIRequestContext, token: string, email: string): Promise<TStaffBooking> {
  const res = await request.get(`/api/v1/bookings?q=${encodeURIComponent(email)}&per_page=50`, {
    headers: auth(token),
  });
  expect(res.status()).toBe(200);
  const rows = ((await res.json()) as TStaffBooking[]).filter((b) => b.customer_email === email);
  expect(rows).toHaveLength(1);
  return rows[0];
}

async function paymentsOf(request: APIRequestContext, token: string, bookingId: string): Promise<TPayment[]> {
  const res = await request.get(`/api/v1/bookings/${bookingId}/payments`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  const body = await res.json();
  return (Array.isArray(body) ? body : (body.items ?? body.payments ?? [])) as TPayment[];
}

test.describe('paying online through the Redsys redirect (issue 32)', () => {
  test('a German customer on a phone pays in full; three notifications, one payment, "Confirmada · Pagado"', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await staffToken(request);
    await redsysOperator(request, token);
    const product = await fullPaymentProduct(request, token);
    const email = uniqueEmail('lena');
    bank.repeat = 3;
    const { total } = await bookAndGoToBank(page, request, product, email);

    // The checkout the server signed: its amount, its return and notification URLs.
    const checkout = bank.checkouts.at(-1) as Record<string, string>;
    expect(checkout.__version).toBe('HMAC_SHA256_V1');
    const held = await staffBooking(request, token, email);
    expect(held.state).toBe('pending');
    const url = (k: string) =>
      Object.entries(checkout).find(([key]) => key.toLowerCase() === k.toLowerCase())?.[1] ?? '';
    expect(url('Ds_Merchant_UrlOK')).toMatch(new RegExp(`/public/booking/${held.id}\\?payment=ok`));
    expect(url('Ds_Merchant_UrlKO')).toMatch(new RegExp(`/public/booking/${held.id}\\?payment=ko`));
    expect(url('Ds_Merchant_MerchantURL')).toMatch(/\/api\/v1\/payments\/redsys\/notification$/);

    // The bank: the customer pays; the notification goes three times, every one answered 200.
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page).toHaveURL(new RegExp(`/public/booking/${held.id}\\?payment=ok`));
    const sent = bank.notifications.filter((n) => n.order === url('Ds_Merchant_Order'));
    expect(sent.map((n) => n.status)).toEqual([200, 200, 200]);

    // Back on the booking page, in German: paid and confirmed.
    await expect(page.getByTestId('payment-ok')).toContainText('Zahlung erhalten — Ihre Buchung ist bestätigt');
    await expect(page.getByTestId('payment-ok')).toContainText(`Wir haben ${total} erhalten.`);
    await expect(page.getByTestId('booking-state')).toHaveText('Bestätigt');
    await expect(page.locator('.pub-pay-badge')).toHaveText(/Zahlung: Bezahlt/);
    await expect(page.getByTestId('pay-panel')).toHaveCount(0);

    // The office sees it "Confirmada · Pagado" with the payment recorded once.
    const booking = await staffBooking(request, token, email);
    expect(booking.state).toBe('confirmed');
    expect(booking.payment_state).toBe('paid');
    const payments = (await paymentsOf(request, token, booking.id)).filter((p) => (p.kind ?? 'payment') === 'payment');
    expect(payments).toHaveLength(1);
    expect(payments[0].provider).toBe('redsys');
  });

  test('"ko": not charged, the booking page offers the payment again, and the second try pays', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await staffToken(request);
    await redsysOperator(request, token);
    const product = await fullPaymentProduct(request, token);
    const email = uniqueEmail('jonas');
    bank.repeat = 1;
    const { total } = await bookAndGoToBank(page, request, product, email);
    const held = await staffBooking(request, token, email);

    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(new RegExp(`/public/booking/${held.id}\\?payment=ko`));
    const ko = page.getByTestId('payment-ko');
    await expect(ko).toContainText('Die Zahlung wurde nicht abgeschlossen');
    await expect(ko).toContainText('Ihnen wurde nichts berechnet.');
    await expect(page.getByTestId('hold-timer')).toContainText(
      /Ihre Plätze sind noch \d+:\d\d Min\. für Sie reserviert\./,
    );
    const still = await staffBooking(request, token, email);
    expect(still.state).toBe('pending');
    expect(still.payment_state).toBe('pending');

    await page.getByRole('button', { name: `Zahlung erneut versuchen · ${total}` }).click();
    await expect(page).toHaveURL(new RegExp(`^${bank.url}/`));
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page.getByTestId('payment-ok')).toContainText('Zahlung erhalten — Ihre Buchung ist bestätigt');
    const booking = await staffBooking(request, token, email);
    expect([booking.state, booking.payment_state]).toEqual(['confirmed', 'paid']);
  });
});

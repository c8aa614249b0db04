/**
 * Issue 15: every public page and the confirmation message in every customer language, on a phone,
 * with no Spanish left in another language; a German browser books the demo Teide tour through the
 * pages and gets the voucher and the confirmation e-mail in German; a product with only Spanish
 * texts still shows a German page.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { startTestSmtp, type TestSmtp } from '../../api/test/smtp';
import de from '../src/public/i18n/dict/de';
import en from '../src/public/i18n/dict/en';
import es, { type TPublicDict } from '../src/public/i18n/dict/es';
import fr from '../src/public/i18n/dict/fr';
import it from '../src/public/i18n/dict/it';
import nl from '../src/public/i18n/dict/nl';
import { PHONE, productNamed, publicSlots, staffToken, uniqueEmail } from './public-helpers';

const DICTS = { es, en, de, fr, it, nl } as const;
type TLang = keyof typeof DICTS;
/** The browser's own language tag, as a visitor's phone sends it in Accept-Language. */
const BROWSER_LOCALE: Record<TLang, string> = {
  es: 'es-ES',
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  it: 'it-IT',
  nl: 'nl-NL',
};
/** The confirmation e-mail's subject starts with this in each language (messages/i18n/{lang}.ts). */
const CONFIRMED_SUBJECT: Record<TLang, string> = {
  es: 'Reserva confirmada',
  en: 'Booking confirmed',
  de: 'Buchung bestätigt',
  fr: 'Réservation confirmée',
  it: 'Prenotazione confermata',
  nl: 'Boeking bevestigd',
};

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 5000);
let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startTestSmtp({ port: SMTP_PORT });
});
test.afterAll(async () => {
  await smtp?.close();
});

/** Every string of a dictionary, by its path ("landing.book"). */
function strings(dict: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof dict === 'string') out.set(prefix, dict);
  else if (dict && typeof dict === 'object' && !Array.isArray(dict))
    for (const [k, v] of Object.entries(dict))
      for (const [p, s] of strings(v, prefix ? `${prefix}.${k}` : k)) out.set(p, s);
  return out;
}

/**
 * The Spanish sentences a page in `lang` must not show: the Spanish dictionary's texts of 12
 * characters or more that the other language does not share word for word.
 */
function spanishOnly(lang: TLang): string[] {
  if (lang === 'es') return [];
  const other = new Set(strings(DICTS[lang] as TPublicDict).values());
  return [...strings(es).values()].filter((s) => s.length >= 12 && !other.has(s) && !/[{}<>]/.test(s));
}

async function expectNoSpanish(page: Page, lang: TLang, what: string, extra: string[] = []) {
  if (lang === 'es') return;
  const text = await page.locator('body').innerText();
  const leaks = [...spanishOnly(lang), ...extra].filter((s) => text.includes(s));
  expect(leaks, `${what} (${lang}) muestra textos en español`).toEqual([]);
}

async function phoneIn(browser: Browser, lang: TLang) {
  const context = await browser.newContext({ ...PHONE, locale: BROWSER_LOCALE[lang], timezoneId: 'Atlantic/Canary' });
  return { context, page: await context.newPage() };
}

for (const lang of Object.keys(DICTS) as TLang[]) {
  test(`${lang}: landing, booking form, voucher, existing booking and the confirmation e-mail in ${lang}`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const t = DICTS[lang];
    const token = await staffToken(request);
    const teide = await productNamed(request, token, 'Subida al Teide');
    const local = await (await request.get(`/api/v1/public/products/${teide.id}?lang=${lang}`)).json();
    const spanish = await (await request.get(`/api/v1/public/products/${teide.id}?lang=es`)).json();
    expect(local.locale).toBe(lang);
    // The demo's flagship is translated whole: none of its Spanish texts on another language's page.
    const spanishContent = lang === 'es' ? [] : [spanish.name, spanish.short_description, ...spanish.includes];
    const { context, page } = await phoneIn(browser, lang);
    try {
      // Landing: the browser's Accept-Language picks it; the server's head already speaks it.
      await page.goto(`/public/landing/${teide.id}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(local.name);
      await expect(page).toHaveTitle(`${local.name} · ${local.tour_operator.name}`);
      await expect(page.getByRole('link', { name: t.landing.book, exact: true })).toBeVisible();
      await expectNoSpanish(page, lang, 'La landing', spanishContent);

      // The booking form, reached from the landing, in the same language.
      await page.getByRole('link', { name: t.landing.book, exact: true }).click();
      await expect(page.locator('[data-route-name="public-booking"]')).toBeVisible();
      await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: t.booking.steps.date })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expectNoSpanish(page, lang, 'El formulario de reserva', spanishContent);

      // A booking in this language (as the form sends it): its pages and its e-mail follow.
      const slot = (await publicSlots(request, teide.id, 5)).find((s) => s.seats_left >= 2);
      if (!slot) throw new Error('Sin salidas con plazas para la prueba');
      const email = uniqueEmail(`lang-${lang}`);
      const created = await request.post('/api/v1/public/bookings', {
        headers: { 'Idempotency-Key': `lang-${lang}-${Date.now()}`, 'Accept-Language': lang },
        data: {
          product_id: teide.id,
          date: slot.date,
          time: slot.time,
          pax: { adult: 2 },
          customer_name: 'Alex Example',
          customer_email: email,
          customer_phone: '+44 7700 900123',
          customer_country: 'GB',
          language: lang,
          accept_terms: true,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const booking = await created.json();
      expect(booking.locale).toBe(lang);

      await page.goto(`/public/landing/booking-voucher/${booking.id}`);
      await expect(page.getByTestId('locator')).toHaveText(booking.locator);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expectNoSpanish(page, lang, 'El bono', [spanish.name]);

      await page.goto(`/public/booking/${booking.id}`);
      await expect(page.locator('[data-route-name="public-booking-existing"]')).toBeVisible();
      await expect(page.getByText(booking.locator).first()).toBeVisible();
      await expectNoSpanish(page, lang, 'La reserva existente', [spanish.name]);

      // The accessibility statement, from the footer, in the same language.
      await page.goto('/public/accesibilidad');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSpanish(page, lang, 'La declaración de accesibilidad');

      const mail = await smtp.mailTo(email, CONFIRMED_SUBJECT[lang], 20_000);
      expect(mail.text).toContain(booking.locator);
      expect(mail.text).toContain(`?lang=${lang}`);
      if (lang !== 'es') expect(mail.text).not.toContain('Localizador');
    } finally {
      await context.close();
    }
  });
}

test('a German browser books the Teide tour through the pages: German voucher and e-mail', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const t = de;
  const token = await staffToken(request);
  const teide = await productNamed(request, token, 'Subida al Teide');
  const info = await (await request.get(`/api/v1/public/products/${teide.id}?lang=de`)).json();
  const slot = (await publicSlots(request, teide.id, 4)).find((s) => s.seats_left >= 3);
  if (!slot) throw new Error('Sin salidas con plazas para la prueba');
  const email = uniqueEmail('hanna');
  const { context, page } = await phoneIn(browser, 'de');
  try {
    await page.goto(`/public/landing/${teide.id}`);
    await page.getByRole('link', { name: t.landing.book, exact: true }).click();
    await expect(page.locator('[data-route-name="public-booking"]')).toBeVisible();

    // Date (moving month by month until the day shows), time, two adults.
    const day = page.locator(`button[data-date="${slot.date}"]`);
    const loaded = async () => {
      await expect(page.getByRole('table')).toBeVisible();
      await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
    };
    await loaded();
    for (let i = 0; i < 4 && !(await day.isVisible()); i++) {
      await page.getByRole('button', { name: t.common.calendar.next }).click();
      await loaded();
    }
    await day.click();
    await page.getByRole('radio', { name: new RegExp(`^${slot.time}`) }).check();
    await page.getByRole('button', { name: t.common.pax.add(t.common.paxTypesPlural.adult) }).click();
    await expect(page.getByTestId('quote')).toContainText(`2 × ${t.common.paxTypes.adult}`);

    // Empty details: German messages from the shared Spanish rules.
    await page.getByRole('button', { name: t.common.labels.confirmBooking }).click();
    await expect(page.getByText('Pflichtfeld').first()).toBeVisible();

    const hotel = page.getByRole('combobox', { name: new RegExp(t.common.pickup.label) });
    await hotel.fill('Duque');
    await page.getByRole('option', { name: /Playa del Duque/ }).click();
    await page.getByLabel(t.common.fields.name).fill('Hanna Schmidt');
    await page.getByLabel(t.common.fields.email).fill(email);
    await page.getByLabel(t.common.fields.phone).fill('+49 151 23456789');
    await page
      .getByRole('checkbox', { name: new RegExp(t.common.fields.acceptTerms(info.tour_operator.name).slice(0, 20)) })
      .check();
    await page.getByRole('button', { name: t.common.labels.confirmBooking }).click();

    // The voucher, in German.
    await expect(page).toHaveURL(/\/public\/landing\/booking-voucher\/[0-9a-f-]{36}/);
    const locator = (await page.getByTestId('locator').textContent())?.trim() ?? '';
    expect(locator).toMatch(/^TRY-/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByText(info.name).first()).toBeVisible();
    await expectNoSpanish(page, 'de', 'El bono tras reservar');

    // The booking keeps the customer's language: the e-mail is German, with German links.
    const mail = await smtp.mailTo(email, 'Buchung bestätigt', 20_000);
    expect(mail.subject).toContain(info.name);
    expect(mail.text).toContain(locator);
    expect(mail.text).toContain('?lang=de');
    expect(mail.html).toContain('lang="de');
  } finally {
    await context.close();
  }
});

test('a product with only Spanish texts: a German page with the Spanish content, marked as Spanish', async ({
  browser,
  request,
}) => {
  const token = await staffToken(request);
  const masca = await productNamed(request, token, 'Masca');
  const info = await (await request.get(`/api/v1/public/products/${masca.id}?lang=de`)).json();
  expect(info.content_locales.name).toBe('es');
  const { context, page } = await phoneIn(browser, 'de');
  try {
    await page.goto(`/public/landing/${masca.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(info.name);
    await expect(heading).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('link', { name: de.landing.book, exact: true })).toBeVisible();
    await expectNoSpanish(page, 'de', 'La landing sin traducir');
  } finally {
    await context.close();
  }
});

test('the server-rendered landing: hreflang for every language plus x-default, canonical per language', async ({
  request,
}) => {
  const token = await staffToken(request);
  const teide = await productNamed(request, token, 'Subida al Teide');
  const html = await (await request.get(`/public/landing/${teide.id}?lang=fr`)).text();
  expect(html).toMatch(/<html lang="fr" dir="ltr">/);
  for (const l of ['en', 'de', 'fr', 'it', 'nl'])
    expect(html).toMatch(
      new RegExp(`<link rel="alternate" hreflang="${l}" href="[^"]*/public/landing/${teide.id}\\?lang=${l}" />`),
    );
  expect(html).toMatch(
    new RegExp(`<link rel="alternate" hreflang="x-default" href="[^"]*/public/landing/${teide.id}" />`),
  );
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/public/landing/${teide.id}\\?lang=fr" />`));
  expect(html).toContain('<meta property="og:locale" content="fr_FR" />');
  expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/locale-fr-[^"]+\.js" \/>/);
});

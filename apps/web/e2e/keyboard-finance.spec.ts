/**
 * «Finanzas» with the keyboard alone (issue 34 item 8; WCAG 2.1.1, 2.1.2, 2.4.3, 2.4.7): the
 * operator's admin (level 1) signs in once with the keyboard and then, with no mouse and no
 * `fill()` or `click()` — only Tab, Shift+Tab, arrows, Enter, Space, Escape and typed text:
 * changes the period and the grouping of «Informes» and downloads its CSV and Excel; makes a
 * seller's commission statement and marks it paid (date and method); receives a guide's cash with
 * a difference and finds the handover in «Entregas»; opens an invoice of «Facturas», downloads its
 * PDF, opens «Rectificar» and leaves it with Escape (the drawer stays), issues a corrective invoice
 * (it opens, the focus on its title; its amount and reason typed while the page's timers wait, as
 * on a busy machine) and closes the drawer with Escape, the focus back where it was. Every control is reached with Tab (`tabTo`), which
 * checks that each stop on the way shows a focus ring; after each action the focus must be on the
 * control the next step needs, with its ring (never lost to <body>).
 * The data each journey needs is prepared through the staff API first, as the other journeys do.
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { api, DEMO_PASSWORD, local, tokenOf } from './helpers';
import { focusState, tabTo } from './keyboard-helpers';
import { dayLabel, isoIn, productNamed, publicSlots } from './public-helpers';

const MANAGER = 'gerencia@teideaventura.demo';
const SELLER = 'ventas@teideaventura.demo';
const SELLER_NAME = 'Javier Morales Pérez';
const OFFICE = 'operaciones@teideaventura.demo';
const GUIDE = 'guia@teideaventura.demo';
const GUIDE_NAME = 'Sara Martín Delgado';

/** The focus is on `target` (or inside it), not lost to <body>, and drawn with a ring. */
async function expectFocusOn(page: Page, target: Locator) {
  await expect
    .poll(() => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)), {
      message: `focus on ${target}`,
    })
    .toBe(true);
  const state = await focusState(page);
  expect(state.what, 'the focus fell to <body>').not.toBe('body');
  expect(state.ok, `no visible focus on ${state.what}`).toBe(true);
}

/** Selects everything in the focused field and types `text` over it. */
async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/** In an open Mantine select (the focus in its field): ArrowDown to `option`, Enter. */
async function chooseOption(page: Page, option: Locator) {
  await page.keyboard.press('ArrowDown'); // opens the list
  await expect(option).toBeVisible();
  for (let i = 0; i < 12 && (await option.getAttribute('data-combobox-selected')) === null; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(option).toHaveAttribute('data-combobox-selected');
  await page.keyboard.press('Enter');
}

/** 2026-11-20 → 20/11/2026, as the date fields are typed. */
const dmy = (iso: string) => iso.split('-').reverse().join('/');

/** The last day of the month of `iso` (YYYY-MM-DD). */
function monthEnd(iso: string): string {
  const [y, m] = iso.split('-').map(Number);
  return new Date(Date.UTC(y as number, m as number, 0)).toISOString().slice(0, 10);
}

// ── One keyboard sign-in for the whole file; its session opens every journey ─────────────────
// Kept per worker process in this module, by test-scoped fixtures: a worker-scoped fixture would
// give the file a worker of its own, which Playwright schedules after every other file (the lanes'
// last minute had one worker idle while this file ran in the other: scripts/e2e-shards.sh).

type TSession = Awaited<ReturnType<BrowserContext['storageState']>>;

type TTokens = (email: string) => Promise<string>;

let managerSession: Promise<TSession> | undefined;
const knownTokens = new Map<string, Promise<string>>();

const kbTest = test.extend<{ tokens: TTokens }>({
  storageState: async ({ browser, baseURL }, use) => {
    managerSession ??= (async () => {
      const context = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Atlantic/Canary' });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.getByLabel('Email')).toBeFocused();
      await page.keyboard.type(MANAGER);
      await page.keyboard.press('Tab');
      await page.keyboard.type(DEMO_PASSWORD);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      const session = await context.storageState();
      await context.close();
      return session;
    })().catch((error: unknown) => {
      managerSession = undefined; // the next test signs in again
      throw error;
    });
    await use(await managerSession);
  },
  /** The staff API's token of each demo user (for the data the journeys prepare), asked once. */
  tokens: async ({ request }, use) => {
    await use((email) => {
      const token =
        knownTokens.get(email) ??
        tokenOf(request, email).catch((error: unknown) => {
          knownTokens.delete(email);
          throw error;
        });
      knownTokens.set(email, token);
      return token;
    });
  },
});

kbTest.use({ viewport: { width: 1280, height: 800 } });

// ── Data the journeys need, through the staff API ──────────────────────────────────────────

/** The seller sells a departure now, so something is due to them whatever was settled before. */
async function sellerSells(request: APIRequestContext, sellerToken: string): Promise<string> {
  const teide = await productNamed(request, sellerToken, 'Subida al Teide');
  const slot = (await publicSlots(request, teide.id, 1)).find((s) => s.seats_left > 0);
  if (!slot) throw new Error('Sin salidas con plazas de «Subida al Teide» para la prueba');
  await api(request, sellerToken, 'POST', '/bookings', {
    product_id: teide.id,
    date: slot.date,
    time: slot.time,
    pax: { adult: 1 },
    customer_name: 'Teclado Comisión',
  });
  return slot.date;
}

/**
 * The demo guide holds the cash they took on board (the demo data has some). When a handover
 * already took it (a server that ran this before), the guide collects some now: a departure of
 * today, on their sheet, a passenger checked in paying cash.
 */
async function guideHoldsCash(request: APIRequestContext, tokens: TTokens) {
  const managerToken = await tokens(MANAGER);
  const holders = await api<{ name: string }[]>(request, managerToken, 'GET', '/cash/holders');
  if (holders.some((h) => h.name === GUIDE_NAME)) return;
  const start = local(new Date(Date.now() + 10 * 60_000));
  kbTest.skip(start.date !== local(new Date()).date, 'Within ten minutes of midnight: no departure of today is left');
  const stamp = Date.now().toString(36).toUpperCase();
  const product = await api<{ id: string }>(request, managerToken, 'POST', '/products', {
    code: `KBC-${stamp}`,
    name: `Caja por teclado ${stamp}`,
    state: 'active',
    capacity: 30,
    duration_minutes: 60,
    booking_cutoff_hours: 0,
    meeting_point: 'Plaza del Charco, Puerto de la Cruz',
    pickup_enabled: false,
    payment_mode: 'on_the_day',
    prices: [{ pax_type: 'adult', amount_cents: 3500, min_age: 12, occupies_seat: true }],
    availability_rules: [
      { weekdays: [start.weekday], times: [start.time], valid_from: start.date, valid_to: start.date },
    ],
  });
  const officeToken = await tokens(OFFICE);
  const booking = await api<{ id: string }>(request, officeToken, 'POST', '/bookings', {
    product_id: product.id,
    date: start.date,
    time: start.time,
    pax: { adult: 2 },
    customer_name: `Caja Teclado ${stamp}`,
    channel: 'office',
    override_cutoff: true,
  });
  const [guide] = await api<{ id: string }[]>(request, officeToken, 'GET', '/users?level[eq]=5&per_page=50');
  const sheet = await api<{ id: string }>(request, officeToken, 'POST', '/schedule-sheets', {
    product_id: product.id,
    date: start.date,
    time: start.time,
    guide_id: guide?.id,
    state: 'ready',
    force: true,
  });
  await api(request, await tokens(GUIDE), 'POST', `/schedule-sheets/${sheet.id}/check-in`, {
    booking_id: booking.id,
    collected: { amount_cents: 7000, method: 'cash' },
  });
}

/**
 * An invoice to open and rectify by 1,00 €: one with more than that still to correct, or the
 * simplified invoice of a paid booking with no invoice yet, issued now. Its number.
 */
async function correctableInvoice(request: APIRequestContext, token: string): Promise<string> {
  type TInvoice = { id: string; code: string; type: string; correctable_cents: number };
  const listed = await api<TInvoice[]>(request, token, 'GET', '/invoices?per_page=100&sort=-issue_date');
  for (const i of listed.filter((x) => x.type.startsWith('F') && x.correctable_cents > 100)) {
    const invoice = await api<TInvoice>(request, token, 'GET', `/invoices/${i.id}`);
    if (invoice.correctable_cents > 100) return invoice.code;
  }
  const bookings = await api<{ id: string; payment_state: string; total_cents: number }[]>(
    request,
    token,
    'GET',
    '/bookings?per_page=100&sort=-created_at',
  );
  for (const b of bookings.filter((x) => x.payment_state === 'paid' && x.total_cents > 100)) {
    if ((await api<unknown[]>(request, token, 'GET', `/bookings/${b.id}/invoices`)).length > 0) continue;
    return (await api<TInvoice>(request, token, 'POST', `/bookings/${b.id}/invoices`, { kind: 'simplified' })).code;
  }
  throw new Error('Sin reservas pagadas sin factura en los datos de demostración');
}

// ── The journeys ──────────────────────────────────────────────────────────────────────────

kbTest.describe('Finanzas by keyboard only (issue 34)', () => {
  kbTest('«Informes»: the period, the grouping, the CSV and Excel downloads', async ({ page }) => {
    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: 'Informes', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Ventas por día' })).toBeVisible();

    // A quick period: «Mes pasado», a chip (a radio) chosen with Space. The focus stays on it.
    const lastMonth = isoIn(-Number(isoIn(0).slice(8, 10))).slice(0, 7);
    const chip = page.getByRole('radio', { name: 'Mes pasado' });
    await tabTo(page, chip);
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(new RegExp(`from=${lastMonth}-01&to=${monthEnd(`${lastMonth}-01`)}`));
    await expectFocusOn(page, chip);

    // Any period: the picker opens on its first day; Enter there, two weeks down, Enter again.
    const picker = page.getByRole('button', { name: 'Periodo' });
    await tabTo(page, picker, { back: true });
    await page.keyboard.press('Enter');
    await expect(page.locator(':focus')).toHaveAccessibleName(dayLabel(`${lastMonth}-01`));
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.locator(':focus')).toHaveAccessibleName(dayLabel(`${lastMonth}-15`));
    expect((await focusState(page)).ok, 'the focused day shows no ring').toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`from=${lastMonth}-01&to=${lastMonth}-15`));
    // The calendar closed: the focus is back on the field, not lost (nor on the page's heading).
    await expectFocusOn(page, picker);

    // The grouping: a select, opened and chosen with the arrows and Enter.
    const groupBy = page.getByRole('combobox', { name: 'Agrupar por' });
    await tabTo(page, groupBy);
    await chooseOption(page, page.getByRole('option', { name: 'Producto' }));
    await expect(page).toHaveURL(/group_by=product/);
    // (The demo's sales are of the last few weeks: this period may have none, and no table.)
    await expect(page.getByRole('img', { name: /^Gráfico: importe neto por producto/ })).toBeVisible();
    await expectFocusOn(page, groupBy);

    // The exports: Enter on «Exportar CSV», Space on «Exportar Excel»; the focus stays on each.
    const csv = page.getByRole('button', { name: 'Exportar CSV' });
    await tabTo(page, csv, { back: true });
    const csvDownload = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toBe(`informe-ventas-${lastMonth}-01-${lastMonth}-15.csv`);
    const text = await readFile((await csvFile.path()) as string, 'utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Producto;Reservas;Pasajeros;/);
    await expectFocusOn(page, csv);

    const xlsx = page.getByRole('button', { name: 'Exportar Excel' });
    await tabTo(page, xlsx);
    const xlsxDownload = page.waitForEvent('download');
    await page.keyboard.press('Space');
    const xlsxFile = await xlsxDownload;
    expect(xlsxFile.suggestedFilename()).toBe(`informe-ventas-${lastMonth}-01-${lastMonth}-15.xlsx`);
    expect((await readFile((await xlsxFile.path()) as string)).subarray(0, 2).toString()).toBe('PK');
    await expectFocusOn(page, xlsx);
  });

  kbTest(
    '«Comisiones»: a seller’s statement made, opened and marked paid (date, method)',
    async ({ page, request, tokens }) => {
      const sold = await sellerSells(request, await tokens(SELLER));
      const until = monthEnd(sold > isoIn(0) ? sold : isoIn(0));
      const paidOn = isoIn(-1);
      const reference = `TECLADO-${Date.now().toString(36).toUpperCase()}`;

      await page.goto('/commissions');
      await expect(page.getByRole('heading', { name: 'Comisiones', level: 1 })).toBeVisible();
      // «Pendiente»: departures up to the end of the month of the booking just sold, typed.
      const until_ = page.getByRole('textbox', { name: 'Hasta' });
      await tabTo(page, until_);
      await retype(page, dmy(until));
      await expect(until_).toHaveValue(dmy(until));
      const seller = page.getByRole('region', { name: SELLER_NAME });
      const create = seller.getByRole('button', { name: 'Crear liquidación' });
      await expect(create).toBeVisible();
      await tabTo(page, create);
      await page.keyboard.press('Enter');

      // «Liquidaciones» opens with the focus on the new statement: Enter opens it.
      await expect(page.getByRole('tab', { name: 'Liquidaciones', selected: true })).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(SELLER_NAME) }).first();
      await expect(row).toContainText('Pendiente de pago');
      const open = row.getByRole('button', { name: SELLER_NAME });
      await expectFocusOn(page, open);
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: new RegExp(`Liquidación · ${SELLER_NAME}`) });
      await expect(drawer).toBeVisible();
      await expect(drawer.locator(':focus')).toHaveCount(1);

      // «Marcar como pagada»: its dialog starts on «Forma de pago»; the date is the field before.
      await tabTo(page, drawer.getByRole('button', { name: 'Marcar como pagada' }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Marcar como pagada' });
      const method = dialog.getByRole('combobox', { name: 'Forma de pago' });
      await expectFocusOn(page, method);
      const date = dialog.getByRole('textbox', { name: 'Fecha de pago' });
      await tabTo(page, date, { back: true });
      await retype(page, dmy(paidOn));
      // Escape closes the date's calendar, not the dialog.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();
      await expectFocusOn(page, date);
      await expect(date).toHaveValue(dmy(paidOn));
      await tabTo(page, method);
      await chooseOption(page, page.getByRole('option', { name: 'Efectivo' }));
      await expect(method).toHaveValue('Efectivo');
      await tabTo(page, dialog.getByRole('textbox', { name: 'Referencia' }));
      await page.keyboard.type(reference);
      await tabTo(page, dialog.getByRole('button', { name: 'Marcar como pagada' }));
      await page.keyboard.press('Enter');

      // Paid: the dialog goes, the drawer says so and keeps the focus.
      await expect(dialog).toBeHidden();
      await expect(drawer.getByText('Pagada', { exact: true })).toBeVisible();
      await expect(drawer.getByText(reference)).toBeVisible();
      await expect(drawer.getByText('Pagada el').locator('..')).toContainText(dmy(paidOn));
      await expect(drawer.getByText('Forma de pago').locator('..')).toContainText('Efectivo');
      await expect(drawer.getByRole('button', { name: 'Marcar como pagada' })).toHaveCount(0);
      await expectFocusOn(page, drawer);
      // Tab stays in the drawer; Escape closes it and the focus is back on the statement's row.
      await tabTo(page, drawer.getByRole('button', { name: 'Descargar CSV' }));
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expectFocusOn(page, open);
      await expect(row).toContainText('Pagada');
    },
  );

  kbTest(
    '«Caja»: a guide’s cash received with a difference, then found in «Entregas»',
    async ({ page, request, tokens }) => {
      await guideHoldsCash(request, tokens);
      const notes = `Faltan billetes: entrega el resto mañana (${Date.now().toString(36)})`;

      await page.goto('/cash');
      await expect(page.getByRole('heading', { name: 'Caja', level: 1 })).toBeVisible();
      const person = page.getByRole('button', { name: GUIDE_NAME, exact: true });
      await tabTo(page, person);
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: new RegExp(`${GUIDE_NAME} · Guía`) });
      await expect(drawer.getByRole('checkbox', { name: 'Elegir todos los cobros' })).toBeChecked();
      await tabTo(page, drawer.getByRole('button', { name: 'Recibir entrega' }));
      await page.keyboard.press('Enter');

      // What the office counted: 1 €; the difference shows, and the notes are asked for (and focused).
      const dialog = page.getByRole('dialog', { name: 'Recibir entrega' });
      const counted = dialog.getByRole('textbox', { name: 'Importe contado' });
      await expectFocusOn(page, counted);
      await retype(page, '1');
      await expect(dialog.getByText(/Faltan /)).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(dialog.getByText('Explica la diferencia entre lo contado y lo esperado')).toBeVisible();
      const notesField = dialog.getByRole('textbox', { name: 'Notas' });
      await expectFocusOn(page, notesField);
      await page.keyboard.type(notes);
      await tabTo(page, dialog.getByRole('button', { name: 'Recibir entrega' }));
      await page.keyboard.press('Enter');

      // Received: the dialog goes, the drawer keeps the focus; Escape closes it without losing it.
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Entrega recibida')).toBeVisible();
      await expectFocusOn(page, drawer);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      // The guide's row is gone (all handed over): the focus is on the tab of the list.
      const holders = page.getByRole('tab', { name: 'Quién tiene dinero' });
      await expectFocusOn(page, holders);

      // «Entregas»: the next tab, with the arrow; the handover with what was missing and why.
      await page.keyboard.press('ArrowRight');
      const handovers = page.getByRole('tab', { name: 'Entregas', selected: true });
      await expectFocusOn(page, handovers);
      const handover = page.getByRole('row', { name: new RegExp(GUIDE_NAME) }).first();
      await expect(handover).toContainText('1,00 €');
      await expect(handover).toContainText(notes);
    },
  );

  kbTest(
    '«Facturas»: an invoice opened, its PDF downloaded, «Rectificar» left with Escape, then a corrective invoice issued',
    async ({ page, request, tokens }) => {
      const code = await correctableInvoice(request, await tokens(MANAGER));
      const reason = `Devolución por teclado (${Date.now().toString(36)})`;
      // The page's timers under the test's hand (they run as usual until paused below).
      await page.clock.install();

      // The list searched for that invoice (others' invoices may come first).
      await page.goto(`/invoices?q=${code}`);
      await expect(page.getByRole('heading', { name: 'Facturas', level: 1 })).toBeVisible();
      const table = page.getByRole('table', { name: 'Facturas' });
      const number = table.getByRole('button', { name: code, exact: true });
      await expect(number).toBeVisible();
      await tabTo(page, number);
      await page.keyboard.press('Enter');

      const drawer = page.getByRole('dialog', { name: new RegExp(`Factura ${code}`) });
      await expect(drawer.getByRole('table', { name: 'Líneas de la factura' })).toBeVisible();
      await expect(page).toHaveURL(/invoice=/);
      await expect(drawer.locator(':focus')).toHaveCount(1);

      // «Descargar PDF» with Enter: the file comes, and the focus stays on the button meanwhile and after.
      const pdf = drawer.getByRole('button', { name: 'Descargar PDF' });
      await tabTo(page, pdf);
      const pdfDownload = page.waitForEvent('download');
      await page.keyboard.press('Enter');
      await expectFocusOn(page, pdf);
      const pdfFile = await pdfDownload;
      expect(pdfFile.suggestedFilename()).toMatch(/\.pdf$/);
      expect((await readFile((await pdfFile.path()) as string)).subarray(0, 5).toString()).toBe('%PDF-');
      await expect(pdf).not.toHaveAttribute('aria-busy');
      await expectFocusOn(page, pdf);

      // «Rectificar»: its dialog starts on the amount. Escape closes the dialog only: the drawer
      // stays, the focus back on «Rectificar».
      const rectify = drawer.getByRole('button', { name: 'Rectificar' });
      await tabTo(page, rectify);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Rectificar la factura ${code}` });
      const amount = dialog.getByRole('textbox', { name: 'Importe' });
      await expectFocusOn(page, amount);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(drawer).toBeVisible();
      await expect(page).toHaveURL(/invoice=/);
      await expectFocusOn(page, rectify);

      // Again: 1,00 € and why, «Emitir rectificativa» with Enter. Typed as on a busy machine, where
      // the browser handles the keys before the timers they queue: the page's timers wait until
      // the reason is half written. A CI run under load once issued 1,02 € with the reason cut to
      // "Devo": the amount's late caret timers took the focus back (components/number-input-caret.ts).
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await expectFocusOn(page, amount);
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      await retype(page, '1,00');
      await expect(amount).toHaveValue(/^1,00\s*€$/);
      const why = dialog.getByRole('textbox', { name: 'Motivo' });
      await tabTo(page, why);
      await page.keyboard.type(reason.slice(0, 4));
      await page.clock.runFor(1000); // the timers run, late
      await page.keyboard.type(reason.slice(4));
      await page.clock.resume();
      await expectFocusOn(page, why);
      await expect(why).toHaveValue(reason);
      await expect(amount).toHaveValue(/^1,00\s*€$/);
      await tabTo(page, dialog.getByRole('button', { name: 'Emitir rectificativa' }));
      await page.keyboard.press('Enter');

      // The corrective invoice opens in the drawer, the focus on its title.
      await expect(dialog).toBeHidden();
      const corrective = page.getByRole('dialog', { name: /Factura R\d{4}-\d{6}/ });
      await expect(corrective.getByTestId('invoice-total')).toHaveText('-1,00 €');
      await expect(corrective.getByTestId('invoice-related')).toContainText(code);
      await expect(corrective.getByTestId('invoice-related')).toContainText(reason);
      await expectFocusOn(page, corrective.getByRole('heading', { name: /Factura R\d{4}-\d{6}/ }));

      // Escape closes the drawer; the focus is back on the invoice's number in the list.
      await page.keyboard.press('Escape');
      await expect(corrective).toBeHidden();
      await expect(page).not.toHaveURL(/invoice=/);
      await expectFocusOn(page, number);
    },
  );
});

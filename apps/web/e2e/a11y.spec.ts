/**
 * WCAG 2.2 AA by axe-core (issue 22): every screen each role reaches from its menu, the main
 * dialogs and every public page, at 1280 px and at 390 px, with the WCAG 2.0/2.1/2.2 A and AA rules.
 * A serious or critical violation fails the test; each is printed (rule, impact, targets, summary).
 * One login per role, one page reused for all its screens and both widths.
 */
import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './axe';
import { ADMIN, signIn } from './helpers';
import { goInApp, LOADING, nextFrames, settledInApp } from './in-app';
import { fullPaymentProduct, heldBooking, redsysOperator } from './payment-helpers';
import { auth, productNamed, staffToken, uniqueEmail } from './public-helpers';

// Each role's scan is independent (own login): the lanes (scripts/e2e-shards.sh) share them out.
test.describe.configure({ mode: 'parallel' });

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

type TFinding = { screen: string; width: number; rule: string; impact: string; help: string; nodes: string[] };

/**
 * Runs axe on what the page shows now and returns its serious/critical violations. With a dialog
 * open, only the dialog: the screen behind it is a screen of its own in the list (scanned there),
 * and scanning its rows again under each dialog cost the suite minutes for nothing new.
 */
async function scan(page: Page, screen: string, width: number, only?: string): Promise<TFinding[]> {
  // A sandboxed preview (a message's e-mail, sandbox="") runs no script, so axe would wait forever
  // inside it; its content is the message, not the screen.
  const violations = await axeViolations(page, { include: only, exclude: 'iframe[sandbox]' });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      screen,
      width,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes
        .slice(0, 6)
        .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }));
}

function report(findings: TFinding[]): string {
  return findings
    .map(
      (f) =>
        `\n[${f.impact}] ${f.rule} on «${f.screen}» at ${f.width}px: ${f.help}\n${f.nodes.map((n) => `    ${n}`).join('\n')}`,
    )
    .join('\n');
}

/**
 * Waits until the screen has drawn its data: no request in flight (unless `network` is false: a
 * rotation fetches nothing), no skeletons, no loaders, and no transition still running (a modal or
 * drawer sliding in, a collapse), checked after two frames so one that has just been set has started.
 * No fixed sleep: a fixed 350 ms per screen and width was 100 s of CI.
 */
async function settled(page: Page, { network = true }: { network?: boolean } = {}) {
  if (network) await page.waitForLoadState('networkidle');
  await expect(page.locator(LOADING)).toHaveCount(0, {
    timeout: 15_000,
  });
  await nextFrames(page);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

type TScreen = { name: string; path: string; dialog?: (page: Page) => Promise<void> };

/**
 * Scans a screen at both widths from one load: loaded at one width (alternately the desktop's and
 * the phone's, so half the screens are drawn fresh on a phone), scanned, turned to the other width
 * like a phone rotated, settled and scanned again. A load per screen instead of one per screen and
 * width: the role scans were the longest units of the browser journeys.
 */
async function scanBothWidths(
  page: Page,
  screen: TScreen,
  phoneFirst: boolean,
  open: (page: Page) => Promise<string | undefined>,
  { inApp = false }: { inApp?: boolean } = {},
): Promise<TFinding[]> {
  const sizes = phoneFirst ? [...WIDTHS].reverse() : [...WIDTHS];
  await page.setViewportSize(sizes[0]);
  if (inApp) {
    await goInApp(page, screen.path);
  } else {
    await page.goto(screen.path);
  }
  await settled(page, { network: !inApp });
  const only = await open(page);
  const findings: TFinding[] = [];
  for (const [i, size] of sizes.entries()) {
    if (i > 0) {
      await page.setViewportSize(size);
      await settled(page, { network: false });
    }
    findings.push(...(await scan(page, screen.name, size.width, only)));
  }
  return findings;
}

const openButton = (name: string | RegExp) => async (page: Page) => {
  // Fails fast (not after the role's 10-minute budget) when the screen has no such button.
  await page.getByRole('button', { name }).first().click({ timeout: 15_000 });
  await expect(page.getByRole('dialog')).toBeVisible();
};

/**
 * "Mensajes" (issue 14) beyond its first tab: the settings (the administrator's of the first
 * operator), and one message open in its drawer (`?message=<id>`, the newest e-mail the role sees).
 * The drawer opens from the URL; `settled` waits for its skeleton to go. (A second wait for network
 * idle once its sandboxed e-mail frame is there once hung until the role's time ran out.)
 */
async function messageScreens(page: Page): Promise<TScreen[]> {
  const { messageId, operatorId } = await page.evaluate(async () => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token')}` };
    const read = async <T>(path: string) => (await fetch(path, { headers })).json() as Promise<T>;
    const [message] = await read<{ id: string }[]>('/api/v1/messages?per_page=1&channel[eq]=email');
    const me = await read<{ tour_operator_id: string | null }>('/api/v1/auth/me');
    const operator = me.tour_operator_id
      ? null
      : (await read<{ id: string }[]>('/api/v1/tour-operators?per_page=1'))[0];
    return { messageId: message?.id, operatorId: operator?.id };
  });
  expect(messageId).toBeTruthy();
  const settings = operatorId ? `/messages?tab=ajustes&tour_operator_id=${operatorId}` : '/messages?tab=ajustes';
  return [
    { name: 'Mensajes: ajustes', path: settings },
    { name: 'Mensajes: mensaje', path: `/messages?message=${messageId}` },
  ];
}

/**
 * "Canales" (issue 33) beyond its list (which the menu brings): the new channel's form, a reseller's
 * connection (base URL, keys, request log; `?channel=<id>`) and a new key shown once.
 */
async function channelScreens(page: Page, token: string): Promise<TScreen[]> {
  const res = await page.request.post('/api/v1/channels', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `OTA accesible ${Date.now()}`, kind: 'octo', commission_pct: 18 },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const newKey = async (p: Page) => {
    await p.getByRole('button', { name: 'Nueva clave' }).click({ timeout: 15_000 });
    await p.getByRole('dialog', { name: 'Nueva clave de API' }).getByRole('button', { name: 'Crear clave' }).click();
    await expect(p.getByRole('dialog', { name: 'Clave creada' })).toBeVisible();
  };
  return [
    { name: 'Canales: nuevo canal', path: '/channels', dialog: openButton('Nuevo canal') },
    { name: 'Canales: conexión', path: `/channels?channel=${id}` },
    { name: 'Canales: clave creada', path: `/channels?channel=${id}`, dialog: newKey },
  ];
}

/**
 * The product's departure dialog at "Cancelar salida" (issue 14): the departure of `date` and
 * `time` in its departures calendar (the next month's when it is there), then its confirmation.
 */
const openCancelDeparture = (date: string, time: string) => async (page: Page) => {
  const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Atlantic/Canary' }).format(new Date()).slice(0, 7);
  if (date.slice(0, 7) !== thisMonth) {
    // The departures calendar's "Mes siguiente" (the closed dates' picker has its own).
    await page
      .getByTestId('calendar-month')
      .locator('xpath=ancestor::*[.//button[@aria-label="Mes siguiente"]][1]')
      .getByRole('button', { name: 'Mes siguiente' })
      .click();
  }
  const slot = page.locator(`[data-date="${date}"]`).getByRole('button', { name: new RegExp(`^${time} `) });
  await slot.first().click({ timeout: 15_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar salida' }).click({ timeout: 15_000 });
  await expect(page.getByRole('dialog', { name: /^Cancelar la salida del / })).toBeVisible();
};

/**
 * Booking questions (issue 33 item 3): the catamaran's (CAT-01) booking form with its «Preguntas»
 * step once passengers are added (per passenger groups), a booking of it with its answers, and its
 * schedule sheet's passenger list with the answers.
 */
async function questionScreens(page: Page): Promise<TScreen[]> {
  const found = await page.evaluate(async () => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token')}` };
    const read = async <T>(path: string) => (await fetch(path, { headers })).json() as Promise<T>;
    const [product] = await read<{ id: string }[]>('/api/v1/products?code[eq]=CAT-01&per_page=1');
    if (!product) return null;
    const [booking] = await read<{ id: string }[]>(`/api/v1/bookings?product_id[eq]=${product.id}&per_page=1`);
    const [sheet] = await read<{ id: string }[]>(`/api/v1/schedule-sheets?product_id[eq]=${product.id}&per_page=1`);
    return { product: product.id, booking: booking?.id, sheet: sheet?.id };
  });
  expect(found?.booking && found.sheet, 'the demo catamaran, a booking and a sheet of it').toBeTruthy();
  const addPassengers = async (p: Page) => {
    // The tariffs (and so the passengers) come with a day: the first one on sale.
    await p.locator('button:not([disabled])[data-state="open"]').first().click({ timeout: 15_000 });
    await p.getByRole('button', { name: 'Añadir adultos' }).click({ timeout: 15_000 });
    await p.getByRole('button', { name: 'Añadir niños' }).click();
    await expect(p.getByRole('group', { name: 'Pasajero 2 · Niño' })).toBeVisible();
  };
  return [
    { name: 'Nueva reserva: preguntas', path: `/booking/create?product_id=${found?.product}`, dialog: addPassengers },
    { name: 'Reserva: respuestas', path: `/booking/edit/${found?.booking}` },
    { name: 'Hoja de servicio: respuestas', path: `/schedule-sheets/${found?.sheet}` },
  ];
}

/**
 * «Facturas» (issue 34): the list, an invoice in its drawer (lines, taxes, VERI*FACTU record),
 * «Rectificar» and, on a paid booking's page, «Emitir factura completa». The simplified invoice of
 * a paid booking without a full one is issued first (asking again answers the same invoice).
 */
async function invoiceScreens(page: Page, token: string): Promise<TScreen[]> {
  const res = await page.request.get('/api/v1/bookings?per_page=100', { headers: auth(token) });
  const paid = ((await res.json()) as { id: string; payment_state: string }[]).filter(
    (b) => b.payment_state === 'paid',
  );
  for (const b of paid) {
    const list = await page.request.get(`/api/v1/bookings/${b.id}/invoices`, { headers: auth(token) });
    const types = ((await list.json()) as { type: string }[]).map((i) => i.type);
    if (types.includes('F1') || types.includes('F3')) continue;
    const issued = await page.request.post(`/api/v1/bookings/${b.id}/invoices`, {
      headers: auth(token),
      data: { kind: 'simplified' },
    });
    expect(issued.ok(), `invoice of ${b.id}: ${issued.status()}`).toBe(true);
    const { id } = (await issued.json()) as { id: string };
    return [
      { name: 'Facturas', path: '/invoices' },
      { name: 'Facturas: factura', path: `/invoices?invoice=${id}` },
      {
        name: 'Facturas: rectificar',
        path: `/invoices?invoice=${id}`,
        // Opened from the invoice's drawer: the dialog over it is the one to wait for.
        dialog: async (p: Page) => {
          await p.getByRole('button', { name: 'Rectificar' }).first().click({ timeout: 15_000 });
          await expect(p.getByRole('dialog', { name: /^Rectificar la factura/ })).toBeVisible();
        },
      },
      {
        name: 'Reserva: factura completa',
        path: `/booking/edit/${b.id}`,
        dialog: openButton('Emitir factura completa'),
      },
    ];
  }
  throw new Error('No paid demo booking without a full invoice');
}

/** The night tour's booking question (issue 33 item 3), a choice, open in the product form with its options. */
async function productQuestionScreen(page: Page, token: string): Promise<TScreen[]> {
  const res = await page.request.get('/api/v1/products?per_page=100', { headers: auth(token) });
  const night = ((await res.json()) as { id: string; name: string }[]).find((p) => p.name.startsWith('Teide de noche'));
  expect(night, 'the demo night tour asks for the dinner menu').toBeTruthy();
  const openQuestion = async (p: Page) => {
    await p.getByRole('button', { name: 'Editar «Menú de la cena»' }).click({ timeout: 15_000 });
    await expect(p.getByRole('group', { name: 'Opciones de «Menú de la cena»' })).toBeVisible();
  };
  return [{ name: 'Producto: pregunta al reservar', path: `/products/edit/${night?.id}`, dialog: openQuestion }];
}

/**
 * «Comisiones» and «Caja» (issue 34) beyond their first tab (the menu brings those): a party's
 * bookings due, a statement made and its «Marcar como pagada», a person's payments not handed over
 * and «Recibir entrega».
 */
const moneyScreens = (): TScreen[] => {
  const openStatement = async (p: Page) => {
    await p.getByRole('button', { name: 'Crear liquidación' }).first().click({ timeout: 15_000 });
    await expect(p.getByRole('tab', { name: 'Liquidaciones', selected: true })).toBeVisible();
    await p.locator('tbody tr').first().getByRole('button').click({ timeout: 15_000 });
    await p.getByRole('button', { name: 'Marcar como pagada' }).click({ timeout: 15_000 });
    await expect(p.getByRole('dialog', { name: 'Marcar como pagada' })).toBeVisible();
  };
  const openHolder = async (p: Page) => {
    await p.locator('tbody tr').first().getByRole('button').click({ timeout: 15_000 });
    await expect(p.getByRole('dialog')).toBeVisible();
  };
  const openHandover = async (p: Page) => {
    await openHolder(p);
    await p.getByRole('button', { name: 'Recibir entrega' }).click({ timeout: 15_000 });
    await expect(p.getByRole('dialog', { name: 'Recibir entrega' })).toBeVisible();
  };
  return [
    {
      name: 'Comisiones: reservas pendientes',
      path: '/commissions',
      dialog: async (p: Page) => {
        await p.getByRole('button', { name: 'Ver reservas' }).first().click({ timeout: 15_000 });
        await expect(p.getByRole('columnheader', { name: 'Importe' }).first()).toBeVisible();
      },
    },
    { name: 'Comisiones: marcar como pagada', path: '/commissions', dialog: openStatement },
    { name: 'Caja: cobros de una persona', path: '/cash', dialog: openHolder },
    { name: 'Caja: recibir entrega', path: '/cash', dialog: openHandover },
  ];
};

async function firstHref(page: Page, pattern: RegExp): Promise<string | null> {
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.find((h) => pattern.test(h)) ?? null;
}

/**
 * Each role's screens: its menu, «Mi cuenta» and `extra`. `parts` splits a long list into that many
 * tests (every part-th screen each), so no one test decides a CI lane's length (gerencia's 50
 * screens took 400 s in one).
 */
const ROLES: { email: string; parts?: number; extra: (page: Page) => Promise<TScreen[]> }[] = [
  {
    email: ADMIN,
    parts: 2,
    extra: async (page) => [
      { name: 'Usuarios: nuevo usuario', path: '/users', dialog: openButton('Nuevo usuario') },
      { name: 'Tour operadores: nuevo', path: '/tour-operator', dialog: openButton('Nuevo tour operador') },
      ...(await messageScreens(page)),
      ...(await questionScreens(page)),
    ],
  },
  {
    email: 'gerencia@teideaventura.demo',
    parts: 3,
    extra: async (page) => {
      // A booking that still owes money, so "Registrar cobro" is there whatever the time of day
      // (the first of the list may be paid in full or already done).
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const res = await page.request.get('/api/v1/bookings?per_page=100&state[in]=confirmed,pending', {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status()).toBe(200);
      const owing = ((await res.json()) as { id: string; pending_cents: number }[]).find((b) => b.pending_cents > 0);
      const booking = owing ? `/booking/edit/${owing.id}` : null;
      // A departure with bookings a few days ahead, for "Cancelar salida" (never one about to start).
      const day = (n: number) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Atlantic/Canary' }).format(new Date(Date.now() + n * 86_400_000));
      const calendar = await page.request.get(`/api/v1/bookings/calendar?from=${day(2)}&to=${day(20)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(calendar.status()).toBe(200);
      const departure = (
        (await calendar.json()) as {
          product_id: string;
          date: string;
          time: string;
          bookings_count: number;
          closed: boolean;
        }[]
      ).find((e) => e.bookings_count > 0 && !e.closed);
      await page.goto('/products');
      await settled(page);
      const product = await firstHref(page, /^\/products\/edit\//);
      await page.goto('/schedule-sheets');
      await settled(page);
      const sheet = await firstHref(page, /^\/schedule-sheets\/[^/?]+$/);
      const out: TScreen[] = [
        { name: 'Reservas: calendario', path: '/booking?view=calendar' },
        { name: 'Reservas: calendario semanal', path: '/booking?view=calendar&cal=week' },
        { name: 'Nueva reserva', path: '/booking/create' },
        { name: 'Nuevo producto', path: '/products/create' },
        { name: 'Vehículos: nuevo', path: '/resources/vehicles', dialog: openButton('Nuevo vehículo') },
        { name: 'Alojamientos: nuevo', path: '/resources/accommodations', dialog: openButton('Nuevo alojamiento') },
        { name: 'Alojamientos: importar', path: '/resources/accommodations', dialog: openButton('Importar CSV') },
        { name: 'Personas: nueva', path: '/resources/persons', dialog: openButton('Nueva persona') },
        { name: 'Usuarios: nuevo usuario', path: '/users', dialog: openButton('Nuevo usuario') },
      ];
      // Online payments (issue 32): Teide Aventura with Redsys, so its bookings offer payment links.
      await redsysOperator(page.request, token as string);
      out.push({
        name: 'Tour operadores: pagos en línea',
        path: '/tour-operator',
        dialog: openButton(/^Pagos en línea/),
      });
      if (booking) {
        out.push({ name: 'Reserva', path: booking });
        out.push({ name: 'Reserva: registrar cobro', path: booking, dialog: openButton('Registrar cobro') });
        out.push({ name: 'Reserva: enlace de pago', path: booking, dialog: openButton('Enviar enlace de pago') });
      }
      if (product) out.push({ name: 'Producto', path: product });
      out.push(...(await productQuestionScreen(page, token as string)));
      if (departure) {
        out.push({
          name: 'Producto: cancelar salida',
          path: `/products/edit/${departure.product_id}`,
          dialog: openCancelDeparture(departure.date, departure.time),
        });
      }
      if (sheet) out.push({ name: 'Hoja de servicio', path: sheet });
      out.push(...(await messageScreens(page)));
      out.push(...(await channelScreens(page, token as string)));
      out.push(...(await invoiceScreens(page, token as string)));
      out.push(...moneyScreens());
      // «Informes» (issue 34): each tab (the menu entry opens Ventas by day).
      out.push(
        { name: 'Informes: ventas por producto', path: '/reports?group_by=product' },
        { name: 'Informes: ocupación', path: '/reports?tab=occupancy' },
        { name: 'Informes: cancelaciones', path: '/reports?tab=cancellations' },
        { name: 'Informes: impuestos', path: '/reports?tab=taxes' },
      );
      return out;
    },
  },
  {
    email: 'ventas@teideaventura.demo',
    extra: async () => [
      { name: 'Nueva reserva', path: '/booking/create' },
      { name: 'Mis ventas', path: '/reports' },
    ],
  },
  { email: 'operaciones@teideaventura.demo', extra: messageScreens },
  {
    email: 'chofer@teideaventura.demo',
    extra: async (page) => {
      await page.goto('/schedule-sheets');
      await settled(page);
      const sheet = await firstHref(page, /^\/schedule-sheets\/[^/?]+$/);
      return sheet ? [{ name: 'Mi hoja', path: sheet }] : [];
    },
  },
  { email: 'guia@teideaventura.demo', extra: async () => [] },
];

test.describe('axe: WCAG 2.2 A/AA, no serious or critical violation', () => {
  for (const role of ROLES) {
    const parts = role.parts ?? 1;
    for (let part = 0; part < parts; part++) {
      const title = parts > 1 ? `back-office as ${role.email} (${part + 1}/${parts})` : `back-office as ${role.email}`;
      test(title, async ({ page }) => {
        test.setTimeout(600_000);
        await page.setViewportSize(WIDTHS[0]);
        await signIn(page, role.email);
        await settled(page);
        // The menu is read once it is drawn: under two-lane load the layout's chunk can still be on
        // its way when the network first goes idle (it once read no link and cost a 3-minute retry).
        const links = page.getByRole('navigation', { name: 'Menú principal' }).locator('a[href]');
        await expect(links.first()).toBeVisible();
        const menu = await links.evaluateAll((as) =>
          as.map((a) => ({ name: a.textContent?.trim() ?? '', path: a.getAttribute('href') ?? '' })),
        );
        expect(menu.length).toBeGreaterThan(0);
        const all: TScreen[] = [...menu, { name: 'Mi cuenta', path: '/account' }, ...(await role.extra(page))];
        const screens = all.filter((_, i) => i % parts === part);
        const findings: TFinding[] = [];
        for (const [i, screen] of screens.entries()) {
          findings.push(
            ...(await scanBothWidths(
              page,
              screen,
              i % 2 === 1,
              async (p) => {
                if (!screen.dialog) return undefined;
                await screen.dialog(p);
                await settledInApp(p);
                await settled(p, { network: false });
                // A modal or drawer (role="dialog"); an in-page step (a form's next section) is scanned whole.
                return (await p.locator('[role="dialog"]').first().isVisible()) ? '[role="dialog"]' : undefined;
              },
              { inApp: true },
            )),
          );
        }
        console.log(`${title}: ${screens.length * WIDTHS.length} screens, ${findings.length} violations`);
        expect(findings, report(findings)).toEqual([]);
      });
    }
  }

  test('login and public pages', async ({ page, request }) => {
    test.setTimeout(300_000);
    const token = await staffToken(request);
    const product = await productNamed(request, token, 'Subida al Teide');
    const res = await request.get('/api/v1/bookings?per_page=20', { headers: auth(token) });
    const bookings = (await res.json()) as { id: string; state: string; payment_state: string }[];
    const booking = bookings.find((b) => b.state === 'confirmed') ?? bookings[0];
    // Paying online (issue 32): a product paid in full online, a booking holding its seats for its
    // payment, and one already paid (the return page's "Pago recibido").
    await redsysOperator(request, token);
    const payProduct = await fullPaymentProduct(request, token);
    const held = await heldBooking(request, payProduct, uniqueEmail('axe'), 'es');
    const confirmed = await request.get('/api/v1/bookings?per_page=100&state[in]=confirmed', { headers: auth(token) });
    const paid = ((await confirmed.json()) as typeof bookings).find((b) => b.payment_state === 'paid');
    // Booking questions (issue 33 item 3): the catamaran's form asks them; one of its bookings answered them.
    const atlantico = await staffToken(request, 'gerencia@atlanticosur.demo');
    const catamaran = await productNamed(request, atlantico, 'cetáceos');
    const answered = (
      (await (
        await request.get(`/api/v1/bookings?product_id=${catamaran.id}&state[in]=confirmed&per_page=100`, {
          headers: auth(atlantico),
        })
      ).json()) as { id: string; answers: unknown[] }[]
    ).find((b) => b.answers.length > 0);
    if (!answered) throw new Error('Sin reservas confirmadas del catamarán con respuestas en la demo');
    const screens: TScreen[] = [
      { name: 'Iniciar sesión', path: '/login' },
      { name: 'Recuperar la contraseña', path: '/forgot-password' },
      { name: 'Nueva contraseña', path: '/reset-password?token=e2e-not-a-token' },
      { name: 'Excursión', path: `/public/landing/${product.id}` },
      { name: 'Reservar', path: `/public/booking/product/${product.id}` },
      { name: 'Reservar: errores', path: `/public/booking/product/${product.id}`, dialog: submitEmpty },
      { name: 'Reserva existente', path: `/public/booking/${booking.id}` },
      { name: 'Reservar: pago online', path: `/public/booking/product/${payProduct.id}` },
      { name: 'Reserva por pagar', path: `/public/booking/${held.id}` },
      { name: 'Pago no completado', path: `/public/booking/${held.id}?payment=ko` },
      { name: 'Confirmando el pago', path: `/public/booking/${held.id}?payment=ok` },
      ...(paid ? [{ name: 'Pago recibido', path: `/public/booking/${paid.id}?payment=ok` }] : []),
      // «Factura» (issue 34): a paid booking's invoice, with the full invoice's form open.
      ...(paid
        ? [
            {
              name: 'Reserva pagada: factura completa',
              path: `/public/booking/${paid.id}?lang=es`,
              dialog: async (p: Page) => {
                await p.getByRole('button', { name: 'Necesito factura completa' }).click({ timeout: 15_000 });
                await expect(p.getByRole('form', { name: 'Necesito factura completa' })).toBeVisible();
              },
            },
          ]
        : []),
      { name: 'Bono', path: `/public/landing/booking-voucher/${booking.id}` },
      { name: 'Reservar: preguntas', path: `/public/booking/product/${catamaran.id}` },
      {
        name: 'Reservar: preguntas sin responder',
        path: `/public/booking/product/${catamaran.id}`,
        dialog: submitEmpty,
      },
      { name: 'Reserva existente: respuestas', path: `/public/booking/${answered.id}` },
      { name: 'Bono: respuestas', path: `/public/landing/booking-voucher/${answered.id}` },
      { name: 'Declaración de accesibilidad', path: '/public/accesibilidad' },
      { name: 'Página no encontrada', path: '/public/landing/no-existe' },
    ];
    const findings: TFinding[] = [];
    for (const [i, screen] of screens.entries()) {
      findings.push(
        ...(await scanBothWidths(page, screen, i % 2 === 1, async (p) => {
          if (screen.dialog) await screen.dialog(p);
          return undefined;
        })),
      );
    }
    console.log(`public: ${screens.length * WIDTHS.length} screens, ${findings.length} violations`);
    expect(findings, report(findings)).toEqual([]);
  });
});

async function submitEmpty(page: Page) {
  // "Reservar y pagar 98,00 €" when the product is paid online (issue 32).
  await page.getByRole('button', { name: /^(Confirmar reserva|Reservar y pagar )/ }).click();
  await expect(page.getByText('Campo requerido').first()).toBeVisible();
}

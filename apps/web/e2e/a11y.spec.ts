/**
 * WCAG 2.2 AA by axe-core (issue 22): every screen each role reaches from its menu, the main
 * dialogs and every public page, at 1280 px and at 390 px, with the WCAG 2.0/2.1/2.2 A and AA rules.
 * A serious or critical violation fails the test; each is printed (rule, impact, targets, summary).
 * One login per role, one page reused for all its screens and both widths.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn } from './helpers';
import { auth, productNamed, staffToken } from './public-helpers';

// Each role's scan is independent (own login): scripts/e2e-shards.sh runs each as its own unit.
test.describe.configure({ mode: 'parallel' });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

type TFinding = { screen: string; width: number; rule: string; impact: string; help: string; nodes: string[] };

/** Runs axe on what the page shows now and returns its serious/critical violations. */
async function scan(page: Page, screen: string, width: number): Promise<TFinding[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
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

/** Waits until the screen has drawn its data: no skeletons, no loaders, the main heading shown. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"], .mantine-Loader-root')).toHaveCount(0, {
    timeout: 15_000,
  });
  // Transitions (modals, drawers) finished.
  await page.waitForTimeout(350);
}

type TScreen = { name: string; path: string; dialog?: (page: Page) => Promise<void> };

const openButton = (name: string | RegExp) => async (page: Page) => {
  // Fails fast (not after the role's 10-minute budget) when the screen has no such button.
  await page.getByRole('button', { name }).first().click({ timeout: 15_000 });
  await expect(page.getByRole('dialog')).toBeVisible();
};

async function firstHref(page: Page, pattern: RegExp): Promise<string | null> {
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.find((h) => pattern.test(h)) ?? null;
}

const ROLES: { email: string; extra: (page: Page) => Promise<TScreen[]> }[] = [
  {
    email: ADMIN,
    extra: async () => [
      { name: 'Usuarios: nuevo usuario', path: '/users', dialog: openButton('Nuevo usuario') },
      { name: 'Tour operadores: nuevo', path: '/tour-operator', dialog: openButton('Nuevo tour operador') },
    ],
  },
  {
    email: 'gerencia@teideaventura.demo',
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
      await page.goto('/products');
      await settled(page);
      const product = await firstHref(page, /^\/products\/edit\//);
      await page.goto('/schedule-sheets');
      await settled(page);
      const sheet = await firstHref(page, /^\/schedule-sheets\/[^/?]+$/);
      const out: TScreen[] = [
        { name: 'Reservas: calendario', path: '/booking?view=calendar' },
        { name: 'Nueva reserva', path: '/booking/create' },
        { name: 'Nuevo producto', path: '/products/create' },
        { name: 'Vehículos: nuevo', path: '/resources/vehicles', dialog: openButton('Nuevo vehículo') },
        { name: 'Alojamientos: nuevo', path: '/resources/accommodations', dialog: openButton('Nuevo alojamiento') },
        { name: 'Alojamientos: importar', path: '/resources/accommodations', dialog: openButton('Importar CSV') },
        { name: 'Personas: nueva', path: '/resources/persons', dialog: openButton('Nueva persona') },
        { name: 'Usuarios: nuevo usuario', path: '/users', dialog: openButton('Nuevo usuario') },
      ];
      if (booking) {
        out.push({ name: 'Reserva', path: booking });
        out.push({ name: 'Reserva: registrar cobro', path: booking, dialog: openButton('Registrar cobro') });
      }
      if (product) out.push({ name: 'Producto', path: product });
      if (sheet) out.push({ name: 'Hoja de servicio', path: sheet });
      return out;
    },
  },
  { email: 'ventas@teideaventura.demo', extra: async () => [{ name: 'Nueva reserva', path: '/booking/create' }] },
  { email: 'operaciones@teideaventura.demo', extra: async () => [] },
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
    test(`back-office as ${role.email}`, async ({ page }) => {
      test.setTimeout(600_000);
      await page.setViewportSize(WIDTHS[0]);
      await signIn(page, role.email);
      await settled(page);
      const menu = await page
        .getByRole('navigation', { name: 'Menú principal' })
        .locator('a[href]')
        .evaluateAll((as) =>
          as.map((a) => ({ name: a.textContent?.trim() ?? '', path: a.getAttribute('href') ?? '' })),
        );
      expect(menu.length).toBeGreaterThan(0);
      const screens: TScreen[] = [...menu, { name: 'Mi cuenta', path: '/account' }, ...(await role.extra(page))];
      const findings: TFinding[] = [];
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        for (const screen of screens) {
          await page.goto(screen.path);
          await settled(page);
          if (screen.dialog) {
            await screen.dialog(page);
            await settled(page);
          }
          findings.push(...(await scan(page, screen.name, size.width)));
        }
      }
      console.log(`${role.email}: ${screens.length * WIDTHS.length} screens, ${findings.length} violations`);
      expect(findings, report(findings)).toEqual([]);
    });
  }

  test('login and public pages', async ({ page, request }) => {
    test.setTimeout(180_000);
    const token = await staffToken(request);
    const product = await productNamed(request, token, 'Subida al Teide');
    const res = await request.get('/api/v1/bookings?per_page=20', { headers: auth(token) });
    const bookings = (await res.json()) as { id: string; state: string }[];
    const booking = bookings.find((b) => b.state === 'confirmed') ?? bookings[0];
    const screens: TScreen[] = [
      { name: 'Iniciar sesión', path: '/login' },
      { name: 'Recuperar la contraseña', path: '/forgot-password' },
      { name: 'Nueva contraseña', path: '/reset-password?token=e2e-not-a-token' },
      { name: 'Excursión', path: `/public/landing/${product.id}` },
      { name: 'Reservar', path: `/public/booking/product/${product.id}` },
      { name: 'Reservar: errores', path: `/public/booking/product/${product.id}`, dialog: submitEmpty },
      { name: 'Reserva existente', path: `/public/booking/${booking.id}` },
      { name: 'Bono', path: `/public/landing/booking-voucher/${booking.id}` },
      { name: 'Declaración de accesibilidad', path: '/public/accesibilidad' },
      { name: 'Página no encontrada', path: '/public/landing/no-existe' },
    ];
    const findings: TFinding[] = [];
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      for (const screen of screens) {
        await page.goto(screen.path);
        await settled(page);
        if (screen.dialog) await screen.dialog(page);
        findings.push(...(await scan(page, screen.name, size.width)));
      }
    }
    console.log(`public: ${screens.length * WIDTHS.length} screens, ${findings.length} violations`);
    expect(findings, report(findings)).toEqual([]);
  });
});

async function submitEmpty(page: Page) {
  await page.getByRole('button', { name: 'Confirmar reserva' }).click();
  await expect(page.getByText('Campo requerido').first()).toBeVisible();
}

/**
 * The strict Content-Security-Policy holds in a real browser (issue 7): every screen of the
 * back-office and the public pages renders without one `securitypolicyviolation` event or CSP
 * console error, and every page answers the policy's header.
 */
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';
import { auth, PHONE, productNamed, staffToken } from './public-helpers';

type Violation = { directive: string; blocked: string; source: string };

/** Records CSP violations of every page the test opens (from the first script on). */
async function watchCsp(page: Page) {
  const violations: string[] = [];
  await page.exposeFunction('__reportCsp', (v: Violation) => {
    violations.push(`${v.directive} blocked ${v.blocked} (${v.source})`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp: (v: Violation) => void }).__reportCsp({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply)/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

async function expectStrictCsp(page: Page, url: string) {
  const res = await page.goto(url);
  expect(res, url).not.toBeNull();
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp, url).toContain("default-src 'self'");
  expect(csp, url).toContain("script-src 'self';");
  expect(csp, url).toContain("object-src 'none'");
  expect(csp, url).toContain("frame-ancestors 'none'");
}

test.describe('Content-Security-Policy in the browser', () => {
  test('back-office: login, home, a list, the booking form and an edit screen raise no violation', async ({
    page,
    request,
  }) => {
    const violations = await watchCsp(page);
    await expectStrictCsp(page, '/login');
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible({ timeout: 30_000 });
    for (const [url, heading] of [
      ['/booking', 'Reservas'],
      ['/booking/create', 'Nueva reserva'],
      ['/products', 'Productos'],
      ['/schedule-sheets', 'Hojas de servicio'],
      ['/resources/accommodations', 'Alojamientos'],
    ] as const) {
      await expectStrictCsp(page, url);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible({ timeout: 30_000 });
    }
    // A record's edit screen (Mantine modals, date pickers, charts on the way).
    const token = await staffToken(request);
    const list = await request.get('/api/v1/bookings?per_page=1', { headers: auth(token) });
    const [booking] = (await list.json()) as { id: string; locator: string }[];
    await expectStrictCsp(page, `/booking/edit/${booking.id}`);
    await expect(page.getByText(booking.locator).first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  test.describe('public pages', () => {
    test.use(PHONE);
    test('landing, booking form, prepared booking and voucher raise no violation', async ({ page, request }) => {
      const violations = await watchCsp(page);
      const token = await staffToken(request);
      const product = await productNamed(request, token, 'Teide');
      const list = await request.get('/api/v1/bookings?per_page=1&state[eq]=confirmed', { headers: auth(token) });
      const [booking] = (await list.json()) as { id: string }[];
      for (const url of [
        `/public/landing/${product.id}`,
        `/public/booking/product/${product.id}`,
        `/public/booking/${booking.id}`,
        `/public/landing/booking-voucher/${booking.id}`,
      ]) {
        await expectStrictCsp(page, url);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('#root')).not.toBeEmpty();
      }
      expect(violations).toEqual([]);
    });
  });
});

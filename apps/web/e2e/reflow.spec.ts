/**
 * Reflow (WCAG 1.4.10, issue 22 item 3): content reads without scrolling in two directions.
 * - Public pages at 320 CSS px (the criterion's width) and at 200 % zoom of a 1280 px window
 *   (640 CSS px, with the device pixel ratio a zoomed browser has).
 * - The back-office at 200 % zoom: every screen of the menu of the Admin Tour Operador (who
 *   reaches the most) and the detail screens.
 * The page itself never scrolls sideways. Only the parts the criterion exempts may: a data table's
 * own scroll area and the landing's photo strip. Nothing is cut: no text is narrower than its
 * content because of the width (headings, buttons and badges keep their whole text).
 */
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';
import { goInApp, LOADING } from './in-app';
import { auth, productNamed, staffToken } from './public-helpers';

const TOUR_OPERATOR_ADMIN = 'gerencia@teideaventura.demo';
const ZOOM_200 = { viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 };
const NARROW_320 = { viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 };

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator(LOADING)).toHaveCount(0, {
    timeout: 15_000,
  });
}

/** What does not reflow: the page's sideways overflow, and texts cut by the width. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const cut = [...document.querySelectorAll('h1, h2, h3, button, a, .mantine-Badge-label')]
      .filter((el) => {
        const e = el as HTMLElement;
        if (!e.offsetParent || e.closest('table, [data-scroll-exempt], .mantine-ScrollArea-viewport')) return false;
        // Text for screen readers only (a 1 px clipped box) is not cut by the width.
        if (e.clientWidth <= 1) return false;
        const style = getComputedStyle(e);
        return (style.overflowX === 'hidden' || style.textOverflow === 'ellipsis') && e.scrollWidth > e.clientWidth + 1;
      })
      .map((e) => (e.textContent ?? '').trim().slice(0, 40));
    return { pageScroll: root.scrollWidth - window.innerWidth, cut };
  });
}

async function expectReflow(page: Page, name: string, problems: string[]) {
  const o = await overflow(page);
  if (o.pageScroll > 1) problems.push(`${name}: the page scrolls ${o.pageScroll} px sideways`);
  if (o.cut.length) problems.push(`${name}: text cut: ${o.cut.join(' | ')}`);
}

test.describe('reflow', () => {
  test('public pages at 320 px and at 200 % zoom', async ({ browser, request }) => {
    test.setTimeout(180_000);
    const token = await staffToken(request);
    const product = await productNamed(request, token, 'Subida al Teide');
    const res = await request.get('/api/v1/bookings?per_page=20', { headers: auth(token) });
    const bookings = (await res.json()) as { id: string; state: string }[];
    const booking = bookings.find((b) => b.state === 'confirmed') ?? bookings[0];
    expect(booking).toBeTruthy();
    const pages = [
      `/public/landing/${product.id}`,
      `/public/booking/product/${product.id}`,
      `/public/booking/${booking?.id}`,
      `/public/landing/booking-voucher/${booking?.id}`,
      '/public/accesibilidad',
      '/login',
    ];
    const problems: string[] = [];
    for (const [label, size] of [
      ['320 px', NARROW_320],
      ['200 %', ZOOM_200],
    ] as const) {
      const context = await browser.newContext({ ...size, locale: 'es-ES', timezoneId: 'Atlantic/Canary' });
      const page = await context.newPage();
      for (const path of pages) {
        await page.goto(path);
        await settled(page);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expectReflow(page, `${path} at ${label}`, problems);
      }
      await context.close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('the back-office at 200 % zoom', async ({ browser }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ ...ZOOM_200, locale: 'es-ES', timezoneId: 'Atlantic/Canary' });
    const page = await context.newPage();
    await signIn(page, TOUR_OPERATOR_ADMIN);
    await settled(page);
    // At 640 px the menu is behind the burger: read its links from the navigation itself, once it
    // has drawn them (under CI's load a read right after the login once found none).
    const links = page.getByRole('navigation', { name: 'Menú principal' }).locator('a[href]');
    await expect(links.nth(5)).toBeAttached();
    const menu = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    const screens = [
      ...new Set([...menu, '/account', '/booking?view=calendar', '/booking/create', '/products/create']),
    ];
    const details: string[] = [];
    for (const list of ['/booking', '/products', '/schedule-sheets']) {
      await page.goto(list);
      await settled(page);
      const detailLink = () =>
        page
          .locator('main a[href]')
          .evaluateAll((as) =>
            as.map((a) => a.getAttribute('href') ?? '').find((h) => /\/(edit\/|[0-9a-f-]{36}$)/.test(h)),
          );
      await expect.poll(detailLink, { message: `a row's link on ${list}` }).toBeTruthy();
      const href = await detailLink();
      if (href) details.push(href);
    }
    expect(details.length).toBe(3);
    const problems: string[] = [];
    for (const path of [...screens, ...details]) {
      // From screen to screen inside the app, as its menu goes (e2e/in-app.ts).
      await goInApp(page, path);
      await settled(page);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectReflow(page, `${path} at 200 %`, problems);
    }
    console.log(`reflow: ${screens.length + details.length} back-office screens at 200 % zoom`);
    expect(problems, problems.join('\n')).toEqual([]);
    await context.close();
  });
});

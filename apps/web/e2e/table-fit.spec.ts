/**
 * Issue 12, item 8: every list fits the screen. As the administrator (who sees an extra "Tour
 * operador" column) and as Admin Tour Operador, at 1280×800 and 1440×900, each list's table is no
 * wider than its area (no sideways scrolling) and no badge's text is cut ("CONFIRMA…"); the
 * "Columnas" choice is kept per user across a reload and a new login.
 */
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, openAs, signIn } from './helpers';
import { goInApp, nextFrames } from './in-app';

const TOUR_OPERATOR_ADMIN = 'gerencia@teideaventura.demo';
const LISTS = [
  '/booking?all_dates=1',
  '/schedule-sheets',
  '/users',
  '/tour-operator',
  '/products',
  '/resources/vehicles',
  '/resources/accommodations',
  '/resources/persons',
  '/audit-log',
  '/messages',
  '/channels',
];
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];

/** Every table of the page: its width against its scroll area's, and the badges whose text is cut. */
function measure(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main table')].map((table) => {
      const area = (table.closest('.mantine-ScrollArea-viewport, .mantine-Table-scrollContainer') ??
        table.parentElement) as HTMLElement;
      return {
        label: table.getAttribute('aria-label'),
        tableWidth: Math.ceil((table as HTMLElement).scrollWidth),
        areaWidth: Math.ceil(area.clientWidth),
        cutBadges: [...table.querySelectorAll('.mantine-Badge-label')]
          .filter((l) => l.scrollWidth > l.clientWidth + 1)
          .map((l) => l.textContent),
      };
    }),
  );
}

/** Badges anywhere on the page whose text is cut. */
const cutBadges = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Badge-label')]
      .filter((l) => l.scrollWidth > l.clientWidth + 1)
      .map((l) => l.textContent),
  );

for (const user of [ADMIN, TOUR_OPERATOR_ADMIN]) {
  // Both widths on each list once it has loaded: the layout is measured again after the resize, so
  // a list is fetched and drawn once per user instead of once per user and width.
  test(`every list fits ${SIZES.map((s) => s.width).join(' and ')} px without sideways scrolling or cut badges (${user})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(SIZES[0]);
    await signIn(page, user);
    // Home: "Salidas de hoy" (its sheet badges were cut at 1440).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const wrong: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await nextFrames(page);
      for (const text of await cutBadges(page)) wrong.push(`home at ${size.width} px: cut badge ${text}`);
    }

    for (const path of LISTS) {
      await page.setViewportSize(SIZES[0]);
      // From list to list inside the app, as its menu goes (e2e/in-app.ts).
      await goInApp(page, path);
      await expect(page.locator('main table tbody tr:not([aria-hidden])').first()).toBeVisible();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        // Media queries re-render at the new width: measure after the next two frames.
        await nextFrames(page);
        const tables = await measure(page);
        expect(tables.length, path).toBeGreaterThan(0);
        for (const t of tables) {
          const where = `${path} at ${size.width} px "${t.label}"`;
          if (t.tableWidth > t.areaWidth) wrong.push(`${where}: ${t.tableWidth} px in ${t.areaWidth} px`);
          if (t.cutBadges.length) wrong.push(`${where}: cut badges ${t.cutBadges.join(', ')}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
}

test("the administrator's bookings name their tour operator and filter by it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, '/booking?all_dates=1', ADMIN);
  const table = page.getByRole('table', { name: 'Reservas' });
  await expect(table.getByRole('columnheader', { name: 'Tour operador' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Atlántico Sur Excursiones' }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Teide Aventura' }).first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Tour operador' }).click();
  await page.getByRole('option', { name: 'Teide Aventura' }).click();
  await expect(page).toHaveURL(/tour_operator_id=/);
  await expect(table.getByRole('cell', { name: 'Atlántico Sur Excursiones' })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'Teide Aventura' }).first()).toBeVisible();
});

test('"Columnas": the chosen columns stay after a reload and a new login, and nothing goes to browser storage', async ({
  browser,
}) => {
  const user = 'operaciones@teideaventura.demo';
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, user);
  // Start from the defaults whatever an earlier (retried) run saved for this user.
  const reset = await page.evaluate(async () => {
    const res = await fetch('/api/v1/auth/me/preferences', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
      body: JSON.stringify({ columns: {} }),
    });
    return res.status;
  });
  expect(reset).toBe(200);
  await page.goto('/booking?all_dates=1');
  const table = page.getByRole('table', { name: 'Reservas' });
  await expect(table.locator('tbody tr:not([aria-hidden])').first()).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Canal' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Columnas' }).click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/auth/me/preferences') && r.request().method() === 'PUT' && r.ok(),
  );
  await page.getByRole('group', { name: 'Columnas visibles' }).getByRole('checkbox', { name: 'Canal' }).check();
  await saved;
  await expect(table.getByRole('columnheader', { name: 'Canal' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual(['roles', 'token', 'userId', 'userName']);

  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Reservas' }).getByRole('columnheader', { name: 'Canal' }),
  ).toBeVisible();
  await context.close();

  // Another browser, a new login: the same choice.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const again = await other.newPage();
  await openAs(again, '/booking?all_dates=1', user);
  const table2 = again.getByRole('table', { name: 'Reservas' });
  await expect(table2.getByRole('columnheader', { name: 'Canal' })).toBeVisible();
  // And back to the defaults.
  await again.getByRole('button', { name: 'Columnas' }).click();
  await again.getByRole('button', { name: 'Columnas por defecto' }).click();
  await expect(table2.getByRole('columnheader', { name: 'Canal' })).toHaveCount(0);
  await other.close();
});

import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { openAs } from './helpers';

/**
 * The bookings calendar's month a day at a time (issue 35, ADR 031): the month asks for its days
 * added up (GET /bookings/calendar/days), never for its thousands of departures; a day says how
 * many it has and shows its first ones, and the rest are one step away — «+N más» opens that
 * week on a desktop, «Ver las N salidas del día» lists the day in place on a phone (only that day
 * is fetched). The administrator sees every operator: the demo's days have more than three. The
 * week reads its departures as columns (GET /bookings/calendar/columns, ADR 057).
 */

/** The calendar requests the page makes (path and query). */
function calendarRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/v1/bookings/calendar')) seen.push(`${url.pathname}${url.search}`);
  });
  return seen;
}

test.describe('bookings calendar: the month a day at a time', () => {
  test('a desktop month reads its days only; «+N más» opens the week of that day with all its departures', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const seen = calendarRequests(page);
    await openAs(page, '/booking?view=calendar');
    const grid = page.getByRole('grid', { name: /^Salidas de / });
    const more = grid.getByRole('button', { name: /^\+\d+ más: ver las \d+ salidas del / }).first();
    // A busy machine (the demo's PGlite, two cores shared) may take a while for the first load.
    await expect(more).toBeVisible({ timeout: 30_000 });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((u) => u.startsWith('/api/v1/bookings/calendar/days?'))).toBe(true);

    // The day's count is the same on its name, on «+N más» and on the week's column.
    const name = (await more.getAttribute('aria-label')) ?? '';
    const count = Number(/ver las (\d+) salidas/.exec(name)?.[1]);
    const cell = more.locator('xpath=ancestor::td[1]');
    const date = (await cell.getAttribute('data-date')) ?? '';
    await expect(cell.locator('button[data-grid-day]')).toHaveAttribute(
      'aria-label',
      new RegExp(`, ${count} salidas, `),
    );
    await expect(cell.getByRole('button', { name: /Ver sus reservas$/ })).toHaveCount(2);
    await more.click();
    const week = page.getByRole('grid', { name: /^Salidas de la semana / });
    await expect(week.locator(`td[data-row][data-date="${date}"] [data-week-item]`)).toHaveCount(count, {
      timeout: 30_000,
    });
    // The week's departures come as columns (ADR 057): each product named once, the same departures.
    expect(seen.at(-1)).toMatch(
      /^\/api\/v1\/bookings\/calendar\/columns\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
    );
  });

  test('on a phone, «Ver las N salidas del día» lists that day in place, fetching that day alone', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const seen = calendarRequests(page);
    await openAs(page, '/booking?view=calendar');
    const more = page.getByRole('button', { name: /^Ver las \d+ salidas del día$/ }).first();
    await expect(more).toBeVisible({ timeout: 30_000 });
    const count = Number(/(\d+)/.exec((await more.textContent()) ?? '')?.[1]);
    // Its first three are shown; once listed, the day shows all of them and its button goes.
    await expect(more.locator('xpath=..').getByRole('button', { name: /Ver sus reservas$/ })).toHaveCount(3);
    const entries = page.getByRole('button', { name: /Ver sus reservas$/ });
    const buttons = page.getByRole('button', { name: /^Ver las \d+ salidas del día$/ });
    const [before, moreBefore] = [await entries.count(), await buttons.count()];
    await more.click();
    await expect(entries).toHaveCount(before - 3 + count, { timeout: 30_000 });
    await expect(buttons).toHaveCount(moreBefore - 1);
    const last = seen.at(-1) ?? '';
    const [, from, to] = /from=([\d-]+)&to=([\d-]+)/.exec(last) ?? [];
    expect(last.startsWith('/api/v1/bookings/calendar?')).toBe(true);
    expect(from).toBe(to);
    await expectAccessible(page, 'main', 'the phone month with a day listed');
  });
});

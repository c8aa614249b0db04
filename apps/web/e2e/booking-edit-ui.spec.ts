/**
 * Issue 12, item 10: on the booking edit screen the bottom notification (5000 ms, spec §9) never
 * covers the pinned save bar (Volver / Guardar / Total), at 1280 px and on a 390 px phone.
 */
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

const OPERATOR = 'operaciones@teideaventura.demo';

async function openAnEditableBooking(page: Page) {
  await page.goto('/booking?state=pending%2Cconfirmed');
  const link = page.locator('a[href^="/booking/edit/"]').first();
  await expect(link).toBeVisible();
  await page.goto((await link.getAttribute('href')) ?? '');
  await expect(page.getByRole('heading', { name: /^Reserva TRY-/, level: 1 })).toBeVisible();
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a saved booking's notification sits above the save bar, not over it (${size.width} px)`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, OPERATOR);
    await openAnEditableBooking(page);
    const notes = page.getByLabel('Notas internas');
    await notes.fill(`Revisado ${Date.now()}`);
    const bar = page.locator('[data-action-bar]');
    await expect(bar).toBeInViewport();
    await bar.getByRole('button', { name: /Guardar/ }).click();
    const notice = page.locator('.mantine-Notification-root').filter({ hasText: 'Cambios guardados' });
    await expect(notice).toBeVisible();
    // Once settled (its entrance, and its lift above the bar when the bar is in the way).
    const boxes = async () => ({ n: await notice.boundingBox(), b: await bar.boundingBox() });
    await expect
      .poll(async () => {
        const { n, b } = await boxes();
        return Boolean(n && b && !overlap(n, b));
      })
      .toBe(true);
    const { n, b } = await boxes();
    expect(n && b).toBeTruthy();
    if (!n || !b) return;
    expect(overlap(n, b), `notification ${JSON.stringify(n)} vs bar ${JSON.stringify(b)}`).toBe(false);
    // Still at the bottom of the screen (spec §9): right above the bar when the bar is pinned
    // there, at the very bottom when the page has scrolled the bar up (lib/notify.tsx).
    expect(n.y).toBeGreaterThan(size.height / 2 - n.height);
  });
}

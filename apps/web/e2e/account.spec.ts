import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, storage } from './helpers';

const SELLER = 'ventas@atlanticosur.demo';
const NEW_PASSWORD = 'Pasaje-Atlantico-26';

async function openAccountFromUserMenu(page: Page) {
  await page.getByRole('button', { name: /Menú de usuario/ }).click();
  await page.getByRole('menuitem', { name: 'Mi cuenta' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Mi cuenta', level: 1 })).toBeVisible();
}

test.describe('"Mi cuenta" (issue 12)', () => {
  // Leave the demo as it was for the other journeys, even when a step fails halfway.
  test.afterAll(async ({ request }) => {
    const res = await request.post('/api/v1/auth/login', { data: { email: SELLER, password: NEW_PASSWORD } });
    if (res.status() !== 200) return;
    const back = await request.post('/api/v1/auth/me/password', {
      headers: { Authorization: `Bearer ${(await res.json()).token}` },
      data: { current_password: NEW_PASSWORD, password: DEMO_PASSWORD, re_password: DEMO_PASSWORD },
    });
    expect(back.status()).toBe(200);
  });

  test('the seller opens Mi cuenta from the user menu, changes the password and signs in with the new one', async ({
    page,
    browser,
  }) => {
    // Another session of the same seller (their phone), which the change must close.
    const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'es-ES' });
    const other = await phone.newPage();
    await signIn(other, SELLER);

    await signIn(page, SELLER);
    // A seller reads only themselves: no "Usuarios" in the menu, "Mi cuenta" instead.
    await expect(
      page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Usuarios' }),
    ).toHaveCount(0);
    await openAccountFromUserMenu(page);
    const summary = page.getByTestId('account-summary');
    await expect(summary).toContainText('Emma Wilson');
    await expect(summary).toContainText(SELLER);
    await expect(summary).toContainText('Vendedor');
    await expect(summary).toContainText('Atlántico Sur Excursiones');
    await expect(summary).toContainText('+34 633 220 002');

    const form = page.getByRole('form', { name: 'Cambiar la contraseña' });
    // Spec §5 messages first, then a wrong current password (the server's answer, on that field).
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(form.getByText('Campo requerido')).toHaveCount(3);
    await form.getByLabel('Contraseña actual', { exact: true }).fill('no-es-la-mia');
    await form.getByLabel('Nueva contraseña', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Repetir la nueva contraseña').fill(`${NEW_PASSWORD}x`);
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(form.getByText('Las contraseñas no coinciden')).toBeVisible();
    await form.getByLabel('Repetir la nueva contraseña').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(form.getByText('La contraseña actual no es correcta')).toBeVisible();

    const before = (await storage(page)).token;
    await form.getByLabel('Contraseña actual', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByText('Contraseña cambiada')).toBeVisible();
    await expect(form.getByLabel('Contraseña actual', { exact: true })).toHaveValue('');

    // This session goes on with a fresh token; the other one is closed.
    const after = await storage(page);
    expect(after.token).toBeTruthy();
    expect(after.token).not.toBe(before);
    await page.goto('/booking');
    await expect(page.getByRole('heading', { name: 'Reservas', level: 1 })).toBeVisible();
    await other.goto('/booking');
    await expect(other).toHaveURL(/\/login/);
    await phone.close();

    // Out, and in again: the old password no longer works, the new one does.
    await page.getByRole('button', { name: /Menú de usuario/ }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Email').fill(SELLER);
    await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Invalid credentials')).toBeVisible();
    await signIn(page, SELLER, NEW_PASSWORD);
    await openAccountFromUserMenu(page);
  });

  test('a driver on a 390 px phone reaches Mi cuenta from the user menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'chofer@teideaventura.demo');
    await openAccountFromUserMenu(page);
    const summary = page.getByTestId('account-summary');
    await expect(summary).toContainText('Antonio González Rivero');
    await expect(summary).toContainText('Chofer');
    await expect(summary).toContainText('Teide Aventura');
    await expect(page.getByRole('form', { name: 'Cambiar la contraseña' })).toBeVisible();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

import { expect, type Page, test } from '@playwright/test';
import { openAs, signIn } from './helpers';

/** AUDIT_SCREENSHOTS=<dir>: also save how the screens look, to check them by eye. */
const shot = (page: Page, name: string) =>
  process.env.AUDIT_SCREENSHOTS ? page.screenshot({ path: `${process.env.AUDIT_SCREENSHOTS}/${name}.png` }) : null;

test.describe('activity log (issue 7)', () => {
  test('an edit by the administrator is in "Registro de actividad" with its change, and in the record\'s trail', async ({
    page,
  }) => {
    await openAs(page, '/users?q=guia%40teideaventura.demo');
    const row = page.getByRole('row', { name: /Sara Martín Delgado/ });
    // The first screen of a cold server on a busy machine may take a while.
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: /Editar/ }).click();
    const dialog = page.getByRole('dialog');
    const phone = `+34 699 ${String(Date.now()).slice(-3)} 111`;
    await dialog.getByLabel('Teléfono').fill(phone);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();

    // The menu leads to the activity screen; the newest entry is this edit.
    await page.getByRole('link', { name: 'Registro de actividad' }).click();
    await expect(page.getByRole('heading', { name: 'Registro de actividad' })).toBeVisible();
    const entry = page.getByRole('row', { name: /Sara Martín Delgado/ }).first();
    await expect(entry).toContainText('Administración Trayecto');
    await expect(entry).toContainText('Modificación');
    await expect(entry).toContainText(`Teléfono: +34 622 110 005 → ${phone}`);
    await shot(page, 'audit-log');

    // Filters narrow it (kept in the URL): users' edits only.
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Usuario' }).click();
    await expect(page).toHaveURL(/entity_type=user/);
    await expect(page.getByRole('row', { name: /Sara Martín Delgado/ }).first()).toContainText(phone);
    await expect(page.getByRole('row', { name: /TRY-/ })).toHaveCount(0);

    // The user's own trail, in its edit dialog.
    await page.goto('/users?q=guia%40teideaventura.demo');
    await page
      .getByRole('row', { name: /Sara Martín Delgado/ })
      .getByRole('button', { name: /Editar/ })
      .click();
    const trail = page.getByRole('dialog').getByRole('region', { name: 'Actividad' });
    await expect(trail).toContainText(`Teléfono: +34 622 110 005 → ${phone}`);
    await expect(trail).toContainText('Administración Trayecto');
    await trail.scrollIntoViewIfNeeded();
    await shot(page, 'audit-trail-user');
  });

  test("the demo opens with entries; an operator's admin sees its own, a seller has no access", async ({ page }) => {
    await openAs(page, '/audit-log', 'gerencia@teideaventura.demo');
    await expect(page.getByRole('heading', { name: 'Registro de actividad' })).toBeVisible();
    await expect(page.getByRole('row', { name: /TRY-/ }).first()).toBeVisible();
    await expect(page.getByRole('row', { name: /Atlántico Sur|atlanticosur\.demo/ })).toHaveCount(0);

    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'ventas@teideaventura.demo');
    await expect(page.getByRole('link', { name: 'Registro de actividad' })).toHaveCount(0);
    await page.goto('/audit-log');
    await expect(page.getByRole('heading', { name: 'Sin permiso' })).toBeVisible();
  });
});

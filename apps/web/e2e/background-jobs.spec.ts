/**
 * "Tareas en segundo plano" (issue 31 item 3): the Administrador reads how the background work
 * goes — every periodic task with its state, last and next run — from the menu, at 1280 and 390 px,
 * with no serious accessibility finding; nobody else reaches it.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { signIn } from './helpers';

test.describe('background work (issue 31)', () => {
  test('the Administrador opens it from the menu and reads each task’s state, on a desktop and a phone', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page);
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Tareas en segundo plano' })
      .click();
    await expect(page).toHaveURL(/\/background-jobs$/);
    await expect(page.getByRole('heading', { name: 'Tareas en segundo plano', level: 1 })).toBeVisible();

    // The mail and webhook delivery runs every 3 s from the start: it reads "Correcta" with its runs.
    const delivery = page.getByRole('article', { name: 'Envío de mensajes (correo y webhooks)' });
    await expect(delivery).toContainText('Cada 3 s');
    await expect(async () => {
      await page.reload();
      await expect(delivery).toContainText('Correcta', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await expect(delivery).toContainText(/Última ejecución\s*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    for (const name of [
      'Recordatorios del día anterior',
      'Limpieza de claves de idempotencia',
      'Limpieza de contadores de peticiones',
      'Limpieza de trabajos terminados',
    ]) {
      await expect(page.getByRole('article', { name })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Trabajos programados' })).toBeVisible();

    // The state filter is kept in the URL.
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Fallido' }).click();
    await expect(page).toHaveURL(/state=failed/);
    await expect(page.getByText('No hay trabajos en estado «Fallido»')).toBeVisible();

    for (const size of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await expect(delivery).toBeVisible();
      const box = await delivery.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(size.width);
      await expectAccessible(page, 'body', `«Tareas en segundo plano» at ${size.width} px`);
    }
  });

  test('an operator’s admin has no such menu entry, and the address says "Sin permiso"', async ({ page }) => {
    await signIn(page, 'gerencia@teideaventura.demo');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(menu.getByRole('link', { name: 'Mensajes' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Tareas en segundo plano' })).toHaveCount(0);
    await page.goto('/background-jobs');
    await expect(page.getByRole('heading', { name: 'Sin permiso' })).toBeVisible();
  });
});

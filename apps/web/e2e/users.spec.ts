import { expect, test } from '@playwright/test';
import { openAs, signIn } from './helpers';

test.describe('users screen (spec §5, §7)', () => {
  test('create with validation errors, edit and delete a user', async ({ page }) => {
    await openAs(page, '/users');
    await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();

    // Create: empty form → "Campo requerido"; bad e-mail → the spec's message.
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Campo requerido').first()).toBeVisible();
    await dialog.getByLabel('Nombre completo').fill('Nerea Santos Ramos');
    await dialog.getByLabel('Email').fill('nerea@');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Por favor, introduce una dirección de correo electrónico válida')).toBeVisible();

    const email = `nerea${Date.now()}@teideaventura.demo`;
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Teléfono').fill('+34 611 223 344');
    await dialog.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: 'Guía' }).click();
    await dialog.getByRole('combobox', { name: 'Tour operador' }).click();
    await page.getByRole('option', { name: 'Teide Aventura' }).click();
    await dialog.getByLabel('Contraseña', { exact: true }).fill('guia-segura-1');
    await dialog.getByLabel('Repetir contraseña').fill('otra-distinta');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Las contraseñas no coinciden')).toBeVisible();
    await dialog.getByLabel('Repetir contraseña').fill('guia-segura-1');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();

    // The new user is in the list (search kept in the URL).
    await page.getByPlaceholder(/Buscar/).fill('Nerea');
    await expect(page).toHaveURL(/q=Nerea/);
    const row = page.getByRole('row', { name: /Nerea Santos Ramos/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Guía');
    await expect(row).toContainText('Activo');

    // Edit: change the name and state.
    await row.getByRole('button', { name: /Editar/ }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Nombre completo').fill('Nerea Santos Ramos (freelance)');
    await edit.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Inactivo' }).click();
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(edit).toBeHidden();
    const edited = page.getByRole('row', { name: /Nerea Santos Ramos \(freelance\)/ });
    await expect(edited).toContainText('Inactivo');

    // Delete with confirmation.
    await edited.getByRole('button', { name: /Eliminar/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByRole('row', { name: /Nerea Santos Ramos/ })).toHaveCount(0);
  });

  test('spec §7: filtering by role asks the API for level[eq] and keeps it in the URL', async ({ page }) => {
    await openAs(page, '/users');
    const request = page.waitForRequest((r) => r.url().includes('/api/v1/users') && r.url().includes('level[eq]=4'));
    await page.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: 'Chofer' }).click();
    await request;
    await expect(page).toHaveURL(/level=4/);
    const rows = page.getByRole('row').filter({ hasText: '@' });
    await expect(rows).toHaveCount(2);
    for (const r of await rows.all()) await expect(r).toContainText('Chofer');
    // A bookmarked, filtered list opens filtered.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: '@' })).toHaveCount(2);
  });

  test('spec §8: a failing user list shows an empty list', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/v1/users?*', (route) =>
      route.fulfill({ status: 500, body: '{"message":"x"}', contentType: 'application/json' }),
    );
    await page.goto('/users');
    await expect(page.getByRole('row').filter({ hasText: '@' })).toHaveCount(0);
    await expect(page.getByText('No se ha podido cargar la lista de usuarios')).toBeVisible();
  });

  test('a level-1 admin cannot choose the operator nor the administrator role', async ({ page }) => {
    await openAs(page, '/users', 'gerencia@teideaventura.demo');
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nombre completo').fill('Pedro Chofer Nuevo');
    await expect(dialog.getByRole('combobox', { name: 'Tour operador' })).toHaveCount(0);
    await dialog.getByRole('combobox', { name: 'Rol' }).click();
    await expect(page.getByRole('option', { name: 'Chofer' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Administrador', exact: true })).toHaveCount(0);
    await expect(page.getByRole('option', { name: 'Admin Tour Operador' })).toBeVisible();
  });
});

test.describe('users screen errors (spec §8)', () => {
  test('a failing delete is silently ignored and loses nothing', async ({ page }) => {
    await openAs(page, '/users?q=Hans');
    const row = page.getByRole('row', { name: /Hans Müller/ });
    await expect(row).toBeVisible();
    await page.route('**/api/v1/users/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, body: '{"message":"x"}', contentType: 'application/json' })
        : route.continue(),
    );
    await row.getByRole('button', { name: /Eliminar/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    // No error shown, and the user is still there after the list is read again.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('row', { name: /Hans Müller/ })).toBeVisible();
  });
});

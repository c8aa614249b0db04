/**
 * Issue 14: a new user is invited by e-mail to choose their own password, so the office may leave
 * the password empty; "Reenviar invitación" in the user's form sends a fresh link.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, openAs } from './helpers';

const MANAGER = 'gerencia@teideaventura.demo';

/** The user this test creates, deleted afterwards (other specs count the demo's drivers). */
let created: { id: string; token: string } | null = null;
test.afterEach(async ({ request }) => {
  if (!created) return;
  await request.delete(`/api/v1/users/${created.id}`, { headers: { Authorization: `Bearer ${created.token}` } });
  created = null;
});

test('a user created without a password is told they get an invitation; the office can send it again', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const name = `Iker Invitado ${stamp}`;
  const email = `iker.${stamp}@teideaventura.demo`;
  await openAs(page, '/users', MANAGER);
  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
  await dialog.getByLabel('Nombre completo').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('combobox', { name: 'Rol' }).click();
  await page.getByRole('option', { name: 'Chofer' }).click();
  const password = dialog.getByLabel('Contraseña', { exact: true });
  await expect(password).toHaveAccessibleDescription(
    'Opcional: el usuario recibirá por correo una invitación para elegir su contraseña.',
  );
  await expect(password).not.toHaveAttribute('aria-required', 'true');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Usuario creado')).toBeVisible();
  await expect(page.getByText(`${name} recibirá por correo una invitación para elegir su contraseña.`)).toBeVisible();

  // The invitation is in the outbox, to the new user's address.
  const login = await request.post('/api/v1/auth/login', { data: { email: MANAGER, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { token: string }).token;
  const headers = { Authorization: `Bearer ${token}` };
  const users = (await (await request.get(`/api/v1/users?q=${encodeURIComponent(email)}`, { headers })).json()) as {
    id: string;
  }[];
  expect(users).toHaveLength(1);
  created = { id: users[0]?.id ?? '', token };
  const invitations = async () =>
    (
      (await (
        await request.get(`/api/v1/messages?kind[eq]=user_invitation&user_id[eq]=${users[0]?.id}`, { headers })
      ).json()) as { recipient: string }[]
    ).map((m) => m.recipient);
  await expect.poll(invitations).toEqual([email]);

  // "Reenviar invitación" from the user's form: a second one, told like a save.
  await page.getByPlaceholder(/Buscar/).fill(stamp);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const form = page.getByRole('dialog', { name: 'Editar usuario' });
  await form.getByRole('button', { name: 'Reenviar invitación' }).click();
  await expect(page.getByText('Invitación enviada')).toBeVisible();
  await expect.poll(invitations).toEqual([email, email]);
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toBeHidden();

  // Made inactive, the form's button says why it cannot invite.
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar usuario' });
  await edit.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Inactivo' }).click();
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toBeHidden();
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Editar ${name}` })
    .click();
  const inactive = page
    .getByRole('dialog', { name: 'Editar usuario' })
    .getByRole('button', { name: 'Reenviar invitación' });
  await expect(inactive).toHaveAttribute('aria-disabled', 'true');
  await expect(inactive).toHaveAccessibleDescription('El usuario está inactivo: actívalo y guarda antes de invitarlo.');
  // Clicking it (Playwright refuses aria-disabled without force) sends nothing.
  await inactive.click({ force: true });
  await expect.poll(invitations).toEqual([email, email]);
});

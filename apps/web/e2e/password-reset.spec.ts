/**
 * "¿Has olvidado tu contraseña?" in the browser (issue 14): the login screen's link, the e-mail
 * screen, the message at a real SMTP server on loopback (the server under test sends to
 * E2E_SMTP_PORT, see playwright.config.ts), its link opened, the new password set and used; the
 * same link refused a second time, and the old session closed.
 */
import { expect, test } from '@playwright/test';
import { startTestSmtp, type TestSmtp } from '../../api/test/smtp';
import { ADMIN, DEMO_PASSWORD, signIn, storage } from './helpers';

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 5000);
const NEW_PASSWORD = 'Olvido-resuelto-26';

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startTestSmtp({ port: SMTP_PORT });
});
test.afterAll(async () => {
  await smtp?.close();
});

test('a user who forgot the password gets a link by e-mail and sets a new one', async ({ page, browser, request }) => {
  // A user of their own, so the demo accounts keep their password for the other journeys.
  const email = `olvido-${Date.now()}@trayecto.demo`;
  const admin = await request.post('/api/v1/auth/login', { data: { email: ADMIN, password: DEMO_PASSWORD } });
  const created = await request.post('/api/v1/users', {
    headers: { Authorization: `Bearer ${(await admin.json()).token}` },
    data: { full_name: 'Olga Olvido', email, level: 0, password: DEMO_PASSWORD, re_password: DEMO_PASSWORD },
  });
  expect(created.status()).toBe(201);

  // A session on another device, which the reset must close.
  const other = await browser.newPage();
  await signIn(other, email);
  const oldToken = (await storage(other)).token;

  await page.goto('/login');
  await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: '¿Has olvidado tu contraseña?', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar el enlace' }).click();
  await expect(page.getByText('Campo requerido')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar el enlace' }).click();
  await expect(page.getByTestId('reset-requested')).toContainText('te hemos enviado un enlace');

  // Other journeys' customers get mail from this server too: read this user's message.
  const mail = await smtp.mailTo(email, 'Restablece tu contraseña de Trayecto', 20_000);
  expect(mail.subject).toBe('Restablece tu contraseña de Trayecto');
  const link = /https?:\/\/[^\s]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeTruthy();
  // The link is absolute on this server's own address (no PUBLIC_URL in this run).
  const url = new URL(link as string);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Elige una contraseña nueva', level: 1 })).toBeVisible();

  await page.getByLabel('Nueva contraseña', { exact: true }).fill('corta');
  await page.getByLabel('Repetir la nueva contraseña').fill('otra');
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByText('La contraseña debe tener al menos 8 caracteres')).toBeVisible();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();

  await page.getByLabel('Nueva contraseña', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repetir la nueva contraseña').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByTestId('reset-done')).toBeVisible();

  // The old session is over.
  const me = await request.get('/api/v1/auth/me', { headers: { Authorization: `Bearer ${oldToken}` } });
  expect(me.status()).toBe(401);
  await other.close();

  // The same link a second time: refused, with the way to ask for a new one.
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('Tercera-clave-26');
  await page.getByLabel('Repetir la nueva contraseña').fill('Tercera-clave-26');
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByTestId('reset-error')).toContainText('ya se usó o ha caducado');
  await expect(page.getByRole('link', { name: 'Pedir un enlace nuevo' })).toBeVisible();

  // And the new password signs in.
  await page.goto('/login');
  await signIn(page, email, NEW_PASSWORD);
  expect((await storage(page)).token).toMatch(/^ey/);
});

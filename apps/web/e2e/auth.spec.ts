import { expect, test } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, openAs, signIn, storage } from './helpers';

test.describe('sign-in and session (spec §3, §4, §8)', () => {
  test('spec §2: a private route without login redirects to /login', async ({ page }) => {
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });

  test('spec §3: after login the browser keeps token, userId, userName and roles (list of levels)', async ({
    page,
  }) => {
    await signIn(page, 'operaciones@teideaventura.demo');
    const s = await storage(page);
    expect(s.token).toMatch(/^ey/);
    expect(s.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.userName).toBe('Lucía Rodríguez Afonso');
    expect(JSON.parse(s.roles ?? 'null')).toEqual([3]);
    const payload = JSON.parse(Buffer.from(s.token!.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ sub: s.userId, level: 3 });
  });

  test('spec §8: a login reply without token shows "Invalid credentials"', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Contraseña').fill('wrong-password');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Invalid credentials', { exact: true })).toBeVisible();
    expect((await storage(page)).token).toBeNull();
  });

  test('spec §8: any other login failure shows "An error occurred"', async ({ page }) => {
    await page.route('**/api/v1/auth/login', (route) => route.abort('connectionrefused'));
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('An error occurred', { exact: true })).toBeVisible();
  });

  test('spec §5: the login form says "Campo requerido" and the e-mail message', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Campo requerido').first()).toBeVisible();
    await page.getByLabel('Email').fill('no-es-un-correo');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Por favor, introduce una dirección de correo electrónico válida')).toBeVisible();
  });

  test('spec §8: any 401 removes the token, goes to /login and notes it in Spanish on the console', async ({
    page,
  }) => {
    await signIn(page);
    const notes: string[] = [];
    page.on('console', (m) => notes.push(m.text()));
    // The token expires (or is revoked): the next call answers 401.
    await page.evaluate(() =>
      localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwibGV2ZWwiOjB9.invalid'),
    );
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login/);
    expect((await storage(page)).token).toBeNull();
    expect(notes.join('\n')).toMatch(/token|sesión/i);
  });

  test('spec §4: logging out clears the token, user id and user name', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: /Menú de usuario/ }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login/);
    const s = await storage(page);
    expect([s.token, s.userId, s.userName]).toEqual([null, null, null]);
  });
});

test.describe('shell', () => {
  test('spec §2: any other path shows a not-found page', async ({ page }) => {
    await openAs(page, '/esto-no-existe');
    await expect(page.getByRole('heading', { name: /no encontrada|no encontramos/i })).toBeVisible();
    await page.goto('/public/nada/que/ver');
    await expect(page.getByRole('heading', { name: /no encontrada|no encontramos/i })).toBeVisible();
  });

  test('spec §2: every navigation scrolls to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await openAs(page, '/users');
    await expect(page.getByRole('table')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 10_000));
    await page.getByRole('link', { name: 'Tour operadores' }).click();
    await expect(page).toHaveURL(/\/tour-operator/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('PRODUCT §3: the menu shows only what the role may use', async ({ page }) => {
    await signIn(page, 'chofer@teideaventura.demo');
    const nav = page.getByRole('navigation');
    // Drivers and guides (issue 6): their own sheets and nothing else.
    await expect(nav.getByRole('link', { name: 'Mis hojas' })).toBeVisible();
    await expect(nav.getByRole('link')).toHaveCount(1);
    await expect(nav.getByRole('link', { name: 'Tour operadores' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Productos' })).toHaveCount(0);
    await page.goto('/tour-operator');
    await expect(page.getByText(/sin permiso/i).first()).toBeVisible();
  });

  test('spec §2: public routes need no login', async ({ page }) => {
    await page.goto('/public/landing/00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL(/\/public\/landing\//);
  });
});

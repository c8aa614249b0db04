import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo2026!';
export const ADMIN = 'admin@trayecto.demo';

/** Signs in through the login screen, as a person would. */
export async function signIn(page: Page, email = ADMIN, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export const storage = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('token'),
    userId: localStorage.getItem('userId'),
    userName: localStorage.getItem('userName'),
    roles: localStorage.getItem('roles'),
  }));

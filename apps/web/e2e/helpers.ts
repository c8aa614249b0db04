import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

/**
 * Signs in through the API and opens `path`: one load of the app instead of three (the login
 * screen, the home page, then `path`). The browser keeps the session as the login screen leaves it
 * (spec §3: token, userId, userName, roles); the login screen has journeys of its own (auth.spec.ts).
 */
export async function openAs(page: Page, path: string, email = ADMIN) {
  const res = await page.request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), `login ${email}`).toBe(200);
  const { token, user } = (await res.json()) as { token: string; user: { id: string; name: string; level: number } };
  // Any page of the origin holds its storage; the readiness answer loads no app.
  await page.goto('/api/v1/ready');
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userId', user.id);
      localStorage.setItem('userName', user.name);
      localStorage.setItem('roles', JSON.stringify([user.level]));
    },
    { token, user },
  );
  await page.goto(path);
}

export const storage = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('token'),
    userId: localStorage.getItem('userId'),
    userName: localStorage.getItem('userName'),
    roles: localStorage.getItem('roles'),
  }));

// ── Setup through the staff API, so each journey starts from data of its own ──────────────────

/** The operators' time zone (the demo operators are in Tenerife): what "today" is for the API. */
export const ZONE = 'Atlantic/Canary';

export async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), `login ${email}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A staff API call that must succeed; its JSON answer. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Date, time and ISO weekday (1 = Monday) of an instant in the operators' zone. */
export function local(at: Date): { date: string; time: string; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday ?? '') + 1;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, weekday };
}

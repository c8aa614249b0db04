/**
 * What the public journeys need from the staff API (the way a seller or the office prepares data)
 * and from the public API (what the customer's browser sees).
 */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD } from './helpers';

/** The public pages are for phones first: every public journey runs on a 390×844 touch screen. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

export async function staffToken(request: APIRequestContext, email = ADMIN): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).token as string;
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export type TProductRow = { id: string; name: string; state: string };

/** An active demo product by (part of) its name. */
export async function productNamed(request: APIRequestContext, token: string, name: string): Promise<TProductRow> {
  const res = await request.get('/api/v1/products?per_page=100', { headers: auth(token) });
  expect(res.status()).toBe(200);
  const product = ((await res.json()) as TProductRow[]).find((p) => p.name.includes(name) && p.state === 'active');
  if (!product) throw new Error(`No hay un producto activo «${name}» en los datos de demostración`);
  return product;
}

export type TSlot = { date: string; time: string; capacity: number; seats_left: number; available: boolean };

/** The public departures of a product from `daysAhead` days on (62 days at most). */
export async function publicSlots(request: APIRequestContext, productId: string, daysAhead = 0): Promise<TSlot[]> {
  const from = isoIn(daysAhead);
  const to = isoIn(daysAhead + 45);
  const res = await request.get(`/api/v1/public/products/${productId}/availability?from=${from}&to=${to}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as TSlot[]).filter((s) => s.available && s.seats_left > 0);
}

/** A date `days` from today in the demo operators' zone (Atlantic/Canary). */
export function isoIn(days: number): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Atlantic/Canary' }).format(now);
}

/** "2026-11-24" → the calendar day's accessible name prefix: "mar, 24 nov 2026". */
export function dayLabel(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat('es-ES', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })
    .format(new Date(Date.UTC(y, m - 1, d)))
    .replace(/\./g, '');
}

/** Picks a date in the booking calendar, moving month by month until it shows. */
export async function pickDate(page: Page, iso: string) {
  const day = page.getByRole('button', { name: new RegExp(`^${dayLabel(iso)},`) });
  const loaded = async () => {
    await expect(page.getByRole('table', { name: /de 20\d\d$/ })).toBeVisible();
    await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
  };
  await loaded();
  for (let i = 0; i < 4 && !(await day.isVisible()); i++) {
    await page.getByRole('button', { name: 'Mes siguiente' }).click();
    await loaded();
  }
  await expect(day).not.toHaveAttribute('aria-disabled', 'true');
  await clickUntilPressed(day);
}

/**
 * Clicks a day of the public calendar until it is the chosen one. A click that lands before the
 * page is taken over (the server's HTML has no handlers yet, lib/hydration.tsx) does nothing — as a
 * tap on a slow phone — and a CI run under load once clicked in that moment; choosing a day again
 * keeps it chosen, so clicking again is what a customer would do.
 */
export async function clickUntilPressed(day: Locator) {
  await expect(async () => {
    await day.click();
    await expect(day).toHaveAttribute('aria-pressed', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** The customer's data in the booking form. */
export async function fillCustomer(page: Page, c: { name: string; email: string; phone: string }) {
  await page.getByLabel('Nombre y apellidos').fill(c.name);
  await page.getByLabel('Correo electrónico').fill(c.email);
  await page.getByLabel('Teléfono (móvil)').fill(c.phone);
}

/** Bookings the staff API finds for a customer e-mail (exact match on the e-mail). */
export async function bookingsOf(request: APIRequestContext, token: string, email: string) {
  const res = await request.get(`/api/v1/bookings?q=${encodeURIComponent(email)}&per_page=50`, {
    headers: auth(token),
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: string; customer_email: string; state: string; locator: string }[]).filter(
    (b) => b.customer_email === email,
  );
}

/** A unique e-mail per run, so journeys never see each other's bookings. */
export const uniqueEmail = (who: string) =>
  `${who}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;

/** The number of pages of a PDF (its /Type /Page objects). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

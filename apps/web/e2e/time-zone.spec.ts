/**
 * Issue 12, item 1: every time a person reads is in the tour operator's own zone. The demo
 * operators work in Tenerife (Atlantic/Canary); this browser runs in Tokyo, nine hours ahead, so a
 * time read in the browser's zone (or in Madrid's) cannot pass for Tenerife's.
 */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, openAs } from './helpers';
import { auth, isoIn, productNamed, publicSlots, staffToken } from './public-helpers';

test.use({ timezoneId: 'Asia/Tokyo' });

const OFFICE = 'gerencia@teideaventura.demo';
const ZONE = 'Atlantic/Canary';

/** The wall clock in Tenerife at an instant, as the back-office prints it: "20/11/2026 02:44[:07]". */
function tenerife(iso: string, seconds = false): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const time = `${get('hour')}:${get('minute')}${seconds ? `:${get('second')}` : ''}`;
  return `${get('day')}/${get('month')}/${get('year')} ${time}`;
}

/** The instant at which Tenerife's clock reads `time` on `date` (no DST change happens at 02:44). */
function tenerifeInstant(date: string, time: string): Date {
  const guess = Date.parse(`${date}T${time}:00Z`);
  const wall = tenerife(new Date(guess).toISOString()); // "dd/mm/yyyy HH:mm"
  const [d, m, y] = wall.slice(0, 10).split('/');
  const offset = Date.parse(`${y}-${m}-${d}T${wall.slice(11)}:00Z`) - guess;
  return new Date(guess - offset);
}

/** A fresh booking of the demo operator, paid in part at 02:44 Tenerife time (today's, or yesterday's). */
async function bookingPaidAt244(request: APIRequestContext) {
  const token = await staffToken(request, OFFICE);
  const product = await productNamed(request, token, 'Masca');
  const slot = (await publicSlots(request, product.id, 3)).find((s) => s.seats_left >= 2);
  if (!slot) throw new Error('Sin salidas con plazas para la prueba');
  const created = await request.post('/api/v1/bookings', {
    headers: auth(token),
    data: {
      product_id: product.id,
      date: slot.date,
      time: slot.time,
      pax: { adult: 2 },
      customer_name: 'Kenji Sato',
      customer_email: 'kenji.sato@example.com',
      customer_phone: '+81 90 1234 5678',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = await created.json();
  let paidAt = tenerifeInstant(isoIn(0), '02:44');
  if (paidAt.getTime() > Date.now()) paidAt = tenerifeInstant(isoIn(-1), '02:44');
  const paid = await request.post(`/api/v1/bookings/${booking.id}/payments`, {
    headers: auth(token),
    data: { amount_cents: 2000, method: 'cash', paid_at: paidAt.toISOString(), reference: 'TZ-0244' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const events = await (await request.get(`/api/v1/bookings/${booking.id}/events`, { headers: auth(token) })).json();
  const event = (events as { type: string; created_at: string }[]).find((e) => e.type === 'payment');
  const audit = await (
    await request.get(`/api/v1/audit-log?entity_id[eq]=${booking.id}&action[eq]=payment`, { headers: auth(token) })
  ).json();
  const entry = (audit as { created_at: string; timezone: string }[])[0];
  if (!event || !entry) throw new Error('El cobro no aparece en el historial o en la actividad');
  expect(entry.timezone).toBe(ZONE);
  return {
    booking: booking as { id: string; locator: string; created_at: string; timezone: string },
    paidAt,
    eventAt: event.created_at,
    auditAt: entry.created_at,
  };
}

async function downloadCsv(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  return readFileSync(await (await download).path(), 'utf8');
}

test.describe("one time zone: the operator's (issue 12)", () => {
  test('a payment at 02:44 in Tenerife reads 02:44 in payments, history, activity and the CSV files, in a Tokyo browser', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { booking, paidAt, eventAt, auditAt } = await bookingPaidAt244(request);
    expect(booking.timezone).toBe(ZONE);
    // The browser really is elsewhere: Tokyo's clock reads another hour.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
    const paidText = tenerife(paidAt.toISOString());
    expect(paidText.endsWith(' 02:44')).toBe(true);

    await openAs(page, `/booking/edit/${booking.id}`, OFFICE);
    await expect(page.getByRole('heading', { name: `Reserva ${booking.locator}`, level: 1 })).toBeVisible({
      timeout: 30_000,
    });

    // Cobros: the payment's own time, 02:44, never Madrid's 03:44 or Tokyo's 11:44.
    const payments = page.getByRole('table', { name: 'Cobros registrados' });
    await expect(payments).toContainText(paidText);
    await expect(payments).not.toContainText(/0[34]:44|1[01]:44/);
    // Historial and Actividad: when it was recorded, on Tenerife's clock.
    await expect(page.getByRole('region', { name: 'Historial' })).toContainText(tenerife(eventAt));
    const trail = page.getByRole('region', { name: 'Actividad' });
    const short = new Intl.DateTimeFormat('es-ES', {
      timeZone: ZONE,
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(auditAt))
      .replace(/\./g, '');
    await expect(trail).toContainText(short);

    // "Registrar cobro" suggests Tenerife's today, whatever day it is in Tokyo.
    await page.getByRole('button', { name: 'Registrar cobro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar cobro' });
    const today = isoIn(0);
    const todayLabel = new Intl.DateTimeFormat('es-ES', {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    })
      .format(new Date(`${today}T00:00:00Z`))
      .replace(/\./g, '');
    await expect(dialog.getByRole('button', { name: 'Fecha' })).toHaveText(todayLabel);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // The activity screen and its CSV: the payment's entry at Tenerife's time, to the second.
    await page.goto(`/audit-log?entity_type=booking&entity_id=${booking.id}`);
    const row = page.getByRole('row', { name: new RegExp(booking.locator) }).first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table')).toContainText(tenerife(auditAt, true));
    const auditCsv = await downloadCsv(page);
    expect(auditCsv).toContain(`${tenerife(auditAt, true)};`);
    expect(auditCsv).not.toContain('Zona horaria'); // the operator's own staff: one zone, theirs

    // The bookings CSV: "Creada" on Tenerife's clock.
    await page.goto(`/booking?all_dates=1&q=${booking.locator}`);
    await expect(page.getByRole('row', { name: new RegExp(booking.locator) })).toBeVisible({ timeout: 30_000 });
    const bookingsCsv = await downloadCsv(page);
    const line = bookingsCsv.split('\r\n').find((l) => l.startsWith(booking.locator));
    expect(line).toContain(`;${tenerife(booking.created_at)}`);
  });

  test('the administrator reads the same times and which zone they are in', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { booking, paidAt, eventAt } = await bookingPaidAt244(request);
    await openAs(page, `/booking/edit/${booking.id}`, ADMIN);
    const payments = page.getByRole('table', { name: 'Cobros registrados' });
    await expect(payments).toContainText(tenerife(paidAt.toISOString()), { timeout: 30_000 });
    await expect(payments.getByRole('columnheader', { name: 'Fecha (hora de Canarias)' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Historial' })).toContainText(
      `${tenerife(eventAt)} (hora de Canarias)`,
    );
    await expect(page.getByRole('region', { name: 'Actividad' })).toContainText('(hora de Canarias)');

    // Across operators the activity list names each entry's zone, and so does its CSV.
    await page.goto(`/audit-log?entity_type=booking&entity_id=${booking.id}`);
    await expect(page.getByRole('row', { name: new RegExp(booking.locator) }).first()).toContainText(
      'hora de Canarias',
      { timeout: 30_000 },
    );
    const csv = await downloadCsv(page);
    expect(csv.split('\r\n')[0]).toContain('Fecha y hora;Zona horaria;');
    expect(csv).toContain(';hora de Canarias;');
  });
});

/**
 * "Cancelar salida" (issue 14): the Operador cancels a whole demo departure with bookings from the
 * product's departures calendar: the confirmation counts what goes, the reason prefills what the
 * customers read, every booking ends cancelled, and the summary lists who has no e-mail, each with
 * WhatsApp (the chat opens at wa.me, stubbed here).
 */
import { expect, test } from '@playwright/test';
import { api, openAs, tokenOf, ZONE } from './helpers';

const OPERATOR = 'operaciones@teideaventura.demo';
/** The demo operators are in Tenerife: their days are Canarias' days. */

/** YYYY-MM-DD in the operator's zone, `days` from now. */
const dayIn = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + days * 24 * 3600_000));

type TCalendarEntry = {
  product_id: string;
  product_name: string;
  date: string;
  time: string;
  bookings_count: number;
  closed: boolean;
};
type TBooking = { id: string; locator: string; state: string; time: string; cancel_reason: string };

test('the Operador cancels a demo departure: its bookings are cancelled and the summary offers WhatsApp to who has no e-mail', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const token = await tokenOf(request, OPERATOR);

  // A demo departure with bookings, a few days ahead (never one about to start), the furthest one.
  const entries = await api<TCalendarEntry[]>(
    request,
    token,
    'GET',
    `/bookings/calendar?from=${dayIn(3)}&to=${dayIn(20)}`,
  );
  const target = entries.filter((e) => e.bookings_count > 0 && !e.closed).at(-1);
  expect(target, 'a demo departure with bookings in the coming days').toBeTruthy();
  if (!target) return;
  // One more customer, who gave a phone but no e-mail.
  const name = `Nadia Sin Correo ${stamp}`;
  const noEmail = await api<TBooking>(request, token, 'POST', '/bookings', {
    product_id: target.product_id,
    date: target.date,
    time: target.time,
    pax: { adult: 1 },
    customer_name: name,
    customer_email: '',
    customer_phone: '+34 600 123 456',
    customer_country: 'ES',
    language: 'es',
    channel: 'office',
    override_cutoff: true,
  });
  const bookings = target.bookings_count + 1;
  const ofDeparture = async () =>
    (
      await api<TBooking[]>(
        request,
        token,
        'GET',
        `/bookings?product_id[eq]=${target.product_id}&date[eq]=${target.date}&per_page=200`,
      )
    ).filter((b) => b.time === target.time);
  const holding = (await ofDeparture()).filter((b) => b.state !== 'cancelled');
  expect(holding).toHaveLength(bookings);

  await openAs(page, `/products/edit/${target.product_id}`, OPERATOR);
  await expect(page.getByRole('heading', { name: target.product_name, level: 1 })).toBeVisible();
  // The departures calendar opens on this month; the departure may be in the next one.
  const month = page.getByTestId('calendar-month');
  await expect(month).toBeVisible();
  if (target.date.slice(0, 7) !== dayIn(0).slice(0, 7)) {
    // The departures calendar's (the closed dates' picker has its own).
    await month
      .locator('xpath=ancestor::*[.//button[@aria-label="Mes siguiente"]][1]')
      .getByRole('button', { name: 'Mes siguiente' })
      .click();
  }
  const slot = page
    .locator(`td[data-date="${target.date}"]`)
    .getByRole('button', { name: new RegExp(`^${target.time} \\d+/\\d+`) });
  await slot.click();

  const edit = page.getByRole('dialog', { name: new RegExp(`^Salida del .* a las ${target.time}$`) });
  await edit.getByRole('button', { name: 'Cancelar salida' }).click();

  const confirm = page.getByRole('dialog', { name: new RegExp(`^Cancelar la salida del .* a las ${target.time}$`) });
  await expect(confirm.getByTestId('cancel-departure-counts')).toContainText(`Se cancelarán ${bookings} reservas (`);
  await expect(confirm.getByTestId('cancel-departure-counts')).toContainText('Cada cliente recibirá un correo');
  const nextSteps = confirm.getByRole('textbox', { name: 'Qué pasa ahora' });
  await expect(nextSteps).toHaveValue(
    /^Te devolveremos el importe íntegro en los próximos días\. Si prefieres cambiar de fecha/,
  );
  await confirm.getByRole('combobox', { name: 'Motivo' }).click();
  await page.getByRole('option', { name: 'No se alcanzó el mínimo de personas' }).click();
  await expect(nextSteps).toHaveValue(/otra salida\.$/);
  await confirm.getByRole('textbox', { name: 'Nota interna' }).fill(`Prueba E2E ${stamp}`);
  await confirm.getByRole('button', { name: 'Cancelar la salida' }).click();

  // The summary: how many went, and who has no e-mail, with WhatsApp.
  const done = page.getByRole('dialog', { name: 'Salida cancelada' });
  await expect(done.getByRole('heading', { name: new RegExp(`^${bookings} reservas canceladas del `) })).toBeVisible();
  await expect(done).toContainText('La salida queda cerrada a la venta.');
  const withoutEmail = done.getByRole('list', { name: /sin correo$/ });
  await expect(withoutEmail).toContainText(name);
  await expect(withoutEmail).toContainText(`${noEmail.locator} · +34 600 123 456`);

  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>WhatsApp</title><p>chat</p>' }),
  );
  const popupOpened = page.waitForEvent('popup');
  await withoutEmail.getByRole('button', { name: `Enviar por WhatsApp a ${name}` }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/^https:\/\/wa\.me\//);
  expect(popup.url()).toMatch(/^https:\/\/wa\.me\/34600123456\?text=/);
  const text = new URL(popup.url()).searchParams.get('text') ?? '';
  expect(text).toContain(noEmail.locator);
  expect(text).toContain('cancelada');
  await popup.close();

  await done.getByTestId('cancel-departure-result').getByRole('button', { name: 'Cerrar' }).click();
  await expect(done).toBeHidden();
  // Closed for sale in the calendar.
  await expect(
    page
      .locator(`td[data-date="${target.date}"]`)
      .getByRole('button', { name: `${target.time}, cerrada. Cambiar plazas o cerrar` }),
  ).toBeVisible();

  // Every booking the departure held is cancelled, with the reason.
  const after = new Map((await ofDeparture()).map((b) => [b.id, b]));
  for (const b of holding) {
    expect(after.get(b.id)?.state, b.locator).toBe('cancelled');
    expect(after.get(b.id)?.cancel_reason, b.locator).toBe(
      `Salida cancelada: No se alcanzó el mínimo de personas. Prueba E2E ${stamp}`,
    );
  }

  await page.goto(`/booking/edit/${noEmail.id}`);
  await expect(page.getByRole('heading', { name: `Reserva ${noEmail.locator}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Reserva cancelada').first()).toBeVisible();
  await expect(page.getByText(/Salida cancelada: No se alcanzó el mínimo de personas/).first()).toBeVisible();
});

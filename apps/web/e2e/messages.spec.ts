/**
 * "Mensajes" (issue 14): the outbox and history of what Trayecto sends, and the operator's message
 * settings. The demo records its bookings' messages as sent history.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { api, openAs, signIn, tokenOf } from './helpers';

/** MESSAGES_SCREENSHOTS=<dir>: also save how the screens look, to check them by eye. */
const shot = (page: Page, name: string) =>
  process.env.MESSAGES_SCREENSHOTS
    ? page.screenshot({ path: `${process.env.MESSAGES_SCREENSHOTS}/${name}.png` })
    : null;

const ADMIN_TO = 'gerencia@teideaventura.demo';

/** The caller's own operator's settings, straight from the API (to put them back at the end). */
async function settingsApi(page: Page, method: 'GET' | 'PUT', body?: unknown) {
  return page.evaluate(
    async ({ method, body }) => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' };
      const me = await (await fetch('/api/v1/auth/me', { headers })).json();
      const res = await fetch(`/api/v1/tour-operators/${me.tour_operator_id}/message-settings`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, body },
  );
}

test.describe('messages (issue 14)', () => {
  test("the operator's admin reads the history, filters it, opens a message and changes the settings", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, ADMIN_TO);
    const original = (await settingsApi(page, 'GET')).body as {
      reminder_time: string;
      enabled_kinds: string[];
    };

    // The menu leads there, after "Hojas de servicio".
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mensajes' }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole('heading', { name: 'Mensajes', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Bandeja' })).toHaveAttribute('aria-selected', 'true');

    // The demo's history: its bookings' confirmations, sent.
    const table = page.getByRole('table', { name: 'Mensajes' });
    const firstSent = table.getByRole('row', { name: /TRY-.*Enviado/ }).first();
    await expect(firstSent).toBeVisible({ timeout: 30_000 });
    await expect(table.getByRole('row', { name: /Reserva confirmada/ }).first()).toBeVisible();
    await shot(page, 'messages-outbox');

    // Filter by state (kept in the URL): only sent messages remain.
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Enviado', exact: true }).click();
    await expect(page).toHaveURL(/state=sent/);
    await expect(table.locator('tbody tr').first()).toContainText('Enviado');
    // (Polled: the rows of the unfiltered page may still be on screen for a moment.)
    await expect
      .poll(async () => {
        const badges = await table.locator('tbody .mantine-Badge-label').allTextContents();
        return [...new Set(badges.map((b) => b.trim().toLowerCase()))];
      })
      .toEqual(['enviado']);

    // Open one Spanish e-mail (newer rows may be a WhatsApp chat another journey opened, or a
    // confirmation in another language): its content as the customer reads it, in a sandboxed frame.
    const row = table
      .locator('tbody tr')
      .filter({ hasText: 'Reserva confirmada:' })
      .filter({ hasText: 'Correo' })
      .first();
    const locator = (await row.getByRole('link', { name: /^TRY-/ }).textContent())?.trim() ?? '';
    await row.getByRole('button', { name: /^Reserva confirmada:/ }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    const frame = drawer.locator('iframe[title^="Contenido del correo"]');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(
      frame
        .contentFrame()
        .getByText(/Hola, /)
        .first(),
    ).toBeVisible();
    await expect(frame.contentFrame().getByText(locator).first()).toBeVisible();
    await expect(drawer.getByText('Sistema', { exact: true })).toBeVisible();
    await drawer.getByRole('tab', { name: 'Texto' }).click();
    await expect(drawer.getByText(new RegExp(`Localizador: ${locator}`))).toBeVisible();
    await shot(page, 'messages-detail');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // "Ajustes": the reminder hour and a switch, saved and still there after a reload.
    await page.getByRole('tab', { name: 'Ajustes' }).click();
    await expect(page).toHaveURL(/tab=ajustes/);
    const form = page.getByRole('form', { name: 'Ajustes de mensajes' });
    await expect(form.getByLabel('Nombre del remitente')).toHaveAttribute('placeholder', 'Teide Aventura');
    const hour = original.reminder_time.startsWith('19') ? '20' : '19';
    const hours = form.getByLabel('Hora del recordatorio: horas');
    await hours.click();
    await hours.press('Control+a');
    await page.keyboard.type(hour);
    const minutes = form.getByLabel('Hora del recordatorio: minutos');
    await minutes.click();
    await minutes.press('Control+a');
    await page.keyboard.type('30');
    const payments = form.getByRole('switch', { name: /Pago recibido/ });
    const wasOn = await payments.isChecked();
    // By keyboard: a forced click on the switch lands wherever its box is, and once the form is dirty
    // that can be under the sticky bar's 'Descartar' (which resets the form: CI's lane server, with
    // SMTP set, laid the page out so).
    await payments.focus();
    await page.keyboard.press('Space');
    await expect(payments).toBeChecked({ checked: !wasOn });
    await expect(form.getByText('Cambios sin guardar')).toBeVisible();
    await shot(page, 'messages-settings');
    const saved = page.waitForResponse((r) => r.url().endsWith('/message-settings') && r.request().method() === 'PUT');
    await form.getByRole('button', { name: 'Guardar' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Ajustes guardados')).toBeVisible();

    await page.reload();
    const again = page.getByRole('form', { name: 'Ajustes de mensajes' });
    await expect(again.getByLabel('Hora del recordatorio: horas')).toHaveValue(hour);
    await expect(again.getByLabel('Hora del recordatorio: minutos')).toHaveValue('30');
    if (wasOn) await expect(again.getByRole('switch', { name: /Pago recibido/ })).not.toBeChecked();
    else await expect(again.getByRole('switch', { name: /Pago recibido/ })).toBeChecked();
    const now = (await settingsApi(page, 'GET')).body as { reminder_time: string; enabled_kinds: string[] };
    expect(now.reminder_time).toBe(`${hour}:30`);
    expect(now.enabled_kinds.includes('payment_received')).toBe(!wasOn);

    // Back as they were, for the other journeys on this server.
    const restore = await settingsApi(page, 'PUT', {
      reminder_time: original.reminder_time,
      enabled_kinds: original.enabled_kinds,
    });
    expect(restore.status).toBe(200);
  });

  test('an operator reads the settings only; a seller has no "Mensajes"', async ({ page }) => {
    await signIn(page, 'operaciones@teideaventura.demo');
    await expect(
      page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mensajes' }),
    ).toBeVisible();
    await page.goto('/messages?tab=ajustes');
    const form = page.getByRole('form', { name: 'Ajustes de mensajes' });
    await expect(form.getByText('Solo lectura')).toBeVisible();
    await expect(form.getByLabel('Nombre del remitente')).toBeDisabled();
    await expect(form.getByRole('switch', { name: /Reserva confirmada/ })).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
    await shot(page, 'messages-settings-read-only');

    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'ventas@teideaventura.demo');
    await expect(page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link').first()).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mensajes' }),
    ).toHaveCount(0);
    await page.goto('/messages');
    await expect(page.getByRole('heading', { name: 'Sin permiso' })).toBeVisible();
  });

  test('"Exportar CSV" downloads the outbox with its filters (issue 31)', async ({ page }) => {
    await openAs(page, '/messages?state=sent', ADMIN_TO);
    const table = page.getByRole('table', { name: 'Mensajes' });
    await expect(table.getByRole('row', { name: /Enviado/ }).first()).toBeVisible({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mensajes-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = text.trimEnd().split('\r\n');
    expect(header).toBe(
      'Fecha y hora;Canal;Tipo;Estado;Destinatario;Nombre;Asunto o evento;Idioma;Reserva;Intentos;Próximo intento;Enviado;Respuesta HTTP;Motivo o último error;Quién',
    );
    expect(rows.length).toBeGreaterThan(0);
    // Only the filtered state, and only this operator's customers.
    expect(rows.every((r) => r.split(';')[3] === 'Enviado')).toBe(true);
    await expect(page.getByText(/mensajes? exportados?/)).toBeVisible();
  });

  test('a Vendedor opens the messages of a booking they sold, and no one else’s (issue 31)', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const seller = await tokenOf(request, 'ventas@teideaventura.demo');
    const office = await tokenOf(request, ADMIN_TO);
    // A booking this seller sold that has messages, and a message of one they did not sell.
    const mine = await api<{ id: string; locator: string }[]>(request, seller, 'GET', '/bookings?per_page=50');
    let target: { id: string; locator: string } | undefined;
    for (const b of mine) {
      const ms = await api<unknown[]>(request, seller, 'GET', `/bookings/${b.id}/messages`);
      if (ms.length > 0) {
        target = b;
        break;
      }
    }
    expect(target, 'the demo has a booking sold by ventas@ with messages').toBeDefined();
    const booking = target as { id: string; locator: string };
    const all = await api<{ id: string; booking_id: string | null }[]>(
      request,
      office,
      'GET',
      '/messages?per_page=200',
    );
    const mineIds = new Set(mine.map((b) => b.id));
    const others = all.find((m) => m.booking_id && !mineIds.has(m.booking_id));

    await openAs(page, `/booking/edit/${booking.id}`, 'ventas@teideaventura.demo');
    const panel = page.getByRole('region', { name: 'Mensajes' });
    await panel
      .getByRole('button', { name: /ver el mensaje/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('Destinatario')).toBeVisible();
    await expect(drawer.getByText(booking.locator).first()).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Reenviar' })).toHaveCount(0);
    await expect(panel.getByRole('link', { name: 'Ver en Mensajes' })).toHaveCount(0);

    // Another booking's message is not theirs: the API answers 404 to this browser's session.
    expect(others, 'the demo has messages of bookings ventas@ did not sell').toBeDefined();
    const status = await page.evaluate(async (id) => {
      const res = await fetch(`/api/v1/messages/${id}`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return res.status;
    }, others?.id);
    expect(status).toBe(404);
  });
});

/**
 * Issue 31 item 14: on a 390 px phone (and on a desktop) a refused save never leaves a notification over the form's
 * submit button or the focused field, and a refusal that names a field says it at the field. For
 * every form: get a refusal (from the API where one can name a field; the form's own rules where
 * only those can), then — once the notifications have settled — their boxes intersect neither the
 * submit button nor the focused field (nor its message), the field is marked invalid, described by
 * the message and focused, and the form can be sent again at once (Playwright's click fails when
 * something covers the button). Screenshots of each land in the test's output folder.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, api, DEMO_PASSWORD, openAs, tokenOf } from './helpers';

/** A phone (the 390 px) and a desktop. */
const SCREENS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

type TRect = { x: number; y: number; width: number; height: number };
const NOTIFICATION = '.mantine-Notification-root';

const overlap = (a: TRect, b: TRect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** What a notification covers among `targets` (their names), on the screen as it is now. */
async function covered(page: Page, targets: Record<string, Locator>): Promise<string[]> {
  const notes = await page.locator(NOTIFICATION).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  const out: string[] = [];
  for (const [name, target] of Object.entries(targets)) {
    for (const box of await target.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    )) {
      if (notes.some((n) => overlap(n, box))) out.push(name);
    }
  }
  return out;
}

/**
 * The refusal as a user meets it: the field says why (`message`), is invalid and has the focus;
 * the notification (when the form shows one) is on the screen and, once settled, covers neither
 * the submit button nor the field and its message. With E2E_SCREENSHOTS=1 a screenshot goes to the
 * test's output.
 */
async function expectRefusalAtField(
  page: Page,
  {
    field,
    submit,
    message,
    shot,
    notified = true,
  }: {
    field: Locator;
    submit: Locator;
    message: string | RegExp;
    shot: string;
    notified?: boolean;
  },
) {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  const wrapper = field.locator('xpath=ancestor::*[contains(@class, "mantine-InputWrapper-root")][1]');
  const error = wrapper.locator('.mantine-InputWrapper-error');
  await expect(error).toBeVisible();
  if (notified) await expect(page.locator(NOTIFICATION).first()).toBeVisible();
  await expect
    .poll(() => covered(page, { 'el botón de enviar': submit, 'el campo': field, 'su mensaje': error }), {
      message: 'a notification covers the form',
    })
    .toEqual([]);
  // To look at by eye (E2E_SCREENSHOTS=1): twenty full-screen captures cost CI's two cores for nothing.
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: test.info().outputPath(`${shot}-${page.viewportSize()?.width}.png`) });
  }
}

for (const screen of SCREENS) {
  test.describe(`refusals at ${screen.width} px: at the field, never under a notification (issue 31 item 14)`, () => {
    test.use({ viewport: screen, hasTouch: true });

    test('Mi cuenta: a wrong current password; the notification leaves "Cambiar contraseña" free and goes in 5 s', async ({
      page,
      request,
    }) => {
      await openAs(page, '/account', 'chofer@teideaventura.demo');
      const form = page.getByRole('form', { name: 'Cambiar la contraseña' });
      const current = form.getByLabel('Contraseña actual', { exact: true });
      await current.fill('no-es-la-mia');
      await form.getByLabel('Nueva contraseña', { exact: true }).fill('Otra-Clave-2026');
      await form.getByLabel('Repetir la nueva contraseña').fill('Otra-Clave-2026');
      // Scrolled to the end, as on a phone: the button near the bottom edge, where notifications go.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const submit = form.getByRole('button', { name: 'Cambiar contraseña' });
      await submit.tap();
      await expectRefusalAtField(page, {
        field: current,
        submit,
        message: 'La contraseña actual no es correcta',
        shot: 'cuenta',
      });
      // A tap on the notification (and a mouse resting over the button) does not keep it there:
      // it goes after the spec's 5000 ms.
      const note = page.locator(NOTIFICATION).first();
      await note.tap({ position: { x: 40, y: 20 } });
      await submit.hover();
      const shownAt = Date.now();
      await expect(page.locator(NOTIFICATION)).toHaveCount(0, { timeout: 8_000 });
      expect(Date.now() - shownAt).toBeLessThan(6_500);
      // The corrected form is sent at once, nothing over its button (then the demo password is back).
      await current.fill(DEMO_PASSWORD);
      try {
        await submit.tap({ timeout: 2_000 });
        await expect(page.getByText('Contraseña cambiada')).toBeVisible();
      } finally {
        const res = await request.post('/api/v1/auth/login', {
          data: { email: 'chofer@teideaventura.demo', password: 'Otra-Clave-2026' },
        });
        if (res.status() === 200) {
          const back = await request.post('/api/v1/auth/me/password', {
            headers: { Authorization: `Bearer ${(await res.json()).token}` },
            data: { current_password: 'Otra-Clave-2026', password: DEMO_PASSWORD, re_password: DEMO_PASSWORD },
          });
          expect(back.status()).toBe(200);
        }
      }
    });

    test('Login: an e-mail longer than the API takes is refused at the e-mail field', async ({ page }) => {
      await page.goto('/login');
      const email = page.getByLabel('Email');
      await email.fill(`${'a'.repeat(250)}@teide.es`);
      await page.getByLabel('Contraseña').fill('Demo2026!');
      const submit = page.getByRole('button', { name: 'Entrar' });
      await submit.click();
      await expect(page.getByTestId('login-error')).toContainText('An error occurred');
      await expectRefusalAtField(page, {
        field: email,
        submit,
        message: 'Máximo 254 caracteres',
        shot: 'login',
        notified: false,
      });
    });

    test('Usuario: an e-mail another user has is refused at «Email» of the user form', async ({ page }) => {
      await openAs(page, '/users', 'gerencia@teideaventura.demo');
      await page.getByRole('button', { name: 'Nuevo usuario' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
      await dialog.getByLabel('Nombre completo').fill('Duplicado Pérez');
      const email = dialog.getByLabel('Email');
      await email.fill('ventas@teideaventura.demo');
      await dialog.getByLabel('Teléfono').fill('+34 600 000 111');
      await dialog.getByLabel('Rol').click();
      await page.getByRole('option', { name: 'Vendedor' }).click();
      await dialog.getByLabel('Contraseña', { exact: true }).fill('Clave-Segura-2026');
      await dialog.getByLabel('Repetir contraseña').fill('Clave-Segura-2026');
      const submit = dialog.getByRole('button', { name: 'Guardar' });
      await submit.click();
      await expectRefusalAtField(page, {
        field: email,
        submit,
        message: 'Ya existe un usuario con ese correo electrónico',
        shot: 'usuario',
      });
    });

    test('Vehículo: a plate another vehicle has is refused at «Matrícula»', async ({ page, request }) => {
      const token = await tokenOf(request, 'gerencia@teideaventura.demo');
      const vehicles = await api<{ plate: string }[]>(request, token, 'GET', '/vehicles?per_page=1');
      const plate = vehicles[0]?.plate ?? '';
      expect(plate).not.toBe('');
      await openAs(page, '/resources/vehicles', 'gerencia@teideaventura.demo');
      await page.getByRole('button', { name: 'Nuevo vehículo' }).click();
      const drawer = page.getByRole('dialog', { name: 'Nuevo vehículo' });
      const field = drawer.getByLabel('Matrícula');
      await field.fill(plate);
      await drawer.getByLabel('Tipo').click();
      await page.getByRole('option').first().click();
      await drawer.getByLabel('Nombre').fill('Minibús duplicado');
      await drawer.getByLabel('Plazas').fill('16');
      const submit = drawer.getByRole('button', { name: 'Guardar' });
      await submit.click();
      await expectRefusalAtField(page, {
        field,
        submit,
        message: /Ya existe un vehículo con esa matrícula/,
        shot: 'vehiculo',
      });
    });

    test('Persona: the form’s own rule ("Campo requerido") at «Nombre completo»', async ({ page }) => {
      await openAs(page, '/resources/persons', 'gerencia@teideaventura.demo');
      await page.getByRole('button', { name: 'Nueva persona' }).click();
      const drawer = page.getByRole('dialog', { name: 'Nueva persona' });
      const submit = drawer.getByRole('button', { name: 'Guardar' });
      await submit.click();
      await expectRefusalAtField(page, {
        field: drawer.getByLabel('Nombre completo'),
        submit,
        message: 'Campo requerido',
        shot: 'persona',
      });
    });

    test('Tour operador: the form’s own rule ("Campo requerido") at «Nombre comercial»', async ({ page }) => {
      await openAs(page, '/tour-operator', ADMIN);
      await page.getByRole('button', { name: 'Nuevo tour operador' }).click();
      const drawer = page.getByRole('dialog', { name: 'Nuevo tour operador' });
      const submit = drawer.getByRole('button', { name: 'Guardar' });
      await submit.click();
      await expectRefusalAtField(page, {
        field: drawer.getByLabel('Nombre comercial'),
        submit,
        message: 'Campo requerido',
        shot: 'tour-operador',
      });
    });

    test('Mensajes, Ajustes: the form’s own rule (the e-mail shape) at «Responder a»', async ({ page }) => {
      await openAs(page, '/messages', 'gerencia@teideaventura.demo');
      await page.getByRole('tab', { name: 'Ajustes' }).click();
      const form = page.getByRole('form', { name: 'Ajustes de mensajes' });
      const field = form.getByLabel('Responder a');
      await field.fill('reservas@teide');
      const submit = form.getByRole('button', { name: 'Guardar' });
      await submit.click();
      await expectRefusalAtField(page, {
        field,
        submit,
        message: /Por favor, introduce una dirección de correo electrónico válida/,
        shot: 'mensajes-ajustes',
      });
    });

    test('Producto: a code another product has is refused at «Código», above the sticky save bar', async ({
      page,
      request,
    }) => {
      const token = await tokenOf(request, 'gerencia@teideaventura.demo');
      const products = await api<{ id: string; code: string }[]>(
        request,
        token,
        'GET',
        '/products?per_page=2&sort=code',
      );
      const [edited, other] = products;
      expect(other?.code).toBeTruthy();
      await openAs(page, `/products/edit/${edited?.id}`, 'gerencia@teideaventura.demo');
      const field = page.getByLabel('Código', { exact: true });
      await field.fill(other?.code ?? '');
      const submit = page.getByRole('button', { name: 'Guardar', exact: true });
      await submit.click();
      await expectRefusalAtField(page, {
        field,
        submit,
        message: /Ya existe un producto con ese código/,
        shot: 'producto',
      });
    });

    test('Registrar cobro: more than is pending now (paid meanwhile elsewhere) is refused at «Importe»', async ({
      page,
      request,
    }) => {
      const token = await tokenOf(request, 'gerencia@teideaventura.demo');
      const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const bookings = await api<{ id: string; pending_cents: number }[]>(
        request,
        token,
        'GET',
        `/bookings?payment_state[in]=pending,partial&state[in]=pending,confirmed&date[gte]=${from}&per_page=1`,
      );
      const booking = bookings[0];
      expect(booking, 'a booking that still owes money').toBeTruthy();
      await openAs(page, `/booking/edit/${booking?.id}`, 'gerencia@teideaventura.demo');
      await page.getByRole('button', { name: 'Registrar cobro' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Registrar cobro' });
      const amount = dialog.getByLabel('Importe');
      await expect(amount).not.toHaveValue('');
      // Someone takes part of it at the office meanwhile: the whole pending amount is now too much.
      await api(request, token, 'POST', `/bookings/${booking?.id}/payments`, {
        kind: 'payment',
        amount_cents: 500,
        method: 'cash',
      });
      const submit = dialog.getByRole('button', { name: 'Registrar cobro' });
      await submit.click();
      await expectRefusalAtField(page, {
        field: amount,
        submit,
        message: /supera el importe pendiente/,
        shot: 'cobro',
        notified: false,
      });
    });

    test('Reserva: a departure closed meanwhile is refused at «Hora» of the booking form', async ({
      page,
      request,
    }) => {
      const token = await tokenOf(request, 'gerencia@teideaventura.demo');
      const from = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const bookings = await api<{ id: string; product_id: string; date: string; time: string }[]>(
        request,
        token,
        'GET',
        `/bookings?date[gte]=${from}&state[in]=pending,confirmed&per_page=1`,
      );
      const booking = bookings[0];
      expect(booking, 'a booking a few days ahead').toBeTruthy();
      if (!booking) return;
      await openAs(page, `/booking/edit/${booking.id}`, 'gerencia@teideaventura.demo');
      await page.getByRole('button', { name: 'Añadir adultos' }).click();
      const close = (closed: boolean) =>
        api(request, token, 'PUT', `/products/${booking.product_id}/departures`, {
          date: booking.date,
          time: booking.time,
          closed,
        });
      await close(true);
      try {
        const submit = page.getByRole('button', { name: /^Guardar/ }).last();
        await submit.click();
        // Said at the departure chosen (the radio of its time), which takes the focus.
        await expectRefusalAtField(page, {
          field: page.getByRole('radio', { name: new RegExp(`^${booking.time}`) }),
          submit,
          message: 'Salida cerrada',
          shot: 'reserva',
        });
      } finally {
        await close(false);
      }
    });
  });
}

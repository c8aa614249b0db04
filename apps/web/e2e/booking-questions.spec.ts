/**
 * Booking questions in the back office (issue 33 item 3, ADR 024): the office books the catamaran
 * (CAT-01) for 2 adults and a child, answers «¿Sabe nadar?» per passenger and «¿Cómo nos has
 * conocido?» once, may leave a required answer for later, and finds every answer on the booking
 * screen and on the schedule sheet of that departure.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const MANAGER = 'gerencia@atlanticosur.demo';
const PRODUCT = /Avistamiento de cetáceos en catamarán/;

test.describe('booking questions (issue 33 item 3)', () => {
  test('the office answers per passenger and once per booking; the booking screen and the sheet show them', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36).toUpperCase();
    const customer = `Familia Nadadora ${stamp}`;
    await signIn(page, MANAGER);

    // A new booking of the catamaran, two months ahead (a day with seats, away from the demo's sheets).
    await page.goto('/booking/create');
    await page.getByRole('combobox', { name: 'Producto' }).click();
    await page.getByRole('option', { name: PRODUCT }).click();
    const calendar = page.getByRole('table', { name: /^Salidas de / });
    await expect(calendar).toBeVisible();
    await page.getByRole('button', { name: 'Mes siguiente' }).first().click();
    await page.getByRole('button', { name: 'Mes siguiente' }).first().click();
    const openDay = calendar.locator('button:not([disabled])[data-state="open"]').first();
    await expect(openDay).toBeVisible();
    const date = (await openDay.getAttribute('data-date')) ?? '';
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await openDay.click();
    const time = page
      .getByRole('radiogroup', { name: 'Hora' })
      .getByRole('radio')
      .and(page.locator(':not([disabled])'))
      .first();
    await time.click();
    const timeText = /(\d{2}:\d{2})/.exec((await time.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    expect(timeText).toMatch(/^\d{2}:\d{2}$/);

    // 2 adults and a child: the questions follow, passengers numbered adults first.
    const questions = page.locator('#preguntas');
    await expect(questions.getByText('Indica primero cuántos pasajeros viajan: se pregunta a cada uno.')).toBeVisible();
    await page.getByRole('button', { name: 'Añadir adultos' }).click();
    await page.getByRole('button', { name: 'Añadir adultos' }).click();
    await page.getByRole('button', { name: 'Añadir niños' }).click();
    const passenger = (name: string) => questions.getByRole('group', { name });
    await expect(passenger('Pasajero 3 · Niño')).toBeVisible();
    await expect(questions.getByRole('group')).toHaveCount(3);
    await expect(questions.getByTestId('answers-missing')).toHaveText('3 sin responder');

    await page.getByLabel('Nombre del cliente').fill(customer);
    await passenger('Pasajero 1 · Adulto').getByRole('radio', { name: 'Sí' }).check();
    await passenger('Pasajero 2 · Adulto').getByRole('radio', { name: 'No' }).check();
    await questions.getByRole('combobox', { name: '¿Cómo nos has conocido?' }).click();
    await page.getByRole('option', { name: 'En el hotel' }).click();
    // The child's answer is left for later: staff may save without it.
    await expect(questions.getByTestId('answers-missing')).toHaveText('1 sin responder');

    await page.getByRole('button', { name: 'Guardar reserva' }).click();
    // A sale writes the booking, its history and its messages: give a busy machine time.
    await expect(page).toHaveURL(/\/booking\/edit\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const editUrl = page.url();
    const panel = page.getByRole('region', { name: 'Respuestas' });
    await expect(panel).toContainText('1 sin responder');
    await expect(panel.getByTestId('booking-answers')).toContainText('Pasajero 3 · Niño: Sin responder');

    // The child swims: answered on the booking screen and saved.
    await passenger('Pasajero 3 · Niño').getByRole('radio', { name: 'Sí' }).check();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Cambios guardados')).toBeVisible({ timeout: 30_000 });

    // Reopened: every answer there, nothing left to ask.
    await page.goto(editUrl);
    // The booking, then its product's questions (two reads on a busy machine).
    await expect(passenger('Pasajero 1 · Adulto')).toBeVisible({ timeout: 30_000 });
    await expect(passenger('Pasajero 1 · Adulto').getByRole('radio', { name: 'Sí' })).toBeChecked();
    await expect(passenger('Pasajero 2 · Adulto').getByRole('radio', { name: 'No' })).toBeChecked();
    await expect(passenger('Pasajero 3 · Niño').getByRole('radio', { name: 'Sí' })).toBeChecked();
    await expect(questions.getByRole('combobox', { name: '¿Cómo nos has conocido?' })).toHaveValue('En el hotel');
    const answers = page.getByRole('region', { name: 'Respuestas' }).getByTestId('booking-answers');
    await expect(answers).toContainText('Pasajero 1 · Adulto: Sí');
    await expect(answers).toContainText('Pasajero 2 · Adulto: No');
    await expect(answers).toContainText('Pasajero 3 · Niño: Sí');
    await expect(answers).toContainText('¿Cómo nos has conocido?En el hotel');
    await expect(page.getByRole('region', { name: 'Respuestas' })).not.toContainText('sin responder');

    // The sheet of that departure («Crear hojas del día» makes it, or it is there already).
    await page.goto(`/schedule-sheets?date=${date}`);
    await expect(page.getByRole('heading', { name: 'Hojas de servicio', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Crear hojas del día' }).first().click();
    await expect(page.getByText(/^\d+ hojas? creadas?$/)).toBeVisible();
    const row = page.getByRole('row', { name: PRODUCT }).filter({ hasText: timeText });
    await expect(row).toHaveCount(1);
    await row.getByText(PRODUCT).click();
    await expect(page).toHaveURL(/\/schedule-sheets\/[0-9a-f-]{36}$/);
    const list = page.getByRole('region', { name: 'Pasajeros y embarque' });
    const booking = list.getByRole('button', { name: new RegExp(`^${customer}`) });
    await expect(booking).toBeVisible();
    const onSheet = booking.getByTestId('sheet-answers');
    await expect(onSheet).toContainText('¿Sabe nadar? P1 Sí · P2 No · P3 Sí');
    await expect(onSheet).toContainText('¿Cómo nos has conocido? En el hotel');
    await expect(onSheet).not.toContainText('Sin responder');
  });
});

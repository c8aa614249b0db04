/**
 * Keyboard-only journeys (issue 22, WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11): no mouse, no `fill()` or
 * `click()` — only Tab, Shift+Tab, arrows, Enter, Space, Escape, PageUp/PageDown and typed text
 * (`focus()` only to start next to a control far down a long form). Every control is reached
 * with Tab (`tabTo`), and at each stop the focused control must show a focus indicator and must
 * not be hidden under a sticky bar.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';
import { focusState, tabTo } from './keyboard-helpers';
import { productNamed, publicSlots, staffToken, uniqueEmail } from './public-helpers';

/** Signs in with the keyboard alone (the login test checks the screen itself). */
async function keyboardSignIn(page: Page, email: string) {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
}

/** The date of the focused day of a month grid ('' when the focus is not on a day). */
const focusedDate = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.hasAttribute('data-grid-day') ? (el.dataset.date ?? '') : '';
  });

/** Moves the focus of a month grid to `date` with the arrows (a week at a time, then by day). */
async function arrowTo(page: Page, date: string) {
  for (let i = 0; i < 40; i++) {
    const from = await focusedDate(page);
    expect(from, 'the focus left the grid').not.toBe('');
    if (from === date) break;
    const days = Math.round((Date.parse(date) - Date.parse(from)) / 86_400_000);
    await page.keyboard.press(days >= 7 ? 'ArrowDown' : days <= -7 ? 'ArrowUp' : days > 0 ? 'ArrowRight' : 'ArrowLeft');
  }
  expect(await focusedDate(page)).toBe(date);
  expect((await focusState(page)).ok, 'the focused day shows no ring').toBe(true);
}

/** The first day of the month in a month grid whose name matches `said` (its date and what it holds). */
const firstDay = (grid: Locator, said: RegExp) =>
  grid.evaluate((g, source) => {
    const re = new RegExp(source);
    const day = [...g.querySelectorAll<HTMLElement>('button[data-grid-day]')].find((b) =>
      re.test(b.getAttribute('aria-label') ?? ''),
    );
    return day?.dataset.date ?? '';
  }, said.source);

test.describe('keyboard only', () => {
  test('login: fields, show password, Entrar; focus lands on the new screen', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByLabel('Email');
    await expect(email).toBeFocused(); // autofocus
    await page.keyboard.press('Enter'); // empty form: errors, focus on the first
    await expect(page.getByText('Campo requerido').first()).toBeVisible();
    await expect(email).toBeFocused();
    await page.keyboard.type('operaciones@teideaventura.demo');
    await tabTo(page, page.getByLabel('Contraseña'));
    await page.keyboard.type(DEMO_PASSWORD);
    const toggle = page.getByRole('button', { name: 'Mostrar u ocultar lo escrito' });
    await tabTo(page, toggle);
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Contraseña')).toHaveAttribute('type', 'text');
    await tabTo(page, page.getByRole('button', { name: 'Entrar' }));
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('a new back-office booking, from the menu to the saved booking', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await keyboardSignIn(page, 'operaciones@teideaventura.demo');

    await tabTo(page, page.getByRole('link', { name: 'Reservas', exact: true }), { back: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Reservas', level: 1 })).toBeFocused();
    await tabTo(page, page.getByRole('link', { name: 'Nueva reserva' }).first());
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/booking\/create$/);
    await expect(page.getByRole('heading', { name: 'Nueva reserva', level: 1 })).toBeFocused();

    // Product: type, pick with the arrows.
    await tabTo(page, page.getByRole('combobox', { name: 'Producto' }));
    await page.keyboard.type('Teide');
    await expect(page.getByRole('option', { name: /Subida al Teide/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');

    // Date: the calendar is one Tab stop; the arrows move among open days, Enter picks one.
    const calendar = page.getByRole('table', { name: /^Salidas de / });
    await expect(calendar).toBeVisible();
    for (let i = 0; i < 4 && (await calendar.locator('button[tabindex="0"]').count()) === 0; i++) {
      await page.getByRole('button', { name: 'Mes siguiente' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(500);
    }
    await expect(calendar.locator('button[tabindex="0"]')).toHaveCount(1);
    await tabTo(page, calendar);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    const day = calendar.locator('button:focus');
    await page.keyboard.press('Enter');
    await expect(day).toHaveAttribute('aria-pressed', 'true');

    // Time: a radio group, chosen with the arrows (or already chosen when there is one).
    const times = page.getByRole('radiogroup', { name: 'Hora' });
    await expect(times).toBeVisible();
    if ((await times.locator('[aria-checked="true"], :checked').count()) === 0) {
      await tabTo(page, times);
      await page.keyboard.press('Space');
    }
    await expect(times.locator('[aria-checked="true"], :checked')).toHaveCount(1);
    // Late at night the first open day is today, past its cut-off: staff sell it on purpose, by
    // keyboard too (it failed CI after midnight).
    const override = page.getByRole('checkbox', { name: 'Vender fuera de plazo' });
    if (await override.isVisible()) {
      await tabTo(page, override);
      await page.keyboard.press('Space');
      await expect(override).toBeChecked();
    }

    // Pax: one more adult.
    await tabTo(page, page.getByRole('button', { name: 'Añadir adultos' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Resumen y total' }).getByTestId('quote')).toContainText('× Adulto');

    // Customer.
    await tabTo(page, page.getByLabel('Nombre del cliente'));
    await page.keyboard.type('Teclado Pérez');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(uniqueEmail('teclado'));
    await tabTo(page, page.getByLabel('Teléfono'));
    await page.keyboard.type('+34 600 123 456');

    // Pickup hotel: type, arrows, Enter.
    await tabTo(page, page.getByRole('combobox', { name: 'Alojamiento' }));
    await page.keyboard.type('Duque');
    const duque = page.getByRole('option', { name: /Playa del Duque/ }).first();
    await expect(duque).toBeVisible();
    for (let i = 0; i < 8 && (await duque.getAttribute('data-combobox-selected')) === null; i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('pickup-time')).toContainText(/Hora de recogida: \d{2}:\d{2}/);

    // Save: the sticky bar's button, reached with Tab (no field was hidden under it on the way).
    await tabTo(page, page.getByRole('button', { name: 'Guardar reserva' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/booking\/edit\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: /^Reserva TRY-/, level: 1 })).toBeFocused();
  });

  test('a public booking on a phone, from the landing page to the voucher', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const token = await staffToken(request);
    const product = await productNamed(request, token, 'Subida al Teide');
    const slot = (await publicSlots(request, product.id, 3)).find((s) => s.seats_left >= 2);
    if (!slot) throw new Error('Sin salidas con plazas para la prueba');

    await page.goto(`/public/landing/${product.id}`);
    await tabTo(page, page.getByRole('link', { name: 'Reservar', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/public/booking/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    // The calendar grid: one Tab stop, then the arrows / PageDown to the slot's date.
    const calendar = page.getByRole('table', { name: /de 20\d\d$/ });
    await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
    await tabTo(page, calendar);
    for (let i = 0; i < 80; i++) {
      const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date ?? '');
      if (focused === slot.date) break;
      await page.keyboard.press(focused < slot.date ? 'ArrowRight' : 'ArrowLeft');
      await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
    }
    await page.keyboard.press('Enter');
    await expect(page.locator(`button[data-date="${slot.date}"]`)).toHaveAttribute('aria-pressed', 'true');

    const time = page.getByRole('radio', { name: new RegExp(`^${slot.time}`) });
    if (!(await time.isChecked())) {
      await tabTo(page, time);
      await page.keyboard.press('Space');
    }
    await expect(time).toBeChecked();

    const hotel = page.getByRole('combobox', { name: /Hotel o alojamiento/ });
    await tabTo(page, hotel);
    await page.keyboard.type('Duque');
    await expect(page.getByRole('option', { name: /Playa del Duque/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('pickup-info')).toContainText(/Te recogemos a las \d{2}:\d{2}/);

    await tabTo(page, page.getByLabel('Nombre y apellidos'));
    await page.keyboard.type('Lucía Teclado');
    await tabTo(page, page.getByLabel('Correo electrónico'));
    await page.keyboard.type(uniqueEmail('teclado'));
    await tabTo(page, page.getByLabel('Teléfono (móvil)'));
    await page.keyboard.type('+34 600 123 456');
    await tabTo(page, page.getByRole('checkbox', { name: /Acepto las condiciones/ }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Confirmar reserva' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/public\/landing\/booking-voucher\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('locator')).toHaveText(/^TRY-/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('bookings calendar: one Tab stop, arrows to a day with bookings, Enter into it, a booking opened', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await keyboardSignIn(page, 'operaciones@teideaventura.demo');
    await page.goto('/booking?view=calendar');
    const grid = page.getByRole('grid', { name: /^Salidas de / });
    await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
    await expect(grid.locator('button[data-grid-day][tabindex="0"]')).toHaveCount(1);
    // Every departure button of the month is out of the Tab order: only the day is a stop.
    await expect(grid.locator('button:not([data-grid-day]):not([tabindex="-1"])')).toHaveCount(0);
    await tabTo(page, grid);
    const start = await focusedDate(page);
    expect(start).not.toBe('');

    // PageDown / PageUp change the month through the calendar's own navigation, focus on the same day.
    const title = page.getByTestId('calendar-title');
    const month = await title.textContent();
    await page.keyboard.press('PageDown');
    await expect(title).not.toHaveText(month ?? '');
    await expect.poll(() => focusedDate(page)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await focusedDate(page)).slice(0, 7)).not.toBe(start.slice(0, 7));
    await page.keyboard.press('PageUp');
    await expect(title).toHaveText(month ?? '');
    await expect.poll(() => focusedDate(page)).toBe(start);

    // A day of this month with seats sold (so with bookings), reached with the arrows.
    const day = await firstDay(grid, /, [1-9]\d* plazas? vendidas?$/);
    expect(day, 'no day with bookings this month').not.toBe('');
    await arrowTo(page, day);

    // Enter: the day's first departure; Escape: back to the day; Enter again and Enter on it.
    await page.keyboard.press('Enter');
    const entry = page.locator(':focus');
    await expect(entry).toHaveAccessibleName(/Ver sus reservas$/);
    expect((await focusState(page)).ok).toBe(true);
    await page.keyboard.press('Escape');
    expect(await focusedDate(page)).toBe(day);
    await page.keyboard.press('Enter');
    // Its seats sold: the departure with bookings among the day's ones.
    for (let i = 0; i < 4; i++) {
      const name = (await page.locator(':focus').getAttribute('aria-label')) ?? '';
      if (/: [1-9]\d* plazas? vendidas?/.test(name)) break;
      await page.keyboard.press('ArrowDown');
    }
    await expect(page.locator(':focus')).toHaveAccessibleName(/: [1-9]\d* plazas? vendidas?/);
    await page.keyboard.press('Enter');

    // The list of that departure: the focus is on the screen's heading, then a booking with Tab + Enter.
    await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}`));
    await expect(page.getByRole('heading', { name: 'Reservas', level: 1 })).toBeFocused();
    const booking = page.getByRole('table', { name: 'Reservas' }).getByRole('link', { name: /^TRY-/ }).first();
    await expect(booking).toBeVisible();
    await tabTo(page, booking);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/booking\/edit\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: /^Reserva TRY-/, level: 1 })).toBeFocused();
  });

  test('bookings calendar week: one Tab stop, arrows between days and departures, Enter opens one', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await keyboardSignIn(page, 'operaciones@teideaventura.demo');
    await page.goto('/booking?view=calendar&cal=week');
    const grid = page.getByRole('grid', { name: /^Salidas de la semana / });
    await expect(grid.getByRole('button', { name: /Ver sus reservas$/ }).first()).toBeVisible();
    await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0);
    // One Tab stop in the whole week, however many departures it shows.
    await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
    expect(await grid.getByRole('button', { name: /Ver sus reservas$/ }).count()).toBeGreaterThan(1);
    await expect(grid.locator('button:not([tabindex="-1"]):not([tabindex="0"])')).toHaveCount(0);
    await page.getByRole('button', { name: 'Semana siguiente' }).focus();
    await tabTo(page, grid, { max: 8 });
    /** Where the focus is in the week: the day's date and the row of its departure. */
    const at = () =>
      page.evaluate(() => {
        const cell = document.activeElement?.closest<HTMLElement>('td[data-row]');
        return cell ? `${cell.dataset.date}#${cell.dataset.row}` : '';
      });
    const start = await at();
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2}#0$/);
    expect((await focusState(page)).ok, 'the focused cell shows no ring').toBe(true);
    // The keys are explained under the grid while it has the focus.
    await expect(page.getByText(/^Flechas izquierda y derecha: día/)).toBeVisible();

    // Home: Monday; Right through the week, one day per press, to Sunday (End), each with a ring.
    await page.keyboard.press('Home');
    const monday = (await at()).slice(0, 10);
    for (let i = 1; i <= 6; i++) {
      await page.keyboard.press('ArrowRight');
      const day = new Date(Date.parse(`${monday}T12:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
      expect((await at()).slice(0, 10)).toBe(day);
      expect((await focusState(page)).ok, `no ring on ${day}`).toBe(true);
    }
    await page.keyboard.press('Home');
    expect((await at()).slice(0, 10)).toBe(monday);
    await page.keyboard.press('End');
    const sunday = (await at()).slice(0, 10);

    // PageDown / past Sunday: the next week (its title), the focus on the same weekday / Monday.
    const title = page.getByTestId('calendar-title');
    const week = (await title.textContent()) ?? '';
    await page.keyboard.press('ArrowRight');
    await expect(title).not.toHaveText(week);
    const nextMonday = new Date(Date.parse(`${sunday}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await expect.poll(async () => (await at()).slice(0, 10)).toBe(nextMonday);
    await page.keyboard.press('PageUp');
    await expect(title).toHaveText(week);
    await expect.poll(async () => (await at()).slice(0, 10)).toBe(monday);

    // To the first departure with seats sold: Right through the days, Down through each day's ones.
    const sold = /: [1-9]\d* plazas? vendidas?/;
    const name = async () => (await page.locator(':focus').getAttribute('aria-label')) ?? '';
    let found = false;
    for (let day = 0; day < 7 && !found; day++) {
      for (let row = 0; row < 12; row++) {
        if (sold.test(await name())) {
          found = true;
          break;
        }
        const before = await at();
        await page.keyboard.press('ArrowDown');
        if ((await at()) === before) break; // the day's last departure
      }
      if (!found) {
        for (let up = 0; up < 12; up++) await page.keyboard.press('ArrowUp');
        await page.keyboard.press('ArrowRight');
      }
    }
    expect(found, 'no departure with bookings this week').toBe(true);
    const focused = page.locator(':focus');
    await expect(focused).toHaveAccessibleName(/Ver sus reservas$/);
    await expect(focused).toHaveAccessibleDescription(/^salida \d+ de \d+ del día$/);
    expect((await focusState(page)).ok).toBe(true);
    const date = (await at()).slice(0, 10);

    // Enter: that departure's bookings, the focus on the screen's heading.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`from=${date}&to=${date}`));
    await expect(page.getByRole('heading', { name: 'Reservas', level: 1 })).toBeFocused();
    await expect(
      page.getByRole('table', { name: 'Reservas' }).getByRole('link', { name: /^TRY-/ }).first(),
    ).toBeVisible();
  });

  test("a product's departures calendar: a departure reached with the keyboard and its dialog", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const token = await staffToken(request);
    const product = await productNamed(request, token, 'Subida al Teide');
    await keyboardSignIn(page, 'gerencia@teideaventura.demo');
    await page.goto(`/products/edit/${product.id}`);
    const grid = page.getByRole('grid', { name: /^Salidas de / });
    await expect(grid).toBeVisible();
    await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0);
    await expect(grid.locator('button:not([data-grid-day]):not([tabindex="-1"])')).toHaveCount(0);
    // The form has some 200 Tab stops above the calendar (and the section index only scrolls):
    // start from the calendar's own "Mes siguiente", as the booking test does with its picker.
    await page.locator('#disponibilidad').getByRole('button', { name: 'Mes siguiente' }).last().focus();
    await tabTo(page, grid, { max: 3 });

    // The next departure of the month with free seats, from the day that had the Tab stop; at the
    // end of a month (none left after today), PageDown to the next month, from its first day.
    const nextDeparture = (after: string) =>
      grid.evaluate((g, from) => {
        const cells = [...g.querySelectorAll<HTMLElement>('td:has(button[data-grid-day])')];
        return (
          cells.find((td) => (td.dataset.date ?? '') >= from && td.querySelector('button:not([data-grid-day])'))
            ?.dataset.date ?? ''
        );
      }, after);
    const from = await focusedDate(page);
    let day = await nextDeparture(from);
    if (day === '') {
      const thisMonth = (await grid.getAttribute('aria-label')) ?? '';
      await page.keyboard.press('PageDown');
      await expect(grid).not.toHaveAttribute('aria-label', thisMonth);
      await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0);
      await expect.poll(() => focusedDate(page)).not.toBe('');
      const first = `${(await focusedDate(page)).slice(0, 7)}-01`;
      await expect.poll(() => nextDeparture(first), { message: 'no departure next month' }).not.toBe('');
      day = await nextDeparture(first);
    }
    expect(day, 'no departure left this month or the next').not.toBe('');
    await expect(grid.locator(`button[data-grid-day][data-date="${day}"]`)).toHaveAccessibleName(/, \d+ salidas?$/);
    await arrowTo(page, day);

    await page.keyboard.press('Enter');
    const slotName = (await page.locator(':focus').getAttribute('aria-label')) ?? '';
    expect(slotName).toMatch(/Cambiar plazas o cerrar$/);
    const slot = grid.locator(`td[data-date="${day}"]`).getByRole('button', { name: slotName, exact: true });
    await expect(slot).toBeFocused();
    expect((await focusState(page)).ok).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    // Escape closes the dialog and the focus is back on the departure; Escape again: on its day.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(slot).toBeFocused();
    await page.keyboard.press('Escape');
    expect(await focusedDate(page)).toBe(day);
    // Tab leaves the grid in one press: its departures are not Tab stops.
    await page.keyboard.press('Tab');
    expect(await grid.evaluate((g) => g.contains(document.activeElement))).toBe(false);
  });
});

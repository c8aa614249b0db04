import { expect, test } from '@playwright/test';
import {
  auth,
  bookingsOf,
  fillCustomer,
  PHONE,
  pickDate,
  productNamed,
  publicSlots,
  staffToken,
  uniqueEmail,
} from './public-helpers';

test.use(PHONE);

test.describe('public pages: the departure sells out while the customer fills the form', () => {
  test('409 "No quedan plazas suficientes": the other times are offered and nothing typed is lost', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await staffToken(request, 'gerencia@atlanticosur.demo');
    const product = await productNamed(request, token, 'cetáceos');
    // A date with several departures, well ahead (other journeys use the next days).
    const slots = await publicSlots(request, product.id, 12);
    const byDate = new Map<string, typeof slots>();
    for (const s of slots) byDate.set(s.date, [...(byDate.get(s.date) ?? []), s]);
    const [date, times] = [...byDate].find(([, ts]) => ts.length >= 2 && ts.every((t) => t.seats_left >= 6)) ?? [];
    if (!date || !times) throw new Error('Sin un día con varias salidas libres');
    const full = times[0];
    const email = uniqueEmail('hans');

    await page.goto(`/public/booking/product/${product.id}`);
    await pickDate(page, date);
    await page.getByRole('radio', { name: new RegExp(`^${full.time}`) }).check();
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Añadir adultos' }).click(); // 4 adults
    await page.getByRole('combobox', { name: /Hotel o alojamiento/ }).click();
    await page.getByRole('option', { name: 'Iré por mi cuenta al punto de encuentro' }).click();
    await fillCustomer(page, { name: 'Hans Müller', email, phone: '+49 151 2345678' });
    await page.getByLabel('Comentarios').fill('Vamos con una silla de ruedas plegable');
    // The catamaran asks whether each passenger can swim (issue 33 item 3): required.
    const swims = (n: number) =>
      page.getByRole('group', { name: `Pasajero ${n} · Adulto` }).getByRole('radiogroup', { name: '¿Sabe nadar?' });
    for (let n = 1; n <= 4; n++)
      await swims(n)
        .getByRole('radio', { name: n === 4 ? 'No' : 'Sí' })
        .check();
    await page.getByRole('checkbox', { name: /Acepto las condiciones/ }).check();

    // Meanwhile the office sells the departure until only 2 seats are left.
    const left = (await publicSlots(request, product.id, 12)).find((s) => s.date === date && s.time === full.time);
    const sold = await request.post('/api/v1/bookings', {
      headers: auth(token),
      data: {
        product_id: product.id,
        date,
        time: full.time,
        pax: { adult: (left?.seats_left ?? 0) - 2 },
        customer_name: 'Grupo Colegio Tenerife',
        channel: 'office',
      },
    });
    expect(sold.status(), await sold.text()).toBe(201);

    await page.getByRole('button', { name: 'Confirmar reserva' }).click();
    const alert = page.getByTestId('sold-out');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('No quedan plazas suficientes');
    await expect(alert).toContainText('quedan 2 plazas');
    const alternatives = alert.getByRole('button', { name: /^Cambiar a las \d{2}:\d{2}/ });
    await expect(alternatives.first()).toBeVisible();
    // The calendar's departure shows the seats now left.
    await expect(page.getByRole('radio', { name: new RegExp(`^${full.time}`) })).toHaveAccessibleName(
      /quedan 2 plazas/,
    );

    // Everything typed is still there.
    await expect(page.getByLabel('Nombre y apellidos')).toHaveValue('Hans Müller');
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);
    await expect(page.getByLabel('Comentarios')).toHaveValue('Vamos con una silla de ruedas plegable');
    await expect(page.getByRole('checkbox', { name: /Acepto las condiciones/ })).toBeChecked();
    await expect(swims(1).getByRole('radio', { name: 'Sí' })).toBeChecked();
    await expect(swims(4).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(await bookingsOf(request, token, email)).toHaveLength(0);

    // Taking another time books it.
    const other = /(\d{2}:\d{2})/.exec((await alternatives.first().textContent()) ?? '')?.[1];
    await alternatives.first().click();
    await expect(page.getByRole('radio', { name: new RegExp(`^${other}`) })).toBeChecked();
    await page.getByRole('button', { name: 'Confirmar reserva' }).click();
    await expect(page).toHaveURL(/\/public\/landing\/booking-voucher\//);
    const mine = await bookingsOf(request, token, email);
    expect(mine).toHaveLength(1);
    const staffView = await (await request.get(`/api/v1/bookings/${mine[0].id}`, { headers: auth(token) })).json();
    expect(staffView).toMatchObject({ date, time: other, notes: 'Vamos con una silla de ruedas plegable' });
    expect((staffView.answers as { passenger: number; value: string }[]).map((a) => [a.passenger, a.value])).toEqual([
      [1, 'yes'],
      [2, 'yes'],
      [3, 'yes'],
      [4, 'no'],
    ]);
  });
});

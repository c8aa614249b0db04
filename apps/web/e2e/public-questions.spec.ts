/**
 * Issue 33 item 3: booking questions on the public pages. On a phone, in English, a customer books
 * Atlántico Sur's catamaran (CAT-01) for 2 adults and a child: the form asks the required «Can they
 * swim?» for each passenger and «How did you hear about us?» once; sent without the child's answer,
 * the error shows at that field; answered, the booking is made and the voucher lists the answers.
 */
import { expect, type Page, test } from '@playwright/test';
import en from '../src/public/i18n/dict/en';
import { auth, bookingsOf, PHONE, productNamed, publicSlots, staffToken, uniqueEmail } from './public-helpers';

test.use({ ...PHONE, locale: 'en-GB' });

/** Picks a date in the booking calendar (English), moving month by month until it shows. */
async function pickDate(page: Page, iso: string) {
  const day = page.locator(`button[data-date="${iso}"]`);
  const loaded = () => expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
  await loaded();
  for (let i = 0; i < 4 && !(await day.isVisible()); i++) {
    await page.getByRole('button', { name: en.common.calendar.next }).click();
    await loaded();
  }
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
}

test('the catamaran in English: questions per passenger and per booking, an error at the field, the voucher with the answers', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await staffToken(request, 'gerencia@atlanticosur.demo');
  const product = await productNamed(request, token, 'cetáceos');
  // Well ahead, with room for three (other journeys use the next days).
  const slot = (await publicSlots(request, product.id, 20)).find((s) => s.seats_left >= 3);
  if (!slot) throw new Error('No departure of the catamaran with 3 seats left');
  const email = uniqueEmail('questions');

  await page.goto(`/public/booking/product/${product.id}?lang=en`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await pickDate(page, slot.date);
  await page.getByRole('radio', { name: new RegExp(`^${slot.time}`) }).check();
  await page.getByRole('button', { name: 'Add adults' }).click();
  await page.getByRole('button', { name: 'Add children' }).click();
  const pickup = page.getByRole('combobox', { name: new RegExp(`^${en.common.pickup.label}`) });
  if (await pickup.isVisible()) {
    await pickup.click();
    await page.getByRole('option', { name: en.common.pickup.meetingPointOption }).click();
  }
  await page.getByLabel(en.common.fields.name).fill('Emma Clarke');
  await page.getByLabel(en.common.fields.email).fill(email);
  await page.getByLabel(en.common.fields.phone).fill('+44 7700 900123');

  // The questions, after the customer's data: the booking's once, then a group per passenger.
  const step = page.locator('section').filter({ has: page.getByRole('heading', { name: en.common.questions.title }) });
  await expect(step).toBeVisible();
  const passenger = (n: number, type: string) => step.getByRole('group', { name: `Passenger ${n} · ${type}` });
  await expect(passenger(1, 'Adult')).toBeVisible();
  await expect(passenger(2, 'Adult')).toBeVisible();
  await expect(passenger(3, 'Child')).toBeVisible();
  const swims = (n: number, type: string) => passenger(n, type).getByRole('radiogroup', { name: 'Can they swim?' });
  await expect(swims(1, 'Adult')).toContainText('So we can plan the swimming and snorkelling stop.');
  await swims(1, 'Adult').getByRole('radio', { name: 'Yes' }).check();
  await swims(2, 'Adult').getByRole('radio', { name: 'No' }).check();
  await step.getByLabel(/^How did you hear about us\?/).selectOption({ label: 'At the hotel' });
  await page.getByRole('checkbox', { name: /^I accept the booking and cancellation terms/ }).check();

  // Sent without the child's answer: the error at that field, in English, and nothing booked.
  await page.getByRole('button', { name: en.common.labels.confirmBooking }).click();
  await expect(swims(3, 'Child')).toHaveAttribute('aria-invalid', 'true');
  await expect(swims(3, 'Child')).toContainText('Required field');
  await expect(swims(3, 'Child').getByRole('radio', { name: 'Yes' })).toBeFocused();
  await expect(page).toHaveURL(/\/public\/booking\/product\//);
  expect(await bookingsOf(request, token, email)).toHaveLength(0);

  await swims(3, 'Child').getByRole('radio', { name: 'Yes' }).check();
  await expect(swims(3, 'Child')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: en.common.labels.confirmBooking }).click();

  // The voucher: the answers, the booking's first, then one line per passenger.
  await expect(page).toHaveURL(/\/public\/landing\/booking-voucher\//);
  const answers = page.getByRole('region', { name: en.common.questions.answers });
  await expect(answers).toBeVisible();
  await expect(answers.getByTestId('answers')).toContainText('How did you hear about us?At the hotel');
  await expect(answers.getByTestId('answers-passenger-1')).toHaveText('Passenger 1 · AdultCan they swim? Yes');
  await expect(answers.getByTestId('answers-passenger-2')).toHaveText('Passenger 2 · AdultCan they swim? No');
  await expect(answers.getByTestId('answers-passenger-3')).toHaveText('Passenger 3 · ChildCan they swim? Yes');

  // Stored in the operator's language and form, as the crew reads them.
  const [mine] = await bookingsOf(request, token, email);
  const staff = await (await request.get(`/api/v1/bookings/${mine.id}`, { headers: auth(token) })).json();
  expect(
    (staff.answers as { passenger: number | null; label: string; value: string }[]).map((a) => [
      a.passenger,
      a.label,
      a.value,
    ]),
  ).toEqual([
    [1, '¿Sabe nadar?', 'yes'],
    [2, '¿Sabe nadar?', 'no'],
    [3, '¿Sabe nadar?', 'yes'],
    [null, '¿Cómo nos has conocido?', 'En el hotel'],
  ]);
});

/**
 * Booking questions in the product form (issue 33 item 3, ADR 024): the manager adds a
 * per-passenger choice with its options, orders it with the keyboard, translates it into German,
 * saves; after a reload it is all there, the question that was already asked kept its id, and the
 * API answers the new one as it was typed.
 */
import { expect, test } from '@playwright/test';
import { api, signIn } from './helpers';

const MANAGER = 'gerencia@teideaventura.demo';

type TQuestionOut = {
  id: string;
  scope: string;
  kind: string;
  label: string;
  help: string;
  required: boolean;
  options: string[];
  translations: Record<string, { label?: string; help?: string; options?: string[] }>;
};

test('a manager adds a per-passenger choice question with a German translation; it is kept and the API answers it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36).toUpperCase();
  await signIn(page, MANAGER);
  const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;

  // A tour of our own that already asks one question (its id must survive the save).
  const created = await api<{ id: string; questions: TQuestionOut[] }>(page.request, token, 'POST', '/products', {
    code: `PREG-${stamp}`,
    name: `Kayak en Los Gigantes ${stamp}`,
    state: 'active',
    capacity: 12,
    prices: [{ pax_type: 'adult', amount_cents: 4200, min_age: 12, occupies_seat: true }],
    questions: [{ scope: 'passenger', kind: 'yes_no', label: '¿Sabe nadar?', required: true }],
  });
  const swimId = created.questions[0]?.id;
  expect(swimId).toBeTruthy();

  await page.goto(`/products/edit/${created.id}`);
  const list = page.getByRole('list', { name: 'Preguntas al reservar' });
  // The whole form (a lazy screen) may take a while on a busy machine.
  await expect(list.getByRole('listitem')).toHaveCount(1, { timeout: 60_000 });

  // A new question: the choice of menu, asked of every passenger, required.
  await page.getByRole('button', { name: 'Añadir pregunta' }).click();
  const added = list.getByRole('listitem', { name: /^Pregunta 2:/ });
  await expect(added.getByLabel('Pregunta', { exact: true })).toBeFocused();
  await page.keyboard.type('Menú de la comida');
  // The kind by keyboard: the arrow opens the list.
  await added.getByRole('combobox', { name: 'Tipo de respuesta' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: 'Una opción de una lista' }).click();
  const options = added.getByRole('group', { name: 'Opciones de «Menú de la comida»' });
  await expect(options.getByRole('textbox')).toHaveCount(2);
  await options.getByLabel('Opción 1', { exact: true }).fill('Carne');

  // Saving with an empty option says so at the option.
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(options.getByLabel('Opción 2', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(options.getByText('Campo requerido')).toBeVisible();

  await options.getByLabel('Opción 2', { exact: true }).fill('Pescado');
  // Enter adds a third option and takes the cursor there.
  await options.getByLabel('Opción 2', { exact: true }).press('Enter');
  await expect(options.getByLabel('Opción 3', { exact: true })).toBeFocused();
  await page.keyboard.type('Vegetariano');
  await added.getByRole('radio', { name: 'Por cada pasajero' }).check();
  await added.getByRole('switch', { name: /^Obligatoria/ }).check();
  await expect(added).toContainText('Una opción de una lista · 3 opciones');

  // The keyboard moves it up; the focus stays on its button.
  await page.getByRole('button', { name: 'Subir «Menú de la comida»' }).focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem').first()).toHaveAccessibleName('Pregunta 1: Menú de la comida');
  await expect(page.getByRole('button', { name: 'Bajar «Menú de la comida»' })).toBeFocused();

  // German: the question and its options, the original under each.
  const germanTab = page.getByRole('tab', { name: /Alemán/ });
  await germanTab.click();
  const german = page.getByRole('group', { name: 'Traducción de la pregunta 1 al alemán' });
  await expect(german.getByText('Original: Menú de la comida')).toBeVisible();
  await german.getByLabel('Pregunta 1 (alemán)', { exact: true }).fill('Mittagsmenü');
  await german.getByLabel('Opción 1 (alemán)', { exact: true }).fill('Fleisch');
  await german.getByLabel('Opción 2 (alemán)', { exact: true }).fill('Fisch');
  await german.getByLabel('Opción 3 (alemán)', { exact: true }).fill('Vegetarisch');

  await expect(page.getByText('Cambios sin guardar')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();
  // Saved: the bar says so (the notice may have gone already on a slow machine).
  await expect(page.getByText('Sin cambios pendientes.')).toBeVisible({ timeout: 30_000 });

  // After a reload: in order, with what it is; its options and translation kept.
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(2, { timeout: 60_000 });
  const menu = list.getByRole('listitem', { name: 'Pregunta 1: Menú de la comida' });
  await expect(menu).toContainText('Una opción de una lista · 3 opciones');
  await expect(menu).toContainText('Por cada pasajero');
  await expect(menu).toContainText('Obligatoria');
  await expect(list.getByRole('listitem').nth(1)).toHaveAccessibleName('Pregunta 2: ¿Sabe nadar?');
  await page.getByRole('button', { name: 'Editar «Menú de la comida»' }).click();
  await expect(menu.getByLabel('Opción 3', { exact: true })).toHaveValue('Vegetariano');
  await page.getByRole('tab', { name: /Alemán/ }).click();
  await expect(page.getByLabel('Pregunta 1 (alemán)', { exact: true })).toHaveValue('Mittagsmenü');
  await expect(
    page
      .getByRole('group', { name: 'Traducción de la pregunta 1 al alemán' })
      .getByLabel('Opción 3 (alemán)', { exact: true }),
  ).toHaveValue('Vegetarisch');

  // The API answers it with the token of the session; «¿Sabe nadar?» kept its id.
  const sessionToken = (await page.evaluate(() => localStorage.getItem('token'))) as string;
  const res = await page.request.get(`/api/v1/products/${created.id}`, {
    headers: { Authorization: `Bearer ${sessionToken}` },
  });
  expect(res.status()).toBe(200);
  const { questions } = (await res.json()) as { questions: TQuestionOut[] };
  expect(questions).toHaveLength(2);
  expect(questions[0]).toMatchObject({
    scope: 'passenger',
    kind: 'choice',
    label: 'Menú de la comida',
    required: true,
    options: ['Carne', 'Pescado', 'Vegetariano'],
    translations: { de: { label: 'Mittagsmenü', options: ['Fleisch', 'Fisch', 'Vegetarisch'] } },
  });
  expect(questions[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(questions[1]).toMatchObject({ id: swimId, kind: 'yes_no', label: '¿Sabe nadar?', required: true });
});

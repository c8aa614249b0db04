import { expect, type Locator, type Page, test } from '@playwright/test';
import { openAs } from './helpers';

const OPERATOR_ADMIN = 'gerencia@teideaventura.demo';
const stamp = () => Date.now().toString(36).slice(-5).toUpperCase();

/** Picks a day in the calendar of a Mantine date input (not a day of the neighbouring months). */
async function pickDay(page: Page, input: Locator, day: number, { nextMonth = false } = {}) {
  await input.click();
  const dropdown = page
    .locator('.mantine-Popover-dropdown')
    .filter({ has: page.locator('table') })
    .last();
  await expect(dropdown).toBeVisible();
  if (nextMonth) await dropdown.locator('button[data-direction="next"]').click();
  await dropdown
    .locator('button:not([data-outside]):not([data-disabled])', { hasText: new RegExp(`^${day}$`) })
    .click();
  await expect(dropdown).toBeHidden();
}

test.describe('resources: vehicles, accommodations, persons (PRODUCT §4, §5)', () => {
  test('create a vehicle with an unavailable period and see it in the list', async ({ page }) => {
    await openAs(page, '/resources/vehicles', OPERATOR_ADMIN);
    await expect(page.getByRole('heading', { name: 'Vehículos' })).toBeVisible();

    // .first(): an empty list offers the same button in its empty state.
    await page.getByRole('button', { name: 'Nuevo vehículo' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Nuevo vehículo' });
    // Spec §5: empty required fields say "Campo requerido".
    await drawer.getByRole('button', { name: 'Guardar' }).click();
    await expect(drawer.getByText('Campo requerido').first()).toBeVisible();

    const plate = `E2E ${stamp()}`;
    await drawer.getByLabel('Matrícula').fill(plate);
    await drawer.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Minibús' }).click();
    await drawer.getByLabel('Nombre', { exact: true }).fill('Minibús E2E');
    await drawer.getByLabel('Plazas').fill('19');
    await drawer.getByLabel('Nº autorización de transporte').fill('VD-999001');

    // A period from today to the 5th of next month: the vehicle is not available today.
    await drawer.getByRole('button', { name: 'Añadir periodo' }).click();
    const today = new Date().getDate();
    await pickDay(page, drawer.getByRole('button', { name: 'Desde' }), today);
    await pickDay(page, drawer.getByRole('button', { name: 'Hasta' }), 5, { nextMonth: true });
    await drawer.getByLabel('Motivo').fill('ITV e2e');
    await drawer.getByRole('button', { name: 'Guardar' }).click();
    await expect(drawer).toBeHidden();

    // In the list (search kept in the URL), with its type, seats and the "no disponible hoy" marker.
    const normalised = plate.replace(/\s+/g, '');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(normalised);
    await expect(page).toHaveURL(new RegExp(`q=${normalised}`));
    const row = page.getByRole('row', { name: new RegExp(normalised) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Minibús');
    await expect(row).toContainText('19');
    await expect(row).toContainText('Activo');
    await expect(row).toContainText('No disponible hoy');

    // The period is kept.
    await row.getByRole('button', { name: `Editar ${normalised}` }).click();
    const edit = page.getByRole('dialog', { name: /Editar vehículo/ });
    await expect(edit.getByLabel('Motivo')).toHaveValue('ITV e2e');
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await expect(edit).toBeHidden();
  });

  test('import a CSV of hotels with one bad row: preview, report, then the hotels in the list', async ({ page }) => {
    await openAs(page, '/resources/accommodations', OPERATOR_ADMIN);
    await page.getByRole('button', { name: 'Importar CSV' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Importar alojamientos desde CSV' });
    await expect(dialog.getByRole('button', { name: 'Descargar plantilla' })).toBeVisible();

    const id = stamp();
    const csv = [
      'Nombre;Tipo;Dirección;Zona;Coordenadas;Punto de recogida',
      `Hotel Lago ${id};Hotel;Av. de España 1, Costa Adeje;Costa Adeje;28.0801,-16.7322;Puerta principal`,
      `Apartamentos Faro ${id};Apartamento;C/ del Faro 3, Los Cristianos;Los Cristianos;28.0480,-16.7150;Recepción`,
      `Hotel Roto ${id};Hotel;;Costa Adeje;91,-16.7;`,
    ].join('\r\n');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'hoteles.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf-8') });

    // The dry run: what would be created and which line is rejected, and why.
    await expect(dialog.getByText('Se crearán 2 alojamientos · 1 línea rechazada')).toBeVisible();
    const rejected = dialog.getByRole('table', { name: 'Líneas rechazadas' });
    await expect(rejected.getByRole('row', { name: new RegExp(`Hotel Roto ${id}`) })).toContainText('Coordenadas');
    await expect(rejected.getByRole('row', { name: new RegExp(`Hotel Roto ${id}`) })).toContainText('4');

    await dialog.getByRole('button', { name: 'Importar 2 alojamientos' }).click();
    await expect(dialog.getByText('Se han creado 2 alojamientos · 1 línea rechazada')).toBeVisible();
    await dialog.getByRole('button', { name: 'Hecho' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Buscar' }).fill(id);
    await expect(page).toHaveURL(new RegExp(`q=${id}`));
    await expect(page.getByRole('row', { name: new RegExp(`Hotel Lago ${id}`) })).toContainText('Puerta principal');
    await expect(page.getByRole('row', { name: new RegExp(`Apartamentos Faro ${id}`) })).toContainText(
      'Los Cristianos',
    );
    await expect(page.getByRole('row', { name: new RegExp(`Hotel Roto ${id}`) })).toHaveCount(0);

    // The map view shows them even without map tiles (no internet in tests).
    await page
      .locator('label')
      .filter({ hasText: /^Mapa$/ })
      .click();
    await expect(page).toHaveURL(/view=map/);
    await expect(page.getByRole('region', { name: 'Mapa de alojamientos' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Ver en el mapa: Hotel Lago ${id}` })).toBeVisible();
    await expect(page.locator('.leaflet-interactive')).toHaveCount(2);
  });

  test('create a person with languages and a document', async ({ page }) => {
    await openAs(page, '/resources/persons', OPERATOR_ADMIN);
    await page.getByRole('button', { name: 'Nueva persona' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Nueva persona' });
    await drawer.getByRole('button', { name: 'Guardar' }).click();
    await expect(drawer.getByText('Campo requerido').first()).toBeVisible();

    const name = `Lucía Afonso ${stamp()}`;
    await drawer.getByLabel('Nombre completo').fill(name);
    await drawer.getByRole('combobox', { name: 'Función' }).click();
    await page.getByRole('option', { name: 'Guía' }).click();
    await drawer.getByLabel('Email').fill('lucia@');
    await drawer.getByRole('button', { name: 'Guardar' }).click();
    await expect(drawer.getByText('Por favor, introduce una dirección de correo electrónico válida')).toBeVisible();
    await drawer.getByLabel('Email').fill('lucia.afonso@example.com');
    await drawer.getByLabel('Teléfono').fill('+34 611 000 222');
    await drawer.getByLabel('Idiomas').click();
    await page.getByRole('option', { name: 'Alemán' }).click();
    await page.getByRole('option', { name: 'Inglés' }).click();
    await drawer.getByLabel('Nombre completo').click(); // closes the language list
    await drawer.getByLabel('DNI/Pasaporte').fill('45123456x');
    await drawer.getByRole('button', { name: 'Guardar' }).click();
    await expect(drawer).toBeHidden();

    await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
    await expect(page).toHaveURL(/q=Luc/);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Guía');
    await expect(row).toContainText('Alemán');
    await expect(row).toContainText('Inglés');
    await expect(row).toContainText('45123456X');

    // Filter by language: languages[eq]=de.
    const request = page.waitForRequest(
      (r) => r.url().includes('/api/v1/persons') && r.url().includes('languages[eq]=de'),
    );
    await page.getByRole('combobox', { name: 'Idioma', exact: true }).click();
    await page.getByRole('option', { name: 'Alemán' }).click();
    await request;
    await expect(page).toHaveURL(/language=de/);
    await expect(row).toBeVisible();
  });

  test('PRODUCT §3: a seller reads accommodations only; a driver reads vehicles without write actions', async ({
    page,
  }) => {
    await openAs(page, '/resources/accommodations', 'ventas@teideaventura.demo');
    await expect(page.getByRole('heading', { name: 'Alojamientos' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nuevo alojamiento' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Importar CSV' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Eliminar / })).toHaveCount(0);
    await page.goto('/resources/vehicles');
    await expect(page.getByText(/sin permiso/i).first()).toBeVisible();

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await openAs(page, '/resources/vehicles', 'chofer@teideaventura.demo');
    await expect(page.getByRole('heading', { name: 'Vehículos' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nuevo vehículo' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Editar|Eliminar) / })).toHaveCount(0);
  });
});

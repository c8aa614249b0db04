/**
 * "Canales" (issue 33 item 2): the operator's admin creates a reseller with a commission, gives it
 * an API key (shown once), the key opens the OCTO API and its request is in "Peticiones"; revoked,
 * the same request answers 401. An agency has no keys. A seller has no "Canales".
 * CHANNELS_SCREENSHOTS=<dir>: also save how the screens look at 1280 and 390 px, to check by eye.
 */
import { expect, type Page, test } from '@playwright/test';
import { api, local, openAs, signIn, tokenOf } from './helpers';

const MANAGER = 'gerencia@teideaventura.demo';
const SELLER = 'ventas@teideaventura.demo';
const KEY_RE = /^trk_[A-Za-z0-9_-]{40}$/;

const shot = async (page: Page, name: string) => {
  const dir = process.env.CHANNELS_SCREENSHOTS;
  if (!dir) return;
  await page.waitForTimeout(400); // drawers and dialogs finish their transition
  // The save notifications would cover what is being looked at.
  await page.screenshot({
    path: `${dir}/${name}-${page.viewportSize()?.width ?? 0}.png`,
    style: '.mantine-Notifications-root { display: none !important; }',
  });
};

/** Brings a part of a long drawer into the middle of the screen (for a screenshot of it). */
const scrollTo = (page: Page, heading: string) =>
  page
    .getByRole('heading', { name: heading })
    .last()
    .evaluate((el) => el.scrollIntoView({ block: 'center' }));

const octo = (key: string) => ({ Authorization: `Bearer ${key}`, 'Octo-Capabilities': '' });

/** Every input's value on the page: the key must not stay anywhere once its dialog is closed. */
const inputValues = (page: Page) =>
  page.locator('input, textarea').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

test.describe('Canales (issue 33)', () => {
  test('a reseller: commission, a key shown once that opens the OCTO API, its request logged, revoked → 401', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, MANAGER);
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Canales' }).click();
    await expect(page).toHaveURL(/\/channels$/);
    await expect(page.getByRole('heading', { name: 'Canales', level: 1 })).toBeVisible();

    const name = `OTA Tenerife ${Date.now()}`;
    await page.getByRole('button', { name: 'Nuevo canal' }).first().click();
    const form = page.getByRole('dialog', { name: /Nuevo canal/ });
    await expect(form.getByRole('radio', { name: 'Revendedor OCTO' })).toBeChecked();
    // Checked in the browser with the shared schema: the name is required (and gets the focus).
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form.getByText('Campo requerido')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Nombre' })).toBeFocused();
    await form.getByRole('textbox', { name: 'Nombre' }).fill(name);
    await form.getByRole('textbox', { name: 'Comisión (%)' }).fill('15,5');
    await form.getByRole('textbox', { name: 'Correo de contacto' }).fill('partners@ota-tenerife.example');
    await form.getByRole('textbox', { name: 'Nombre' }).scrollIntoViewIfNeeded();
    await shot(page, 'channel-form');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form).toBeHidden();

    // A new reseller opens its connection: the base URL to hand over, and no key yet.
    const drawer = page.getByRole('dialog', { name: new RegExp(`Conexión\\s*${name}`) });
    await expect(drawer).toBeVisible();
    await expect(page).toHaveURL(/\?channel=[0-9a-f-]{36}/);
    const base = `${new URL(page.url()).origin}/api/octo/v1`;
    await expect(drawer.getByRole('textbox', { name: 'URL base de la API OCTO' })).toHaveValue(base);
    await expect(drawer.getByText('Authorization: Bearer <clave>')).toBeVisible();
    await expect(drawer.getByText('Sin claves activas')).toBeVisible();
    await expect(drawer.getByText('15,5 %')).toBeVisible();

    // "Nueva clave": the key, once.
    await drawer.getByRole('button', { name: 'Nueva clave' }).click();
    const newKey = page.getByRole('dialog', { name: 'Nueva clave de API' });
    await newKey.getByRole('textbox', { name: 'Nombre de la clave' }).fill('Producción');
    await newKey.getByRole('button', { name: 'Crear clave' }).click();
    const shown = page.getByRole('dialog', { name: 'Clave creada' });
    await expect(shown.getByText('Cópiala ahora: no se volverá a mostrar')).toBeVisible();
    const key = await shown.getByRole('textbox', { name: 'Clave de API' }).inputValue();
    expect(key).toMatch(KEY_RE);
    await expect(shown.getByRole('button', { name: 'Copiar clave de api' })).toBeVisible();
    await shot(page, 'channel-key-shown-once');
    await shown.getByRole('button', { name: 'He copiado la clave' }).click();
    await expect(shown).toBeHidden();
    // Gone from the screen: only its first characters remain.
    expect(await inputValues(page)).not.toContain(key);
    await expect(page.getByText(key)).toHaveCount(0);
    const keys = drawer.getByRole('table', { name: 'Claves de API' });
    const keyRow = keys.getByRole('row', { name: /Producción/ });
    await expect(keyRow).toContainText(`${key.slice(0, 12)}…`);
    await expect(keyRow).toContainText('Activa');
    await expect(keyRow).toContainText('Nunca');
    await expect(drawer.getByText('1 clave activa')).toBeVisible();

    // The reseller uses it.
    const ok = await request.get('/api/octo/v1/products', { headers: octo(key) });
    expect(ok.status(), await ok.text()).toBe(200);

    // …and the office sees the request (logged once the answer left: refresh until it is there).
    const requests = drawer.getByRole('table', { name: 'Peticiones' });
    await expect(async () => {
      await drawer.getByRole('button', { name: 'Actualizar' }).click();
      await expect(requests.getByRole('row', { name: /GET \/api\/octo\/v1\/products/ })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });
    const logged = requests.getByRole('row', { name: /GET \/api\/octo\/v1\/products/ }).first();
    await expect(logged).toContainText('200');
    await expect(logged).toContainText(`${key.slice(0, 12)}…`);
    await expect(logged).toContainText(/\d+ ms/);
    await shot(page, 'channel-connection');
    await scrollTo(page, 'Peticiones');
    await shot(page, 'channel-connection-requests');

    // On a phone: the same drawer, full screen, nothing wider than the screen; a second key
    // (rotation) shown once there too.
    await page.setViewportSize({ width: 390, height: 844 });
    await scrollTo(page, 'Datos para el revendedor');
    await shot(page, 'channel-connection');
    const cards = drawer.getByRole('list', { name: 'Claves de API' });
    await expect(cards.getByRole('listitem', { name: 'Clave Producción' })).toContainText(`${key.slice(0, 12)}…`);
    await scrollTo(page, 'Claves de API');
    await shot(page, 'channel-connection-keys');
    await scrollTo(page, 'Peticiones');
    await expect(drawer.getByRole('list', { name: 'Peticiones' })).toContainText('GET /api/octo/v1/products');
    await shot(page, 'channel-connection-requests');
    const wider = await drawer.evaluate((el) => {
      const body = el.querySelector('.mantine-Drawer-body') ?? el;
      return body.scrollWidth - body.clientWidth;
    });
    expect(wider).toBeLessThanOrEqual(0);
    await drawer.getByRole('button', { name: 'Nueva clave' }).click();
    await page.getByRole('dialog', { name: 'Nueva clave de API' }).getByRole('textbox').fill('Pruebas');
    await page.getByRole('dialog', { name: 'Nueva clave de API' }).getByRole('button', { name: 'Crear clave' }).click();
    const second = page.getByRole('dialog', { name: 'Clave creada' });
    const secondKey = await second.getByRole('textbox', { name: 'Clave de API' }).inputValue();
    expect(secondKey).toMatch(KEY_RE);
    expect(secondKey).not.toBe(key);
    await shot(page, 'channel-key-shown-once');
    await second.getByRole('button', { name: 'He copiado la clave' }).click();
    await expect(second).toBeHidden();
    await expect(drawer.getByText('2 claves activas')).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });

    // "Revocar", behind a confirmation; then the same request is refused.
    await keyRow.getByRole('button', { name: 'Revocar Producción' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revocar la clave' });
    await expect(confirm).toContainText('dejará de funcionar al momento');
    await confirm.getByRole('button', { name: 'Revocar' }).click();
    await expect(confirm).toBeHidden();
    await expect(keyRow).toContainText('Revocada');
    await expect(keyRow.getByRole('button', { name: /Revocar/ })).toHaveCount(0);
    const refused = await request.get('/api/octo/v1/products', { headers: octo(key) });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe('UNAUTHORIZED');
    // The other key still opens it (rotation without a cut).
    expect((await request.get('/api/octo/v1/products', { headers: octo(secondKey) })).status()).toBe(200);
    await expect(drawer.getByText('1 clave activa')).toBeVisible();

    // The list: kind, commission, who collects, live keys, state; found by its name.
    await drawer.getByRole('button', { name: 'Cerrar' }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
    await expect(page).toHaveURL(/q=OTA/);
    const row = page.getByRole('table', { name: 'Canales' }).getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Revendedor (API OCTO)');
    await expect(row).toContainText('15,5 %');
    await expect(row).toContainText('El operador');
    await expect(row).toContainText('Activo');
    // Its live keys: «Pruebas».
    await expect(row.getByRole('cell').nth(4)).toHaveText('1');

    // The activity log names the key's revocation and leads back to the channel's connection.
    await page.goto('/audit-log?entity_type=channel');
    const entry = page.getByRole('row', { name: new RegExp(`Canal ${name}: clave`) }).first();
    await expect(entry).toBeVisible();
    await entry.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/channels\?channel=/);
    await expect(page.getByRole('dialog', { name: new RegExp(`Conexión\\s*${name}`) })).toBeVisible();
  });

  test('an agency has no keys: the office records its bookings; the list filters by kind and fits a phone', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAs(page, '/channels', MANAGER);
    const name = `Agencia Sol ${Date.now()}`;
    await page.getByRole('button', { name: 'Nuevo canal' }).first().click();
    const form = page.getByRole('dialog', { name: /Nuevo canal/ });
    await form.getByRole('textbox', { name: 'Nombre' }).fill(name);
    // A segmented control: its radio is drawn by its label.
    await form.getByText('Agencia', { exact: true }).click();
    await expect(form.getByRole('radio', { name: 'Agencia', exact: true })).toBeChecked();
    await expect(form.getByRole('textbox', { name: 'URL del webhook' })).toHaveCount(0);
    // Net rates instead of a commission: a small table of product, passenger type and amount.
    await form.getByText('Tarifas netas', { exact: true }).click();
    await form.getByRole('combobox', { name: 'Producto' }).click();
    await page.getByRole('option', { name: /Subida al Teide/ }).click();
    await form.getByRole('combobox', { name: 'Tipo de pasajero' }).click();
    await page.getByRole('option', { name: 'Adulto', exact: true }).click();
    await form.getByRole('textbox', { name: 'Neto por pasajero' }).fill('35');
    await form.getByRole('textbox', { name: 'Comisión en los demás productos (%)' }).fill('10');
    await form.getByRole('radio', { name: /Cobra la agencia/ }).check();
    await form.getByRole('textbox', { name: 'Cupo por salida' }).fill('8');
    await form.getByText('Tarifas netas', { exact: true }).scrollIntoViewIfNeeded();
    await shot(page, 'channel-form-net-rates');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form).toBeHidden();
    // No connection drawer for an agency.
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await expect(
      page.getByRole('table', { name: 'Canales' }).getByRole('row', { name: new RegExp(name) }),
    ).toBeVisible();
    await shot(page, 'channels-list');
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Agencia' }).click();
    await expect(page).toHaveURL(/kind=agency/);
    const table = page.getByRole('table', { name: 'Canales' });
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Agencia');
    await expect(row).toContainText('La agencia');
    await expect(row).toContainText('Tarifas netas');
    await expect(row).toContainText('10 % en el resto');
    await expect(table.getByRole('row', { name: /Revendedor \(API OCTO\)/ })).toHaveCount(0);

    await row.getByRole('button', { name: `Conexión ${name}` }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(`Conexión\\s*${name}`) });
    await expect(drawer.getByText('Una agencia no se conecta')).toBeVisible();
    await expect(drawer.getByText(/registra las reservas de esta agencia en su nombre/)).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Nueva clave' })).toHaveCount(0);
    await expect(drawer.getByRole('heading', { name: 'Claves de API' })).toHaveCount(0);
    await expect(drawer.getByText('8 plazas por salida')).toBeVisible();

    // "Editar canal": the stored net rate comes back as typed; a change is saved.
    await drawer.getByRole('button', { name: 'Editar canal' }).click();
    await expect(drawer).toBeHidden();
    const edit = page.getByRole('dialog', { name: new RegExp(`Editar canal\\s*${name}`) });
    await expect(edit.getByRole('radio', { name: 'Tarifas netas' })).toBeChecked();
    await expect(edit.getByRole('combobox', { name: 'Producto' })).toHaveValue(/Subida al Teide/);
    await expect(edit.getByRole('textbox', { name: 'Neto por pasajero' })).toHaveValue('35,00 €');
    await expect(edit.getByRole('radio', { name: /Cobra la agencia/ })).toBeChecked();
    await edit.getByRole('textbox', { name: 'Cupo por salida' }).fill('10');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(edit).toBeHidden();
    await row.getByRole('button', { name: `Conexión ${name}` }).click();
    await expect(drawer.getByText('10 plazas por salida')).toBeVisible();

    // A booking the office records on the agency's behalf (through the API here; the form's
    // «Agencia» is in the booking form's tests); «Ver reservas» in the channel's drawer opens the
    // bookings list filtered by it, which names the agency in its filter and shows that booking only.
    const token = await tokenOf(request, MANAGER);
    const [agency] = await api<{ id: string }[]>(
      request,
      token,
      'GET',
      `/channels?q=${encodeURIComponent(name)}&per_page=5`,
    );
    const when = local(new Date(Date.now() + 3 * 86_400_000));
    const product = await api<{ id: string }>(request, token, 'POST', '/products', {
      code: `AG-${Date.now().toString(36).toUpperCase()}`,
      name: `Ruta para agencias ${name}`,
      state: 'active',
      capacity: 20,
      duration_minutes: 120,
      booking_cutoff_hours: 0,
      meeting_point: 'Plaza del Charco, Puerto de la Cruz',
      prices: [{ pax_type: 'adult', amount_cents: 4000, min_age: 12, occupies_seat: true }],
      availability_rules: [{ weekdays: [when.weekday], times: ['10:00'], valid_from: when.date, valid_to: when.date }],
    });
    const customer = `Cliente de agencia ${Date.now()}`;
    await api(request, token, 'POST', '/bookings', {
      product_id: product.id,
      date: when.date,
      time: '10:00',
      pax: { adult: 2 },
      customer_name: customer,
      customer_email: 'agencia.cliente@example.com',
      customer_phone: '+34 600 111 333',
      customer_country: 'ES',
      language: 'es',
      accommodation_id: null,
      channel_id: agency.id,
    });
    await drawer.getByRole('link', { name: 'Ver reservas' }).click();
    await expect(page).toHaveURL(new RegExp(`/booking\\?channel_id=${agency.id}`));
    await expect(page.getByRole('combobox', { name: 'Agencia o revendedor' })).toHaveValue(name);
    const bookings = page.getByRole('table', { name: /Reservas/ });
    await expect(bookings.getByRole('row', { name: new RegExp(customer) })).toBeVisible();
    await expect(bookings.locator('tbody tr:not([aria-hidden])')).toHaveCount(1);

    // On a phone: cards, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/channels');
    const cards = page.getByRole('list', { name: 'Canales' });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'channels-list');
    await page.getByRole('button', { name: 'Nuevo canal' }).first().click();
    await expect(page.getByRole('dialog', { name: /Nuevo canal/ })).toBeVisible();
    await shot(page, 'channel-form');
  });

  test("the administrator names the operator: only that operator's products are offered", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAs(page, '/channels');
    const name = `Canal Sur ${Date.now()}`;
    await page.getByRole('button', { name: 'Nuevo canal' }).first().click();
    const form = page.getByRole('dialog', { name: /Nuevo canal/ });
    await form.getByRole('textbox', { name: 'Nombre' }).fill(name);
    await form.getByText('Solo algunos', { exact: true }).click();
    const products = form.getByLabel('Productos que puede vender');
    await expect(products).toBeDisabled();
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form.getByRole('combobox', { name: 'Tour operador' })).toBeFocused();
    await form.getByRole('combobox', { name: 'Tour operador' }).click();
    await page.getByRole('option', { name: 'Atlántico Sur Excursiones' }).click();
    await expect(products).toBeEnabled();
    await products.click();
    await expect(page.getByRole('option', { name: /Avistamiento de cetáceos/ })).toBeVisible();
    await expect(page.getByRole('option', { name: /Subida al Teide/ })).toHaveCount(0);
    await page.getByRole('option', { name: /Avistamiento de cetáceos/ }).click();
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form).toBeHidden();
    const connection = page.getByRole('dialog', { name: new RegExp(`Conexión\\s*${name}`) });
    await expect(connection).toContainText('Atlántico Sur Excursiones');
    await expect(connection).toContainText('1 producto');
    await connection.getByRole('button', { name: 'Cerrar' }).click();

    const row = page.getByRole('table', { name: 'Canales' }).getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Atlántico Sur Excursiones');
    // Fits 1280 px with the operator column: no sideways scrolling.
    const fit = await page
      .getByRole('table', { name: 'Canales' })
      .evaluate((t) => t.scrollWidth - (t.closest('.mantine-ScrollArea-viewport') as HTMLElement).clientWidth);
    expect(fit).toBeLessThanOrEqual(0);
    await shot(page, 'channels-list-admin');
  });

  test('a seller has no «Canales» in the menu and /channels says «Sin permiso»', async ({ page }) => {
    await signIn(page, SELLER);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(menu.getByRole('link', { name: 'Reservas' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Canales' })).toHaveCount(0);
    await page.goto('/channels');
    await expect(page.getByRole('heading', { name: 'Sin permiso' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Canales' })).toHaveCount(0);
  });
});

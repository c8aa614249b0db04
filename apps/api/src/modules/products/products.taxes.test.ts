/**
 * Taxes (issue 34): an operator's territory decides the tax (IGIC in the Canaries, IVA elsewhere) and
 * the rates its products may have; a product's rate is a property of the product; a booking keeps
 * the rate it was sold at, whatever the product says later; prices include the tax, and every
 * booking answer (staff and the customer's) says how much of the total it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { api, booked, bookingBody, mkProduct, type World } from '../bookings/bookings.test-helpers';

let app: Awaited<ReturnType<typeof buildTestApp>>;
let w: World;

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
});
afterAll(async () => {
  await app?.close();
});

const setTerritory = async (id: string, tax_territory: string) => {
  const res = await api(app).send('PUT', `/api/v1/tour-operators/${id}`, w.tokens.admin, { tax_territory });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { tax_territory: string };
};

describe('an operator’s tax territory', () => {
  it('is peninsula (IVA) unless said; an operator created in Atlantic/Canary starts in canarias', async () => {
    const made = await api(app).send('POST', '/api/v1/tour-operators', w.tokens.admin, {
      name: 'Volcanes del Sur',
      timezone: 'Atlantic/Canary',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().tax_territory).toBe('canarias');
    const mainland = await api(app).send('POST', '/api/v1/tour-operators', w.tokens.admin, {
      name: 'Rutas de Castilla',
    });
    expect(mainland.json().tax_territory).toBe('peninsula');
    const bad = await api(app).send('PUT', `/api/v1/tour-operators/${w.A.op.id}`, w.tokens.admin, {
      tax_territory: 'ceuta',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.tax_territory).toEqual(['Opción no válida']);
  });
});

describe('a product’s tax rate', () => {
  it('defaults to the territory’s general rate, takes only that territory’s rates, and changes on its own', async () => {
    await setTerritory(w.A.op.id, 'canarias');
    await setTerritory(w.B.op.id, 'peninsula');
    const canary = await mkProduct(app, w.tokens.A1);
    expect((canary as unknown as { tax_rate: number }).tax_rate).toBe(7);
    const mainland = await mkProduct(app, w.tokens.B1);
    expect((mainland as unknown as { tax_rate: number }).tax_rate).toBe(21);

    // IVA's 10 % is not an IGIC rate: refused on the field, in Spanish, and nothing stored.
    const wrong = await api(app).send('PUT', `/api/v1/products/${canary.id}`, w.tokens.A1, { tax_rate: 10 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.tax_rate[0]).toBe(
      'Tipo de IGIC no válido: Canarias (IGIC) admite 7, 3, 0, 9,5, 15, 20 %',
    );
    expect((await api(app).get(`/api/v1/products/${canary.id}`, w.tokens.A1)).json().tax_rate).toBe(7);
    // Not a rate anywhere: refused by the contract.
    const none = await api(app).send('PUT', `/api/v1/products/${canary.id}`, w.tokens.A1, { tax_rate: 8 });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.tax_rate).toEqual(['Opción no válida']);

    const reduced = await api(app).send('PUT', `/api/v1/products/${canary.id}`, w.tokens.A1, { tax_rate: 9.5 });
    expect(reduced.statusCode, reduced.body).toBe(200);
    expect(reduced.json().tax_rate).toBe(9.5);
    const created = await api(app).send('POST', '/api/v1/products', w.tokens.B1, {
      code: 'IVA-10',
      name: 'Traslado',
      capacity: 8,
      tax_rate: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().tax_rate).toBe(10);
    expect(created.json().tour_operator.tax_territory).toBe('peninsula');
  });
});

describe('a booking’s tax', () => {
  it('keeps the rate it was sold at; staff and customer answers say the tax the total includes', async () => {
    await setTerritory(w.A.op.id, 'canarias');
    const product = await mkProduct(app, w.tokens.A1);
    // 2 adults × 45 € + 1 child × 25 € = 115 € at IGIC 7 %: base 107,48 €, tax 7,52 €.
    const b = await booked(app, w.tokens.A1, bookingBody(product.id));
    expect(b.total_cents).toBe(11_500);
    expect(b.tax_rate).toBe(7);
    expect(b.tax_cents).toBe(752);

    // The product's rate changes: the booking keeps 7 %, a new sale takes 3 %.
    expect(
      (await api(app).send('PUT', `/api/v1/products/${product.id}`, w.tokens.A1, { tax_rate: 3 })).statusCode,
    ).toBe(200);
    const again = (await api(app).get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).json();
    expect([again.tax_rate, again.tax_cents]).toEqual([7, 752]);
    const later = await booked(app, w.tokens.A1, bookingBody(product.id, { pax: { adult: 1 } }));
    expect([later.tax_rate, later.tax_cents]).toEqual([3, 131]);

    // The customer's answer: the same figures, and the operator's territory names the tax.
    const pub = await app.inject({ method: 'GET', url: `/api/v1/public/bookings/${b.id}` });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json()).toMatchObject({ tax_rate: 7, tax_cents: 752, tour_operator: { tax_territory: 'canarias' } });
  });
});

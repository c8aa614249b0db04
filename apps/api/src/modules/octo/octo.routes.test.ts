/**
 * The OCTO supplier API (issue 33, ADR 023), read side: keys, its own errors, the supplier, the
 * products a channel may sell with octo/content, octo/pricing and octo/pickups, its OpenAPI
 * document and the request log. Every answer is checked against `@octocloud/types`' schemas and
 * against the OCTO API's own OpenAPI document.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createOperator, createWorld } from '../../../test/factories';
import { channelKeys, channelRequests, tourOperators } from '../../db/schema';
import { day, mkAccommodation, mkProduct, TZ, type World } from '../bookings/bookings.test-helpers';
import { newChannelKey } from '../channels/channel-keys';
import { offsetOf } from './octo.availability';
import {
  ALL_CAPS,
  allowProducts,
  caps,
  checkAgainstOctoDocument,
  expectOctoError,
  mkChannel,
  mkKey,
  OCTO,
  octoApi,
  refusingLogLinesOf,
  setNetRate,
  spec,
} from './octo.test-helpers';

let app: FastifyInstance;
let w: World;
let teide: { id: string };
let loro: { id: string };
let draft: { id: string };
let ofB: { id: string };
let hotel: string;
let channelA: Awaited<ReturnType<typeof mkChannel>>;
let keyA: string;

beforeAll(async () => {
  app = await buildTestApp();
  await checkAgainstOctoDocument(app);
  w = await createWorld(app);
  await app.db
    .update(tourOperators)
    .set({
      website: 'https://teide.example.com',
      email: 'reservas@teide.example.com',
      phone: '+34 922 000 000',
      address: 'Calle Mayor 1, Adeje',
    })
    .where(eq(tourOperators.id, w.A.op.id));
  hotel = await mkAccommodation(app, 'Hotel Bahía del Duque', w.A.op.id, 'Costa Adeje', {
    pickupPoint: 'Puerta principal',
    address: 'Avenida de Bruselas 2',
  });
  teide = await mkProduct(app, w.tokens.A1, {
    name: 'Subida al Teide',
    code: 'TEIDE',
    short_description: 'Un día en el Teide',
    description: '<p>Subimos al <strong>Teide</strong></p>',
    includes: ['Guía'],
    excludes: ['Comida'],
    what_to_bring: ['Agua'],
    meeting_point: 'Oficina de Adeje',
    meeting_lat_lng: '28.09,-16.73',
    duration_minutes: 240,
    free_cancellation_hours: 48,
    translations: { en: { name: 'Mount Teide', short_description: 'A day on Mount Teide' } },
    pickups: [{ accommodation_id: hotel, minutes_before: 30 }],
  });
  loro = await mkProduct(app, w.tokens.A1, { name: 'Loro Parque', code: 'LORO', pickup_enabled: false });
  draft = await mkProduct(app, w.tokens.A1, { name: 'Borrador', state: 'draft' });
  ofB = await mkProduct(app, w.tokens.B1, { name: 'Excursión de B' });
  channelA = await mkChannel(app, w.A.op.id, { commissionPct: 10 });
  ({ key: keyA } = await mkKey(app, channelA));
});
afterAll(async () => {
  await app?.close();
});

describe('keys', () => {
  it('no key, a malformed one, a staff token or an unknown key: 401 UNAUTHORIZED in the OCTO body', async () => {
    const noKey = await octoApi(app, null).get('/products');
    expect(expectOctoError(noKey, 401, 'UNAUTHORIZED').errorMessage).toMatch(/Authorization/);
    expectOctoError(await octoApi(app, 'garbage').get('/products'), 401, 'UNAUTHORIZED');
    // The staff JWT authenticates the back-office only.
    expectOctoError(await octoApi(app, w.tokens.A1).get('/supplier'), 401, 'UNAUTHORIZED');
    expectOctoError(await octoApi(app, newChannelKey().key).get('/supplier'), 401, 'UNAUTHORIZED');
    const basic = await app.inject({
      method: 'GET',
      url: `${OCTO}/supplier`,
      headers: { authorization: `Basic ${keyA}` },
    });
    expectOctoError(basic, 401, 'UNAUTHORIZED');
  });

  it('a revoked key, an inactive channel, an agency channel and an inactive operator: 401, at once (no cache)', async () => {
    const ch = await mkChannel(app, w.A.op.id);
    const { key, row } = await mkKey(app, ch);
    expect((await octoApi(app, key).get('/supplier')).statusCode).toBe(200);
    await app.db.update(channelKeys).set({ revokedAt: new Date() }).where(eq(channelKeys.id, row.id));
    expectOctoError(await octoApi(app, key).get('/supplier'), 401, 'UNAUTHORIZED');

    const inactive = await mkChannel(app, w.A.op.id, { active: false });
    expectOctoError(await octoApi(app, (await mkKey(app, inactive)).key).get('/supplier'), 401, 'UNAUTHORIZED');
    const agency = await mkChannel(app, w.A.op.id, { kind: 'agency' });
    expectOctoError(await octoApi(app, (await mkKey(app, agency)).key).get('/supplier'), 401, 'UNAUTHORIZED');
    const closed = await createOperator(app, { name: 'Operador cerrado', state: 2 });
    const ofClosed = await mkChannel(app, closed.id);
    expectOctoError(await octoApi(app, (await mkKey(app, ofClosed)).key).get('/supplier'), 401, 'UNAUTHORIZED');
  });

  it('the message follows Accept-Language (English or Spanish), the code never changes', async () => {
    const en = expectOctoError(
      await octoApi(app, null).get('/supplier', { 'accept-language': 'en-GB,en;q=0.9' }),
      401,
      'UNAUTHORIZED',
    );
    expect(en.errorMessage).toMatch(/^Missing API key/);
    const es = expectOctoError(
      await octoApi(app, null).get('/supplier', { 'accept-language': 'de' }),
      401,
      'UNAUTHORIZED',
    );
    expect(es.errorMessage).toMatch(/^Falta la clave/);
  });
});

describe('errors and headers', () => {
  it('an unknown operation: 404 in the OCTO body (not the back-office one), with or without a key', async () => {
    const res = await octoApi(app, keyA).get('/bookings-that-do-not-exist');
    expect(expectOctoError(res, 404, 'BAD_REQUEST').errorMessage).toContain('/api/octo/v1/bookings-that-do-not-exist');
    expectOctoError(await octoApi(app, keyA).get('/availability'), 404, 'BAD_REQUEST');
    // Without a key the key is what is missing first.
    expectOctoError(await octoApi(app, null).get('/nothing'), 401, 'UNAUTHORIZED');
    // An address Fastify cannot even decode: still the OCTO body.
    expectOctoError(await octoApi(app, keyA).get('/products/%E0%A4%A'), 400, 'BAD_REQUEST');
  });

  it("a body that is not JSON, not JSON at all, or not the operation's: 400 BAD_REQUEST", async () => {
    const api = octoApi(app, keyA);
    expectOctoError(await api.post('/availability', '{"productId":'), 400, 'BAD_REQUEST');
    const text = await app.inject({
      method: 'POST',
      url: `${OCTO}/availability`,
      payload: 'productId=1',
      headers: { authorization: `Bearer ${keyA}`, 'content-type': 'text/plain' },
    });
    expectOctoError(text, 400, 'BAD_REQUEST');
    const missing = expectOctoError(await api.post('/availability', { optionId: 'DEFAULT' }), 400, 'BAD_REQUEST');
    expect(missing.errorMessage).toContain('productId');
  });

  it('a failure of ours: 500 INTERNAL_SERVER_ERROR in the OCTO body; the database going away: 503 with Retry-After', async () => {
    // A read that fails inside the request (a column the test renames for a moment): 500, and
    // nothing of the database's message in the answer.
    await app.db.execute(sql`alter table products rename column name to name_moved_by_test`);
    try {
      const res = await octoApi(app, keyA).get('/products');
      const body = expectOctoError(res, 500, 'INTERNAL_SERVER_ERROR');
      expect(JSON.stringify(body)).not.toContain('name_moved_by_test');
    } finally {
      await app.db.execute(sql`alter table products rename column name_moved_by_test to name`);
    }
    // The database going away mid-reserve (57P03 cannot_connect_now, as while it restarts): 503 to
    // retry, never a 500.
    await app.db.execute(
      sql.raw(`create or replace function octo_test_outage() returns trigger language plpgsql as $$
        begin raise exception 'the database system is starting up' using errcode = '57P03'; end $$`),
    );
    await app.db.execute(sql`
      create trigger octo_test_outage before insert on bookings for each row execute function octo_test_outage()`);
    try {
      const res = await octoApi(app, keyA).post('/bookings', {
        uuid: crypto.randomUUID(),
        productId: teide.id,
        optionId: 'DEFAULT',
        availabilityId: `${day(1)}T09:00:00${offsetOf(TZ, new Date(`${day(1)}T09:00:00Z`))}`,
        unitItems: [{ unitId: 'adult' }],
      });
      expectOctoError(res, 503, 'INTERNAL_SERVER_ERROR');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.db.execute(sql`drop trigger octo_test_outage on bookings`);
      await app.db.execute(sql`drop function octo_test_outage()`);
    }
  });

  it("answers JSON with the app's security headers and no caching", async () => {
    const res = await octoApi(app, keyA).get('/supplier', caps('octo/pricing', 'octo/unknown'));
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['octo-capabilities']).toBe('octo/pricing');
  });
});

describe('GET /openapi.json', () => {
  it('serves its own document without a key: every operation with an operationId; the main document has none of them', async () => {
    const res = await app.inject({ method: 'GET', url: `${OCTO}/openapi.json` });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.0.3');
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    expect(ops.sort()).toEqual([
      'cancelBooking',
      'checkAvailability',
      'confirmBooking',
      'extendBooking',
      'getAvailabilityCalendar',
      'getBooking',
      'getProduct',
      'getSupplier',
      'listBookings',
      'listCapabilities',
      'listProducts',
      'reserveBooking',
      'updateBooking',
    ]);
    expect(doc.components.schemas.Error.properties.error.enum).toContain('INVALID_PRODUCT_ID');
    const main = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(main.paths).filter((p) => p.includes('octo'))).toEqual([]);
  });
});

describe('GET /supplier and /capabilities', () => {
  it("the supplier is the key's operator: its endpoint on the public origin and its contact", async () => {
    const s = spec.supplier((await octoApi(app, keyA).get('/supplier')).json());
    expect(s).toEqual({
      id: w.A.op.id,
      name: 'Operador A',
      endpoint: expect.stringMatching(/^http:\/\/localhost(:80)?\/api\/octo\/v1$/),
      contact: {
        website: 'https://teide.example.com',
        email: 'reservas@teide.example.com',
        telephone: '+34 922 000 000',
        address: 'Calle Mayor 1, Adeje',
      },
    });
    // B's key sees B, whose contact is empty: nulls, not empty strings.
    const keyB = (await mkKey(app, await mkChannel(app, w.B.op.id))).key;
    const b = spec.supplier((await octoApi(app, keyB).get('/supplier')).json());
    expect(b.id).toBe(w.B.op.id);
    expect(b.contact).toEqual({ website: null, email: null, telephone: null, address: null });
  });

  it('lists the capabilities it implements', async () => {
    const list = spec.capabilities((await octoApi(app, keyA).get('/capabilities')).json());
    expect(list.map((c) => c.id)).toEqual(['octo/content', 'octo/pricing', 'octo/pickups', 'octo/questions']);
  });
});

describe('GET /products', () => {
  it("core: the operator's active products the channel may sell, mapped as ADR 023 says", async () => {
    const res = await octoApi(app, keyA).get('/products');
    const list = spec.products(res.json());
    const ids = list.map((p) => p.id);
    expect(ids).toContain(teide.id);
    expect(ids).toContain(loro.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(ofB.id);
    const p = list.find((x) => x.id === teide.id);
    expect(p).toMatchObject({
      internalName: 'Subida al Teide',
      reference: 'TEIDE',
      locale: 'es',
      timeZone: 'Europe/Madrid',
      allowFreesale: false,
      instantConfirmation: true,
      availabilityType: 'START_TIME',
      deliveryFormats: ['PDF_URL', 'QRCODE'],
      deliveryMethods: ['VOUCHER', 'TICKET'],
      redemptionMethod: 'DIGITAL',
    });
    const [option] = p?.options ?? [];
    expect(option).toMatchObject({
      id: 'DEFAULT',
      default: true,
      availabilityLocalStartTimes: ['09:00', '18:00'],
      cancellationCutoff: '48 hours',
      cancellationCutoffAmount: 48,
      cancellationCutoffUnit: 'hour',
    });
    expect(option.units.map((u) => [u.id, u.type, u.restrictions.minAge, u.restrictions.maxAge])).toEqual([
      ['adult', 'ADULT', 12, 99],
      ['child', 'CHILD', 3, 11],
      ['infant', 'INFANT', 0, 2],
    ]);
    // No capability asked: none of their fields.
    expect(p).not.toHaveProperty('title');
    expect(p).not.toHaveProperty('defaultCurrency');
    expect(option).not.toHaveProperty('pickupPoints');
    expect(option.units[0]).not.toHaveProperty('pricingFrom');
    expect(res.headers['content-language']).toBeUndefined();
  });

  it("another operator's product, a draft, or an id that is not one: 400 INVALID_PRODUCT_ID with the id sent", async () => {
    const api = octoApi(app, keyA);
    expect(expectOctoError(await api.get(`/products/${ofB.id}`), 400, 'INVALID_PRODUCT_ID').productId).toBe(ofB.id);
    expectOctoError(await api.get(`/products/${draft.id}`), 400, 'INVALID_PRODUCT_ID');
    expect(expectOctoError(await api.get('/products/teide'), 400, 'INVALID_PRODUCT_ID').productId).toBe('teide');
    // However long (never the router's 414 in the back-office body), or with a slash.
    const long = 'x'.repeat(300);
    expect(expectOctoError(await api.get(`/products/${long}`), 400, 'INVALID_PRODUCT_ID').productId).toBe(long);
    expectOctoError(await api.get(`/products/${teide.id}/more`), 400, 'INVALID_PRODUCT_ID');
    // And B's key never sees A's.
    const keyB = (await mkKey(app, await mkChannel(app, w.B.op.id))).key;
    const listB = spec.products((await octoApi(app, keyB).get('/products')).json());
    expect(listB.map((p) => p.id)).toEqual([ofB.id]);
    expectOctoError(await octoApi(app, keyB).get(`/products/${teide.id}`), 400, 'INVALID_PRODUCT_ID');
  });

  it('a channel limited to some products sees only those', async () => {
    const limited = await mkChannel(app, w.A.op.id, { allProducts: false });
    await allowProducts(app, limited, [loro.id]);
    const api = octoApi(app, (await mkKey(app, limited)).key);
    expect(spec.products((await api.get('/products')).json()).map((p) => p.id)).toEqual([loro.id]);
    expect(spec.product((await api.get(`/products/${loro.id}`)).json()).id).toBe(loro.id);
    expectOctoError(await api.get(`/products/${teide.id}`), 400, 'INVALID_PRODUCT_ID');
  });
});

describe('octo/content', () => {
  it('texts in the language asked among those the product is written in, with Content-Language', async () => {
    const api = octoApi(app, keyA);
    const es = await api.get(`/products/${teide.id}`, caps('octo/content'));
    const p = spec.product(es.json());
    expect(p).toMatchObject({
      locale: 'es',
      title: 'Subida al Teide',
      shortDescription: 'Un día en el Teide',
      description: '<p>Subimos al <strong>Teide</strong></p>',
      durationMinutesFrom: 240,
    });
    expect(p.features).toEqual([
      { type: 'INCLUSION', shortDescription: 'Guía' },
      { type: 'EXCLUSION', shortDescription: 'Comida' },
      { type: 'PREARRIVAL_INFORMATION', shortDescription: 'Agua' },
    ]);
    expect(es.headers['content-language']).toBe('es');
    expect(es.headers['available-languages']).toBe('es, en');

    const en = await api.get(`/products/${teide.id}`, { ...caps('octo/content'), 'accept-language': 'en-US,es;q=0.5' });
    const pe = spec.product(en.json());
    expect(pe).toMatchObject({ locale: 'en', title: 'Mount Teide', shortDescription: 'A day on Mount Teide' });
    // Not translated: the operator's own language.
    expect(pe.description).toBe('<p>Subimos al <strong>Teide</strong></p>');
    expect(en.headers['content-language']).toBe('en');
    // German is offered by the operator but the product has no German text: Spanish.
    const de = await api.get(`/products/${teide.id}`, { ...caps('octo/content'), 'accept-language': 'de' });
    expect(spec.product(de.json())).toMatchObject({ locale: 'es', title: 'Subida al Teide' });
    // A product with no translation stays Spanish in a list asked in English.
    const list = await api.get('/products', { ...caps('octo/content'), 'accept-language': 'en' });
    const loroOut = spec.products(list.json()).find((x) => x.id === loro.id);
    expect(loroOut).toMatchObject({ locale: 'es', title: 'Loro Parque' });
    expect(String(list.headers['content-language']).split(', ').sort()).toEqual(['en', 'es']);
    expect(spec.product(de.json()).options[0].units[0].title).toBe('Adulto');
    expect(pe.options[0].units[0].title).toBe('Adult');
  });
});

describe('octo/pricing', () => {
  it("retail from the prices, net = retail less the commission rounded to the cent, the operator's currency", async () => {
    const ch = await mkChannel(app, w.A.op.id, { commissionPct: 12.5 });
    const api = octoApi(app, (await mkKey(app, ch)).key);
    const p = spec.product((await api.get(`/products/${teide.id}`, caps('octo/pricing'))).json());
    expect(p).toMatchObject({ defaultCurrency: 'EUR', availableCurrencies: ['EUR'], pricingPer: 'UNIT' });
    const from = Object.fromEntries(p.options[0].units.map((u) => [u.id, u.pricingFrom?.[0]]));
    // 4500 × 12.5 % = 562.5 → 563; 2500 × 12.5 % = 312.5 → 313 (half up).
    expect(from.adult).toEqual({
      original: 4500,
      retail: 4500,
      net: 3937,
      currency: 'EUR',
      currencyPrecision: 2,
      includedTaxes: [],
    });
    expect(from.child).toMatchObject({ retail: 2500, net: 2187 });
    expect(from.infant).toMatchObject({ retail: 0, net: 0 });
  });

  it('a net rate wins over the commission for its product and type; no commission and no rate: net = retail', async () => {
    const ch = await mkChannel(app, w.A.op.id, { commissionPct: 20 });
    await setNetRate(app, ch, teide.id, 'adult', 3000);
    const api = octoApi(app, (await mkKey(app, ch)).key);
    const units = spec.product((await api.get(`/products/${teide.id}`, caps('octo/pricing'))).json()).options[0].units;
    expect(units.find((u) => u.id === 'adult')?.pricingFrom?.[0]).toMatchObject({ retail: 4500, net: 3000 });
    expect(units.find((u) => u.id === 'child')?.pricingFrom?.[0]).toMatchObject({ retail: 2500, net: 2000 });
    const loroUnits = spec.product((await api.get(`/products/${loro.id}`, caps('octo/pricing'))).json()).options[0]
      .units;
    expect(loroUnits[0].pricingFrom?.[0]).toMatchObject({ retail: 4500, net: 3600 });

    const plain = octoApi(app, (await mkKey(app, await mkChannel(app, w.A.op.id))).key);
    const plainUnits = spec.product((await plain.get(`/products/${teide.id}`, caps('octo/pricing'))).json()).options[0]
      .units;
    expect(plainUnits[0].pricingFrom?.[0]).toMatchObject({ retail: 4500, net: 4500 });
  });
});

describe('octo/pickups', () => {
  it("the product's pickup places on its option; a product that does not collect has none", async () => {
    const api = octoApi(app, keyA);
    const list = spec.products((await api.get('/products', caps('octo/pickups'))).json(), { pickups: true });
    const t = list.find((p) => p.id === teide.id)?.options[0];
    expect(t).toMatchObject({ pickupAvailable: true, pickupRequired: false });
    expect(t?.pickupPoints).toEqual([
      expect.objectContaining({
        id: hotel,
        name: 'Hotel Bahía del Duque',
        directions: 'Puerta principal',
        address: 'Avenida de Bruselas 2',
        latitude: 28.08,
        longitude: -16.73,
        locality: 'Costa Adeje',
      }),
    ]);
    const l = list.find((p) => p.id === loro.id)?.options[0];
    expect(l).toMatchObject({ pickupAvailable: false, pickupRequired: false, pickupPoints: [] });
  });

  it('all capabilities together still answer the specification', async () => {
    const res = await octoApi(app, keyA).get('/products', ALL_CAPS);
    spec.products(res.json(), { pickups: true });
    expect(res.headers['octo-capabilities']).toBe('octo/content, octo/pricing, octo/pickups');
  });
});

describe('request log', () => {
  const logged = (keyId: string, path: string) =>
    app.db
      .select()
      .from(channelRequests)
      .where(and(eq(channelRequests.keyId, keyId), eq(channelRequests.path, path)));

  it("every authenticated request is logged after its answer (path without query, status, duration, error code); the key's last use is set", async () => {
    const ch = await mkChannel(app, w.A.op.id);
    const { key, row } = await mkKey(app, ch);
    const api = octoApi(app, key);
    expect((await api.get('/products?page=2')).statusCode).toBe(200);
    expectOctoError(await api.get(`/products/${ofB.id}`), 400, 'INVALID_PRODUCT_ID');
    await vi.waitFor(async () => {
      const [ok] = await logged(row.id, `${OCTO}/products`);
      expect(ok).toMatchObject({
        tourOperatorId: w.A.op.id,
        channelId: ch.id,
        method: 'GET',
        status: 200,
        errorCode: null,
      });
      expect(ok.durationMs).toBeGreaterThanOrEqual(0);
      const [refused] = await logged(row.id, `${OCTO}/products/${ofB.id}`);
      expect(refused).toMatchObject({ status: 400, errorCode: 'INVALID_PRODUCT_ID' });
    });
    const [k] = await app.db.select().from(channelKeys).where(eq(channelKeys.id, row.id));
    expect(k.lastUsedAt).toBeInstanceOf(Date);
  });

  it('an unauthenticated request is not logged; a log that cannot be written does not fail the answer', async () => {
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(channelRequests);
    expectOctoError(await octoApi(app, 'trk_nope').get('/supplier'), 401, 'UNAUTHORIZED');
    // The database refuses every log line of /capabilities for a moment.
    await refusingLogLinesOf(app, `${OCTO}/capabilities`, async () => {
      const res = await octoApi(app, keyA).get('/capabilities');
      expect(res.statusCode).toBe(200);
      spec.capabilities(res.json());
      // Its line is written within REQUEST_LOG_DELAY_MS (20 ms), while the trigger refuses it.
      await new Promise((r) => setTimeout(r, 200));
    });
    const after = await app.db.select({ n: sql<number>`count(*)::int` }).from(channelRequests);
    expect(after[0].n).toBe(before[0].n);
  });
});

import { ZProductResponse } from '@trayecto/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app';
import { bearer, createOperator, createUser, login } from '../../test/factories';
import { accommodations, productPickups, products } from '../db/schema';
import { seedProducts } from './products';

let app: FastifyInstance;
let ops: { teide: string; atlantico: string };
let result: Awaited<ReturnType<typeof seedProducts>>;

beforeAll(async () => {
  app = await buildTestApp();
  ops = {
    teide: (await createOperator(app, { name: 'Teide Aventura', timezone: 'Atlantic/Canary' })).id,
    atlantico: (await createOperator(app, { name: 'Atlántico Sur', timezone: 'Atlantic/Canary' })).id,
  };
  const places: [string, string, string | null][] = [
    ['Gran Hotel Playa del Duque', 'Costa Adeje', null],
    ['Hotel Fañabé Garden', 'Costa Adeje', null],
    ['Punto de encuentro Puerto Colón', 'Costa Adeje', null],
    ['Oficina Teide Aventura', 'Costa Adeje', ops.teide],
    ['Hotel Las Américas Park', 'Playa de las Américas', null],
    ['Apartamentos Los Geranios', 'Playa de las Américas', null],
    ['Hotel Arona Gran Mar', 'Los Cristianos', null],
    ['Apartamentos Marazul', 'Los Cristianos', ops.atlantico],
    ['Hotel Tigaiga Taoro', 'Puerto de la Cruz', null],
  ];
  const rows = await app.db
    .insert(accommodations)
    .values(places.map(([name, zone, tourOperatorId]) => ({ name, zone, tourOperatorId })))
    .returning({
      id: accommodations.id,
      name: accommodations.name,
      zone: accommodations.zone,
      tourOperatorId: accommodations.tourOperatorId,
    });
  result = await app.db.transaction((tx) => seedProducts(tx, ops, rows));
});
afterAll(async () => {
  await app?.close();
});

describe('demo products', () => {
  it('seeds four Teide Aventura products (one draft) and two Atlántico Sur products', async () => {
    expect(result.products.map((p) => [p.code, p.tourOperatorId === ops.teide ? 'teide' : 'atlantico'])).toEqual([
      ['TEI-01', 'teide'],
      ['MAS-01', 'teide'],
      ['LOR-01', 'teide'],
      ['TEI-NOCHE', 'teide'],
      ['CAT-01', 'atlantico'],
      ['ORO-01', 'atlantico'],
    ]);
    const states = await app.db.select({ code: products.code, state: products.state }).from(products);
    expect(states.filter((s) => s.state === 'draft').map((s) => s.code)).toEqual(['TEI-NOCHE']);
  });

  it('issue 12: the walking tour (ORO-01) and Masca carry their own booking terms; the others follow the operator', async () => {
    const rows = await app.db.select({ code: products.code, terms: products.bookingTerms }).from(products);
    const own = rows.filter((r) => r.terms !== '').map((r) => r.code);
    expect(own.sort()).toEqual(['MAS-01', 'ORO-01']);
    const oro = rows.find((r) => r.code === 'ORO-01')?.terms ?? '';
    expect(oro).toMatch(/a pie/);
    expect(oro).not.toMatch(/\bmar\b|cetáceos|autocar|Parque Nacional/i);
  });

  it('pickups use only hotels the operator may use, in route order, never offices', async () => {
    const teide = result.products.find((p) => p.code === 'TEI-01')!;
    const pickups = await app.db
      .select({ name: accommodations.name, minutes: productPickups.minutesBefore, op: accommodations.tourOperatorId })
      .from(productPickups)
      .innerJoin(accommodations, eq(accommodations.id, productPickups.accommodationId))
      .where(eq(productPickups.productId, teide.id))
      .orderBy(productPickups.position);
    expect(pickups.map((p) => p.name)).toEqual([
      'Gran Hotel Playa del Duque',
      'Hotel Fañabé Garden',
      'Punto de encuentro Puerto Colón',
      'Hotel Las Américas Park',
      'Apartamentos Los Geranios',
      'Hotel Arona Gran Mar',
    ]);
    const minutes = pickups.map((p) => p.minutes as number);
    expect(minutes).toEqual([...minutes].sort((a, b) => b - a));
    expect(pickups.every((p) => p.op === null || p.op === ops.teide)).toBe(true);
  });

  it('every demo product reads back through the API contract and has departures around today', async () => {
    const user = await createUser(app, { level: 1, tourOperatorId: ops.teide });
    const token = await login(app, user.email);
    const list = await app.inject({ method: 'GET', url: '/api/v1/products', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    for (const p of list.json()) {
      expect(ZProductResponse.safeParse(p).success).toBe(true);
      expect(p.description).not.toBe('');
    }
    const teide = list.json().find((p: { code: string }) => p.code === 'TEI-01');
    expect(teide.from_price_cents).toBe(4900);
    const today = new Date();
    const from = today.toISOString().slice(0, 10);
    const to = new Date(today.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    const slots = await app.inject({
      method: 'GET',
      url: `/api/v1/products/${teide.id}/availability?from=${from}&to=${to}`,
      headers: bearer(token),
    });
    expect(slots.json().length).toBeGreaterThanOrEqual(10);
  });
});

describe('issue 15: the demo products in six languages', () => {
  const OTHERS = ['de', 'en', 'fr', 'it', 'nl'];
  /** The tags of a rich text in order, with the links' targets: what a translation must keep. */
  const skeleton = (html: string) => html.match(/<\/?[a-z0-9]+|href="[^"]*"/g) ?? [];
  const rowOf = async (code: string) => {
    const [row] = await app.db.select().from(products).where(eq(products.code, code));
    return row;
  };

  it('TEI-01 has what to bring and pickup notes, and no "Qué llevar" left in its description', async () => {
    const tei = await rowOf('TEI-01');
    expect(tei.whatToBring).toContain('Calzado cómodo');
    expect(tei.pickupNotes).toMatch(/entrada principal.*5 minutos.*Teide Aventura.*15 minutos/s);
    expect(tei.description).not.toMatch(/Qué llevar/);
    expect(tei.description).toContain('href="https://www.miteco.gob.es/');
  });

  it('TEI-01 is translated whole into en, de, fr, it and nl, keeping the description’s tags and link', async () => {
    const tei = await rowOf('TEI-01');
    expect(Object.keys(tei.translations).sort()).toEqual(OTHERS);
    const base = {
      name: tei.name,
      short_description: tei.shortDescription,
      description: tei.description,
      includes: tei.includes,
      excludes: tei.excludes,
      what_to_bring: tei.whatToBring,
      meeting_point: tei.meetingPoint,
      pickup_notes: tei.pickupNotes,
    };
    for (const locale of OTHERS) {
      const tr = tei.translations[locale] ?? {};
      expect(Object.keys(tr).sort(), locale).toEqual(Object.keys(base).sort());
      for (const [field, spanish] of Object.entries(base)) {
        const text = tr[field as keyof typeof tr];
        if (Array.isArray(spanish)) {
          expect((text as string[]).length, `${locale}.${field}`).toBe(spanish.length);
          // Place names may stay as they are; a list translated word by word would not.
          expect(text, `${locale}.${field}`).not.toEqual(spanish);
        } else {
          expect(text, `${locale}.${field}`).not.toBe(spanish);
        }
      }
      expect(skeleton(tr.description ?? ''), locale).toEqual(skeleton(tei.description));
    }
  });

  it('LOR-01, TEI-NOCHE, CAT-01 and ORO-01 translate their name, summary and lists only; MAS-01 nothing', async () => {
    const expected: Record<string, string[]> = {
      'LOR-01': ['de', 'en', 'fr'],
      'TEI-NOCHE': ['de', 'en'],
      'CAT-01': ['de', 'en'],
      'ORO-01': ['de', 'en'],
    };
    for (const [code, locales] of Object.entries(expected)) {
      const row = await rowOf(code);
      expect(Object.keys(row.translations).sort(), code).toEqual(locales);
      for (const locale of locales) {
        const tr = row.translations[locale] ?? {};
        expect(tr.name, `${code}.${locale}`).toBeTruthy();
        expect(tr.includes?.length, `${code}.${locale}`).toBe(row.includes.length);
        expect(tr.excludes?.length ?? 0, `${code}.${locale}`).toBe(row.excludes.length);
        // The description stays Spanish: the per-text fallback.
        expect(Object.keys(tr).every((k) => ['name', 'short_description', 'includes', 'excludes'].includes(k))).toBe(
          true,
        );
      }
    }
    expect((await rowOf('MAS-01')).translations).toEqual({});
  });

  it('the public API answers a German visitor with TEI-01 in German and MAS-01 in Spanish', async () => {
    const get = async (code: string) => {
      const id = result.products.find((p) => p.code === code)!.id;
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/public/products/${id}`,
        headers: { 'accept-language': 'de-DE,de;q=0.9' },
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const tei = await get('TEI-01');
    expect(tei.locale).toBe('de');
    expect(tei.name).toBe('Auf den Teide und durch den Nationalpark');
    expect(tei.what_to_bring).toContain('Bequeme Schuhe');
    expect(tei.pickup_notes).toMatch(/Haupteingang/);
    // Every text of its own is German; only the operator's terms may fall back (here it has none).
    expect(Object.keys(tei.content_locales).filter((k) => k !== 'booking_terms')).toEqual([]);
    const masca = await get('MAS-01');
    expect(masca.name).toBe('Masca y Los Gigantes');
    expect(masca.content_locales).toMatchObject({ name: 'es', description: 'es' });
    const loro = await get('LOR-01');
    expect(loro.name).toBe('Loro Parque mit Transfer');
    expect(loro.content_locales.description).toBe('es');
  });
});

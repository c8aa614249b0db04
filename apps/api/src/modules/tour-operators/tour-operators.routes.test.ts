import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createWorld } from '../../../test/factories';

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;
beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
});
afterAll(async () => {
  await app?.close();
});
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), payload });

describe('tour operators API', () => {
  it('the administrator lists all, with users_count, paging headers and filters', async () => {
    const res = await call('GET', '/api/v1/tour-operators?sort=name', w.tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json().map((o: { name: string }) => o.name)).toEqual(['Operador A', 'Operador B']);
    expect(res.json()[0].users_count).toBe(5);
    expect((await call('GET', '/api/v1/tour-operators?state[eq]=2', w.tokens.admin)).json()).toEqual([]);
    expect((await call('GET', '/api/v1/tour-operators?secret[eq]=1', w.tokens.admin)).statusCode).toBe(400);
  });

  it('creates an operator with every field (administrator only)', async () => {
    const body = {
      name: 'Masca Trekking',
      legal_name: 'Masca Trekking S.L.',
      tax_id: 'B38999999',
      email: 'Info@Masca.es',
      phone: '+34 922 000 111',
      address: 'Buenavista del Norte',
      website: 'https://masca.es',
      brand_color: '#123abc',
      timezone: 'Atlantic/Canary',
      currency: 'EUR',
      default_commission_pct: 7.5,
      booking_terms: 'Cancelación gratuita 24 h antes.',
    };
    const res = await call('POST', '/api/v1/tour-operators', w.tokens.admin, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...body, email: 'info@masca.es', state: 1, users_count: 0 });
    for (const t of [w.tokens.A1, w.tokens.A3, w.tokens.A2]) {
      expect((await call('POST', '/api/v1/tour-operators', t, body)).statusCode).toBe(403);
    }
  });

  it('validates with Spanish messages (422)', async () => {
    const res = await call('POST', '/api/v1/tour-operators', w.tokens.admin, {
      name: '',
      email: 'mal',
      brand_color: 'rojo',
      timezone: 'Marte/Olympus',
      default_commission_pct: 150,
    });
    expect(res.statusCode).toBe(422);
    const e = res.json().errors;
    expect(e.name).toEqual(['Campo requerido']);
    expect(e.email).toEqual(['Por favor, introduce una dirección de correo electrónico válida']);
    expect(e.brand_color[0]).toMatch(/Color/);
    expect(e.timezone[0]).toMatch(/Zona horaria/);
    expect(e.default_commission_pct[0]).toMatch(/entre 0 y 100/);
  });

  it('a commission or state that is no number is refused, never read as one (true → 1, [5] → 5, null and "" → 0)', async () => {
    // Found by the contract properties (issue 21): z.coerce.number turned them into numbers.
    for (const [field, value] of [
      ['default_commission_pct', true],
      ['default_commission_pct', [5]],
      ['default_commission_pct', ' '],
      ['default_commission_pct', null],
      ['default_commission_pct', ''],
      ['state', true],
      ['state', [1]],
    ] as const) {
      const res = await call('POST', '/api/v1/tour-operators', w.tokens.admin, { name: 'Raro', [field]: value });
      expect(res.statusCode, `${field}: ${JSON.stringify(value)}`).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    // Plain decimal text, as a form sends it, is still a number.
    const made = await call('POST', '/api/v1/tour-operators', w.tokens.admin, {
      name: 'Con texto',
      default_commission_pct: '12.5',
      state: '2',
    });
    expect(made.json()).toMatchObject({ default_commission_pct: 12.5, state: 2 });
  });

  it('PRODUCT §3: a level-1 admin reads and edits its own operator only', async () => {
    const list = await call('GET', '/api/v1/tour-operators', w.tokens.A1);
    expect(list.json().map((o: { id: string }) => o.id)).toEqual([w.A.op.id]);
    const edit = await call('PUT', `/api/v1/tour-operators/${w.A.op.id}`, w.tokens.A1, { phone: '+34 922 999 999' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().phone).toBe('+34 922 999 999');
    expect(edit.json().name).toBe('Operador A');
    const other = await call('PUT', `/api/v1/tour-operators/${w.B.op.id}`, w.tokens.A1, { name: 'Robado' });
    expect(other.statusCode).toBe(404);
    expect((await call('GET', `/api/v1/tour-operators/${w.B.op.id}`, w.tokens.admin)).json().name).toBe('Operador B');
    // Only the administrator (de)activates.
    expect((await call('PUT', `/api/v1/tour-operators/${w.A.op.id}`, w.tokens.A1, { state: 2 })).statusCode).toBe(403);
  });

  it('PRODUCT §3: an Operador reads its own operator; sellers, drivers, guides get 403', async () => {
    expect((await call('GET', `/api/v1/tour-operators/${w.A.op.id}`, w.tokens.A3)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/tour-operators/${w.B.op.id}`, w.tokens.A3)).statusCode).toBe(404);
    expect((await call('PUT', `/api/v1/tour-operators/${w.A.op.id}`, w.tokens.A3, { phone: '1' })).statusCode).toBe(
      403,
    );
    for (const t of [w.tokens.A2, w.tokens.A4, w.tokens.A5]) {
      expect((await call('GET', '/api/v1/tour-operators', t)).statusCode).toBe(403);
    }
  });

  it('the administrator deactivates and reactivates an operator', async () => {
    const created = (await call('POST', '/api/v1/tour-operators', w.tokens.admin, { name: 'Temporal' })).json();
    const off = await call('PUT', `/api/v1/tour-operators/${created.id}`, w.tokens.admin, { state: 2 });
    expect(off.json().state).toBe(2);
    const on = await call('PUT', `/api/v1/tour-operators/${created.id}`, w.tokens.admin, { state: 1 });
    expect(on.json().state).toBe(1);
  });

  describe('issue 15: languages', () => {
    it('a new operator sells in the six languages with Spanish as its default, unless it says otherwise', async () => {
      const plain = (await call('POST', '/api/v1/tour-operators', w.tokens.admin, { name: 'Idiomas 1' })).json();
      expect(plain).toMatchObject({
        default_language: 'es',
        public_languages: ['es', 'en', 'de', 'fr', 'it', 'nl'],
        booking_terms_translations: {},
      });
      const res = await call('POST', '/api/v1/tour-operators', w.tokens.admin, {
        name: 'Idiomas 2',
        default_language: 'de',
        public_languages: ['de', 'en'],
        booking_terms: 'Kostenlose Stornierung bis 24 Stunden vorher.',
        booking_terms_translations: { en: ' Free cancellation up to 24 hours before. ', fr: '' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        default_language: 'de',
        public_languages: ['de', 'en'],
        booking_terms_translations: { en: 'Free cancellation up to 24 hours before.' },
      });
      expect((await call('GET', `/api/v1/tour-operators/${res.json().id}`, w.tokens.admin)).json()).toEqual(res.json());
    });

    it('422 on public_languages when the default is not offered, counting the stored values', async () => {
      const DEFAULT_NOT_OFFERED = ['El idioma principal debe estar entre los idiomas ofrecidos'];
      // Both sent (the schema), only the languages (the column's default, es), only the default.
      for (const body of [
        { name: 'X', default_language: 'fr', public_languages: ['es', 'en'] },
        { name: 'X', public_languages: ['en', 'de'] },
      ]) {
        const res = await call('POST', '/api/v1/tour-operators', w.tokens.admin, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().errors).toEqual({ public_languages: DEFAULT_NOT_OFFERED });
      }
      const op = (
        await call('POST', '/api/v1/tour-operators', w.tokens.admin, {
          name: 'Idiomas 3',
          default_language: 'en',
          public_languages: ['en', 'de'],
        })
      ).json();
      const url = `/api/v1/tour-operators/${op.id}`;
      for (const body of [{ public_languages: ['de', 'fr'] }, { default_language: 'es' }]) {
        const res = await call('PUT', url, w.tokens.admin, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().errors).toEqual({ public_languages: DEFAULT_NOT_OFFERED });
      }
      expect((await call('GET', url, w.tokens.admin)).json()).toMatchObject({
        default_language: 'en',
        public_languages: ['en', 'de'],
      });
      // Together they may change both; one alone when the other still fits.
      expect((await call('PUT', url, w.tokens.admin, { default_language: 'de' })).json()).toMatchObject({
        default_language: 'de',
        public_languages: ['en', 'de'],
      });
      const both = await call('PUT', url, w.tokens.admin, { default_language: 'fr', public_languages: ['fr', 'nl'] });
      expect(both.json()).toMatchObject({ default_language: 'fr', public_languages: ['fr', 'nl'] });
    });

    it('booking terms per language: a language sent replaces its text, "" removes it, the others stay', async () => {
      const url = `/api/v1/tour-operators/${w.A.op.id}`;
      const first = await call('PUT', url, w.tokens.A1, {
        booking_terms_translations: { en: 'Free cancellation.', de: 'Kostenlose Stornierung.' },
      });
      expect(first.statusCode).toBe(200);
      const next = await call('PUT', url, w.tokens.A1, {
        booking_terms_translations: { en: 'Free cancellation up to 24 h.', de: '  ' },
      });
      expect(next.json().booking_terms_translations).toEqual({ en: 'Free cancellation up to 24 h.' });
      const other = await call('PUT', url, w.tokens.A1, { phone: '+34 922 111 222' });
      expect(other.json().booking_terms_translations).toEqual({ en: 'Free cancellation up to 24 h.' });
      await call('PUT', url, w.tokens.A1, { booking_terms_translations: { en: '' } });
    });

    it('422 with Spanish messages: an unknown language, a repeated one, none, too long terms', async () => {
      const res = await call('POST', '/api/v1/tour-operators', w.tokens.admin, {
        name: 'Malo',
        default_language: 'pt',
        public_languages: ['es', 'es'],
        booking_terms_translations: { ru: 'x', en: 'x'.repeat(20_001) },
      });
      expect(res.statusCode).toBe(422);
      const e = res.json().errors;
      expect(e.default_language).toEqual(['Opción no válida']);
      expect(e.public_languages).toEqual(['Idiomas repetidos']);
      expect(e.booking_terms_translations).toEqual(['Idioma no admitido (solo es, en, de, fr, it, nl): ru']);
      expect(e['booking_terms_translations.en'][0]).toMatch(/Máximo/);
      const none = await call('POST', '/api/v1/tour-operators', w.tokens.admin, { name: 'Nada', public_languages: [] });
      expect(none.json().errors.public_languages).toEqual(['Elige al menos un idioma']);
    });

    it('a level-1 admin sets its own operator’s languages, never another’s', async () => {
      const own = await call('PUT', `/api/v1/tour-operators/${w.A.op.id}`, w.tokens.A1, {
        public_languages: ['es', 'en', 'de'],
      });
      expect(own.json().public_languages).toEqual(['es', 'en', 'de']);
      const other = await call('PUT', `/api/v1/tour-operators/${w.B.op.id}`, w.tokens.A1, { public_languages: ['es'] });
      expect(other.statusCode).toBe(404);
      expect(
        (await call('GET', `/api/v1/tour-operators/${w.B.op.id}`, w.tokens.admin)).json().public_languages,
      ).toEqual(['es', 'en', 'de', 'fr', 'it', 'nl']);
      expect(
        (await call('PUT', `/api/v1/tour-operators/${w.A.op.id}`, w.tokens.A3, { public_languages: ['es'] }))
          .statusCode,
      ).toBe(403);
      await call('PUT', `/api/v1/tour-operators/${w.A.op.id}`, w.tokens.A1, {
        public_languages: ['es', 'en', 'de', 'fr', 'it', 'nl'],
      });
    });
  });
});

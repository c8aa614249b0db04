/**
 * ADR 052: the lists whose selects are built once per shape really are kept. A strict template is
 * built by drizzle on every use when its build keeps a value of its own (a constant, or a value a
 * repository forgot to bind): correct, but slow, and silent. Every role lists every such resource,
 * with filters, a search, a sort and a second page, and each answers its own rows: then no strict
 * key may be left unkept. The suite's comparison of every use (select-template.ts) checks the keys.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app';
import { bearer, createWorld } from '../../test/factories';
import { booked, bookingBody, mkProduct } from '../modules/bookings/bookings.test-helpers';
import { strictKeysNotKept } from './select-template';

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;
beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  // Two users created through the API: audit entries for the log's second page and its cursor.
  for (const name of ['Lista Uno', 'Lista Dos']) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: bearer(w.tokens.A1),
      payload: {
        full_name: name,
        email: `${name.replace(' ', '.').toLowerCase()}@example.com`,
        phone: '+34 600 111 222',
        level: 2,
        state: 1,
        password: 'contraseña1',
        re_password: 'contraseña1',
      },
    });
    if (res.statusCode !== 201) throw new Error(`user: ${res.statusCode} ${res.body}`);
  }
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const LISTS = [
  '/api/v1/users',
  '/api/v1/users?level[in]=2,4&sort=-created_at&q=a&page=2&per_page=1',
  '/api/v1/persons?role=guide&languages[in]=de,fr&languages[ne]=it&q=laura',
  '/api/v1/accommodations?zone[like]=sur&q=hotel&sort=name',
  '/api/v1/vehicles?plate[in]=4821 KLM,1234-ABC&q=4821 klm&sort=-plate',
  '/api/v1/vehicles?plate=4821KLM&state=1',
  '/api/v1/bookings',
  '/api/v1/bookings?state[in]=confirmed,pending&date[gte]=2026-01-01&q=TRY&sort=-created_at&page=2&per_page=5',
  '/api/v1/bookings?created_at[gte]=2026-01-01T00:00:00Z&sort=customer_name,-total_cents',
  '/api/v1/invoices',
  '/api/v1/invoices?type[in]=F1,F2&q=TRY&sort=-issue_date&page=2&per_page=1',
  '/api/v1/messages',
  '/api/v1/messages?state[in]=queued,failed&kind=booking_confirmed&q=a&sort=created_at&page=2&per_page=1',
  '/api/v1/products',
  '/api/v1/products?state[in]=active,inactive&q=teide&sort=-code&page=2&per_page=1',
  '/api/v1/channels',
  '/api/v1/channels?q=a&active=true&kind[in]=octo,agency&sort=-created_at&page=2&per_page=1',
  '/api/v1/tour-operators',
  '/api/v1/tour-operators?state=1&q=a&sort=-created_at&page=2&per_page=1',
  '/api/v1/cash/handovers',
  '/api/v1/cash/handovers?difference_cents[lt]=0&created_at[gte]=2026-01-01T00:00:00Z&sort=-expected_cents&page=2&per_page=1',
  '/api/v1/commissions/statements',
  '/api/v1/commissions/statements?party_kind=seller&state[in]=open,settled&period_from[gte]=2026-01-01&sort=total_cents&page=2&per_page=1',
  '/api/v1/schedule-sheets',
  '/api/v1/schedule-sheets?per_page=1',
  '/api/v1/schedule-sheets?state[in]=draft,ready&date[gte]=2026-01-01&q=teide&sort=-date,product&page=2&per_page=1',
  // A page past the end: its total counted on its own.
  '/api/v1/schedule-sheets?page=999&per_page=1',
  '/api/v1/audit-log',
  '/api/v1/audit-log?per_page=1',
  '/api/v1/audit-log?entity_type=user&action[in]=create,update&q=a&sort=created_at&page=2&per_page=1',
  // A booking's page (none there: 404, the select ran all the same).
  '/api/v1/bookings/00000000-0000-4000-8000-000000000000',
];

describe('the lists built once per shape (ADR 052)', () => {
  it('are kept for every role, filter, search, sort and page: none built by drizzle on every use', async () => {
    let cursors = 0;
    const tokens = [w.tokens.admin, w.tokens.A1, w.tokens.A2, w.tokens.A3, w.tokens.A4, w.tokens.A5, w.tokens.B1];
    for (const url of LISTS) {
      for (const token of tokens) {
        const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
        expect([200, 403, 404], `${url}: ${res.body}`).toContain(res.statusCode);
        // The second time from the template (and, in the tests, built again and compared).
        const again = await app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(again.body, `${url} asked twice`).toBe(res.body);
        // And the next page by its cursor (keyset), where the list gives one.
        const cursor = res.headers['x-next-cursor'];
        if (typeof cursor === 'string') {
          const next = await app.inject({
            method: 'GET',
            url: `${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}`,
            headers: bearer(token),
          });
          expect(next.statusCode, next.body).toBe(200);
          cursors++;
        }
      }
    }
    expect(cursors).toBeGreaterThan(0);
    // The files of a worker share its modules (vitest.config.ts, isolate: false), so the keys asked
    // include those of select-template.test.ts when it ran there first: its `test:` keys are not kept
    // on purpose (a build with a value of its own). The application's keys never start so.
    expect(strictKeysNotKept().filter((key) => !key.startsWith('test:'))).toEqual([]);
  });
});

describe('the detail screens built once per shape (ADR 052)', () => {
  it("a booking's page and its tabs, a sheet, a vehicle, a product, the calendar: none built by drizzle on every use", async () => {
    const product = await mkProduct(app, w.tokens.A1);
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_name: 'Tina Plantilla' }));
    const paid = await app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${b.id}/payments`,
      headers: bearer(w.tokens.A1),
      payload: { amount_cents: 1000, method: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const gen = await app.inject({
      method: 'POST',
      url: '/api/v1/schedule-sheets/generate',
      headers: bearer(w.tokens.A1),
      payload: { date: b.date, product_ids: [product.id] },
    });
    expect(gen.statusCode, gen.body).toBe(200);
    const sheetId = gen.json().sheets[0].id as string;
    const vehicle = await app.inject({
      method: 'POST',
      url: '/api/v1/vehicles',
      headers: bearer(w.tokens.A1),
      payload: { plate: '9999 TPL', type: 'van', seats: 8, unavailable_periods: [{ from: b.date, to: b.date }] },
    });
    expect(vehicle.statusCode, vehicle.body).toBe(201);
    const urls = [
      `/api/v1/bookings/${b.id}`,
      `/api/v1/bookings/${b.id}/events`,
      `/api/v1/bookings/${b.id}/payments`,
      `/api/v1/bookings/${b.id}/messages`,
      `/api/v1/bookings/${b.id}/invoices`,
      `/api/v1/schedule-sheets/${sheetId}`,
      '/api/v1/vehicles',
      `/api/v1/vehicles/${vehicle.json().id}`,
      `/api/v1/products/${product.id}`,
      `/api/v1/products/${product.id}/availability?from=${b.date}&to=${b.date}`,
      `/api/v1/bookings/calendar?from=${b.date}&to=${b.date}`,
      `/api/v1/bookings/calendar/columns?from=${b.date}&to=${b.date}&product_id=${product.id}`,
      `/api/v1/bookings/calendar/days?from=${b.date}&to=${b.date}`,
      `/api/v1/tour-operators/${product.tour_operator_id}`,
    ];
    const tokens = [w.tokens.admin, w.tokens.A1, w.tokens.A2, w.tokens.A3, w.tokens.A4, w.tokens.A5, w.tokens.B1];
    let answered = 0;
    for (const url of urls) {
      for (const token of tokens) {
        const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
        expect([200, 403, 404], `${url}: ${res.body}`).toContain(res.statusCode);
        if (res.statusCode === 200) answered++;
        const again = await app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(again.body, `${url} asked twice`).toBe(res.body);
      }
    }
    expect(answered).toBeGreaterThan(urls.length);
    expect(strictKeysNotKept().filter((key) => !key.startsWith('test:'))).toEqual([]);
  });
});

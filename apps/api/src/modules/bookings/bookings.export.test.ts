/**
 * The bookings file's «Respuestas» (issue 33 item 3): a booking sold with answers to its product's
 * questions exports them in one cell, as the office reads them (Sí/No, the choice's option).
 */
import { API_PREFIX } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { api, booked, bookingBody, mkProduct, type World } from './bookings.test-helpers';

let app: FastifyInstance;
let w: World;

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
});
afterAll(async () => {
  await app?.close();
});

describe('GET /bookings/export.csv «Respuestas»', () => {
  it('the answers of each booking in one cell; a booking without answers leaves it empty', async () => {
    const product = (await mkProduct(app, w.tokens.A1, {
      questions: [
        { scope: 'passenger', kind: 'yes_no', label: '¿Sabe nadar?', required: true },
        { scope: 'booking', kind: 'choice', label: '¿Cómo nos has conocido?', options: ['Internet', 'En el hotel'] },
      ],
    })) as unknown as { id: string; questions: { id: string }[] };
    const [swim, heard] = product.questions.map((q) => q.id);
    const answered = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, {
        customer_name: 'Familia Respuestas',
        pax: { adult: 2, child: 1 },
        answers: [
          { question_id: swim, passenger: 1, value: 'yes' },
          { question_id: swim, passenger: 3, value: 'no' },
          { question_id: heard, value: 'internet' },
        ],
      }),
    );
    const silent = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_name: 'Sin Respuestas' }));

    const { get } = api(app);
    const file = (locator: string) => get(`${API_PREFIX}/bookings/export.csv?q=${locator}`, w.tokens.A1);
    const res = await file(answered.locator);
    expect(res.statusCode).toBe(200);
    const [header, line] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    const cells = header.split(';');
    const at = cells.indexOf('Respuestas');
    expect(at).toBeGreaterThan(cells.indexOf('Vendedor'));
    expect(line).toContain(';"¿Cómo nos has conocido?: Internet; P1 ¿Sabe nadar?: Sí; P3 ¿Sabe nadar?: No";');

    const [, empty] = (await file(silent.locator)).body.replace(/^\uFEFF/, '').split('\r\n');
    // No quoted cell on that line: split by the separator, the column is empty.
    expect(empty.split(';')[at]).toBe('');
  });
});

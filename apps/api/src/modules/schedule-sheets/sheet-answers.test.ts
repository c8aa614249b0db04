/**
 * The schedule sheet's passenger list carries each booking's answers to the product's questions and
 * the required ones still unanswered (issue 33 item 3, ADR 024): what the crew asks at the door.
 */
import type { TSheetPassenger, TSheetResponse } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { api, booked, bookingBody, day, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { moveDeparture, putSheet } from './schedule-sheets.test-helpers';

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let send: ReturnType<typeof api>['send'];
let product: { id: string; questions: { id: string; label: string }[] };
let swim: string;
let heard: string;
let rows: Record<string, { id: string; locator: string; departure_id: string }>;
let sheetId: string;

const SWIM = '¿Sabe nadar?';
const HEARD = '¿Cómo nos has conocido?';
const QUESTIONS = [
  { scope: 'passenger', kind: 'yes_no', label: SWIM, required: true },
  { scope: 'booking', kind: 'choice', label: HEARD, options: ['Internet', 'En el hotel'] },
];

beforeAll(async () => {
  app = await buildTestApp();
  ({ get, send } = api(app));
  w = await createWorld(app);
  product = (await mkProduct(app, w.tokens.A1, {
    duration_minutes: 180,
    questions: QUESTIONS,
  })) as unknown as typeof product;
  [swim, heard] = product.questions.map((q) => q.id);
  const mk = (over: Record<string, unknown>) => booked(app, w.tokens.A1, bookingBody(product.id, over));
  rows = {
    // 2 adults and a child: passengers 1 and 2 are the adults, 3 the child; passenger 2 not answered yet.
    family: await mk({
      customer_name: 'Familia Pérez',
      pax: { adult: 2, child: 1 },
      answers: [
        { question_id: swim, passenger: 1, value: 'yes' },
        { question_id: swim, passenger: 3, value: 'no' },
        { question_id: heard, value: 'en el hotel' },
      ],
    }),
    // Everything answered that is required; the optional booking question left out.
    hans: await mk({
      customer_name: 'Hans Müller',
      pax: { adult: 1 },
      answers: [{ question_id: swim, passenger: 1, value: 'sí' }],
    }),
    // A phone booking: nothing answered yet.
    zoe: await mk({ customer_name: 'Zoe Smith', pax: { adult: 1 } }),
  };
  const gen = await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, { date: day(1) });
  if (gen.statusCode !== 200) throw new Error(gen.body);
  sheetId = gen.json().sheets[0].id;
});
afterAll(async () => {
  await app?.close();
});

const read = async (id = sheetId, token = w.tokens.A1) => {
  const res = await get(`/api/v1/schedule-sheets/${id}`, token);
  expect(res.statusCode).toBe(200);
  return res.json() as TSheetResponse;
};
const byName = (sheet: TSheetResponse, name: string) =>
  sheet.passengers.find((p) => p.customer_name === name) as TSheetPassenger;

describe('the sheet answers its passengers’ answers (issue 33 item 3)', () => {
  it('each booking carries its answers (normalised, with the label) and what is still unanswered', async () => {
    const sheet = await read();
    const family = byName(sheet, 'Familia Pérez');
    expect(family.answers).toEqual([
      { question_id: swim, passenger: 1, label: SWIM, kind: 'yes_no', value: 'yes' },
      { question_id: swim, passenger: 3, label: SWIM, kind: 'yes_no', value: 'no' },
      { question_id: heard, passenger: null, label: HEARD, kind: 'choice', value: 'En el hotel' },
    ]);
    // Only required questions count as unanswered: the second adult's swim, not an optional one.
    expect(family.unanswered).toEqual([{ question_id: swim, passenger: 2, label: SWIM, kind: 'yes_no' }]);

    const hans = byName(sheet, 'Hans Müller');
    expect(hans.answers).toEqual([{ question_id: swim, passenger: 1, label: SWIM, kind: 'yes_no', value: 'yes' }]);
    expect(hans.unanswered).toEqual([]);

    const zoe = byName(sheet, 'Zoe Smith');
    expect(zoe.answers).toEqual([]);
    expect(zoe.unanswered).toEqual([{ question_id: swim, passenger: 1, label: SWIM, kind: 'yes_no' }]);
    // The pickup route's stops carry the same bookings with their answers.
    const onRoute = sheet.stops.flatMap((s) => s.bookings).find((b) => b.booking_id === rows.family.id);
    expect(onRoute?.answers).toEqual(family.answers);
    expect(onRoute?.unanswered).toEqual(family.unanswered);
  });

  it('the crew reads them too (the guide of the sheet)', async () => {
    const put = await putSheet(app, w.tokens.A1, sheetId, { driver_id: w.A.l4.id, guide_id: w.A.l5.id, force: true });
    expect(put.statusCode).toBe(200);
    const sheet = await read(sheetId, w.tokens.A5);
    expect(byName(sheet, 'Familia Pérez').unanswered.map((u) => u.passenger)).toEqual([2]);
  });

  it('a staff edit that answers the rest empties «Sin responder»; the check-in answer carries the answers', async () => {
    const res = await send('PUT', `/api/v1/bookings/${rows.zoe.id}`, w.tokens.A1, {
      answers: [{ question_id: swim, passenger: 1, value: 'no' }],
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    const zoe = byName(await read(), 'Zoe Smith');
    expect(zoe.answers.map((a) => [a.passenger, a.value])).toEqual([[1, 'no']]);
    expect(zoe.unanswered).toEqual([]);

    // On the departure's day, checking the family in answers the booking as the list shows it.
    await moveDeparture(app, rows.family.departure_id, day(0), '23:00');
    expect((await putSheet(app, w.tokens.A1, sheetId, { state: 'ready' })).statusCode).toBe(200);
    const checkIn = await send('POST', `/api/v1/schedule-sheets/${sheetId}/check-in`, w.tokens.A5, {
      booking_id: rows.family.id,
      present: true,
      method: 'tap',
    });
    expect(checkIn.statusCode).toBe(200);
    const p = checkIn.json() as TSheetPassenger;
    expect(p.checked_in_at).not.toBeNull();
    expect(p.answers.map((a) => [a.passenger, a.value])).toEqual([
      [1, 'yes'],
      [3, 'no'],
      [null, 'En el hotel'],
    ]);
    expect(p.unanswered.map((u) => u.passenger)).toEqual([2]);
  });

  it('after the product changes its questions, the answers keep their label; unanswered follows the product', async () => {
    const current = (await get(`/api/v1/products/${product.id}`, w.tokens.A1)).json();
    // The swim question is dropped; a new required booking question is asked.
    const res = await send('PUT', `/api/v1/products/${product.id}`, w.tokens.A1, {
      version: current.version,
      questions: [
        {
          id: heard,
          scope: 'booking',
          kind: 'choice',
          label: 'Nos conociste por',
          options: ['Internet', 'En el hotel'],
        },
        { scope: 'booking', kind: 'text', label: 'Alergias', required: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const family = byName(await read(), 'Familia Pérez');
    // Stored answers read as they were answered (the old labels, the dropped question's too).
    expect(family.answers.map((a) => [a.label, a.value])).toEqual([
      [SWIM, 'yes'],
      [SWIM, 'no'],
      [HEARD, 'En el hotel'],
    ]);
    expect(family.unanswered).toEqual([
      { question_id: expect.any(String), passenger: null, label: 'Alergias', kind: 'text' },
    ]);
  });
});

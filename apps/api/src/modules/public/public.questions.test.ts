/**
 * Booking questions on the public API (issue 33 item 3, ADR 024): the product and the booking carry
 * the questions in the customer's language; the customer answers every required one when booking,
 * when changing their answers and when confirming what the office prepared; answers are stored in
 * the operator's form (yes/no, a number with a dot, a choice as its option); refusals are 422s on
 * `answers.<question>[.<passenger>]`, in the customer's language.
 */
import { ZPublicBooking, ZPublicProduct } from '@trayecto/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { bookings } from '../../db/schema';
import {
  booked,
  bookingBody,
  day,
  expectNothingWritten,
  mkProduct,
  snapshot,
  type World,
} from '../bookings/bookings.test-helpers';
import { newKey, publicBody } from './public.test-helpers';

let app: FastifyInstance;
let w: World;
let product: { id: string };
/** Question ids: per passenger «¿Sabe nadar?» (required); for the booking a choice, a number (optional). */
let q: { swim: string; heard: string; weight: string };

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  const created = await mkProduct(app, w.tokens.A1, {
    capacity: 100,
    questions: [
      {
        scope: 'passenger',
        kind: 'yes_no',
        label: '¿Sabe nadar?',
        help: 'Para la parada de baño.',
        required: true,
        translations: { de: { label: 'Kann schwimmen?', help: 'Für den Badestopp.' } },
      },
      {
        scope: 'booking',
        kind: 'choice',
        label: '¿Cómo nos has conocido?',
        options: ['Internet', 'En el hotel', 'Otro'],
        translations: { de: { label: 'Wie haben Sie von uns erfahren?', options: ['Internet', 'Im Hotel', ''] } },
      },
      { scope: 'booking', kind: 'number', label: 'Peso del equipaje (kg)' },
    ],
  });
  const [swim, heard, weight] = (created as unknown as { questions: { id: string }[] }).questions.map((x) => x.id);
  product = created;
  q = { swim, heard, weight };
});
afterAll(async () => {
  await app?.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });
const book = (payload: object, headers: Headers = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/public/bookings',
    payload,
    headers: { 'idempotency-key': newKey(), ...headers },
  });
const put = (id: string, payload: object, headers: Headers = {}) =>
  app.inject({ method: 'PUT', url: `/api/v1/public/bookings/${id}`, payload, headers });
const stored = async (id: string) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0].answers;

/** Every required answer of 2 adults and a child (publicBody's party), in German words. */
const germanAnswers = () => [
  { question_id: q.swim, passenger: 1, value: 'Ja' },
  { question_id: q.swim, passenger: 2, value: 'nein' },
  { question_id: q.swim, passenger: 3, value: 'ja' },
  { question_id: q.heard, value: 'Im Hotel' },
  { question_id: q.weight, value: '12,5' },
];
const DE = { 'accept-language': 'de' };

describe('the questions a product asks, in the customer language', () => {
  it('GET /public/products/{id}: each question localised, choices as value + label; a text not translated in the operator language', async () => {
    const de = await get(`/api/v1/public/products/${product.id}`, DE);
    expect(de.statusCode).toBe(200);
    const body = ZPublicProduct.strict().parse(de.json());
    expect(body.questions).toEqual([
      {
        id: q.swim,
        scope: 'passenger',
        kind: 'yes_no',
        label: 'Kann schwimmen?',
        help: 'Für den Badestopp.',
        required: true,
        options: [],
      },
      {
        id: q.heard,
        scope: 'booking',
        kind: 'choice',
        label: 'Wie haben Sie von uns erfahren?',
        help: '',
        required: false,
        options: [
          { value: 'Internet', label: 'Internet' },
          { value: 'En el hotel', label: 'Im Hotel' },
          { value: 'Otro', label: 'Otro' },
        ],
      },
      {
        id: q.weight,
        scope: 'booking',
        kind: 'number',
        label: 'Peso del equipaje (kg)',
        help: '',
        required: false,
        options: [],
      },
    ]);
    const es = (await get(`/api/v1/public/products/${product.id}?lang=es`)).json();
    expect(es.questions.map((x: { label: string }) => x.label)).toEqual([
      '¿Sabe nadar?',
      '¿Cómo nos has conocido?',
      'Peso del equipaje (kg)',
    ]);
  });
});

describe('POST /public/bookings with answers', () => {
  it('answers in German words are stored in the operator form; the answer carries the questions and labels in German', async () => {
    // The 201 is written in the booking's language (the German page sends its own).
    const res = await book(publicBody(product.id, { date: day(2), language: 'de', answers: germanAnswers() }), DE);
    expect(res.statusCode, res.body).toBe(201);
    const body = ZPublicBooking.strict().parse(res.json());
    expect(await stored(body.id)).toEqual([
      { question_id: q.swim, passenger: 1, label: '¿Sabe nadar?', kind: 'yes_no', value: 'yes' },
      { question_id: q.swim, passenger: 2, label: '¿Sabe nadar?', kind: 'yes_no', value: 'no' },
      { question_id: q.swim, passenger: 3, label: '¿Sabe nadar?', kind: 'yes_no', value: 'yes' },
      { question_id: q.heard, passenger: null, label: '¿Cómo nos has conocido?', kind: 'choice', value: 'En el hotel' },
      { question_id: q.weight, passenger: null, label: 'Peso del equipaje (kg)', kind: 'number', value: '12.5' },
    ]);
    expect(body.questions.map((x) => x.label)).toEqual([
      'Kann schwimmen?',
      'Wie haben Sie von uns erfahren?',
      'Peso del equipaje (kg)',
    ]);
    expect(body.answers.map((a) => [a.passenger, a.label, a.value])).toEqual([
      [1, 'Kann schwimmen?', 'yes'],
      [2, 'Kann schwimmen?', 'no'],
      [3, 'Kann schwimmen?', 'yes'],
      [null, 'Wie haben Sie von uns erfahren?', 'En el hotel'],
      [null, 'Peso del equipaje (kg)', '12.5'],
    ]);
    // The same booking read in Spanish: the labels in Spanish.
    const es = ZPublicBooking.strict().parse((await get(`/api/v1/public/bookings/${body.id}?lang=es`)).json());
    expect(es.answers.map((a) => a.label)).toEqual([
      '¿Sabe nadar?',
      '¿Sabe nadar?',
      '¿Sabe nadar?',
      '¿Cómo nos has conocido?',
      'Peso del equipaje (kg)',
    ]);
    expect(es.questions[1].options.map((o) => o.label)).toEqual(['Internet', 'En el hotel', 'Otro']);
  });

  it('a required answer missing: 422 on answers.<question>.<passenger>, in German; nothing written', async () => {
    const before = await snapshot(app);
    const answers = germanAnswers().filter((a) => !(a.question_id === q.swim && a.passenger === 3));
    const res = await book(publicBody(product.id, { date: day(3), answers }), DE);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { [`answers.${q.swim}.3`]: ['Pflichtfeld'] } });
    expect(Object.keys(res.json().errors)).toEqual([`answers.${q.swim}.3`]);
    // No answers at all: every passenger's required one, in Spanish without a language.
    const none = await book(publicBody(product.id, { date: day(3) }));
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({
      [`answers.${q.swim}.1`]: ['Campo requerido'],
      [`answers.${q.swim}.2`]: ['Campo requerido'],
      [`answers.${q.swim}.3`]: ['Campo requerido'],
    });
    await expectNothingWritten(app, before);
  });

  it('an unknown question, a passenger the booking has not, a wrong value: 422 each on its field, translated', async () => {
    const unknown = '00000000-0000-4000-8000-0000000000aa';
    const res = await book(
      publicBody(product.id, {
        date: day(3),
        answers: [
          ...germanAnswers().filter((a) => a.question_id === q.swim),
          { question_id: unknown, value: 'x' },
          { question_id: q.swim, passenger: 4, value: 'ja' },
          { question_id: q.heard, passenger: 1, value: 'Internet' },
          { question_id: q.weight, value: 'zwölf' },
        ],
      }),
      DE,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      [`answers.${unknown}`]: ['Diese Frage gilt nicht für diesen Ausflug'],
      [`answers.${q.swim}.4`]: ['Ungültiger Teilnehmer'],
      [`answers.${q.heard}.1`]: ['Ungültiger Teilnehmer'],
      [`answers.${q.weight}`]: ['Ungültige Zahl'],
    });
    const es = await book(publicBody(product.id, { date: day(3), answers: [{ question_id: unknown, value: 'x' }] }));
    expect(es.json().errors[`answers.${unknown}`]).toEqual(['Pregunta no válida para esta excursión']);
    const it_ = await book(publicBody(product.id, { date: day(3), answers: [{ question_id: unknown, value: 'x' }] }), {
      'accept-language': 'it',
    });
    expect(it_.json().errors[`answers.${q.swim}.1`]).toEqual(['Campo obbligatorio']);
    expect(it_.json().errors[`answers.${unknown}`]).toEqual(['Domanda non valida per questa escursione']);
  });
});

describe('PUT /public/bookings/{id}: the customer changes or completes the answers', () => {
  it('answers sent replace the stored ones (all required then); not sent, they stay', async () => {
    const b = (
      await book(publicBody(product.id, { date: day(4), language: 'de', answers: germanAnswers() }), DE)
    ).json();
    const changed = await put(
      b.id,
      {
        answers: [
          { question_id: q.swim, passenger: 1, value: 'no' },
          { question_id: q.swim, passenger: 2, value: 'no' },
          { question_id: q.swim, passenger: 3, value: 'no' },
          { question_id: q.heard, value: 'Otro' },
        ],
      },
      DE,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    ZPublicBooking.strict().parse(changed.json());
    expect((await stored(b.id)).map((a) => [a.question_id, a.passenger, a.value])).toEqual([
      [q.swim, 1, 'no'],
      [q.swim, 2, 'no'],
      [q.swim, 3, 'no'],
      [q.heard, null, 'Otro'],
    ]);

    const missing = await put(b.id, { answers: [{ question_id: q.swim, passenger: 1, value: 'yes' }] }, DE);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      [`answers.${q.swim}.2`]: ['Pflichtfeld'],
      [`answers.${q.swim}.3`]: ['Pflichtfeld'],
    });

    const roomOnly = await put(b.id, { notes: 'Llevamos gafas de buceo' });
    expect(roomOnly.statusCode).toBe(200);
    expect((await stored(b.id)).map((a) => a.value)).toEqual(['no', 'no', 'no', 'Otro']);
  });

  it('confirming a booking the office prepared without answers needs every required one', async () => {
    const prepared = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, { date: day(5), state: 'pending', pax: { adult: 2 } }),
    );
    expect((await get(`/api/v1/public/bookings/${prepared.id}`)).json()).toMatchObject({
      can_confirm: true,
      answers: [],
    });
    const without = await put(prepared.id, { confirm: true, accept_terms: true }, DE);
    expect(without.statusCode).toBe(422);
    expect(without.json().errors).toEqual({
      [`answers.${q.swim}.1`]: ['Pflichtfeld'],
      [`answers.${q.swim}.2`]: ['Pflichtfeld'],
    });
    // Saving something else without confirming is fine: staff may leave them for later.
    expect((await put(prepared.id, { room: '12' })).statusCode).toBe(200);

    const res = await put(
      prepared.id,
      {
        confirm: true,
        accept_terms: true,
        answers: [
          { question_id: q.swim, passenger: 1, value: 'ja' },
          { question_id: q.swim, passenger: 2, value: 'ja' },
        ],
      },
      DE,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = ZPublicBooking.strict().parse(res.json());
    expect(body).toMatchObject({ state: 'confirmed', can_confirm: false });
    expect(body.answers.map((a) => [a.passenger, a.label, a.value])).toEqual([
      [1, 'Kann schwimmen?', 'yes'],
      [2, 'Kann schwimmen?', 'yes'],
    ]);
  });
});

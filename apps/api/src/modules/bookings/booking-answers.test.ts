/**
 * Booking questions through the staff API (issue 33 item 3, ADR 024): a product's questions kept
 * with their ids and translations, refused when they break the contract; a staff booking's answers
 * normalised, kept with each question's label, refused at their field, required ones left for later;
 * an edit replacing them, fewer passengers dropping theirs, the history naming the change; and a
 * question removed from the product leaving the answers already given.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import {
  api,
  book,
  booked,
  bookingBody,
  expectNothingWritten,
  mkProduct,
  snapshot,
  type World,
} from './bookings.test-helpers';

type Question = { id: string; scope: string; kind: string; label: string; required: boolean; options: string[] };
type Answer = { question_id: string; passenger: number | null; label: string; kind: string; value: string };

let app: FastifyInstance;
let w: World;
let product: { id: string; questions: Question[] };
const idOf = (label: string) => {
  const q = product.questions.find((x) => x.label === label);
  if (!q) throw new Error(label);
  return q.id;
};
const QUESTIONS = [
  {
    scope: 'passenger',
    kind: 'yes_no',
    label: '¿Sabe nadar?',
    help: 'Para la parada de baño',
    required: true,
    translations: { en: { label: 'Can they swim?' } },
  },
  {
    scope: 'booking',
    kind: 'choice',
    label: 'Menú',
    options: ['Carne', 'Pescado', 'Vegetariano'],
    translations: { en: { label: 'Menu', options: ['Meat', 'Fish', ''] }, de: { help: '  ' } },
  },
  { scope: 'booking', kind: 'number', label: 'Número de maletas' },
];

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  product = (await mkProduct(app, w.tokens.A1, { questions: QUESTIONS })) as unknown as typeof product;
});
afterAll(async () => {
  await app?.close();
});

describe("a product's questions", () => {
  it('are kept in order with new ids, defaults filled in and only the translated texts', async () => {
    expect(product.questions).toEqual([
      {
        id: expect.any(String),
        scope: 'passenger',
        kind: 'yes_no',
        label: '¿Sabe nadar?',
        help: 'Para la parada de baño',
        required: true,
        options: [],
        translations: { en: { label: 'Can they swim?' } },
      },
      {
        id: expect.any(String),
        scope: 'booking',
        kind: 'choice',
        label: 'Menú',
        help: '',
        required: false,
        options: ['Carne', 'Pescado', 'Vegetariano'],
        translations: { en: { label: 'Menu', options: ['Meat', 'Fish', ''] } },
      },
      expect.objectContaining({ label: 'Número de maletas', kind: 'number', required: false, options: [] }),
    ]);
    expect(new Set(product.questions.map((q) => q.id)).size).toBe(3);
  });

  it('a list sent replaces the stored one: ids sent back keep their question, others are new', async () => {
    const other = await mkProduct(app, w.tokens.A1, { questions: QUESTIONS });
    const [swim] = (other as unknown as { questions: Question[] }).questions;
    const res = await api(app).send('PUT', `/api/v1/products/${other.id}`, w.tokens.A1, {
      questions: [
        { scope: 'booking', kind: 'text', label: 'Alergias' },
        { ...QUESTIONS[0], id: swim.id, required: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (res.json() as { questions: Question[] }).questions;
    expect(after.map((q) => [q.label, q.required])).toEqual([
      ['Alergias', false],
      ['¿Sabe nadar?', false],
    ]);
    expect(after[1].id).toBe(swim.id);
    expect(after[0].id).not.toBe(swim.id);
  });

  it('refuses what breaks the contract at its field, writing nothing', async () => {
    const put = (questions: unknown) =>
      api(app).send('PUT', `/api/v1/products/${product.id}`, w.tokens.A1, { questions });
    const one = await put([{ scope: 'booking', kind: 'choice', label: 'Menú', options: ['Carne'] }]);
    expect(one.statusCode).toBe(422);
    expect(one.json().errors['questions.0.options']).toEqual(['Añade al menos dos opciones']);
    const kind = await put([{ scope: 'booking', kind: 'color', label: 'Color' }]);
    expect(kind.statusCode).toBe(422);
    expect(Object.keys(kind.json().errors)).toEqual(['questions.0.kind']);
    const many = await put(Array.from({ length: 21 }, () => ({ scope: 'booking', kind: 'text', label: 'P' })));
    expect(many.statusCode).toBe(422);
    const again = await api(app).get(`/api/v1/products/${product.id}`, w.tokens.A1);
    expect((again.json() as { questions: Question[] }).questions).toEqual(product.questions);
  });

  it('an Operador cannot change them (only availability)', async () => {
    const res = await api(app).send('PUT', `/api/v1/products/${product.id}`, w.tokens.A3, { questions: [] });
    expect(res.statusCode).toBe(403);
  });
});

describe("a staff booking's answers", () => {
  it('are normalised, ordered and kept with their label; a required one may wait', async () => {
    const b = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, {
        answers: [
          { question_id: idOf('Número de maletas'), value: '2,0' },
          { question_id: idOf('¿Sabe nadar?'), passenger: 3, value: 'No' },
          { question_id: idOf('Menú'), value: 'fish' },
          { question_id: idOf('¿Sabe nadar?'), passenger: 1, value: '' },
        ],
      }),
    );
    expect(b.answers as Answer[]).toEqual([
      { question_id: idOf('¿Sabe nadar?'), passenger: 3, label: '¿Sabe nadar?', kind: 'yes_no', value: 'no' },
      { question_id: idOf('Menú'), passenger: null, label: 'Menú', kind: 'choice', value: 'Pescado' },
      {
        question_id: idOf('Número de maletas'),
        passenger: null,
        label: 'Número de maletas',
        kind: 'number',
        value: '2.0',
      },
    ]);
    const read = await api(app).get(`/api/v1/bookings/${b.id}`, w.tokens.A1);
    expect(read.json().answers).toEqual(b.answers);
  });

  it('a refused answer is a 422 at its field and nothing is written', async () => {
    const before = await snapshot(app);
    const res = await book(
      app,
      w.tokens.A1,
      bookingBody(product.id, {
        answers: [
          { question_id: idOf('¿Sabe nadar?'), passenger: 4, value: 'yes' },
          { question_id: idOf('Menú'), value: 'Pizza' },
          { question_id: idOf('Número de maletas'), value: 'dos' },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      [`answers.${idOf('¿Sabe nadar?')}.4`]: ['Pasajero no válido'],
      [`answers.${idOf('Menú')}`]: ['Opción no válida'],
      [`answers.${idOf('Número de maletas')}`]: ['Número no válido'],
    });
    await expectNothingWritten(app, before);
  });

  it('an edit sent replaces them; fewer passengers drop theirs; the history says what changed', async () => {
    const b = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, {
        pax: { adult: 3 },
        answers: [
          { question_id: idOf('¿Sabe nadar?'), passenger: 1, value: 'yes' },
          { question_id: idOf('¿Sabe nadar?'), passenger: 3, value: 'no' },
          { question_id: idOf('Menú'), value: 'Carne' },
        ],
      }),
    );
    // Passengers only: the answers stay, less the third passenger's.
    const fewer = await api(app).send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { pax: { adult: 2 } });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect((fewer.json().answers as Answer[]).map((a) => [a.label, a.passenger, a.value])).toEqual([
      ['¿Sabe nadar?', 1, 'yes'],
      ['Menú', null, 'Carne'],
    ]);
    // Answers sent: they replace the stored ones.
    const replaced = await api(app).send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, {
      answers: [{ question_id: idOf('¿Sabe nadar?'), passenger: 2, value: 'sí' }],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((replaced.json().answers as Answer[]).map((a) => [a.passenger, a.value])).toEqual([[2, 'yes']]);
    const events = (await api(app).get(`/api/v1/bookings/${b.id}/events`, w.tokens.A1)).json() as {
      type: string;
      data: { changes?: Record<string, unknown> };
    }[];
    const answerChanges = events.filter((e) => e.type === 'updated' && e.data.changes?.answers);
    expect(answerChanges).toHaveLength(2);
  });

  it('answers to a question the product no longer asks stay on the booking', async () => {
    const p = (await mkProduct(app, w.tokens.A1, { questions: QUESTIONS })) as unknown as {
      id: string;
      questions: Question[];
    };
    const menu = p.questions.find((q) => q.label === 'Menú') as Question;
    const b = await booked(
      app,
      w.tokens.A1,
      bookingBody(p.id, { answers: [{ question_id: menu.id, value: 'Vegetariano' }] }),
    );
    const removed = await api(app).send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, { questions: [] });
    expect(removed.statusCode, removed.body).toBe(200);
    const edited = await api(app).send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { notes: 'Llega tarde' });
    expect(edited.statusCode, edited.body).toBe(200);
    const orphan = { question_id: menu.id, passenger: null, label: 'Menú', kind: 'choice', value: 'Vegetariano' };
    expect(edited.json().answers).toEqual([orphan]);
    // Answers sent to the questions it asks now replace those, and the orphan stays.
    await api(app).send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, {
      questions: [{ scope: 'booking', kind: 'text', label: 'Alergias' }],
    });
    const allergies = (
      (await api(app).get(`/api/v1/products/${p.id}`, w.tokens.A1)).json() as { questions: Question[] }
    ).questions[0];
    const answered = await api(app).send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, {
      answers: [{ question_id: allergies.id, value: 'Gluten' }],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((answered.json().answers as Answer[]).map((a) => [a.label, a.value])).toEqual([
      ['Alergias', 'Gluten'],
      ['Menú', 'Vegetariano'],
    ]);
    // Sent to a question it no longer asks: refused.
    const refused = await api(app).send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, {
      answers: [{ question_id: menu.id, value: 'Carne' }],
    });
    expect(refused.statusCode).toBe(422);
  });
});

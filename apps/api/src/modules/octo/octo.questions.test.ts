/**
 * octo/questions (issue 33 item 3, ADR 024): a product's booking questions on its option (asked
 * once per booking) and on its units (asked of every passenger), in the language the reseller asks
 * for; the answers a reseller sends on reserve, confirm and PATCH (on the booking and on its unit
 * items), merged with what the booking has; a confirmation refused while a required one is
 * unanswered; every answer of the booking listed with its question. Every answer is checked
 * against `@octocloud/types` and the OCTO API's own OpenAPI document, and the questions' shape
 * against the capability's published one (docs.ventrata.com/capabilities/questions), which
 * `@octocloud/types` 2 does not carry.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { bookings } from '../../db/schema';
import { day, mkProduct, api as staffApi, TZ, type World } from '../bookings/bookings.test-helpers';
import { offsetOf } from './octo.availability';
import { caps, checkAgainstOctoDocument, expectOctoError, mkChannel, mkKey, octoApi, spec } from './octo.test-helpers';

/** The capability's question, as published. */
const zQuestion = z.object({
  id: z.string(),
  required: z.boolean(),
  label: z.string(),
  description: z.string().nullable(),
  inputType: z.string(),
  selectOptions: z.array(z.object({ label: z.string(), value: z.string() })),
});
const zAnswers = z.array(z.object({ questionId: z.string(), question: zQuestion, value: z.string().nullable() }));

type Question = z.infer<typeof zQuestion>;
type Answers = z.infer<typeof zAnswers>;
type Booked = {
  uuid: string;
  id: string;
  status: string;
  questionAnswers: Answers;
  unitItems: { unitId: string; questionAnswers: Answers }[];
};

let app: FastifyInstance;
let w: World;
let product: { id: string; questions: { id: string; label: string }[] };
let octo: ReturnType<typeof octoApi>;
const Q = caps('octo/questions');

const idOf = (date: string, time: string) => `${date}T${time}:00${offsetOf(TZ, new Date(`${date}T${time}:00Z`))}`;
const questionId = (label: string) => {
  const q = product.questions.find((x) => x.label === label);
  if (!q) throw new Error(`no question ${label}`);
  return q.id;
};
/** A booking answer as the spec publishes it, questions and answers checked against the capability's shape. */
function booked(v: unknown): Booked {
  const b = spec.booking(v) as unknown as Booked;
  if (b.questionAnswers !== undefined) zAnswers.parse(b.questionAnswers);
  for (const u of b.unitItems) if (u.questionAnswers !== undefined) zAnswers.parse(u.questionAnswers);
  return b;
}
const answerOf = (answers: Answers, label: string) => answers.find((a) => a.question.label === label)?.value;

async function reserve(over: Record<string, unknown> = {}, headers: Record<string, string> = Q) {
  const res = await octo.post(
    '/bookings',
    {
      uuid: crypto.randomUUID(),
      productId: product.id,
      optionId: 'DEFAULT',
      availabilityId: idOf(day(3), '09:00'),
      // A child first: unit items are numbered adults first whatever order they come in.
      unitItems: [{ unitId: 'child' }, { unitId: 'adult' }],
      ...over,
    },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return booked(res.json());
}

beforeAll(async () => {
  app = await buildTestApp({ env: { PUBLIC_URL: 'https://reservas.example.com' } });
  await checkAgainstOctoDocument(app);
  w = await createWorld(app);
  product = (await mkProduct(app, w.tokens.A1, {
    translations: { en: { name: 'Snorkelling trip' } },
    questions: [
      {
        scope: 'passenger',
        kind: 'yes_no',
        label: '¿Sabe nadar?',
        required: true,
        translations: { en: { label: 'Can they swim?', help: 'For the snorkelling stop' } },
      },
      { scope: 'passenger', kind: 'number', label: 'Talla de aletas' },
      {
        scope: 'booking',
        kind: 'choice',
        label: '¿Cómo nos has conocido?',
        help: 'Nos ayuda a mejorar',
        options: ['Internet', 'En el hotel'],
        translations: { en: { label: 'How did you hear about us?', options: ['Online', 'At the hotel'] } },
      },
      { scope: 'booking', kind: 'date', label: 'Fecha de llegada a la isla' },
    ],
  })) as unknown as typeof product;
  const channel = await mkChannel(app, w.A.op.id);
  octo = octoApi(app, (await mkKey(app, channel)).key);
});
afterAll(async () => {
  await app?.close();
});

describe('octo/questions on products', () => {
  it('the option asks the booking questions, every unit the passenger ones, in the language asked for', async () => {
    const res = await octo.get(`/products/${product.id}`, { ...Q, 'accept-language': 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['octo-capabilities']).toBe('octo/questions');
    const p = spec.product(res.json()) as unknown as {
      options: { questions: Question[]; units: { id: string; questions: Question[] }[] }[];
    };
    const option = p.options[0];
    for (const q of option.questions) zQuestion.parse(q);
    expect(option.questions).toEqual([
      {
        id: questionId('¿Cómo nos has conocido?'),
        required: false,
        label: 'How did you hear about us?',
        // No English help: the operator's language.
        description: 'Nos ayuda a mejorar',
        inputType: 'select',
        selectOptions: [
          { label: 'Online', value: 'Internet' },
          { label: 'At the hotel', value: 'En el hotel' },
        ],
      },
      {
        id: questionId('Fecha de llegada a la isla'),
        required: false,
        label: 'Fecha de llegada a la isla',
        description: null,
        inputType: 'date',
        selectOptions: [],
      },
    ]);
    expect(option.units.map((u) => u.id)).toEqual(['adult', 'child', 'infant']);
    for (const u of option.units) {
      expect(u.questions).toEqual([
        {
          id: questionId('¿Sabe nadar?'),
          required: true,
          label: 'Can they swim?',
          description: 'For the snorkelling stop',
          inputType: 'select',
          selectOptions: [
            { label: 'Yes', value: 'yes' },
            { label: 'No', value: 'no' },
          ],
        },
        {
          id: questionId('Talla de aletas'),
          required: false,
          label: 'Talla de aletas',
          description: null,
          inputType: 'number',
          selectOptions: [],
        },
      ]);
    }
  });

  it('without the capability no questions are shown', async () => {
    const p = (await octo.get(`/products/${product.id}`)).json() as { options: Record<string, unknown>[] };
    expect(p.options[0]).not.toHaveProperty('questions');
    expect(p.options[0].units).toSatisfy((units: Record<string, unknown>[]) => units.every((u) => !('questions' in u)));
  });
});

describe('answers through the booking flow', () => {
  it('reserve with some answers, confirm refused while a required one is missing, then confirmed with them', async () => {
    const b = await reserve({
      questionAnswers: [{ questionId: questionId('¿Cómo nos has conocido?'), value: 'online' }],
      unitItems: [
        { unitId: 'child', questionAnswers: [{ questionId: questionId('¿Sabe nadar?'), value: 'no' }] },
        { unitId: 'adult', questionAnswers: [{ questionId: questionId('Talla de aletas'), value: '42,5' }] },
      ],
    });
    expect(b.status).toBe('ON_HOLD');
    // Every question listed, answered or not; a translated option is kept as the operator's.
    expect(b.questionAnswers.map((a) => [a.question.label, a.value])).toEqual([
      ['¿Cómo nos has conocido?', 'Internet'],
      ['Fecha de llegada a la isla', null],
    ]);
    // Unit items adults first: the adult's fin size, the child's swim answer.
    expect(
      b.unitItems.map((u) => [
        u.unitId,
        answerOf(u.questionAnswers, '¿Sabe nadar?'),
        answerOf(u.questionAnswers, 'Talla de aletas'),
      ]),
    ).toEqual([
      ['adult', null, '42.5'],
      ['child', 'no', null],
    ]);

    // The adult has not said whether they swim: no confirmation, named by its label and unit item.
    const refused = await octo.post(
      `/bookings/${b.uuid}/confirm`,
      { contact: { fullName: 'Lucía Pérez' } },
      { ...Q, 'accept-language': 'en' },
    );
    const err = expectOctoError(refused, 400, 'UNPROCESSABLE_ENTITY');
    // The booking's unit items: the adult is the first.
    expect(err.errorMessage).toBe('Invalid answers: «¿Sabe nadar?» (unitItems[0]): required');
    expect((await app.db.select().from(bookings).where(eq(bookings.id, b.id)))[0].state).toBe('pending');

    // Confirmed with it, the unit items in the booking's order this time; the other answers stay.
    const res = await octo.post(
      `/bookings/${b.uuid}/confirm`,
      {
        contact: { fullName: 'Lucía Pérez' },
        unitItems: [
          { unitId: 'adult', questionAnswers: [{ questionId: questionId('¿Sabe nadar?'), value: 'yes' }] },
          { unitId: 'child' },
        ],
      },
      Q,
    );
    expect(res.statusCode, res.body).toBe(200);
    const c = booked(res.json());
    expect(c.status).toBe('CONFIRMED');
    expect(c.unitItems.map((u) => answerOf(u.questionAnswers, '¿Sabe nadar?'))).toEqual(['yes', 'no']);
    expect(answerOf(c.unitItems[0].questionAnswers, 'Talla de aletas')).toBe('42.5');
    expect(answerOf(c.questionAnswers, '¿Cómo nos has conocido?')).toBe('Internet');

    // The office reads them on the booking, each with its label and passenger.
    const staff = await staffApi(app).get(`/api/v1/bookings/${b.id}`, w.tokens.A1);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(
      (staff.json() as { answers: { label: string; passenger: number | null; value: string }[] }).answers.map((a) => [
        a.label,
        a.passenger,
        a.value,
      ]),
    ).toEqual([
      ['¿Sabe nadar?', 1, 'yes'],
      ['¿Sabe nadar?', 2, 'no'],
      ['Talla de aletas', 1, '42.5'],
      ['¿Cómo nos has conocido?', null, 'Internet'],
    ]);
  });

  it('PATCH changes and clears answers; on a confirmed booking a required one cannot be cleared', async () => {
    const b = await reserve({
      unitItems: [
        { unitId: 'child', questionAnswers: [{ questionId: questionId('¿Sabe nadar?'), value: 'sí' }] },
        { unitId: 'adult', questionAnswers: [{ questionId: questionId('¿Sabe nadar?'), value: 'true' }] },
      ],
      questionAnswers: [{ questionId: questionId('Fecha de llegada a la isla'), value: day(1) }],
    });
    const patched = await octo.patch(
      `/bookings/${b.uuid}`,
      { questionAnswers: [{ questionId: questionId('Fecha de llegada a la isla'), value: null }] },
      Q,
    );
    expect(patched.statusCode, patched.body).toBe(200);
    const p = booked(patched.json());
    expect(answerOf(p.questionAnswers, 'Fecha de llegada a la isla')).toBeNull();
    expect(p.unitItems.map((u) => answerOf(u.questionAnswers, '¿Sabe nadar?'))).toEqual(['yes', 'yes']);

    await octo.post(`/bookings/${b.uuid}/confirm`, { contact: { fullName: 'Hans Müller' } }, Q);
    const cleared = await octo.patch(
      `/bookings/${b.uuid}`,
      {
        unitItems: [
          { unitId: 'adult', questionAnswers: [{ questionId: questionId('¿Sabe nadar?'), value: '' }] },
          { unitId: 'child' },
        ],
      },
      Q,
    );
    expect(expectOctoError(cleared, 400, 'UNPROCESSABLE_ENTITY').errorMessage).toBe(
      'Respuestas no válidas: «¿Sabe nadar?» (unitItems[0]): Campo requerido',
    );
  });

  it('refuses a question the product does not ask there, and an answer outside its rule', async () => {
    const foreign = await octo.post(
      '/bookings',
      {
        productId: product.id,
        optionId: 'DEFAULT',
        availabilityId: idOf(day(3), '18:00'),
        unitItems: [{ unitId: 'adult' }],
        // A passenger's question asked of the booking.
        questionAnswers: [{ questionId: questionId('¿Sabe nadar?'), value: 'yes' }],
      },
      Q,
    );
    expect(expectOctoError(foreign, 400, 'UNPROCESSABLE_ENTITY').errorMessage).toContain(questionId('¿Sabe nadar?'));
    const unknown = await octo.post(
      '/bookings',
      {
        productId: product.id,
        optionId: 'DEFAULT',
        availabilityId: idOf(day(3), '18:00'),
        unitItems: [{ unitId: 'adult' }],
        questionAnswers: [{ questionId: 'talla', value: 'M' }],
      },
      Q,
    );
    expectOctoError(unknown, 400, 'UNPROCESSABLE_ENTITY');
    const wrong = await octo.post(
      '/bookings',
      {
        productId: product.id,
        optionId: 'DEFAULT',
        availabilityId: idOf(day(3), '18:00'),
        unitItems: [{ unitId: 'adult', questionAnswers: [{ questionId: questionId('Talla de aletas'), value: 'M' }] }],
      },
      { ...Q, 'accept-language': 'en' },
    );
    expect(expectOctoError(wrong, 400, 'UNPROCESSABLE_ENTITY').errorMessage).toBe(
      'Invalid answers: «Talla de aletas» (unitItems[0]): not a number (e.g. 3.5)',
    );
    // Nothing was held by the refusals.
    const held = await app.db.select().from(bookings).where(eq(bookings.productId, product.id));
    expect(held.filter((r) => r.time === '18:00')).toHaveLength(0);
  });

  it('answers without the capability header are still taken; the answer lists them only with it', async () => {
    const b = await reserve(
      {
        unitItems: [{ unitId: 'adult', questionAnswers: [{ questionId: questionId('¿Sabe nadar?'), value: 'no' }] }],
      },
      {},
    );
    expect(b).not.toHaveProperty('questionAnswers');
    const again = booked((await octo.get(`/bookings/${b.uuid}`, Q)).json());
    expect(answerOf(again.unitItems[0].questionAnswers, '¿Sabe nadar?')).toBe('no');
  });
});

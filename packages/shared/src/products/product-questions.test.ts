import { describe, expect, it } from 'vitest';
import {
  answersWithin,
  answerText,
  checkAnswers,
  localizeQuestion,
  missingAnswers,
  normalizeAnswer,
  passengerTypes,
  type TProductQuestion,
} from './product-questions';
import { ZProductQuestion, zProductQuestions } from './product-questions.schema';

const q = (over: Partial<TProductQuestion>): TProductQuestion => ({
  id: crypto.randomUUID(),
  scope: 'booking',
  kind: 'text',
  label: 'Pregunta',
  help: '',
  required: false,
  options: [],
  translations: {},
  ...over,
});

describe('passengerTypes', () => {
  it('numbers passengers adults first, then children, infants and seniors', () => {
    expect(passengerTypes({ senior: 1, child: 2, adult: 1 })).toEqual(['adult', 'child', 'child', 'senior']);
    expect(passengerTypes({})).toEqual([]);
  });
});

describe('normalizeAnswer', () => {
  it('numbers with a dot, a comma accepted; other text refused', () => {
    const n = q({ kind: 'number' });
    expect(normalizeAnswer(n, ' 3,5 ')).toEqual({ value: '3.5' });
    expect(normalizeAnswer(n, '-2')).toEqual({ value: '-2' });
    expect(normalizeAnswer(n, '3 kg')).toEqual({ error: 'Número no válido' });
  });
  it('real calendar dates only', () => {
    const d = q({ kind: 'date' });
    expect(normalizeAnswer(d, '2027-02-28')).toEqual({ value: '2027-02-28' });
    expect(normalizeAnswer(d, '2027-02-29')).toEqual({ error: 'Fecha no válida (AAAA-MM-DD)' });
    expect(normalizeAnswer(d, '28/02/2027')).toEqual({ error: 'Fecha no válida (AAAA-MM-DD)' });
  });
  it('yes/no in several words and languages, stored as yes/no', () => {
    const y = q({ kind: 'yes_no' });
    for (const v of ['yes', 'Sí', 'si', 'true', 'JA', 'oui']) expect(normalizeAnswer(y, v)).toEqual({ value: 'yes' });
    for (const v of ['no', 'false', 'Nein', 'non', 'nee']) expect(normalizeAnswer(y, v)).toEqual({ value: 'no' });
    expect(normalizeAnswer(y, 'quizá')).toEqual({ error: 'Opción no válida' });
  });
  it("a choice is stored as its option in the operator's language, from any case or a translation", () => {
    const c = q({
      kind: 'choice',
      options: ['Carne', 'Pescado'],
      translations: { en: { options: ['Meat', 'Fish'] }, de: { options: ['', 'Fisch'] } },
    });
    expect(normalizeAnswer(c, 'pescado')).toEqual({ value: 'Pescado' });
    expect(normalizeAnswer(c, 'Meat')).toEqual({ value: 'Carne' });
    expect(normalizeAnswer(c, 'Fisch')).toEqual({ value: 'Pescado' });
    expect(normalizeAnswer(c, 'Vegano')).toEqual({ error: 'Opción no válida' });
  });
  it('text up to 500 characters', () => {
    expect(normalizeAnswer(q({}), 'x'.repeat(500))).toEqual({ value: 'x'.repeat(500) });
    expect(normalizeAnswer(q({}), 'x'.repeat(501))).toEqual({ error: 'Texto demasiado largo' });
  });
});

describe('checkAnswers', () => {
  const swim = q({ scope: 'passenger', kind: 'yes_no', label: '¿Sabe nadar?', required: true });
  const how = q({ kind: 'choice', label: '¿Cómo nos conociste?', options: ['Internet', 'Hotel'] });

  it('keeps answers in the order of the questions and passengers, each with its label and kind', () => {
    const r = checkAnswers(
      [swim, how],
      [
        { question_id: how.id, value: 'hotel' },
        { question_id: swim.id, passenger: 2, value: 'no' },
        { question_id: swim.id, passenger: 1, value: 'sí' },
      ],
      { paxTotal: 2, requireAll: true },
    );
    expect(r.errors).toEqual({});
    expect(r.answers).toEqual([
      { question_id: swim.id, passenger: 1, label: '¿Sabe nadar?', kind: 'yes_no', value: 'yes' },
      { question_id: swim.id, passenger: 2, label: '¿Sabe nadar?', kind: 'yes_no', value: 'no' },
      { question_id: how.id, passenger: null, label: '¿Cómo nos conociste?', kind: 'choice', value: 'Hotel' },
    ]);
  });

  it('names each refusal at its field; required ones only when all are required', () => {
    const sent = [
      { question_id: swim.id, passenger: 1, value: 'quizá' },
      { question_id: how.id, passenger: 1, value: 'Hotel' },
      { question_id: crypto.randomUUID(), value: 'x' },
    ];
    const strict = checkAnswers([swim, how], sent, { paxTotal: 2, requireAll: true });
    expect(strict.errors[`answers.${swim.id}.1`]).toEqual(['Opción no válida']);
    expect(strict.errors[`answers.${swim.id}.2`]).toEqual(['Campo requerido']);
    expect(strict.errors[`answers.${how.id}.1`]).toEqual(['Pasajero no válido']);
    expect(Object.values(strict.errors)).toContainEqual(['Pregunta no válida para esta excursión']);
    const staff = checkAnswers([swim], [{ question_id: swim.id, passenger: 3, value: 'yes' }], {
      paxTotal: 2,
      requireAll: false,
    });
    expect(staff.errors).toEqual({ [`answers.${swim.id}.3`]: ['Pasajero no válido'] });
    expect(checkAnswers([swim], [], { paxTotal: 2, requireAll: false })).toEqual({ answers: [], errors: {} });
  });

  it('an empty answer is no answer', () => {
    const r = checkAnswers([how], [{ question_id: how.id, value: '  ' }], { paxTotal: 1, requireAll: true });
    expect(r).toEqual({ answers: [], errors: {} });
  });

  it('missingAnswers lists the required ones without an answer; answersWithin drops passengers gone', () => {
    const answers = checkAnswers([swim], [{ question_id: swim.id, passenger: 2, value: 'yes' }], {
      paxTotal: 3,
      requireAll: false,
    }).answers;
    expect(missingAnswers([swim, how], answers, 3)).toEqual([
      { question_id: swim.id, passenger: 1 },
      { question_id: swim.id, passenger: 3 },
    ]);
    expect(answersWithin(answers, 1)).toEqual([]);
    expect(answerText(answers[0])).toBe('Sí');
    expect(answerText({ kind: 'yes_no', value: 'no' }, { yes: 'Yes', no: 'No!' })).toBe('No!');
  });
});

describe('localizeQuestion', () => {
  it("each text in the language asked, else the operator's; options as value and label", () => {
    const c = q({
      kind: 'choice',
      label: 'Menú',
      help: 'Para la cena',
      options: ['Carne', 'Pescado'],
      translations: { en: { label: 'Menu', options: ['Meat', ''] } },
    });
    expect(localizeQuestion(c, 'en')).toMatchObject({
      label: 'Menu',
      help: 'Para la cena',
      options: [
        { value: 'Carne', label: 'Meat' },
        { value: 'Pescado', label: 'Pescado' },
      ],
    });
    expect(localizeQuestion(c, 'de').label).toBe('Menú');
  });
});

describe('ZProductQuestion', () => {
  it('a choice needs two different options; other kinds none', () => {
    const base = { scope: 'booking', label: 'Menú' };
    expect(ZProductQuestion.safeParse({ ...base, kind: 'choice', options: ['Carne'] }).error?.issues[0]).toMatchObject({
      path: ['options'],
      message: 'Añade al menos dos opciones',
    });
    expect(
      ZProductQuestion.safeParse({ ...base, kind: 'choice', options: ['Carne', 'carne '] }).error?.issues[0].message,
    ).toBe('Opciones repetidas');
    expect(ZProductQuestion.safeParse({ ...base, kind: 'text', options: ['x'] }).success).toBe(false);
    expect(ZProductQuestion.safeParse({ ...base, kind: 'text', label: '  ' }).success).toBe(false);
    expect(ZProductQuestion.safeParse({ ...base, kind: 'yes_no', translations: { xx: {} } }).success).toBe(false);
  });
  it('at most 20 questions, no id twice', () => {
    const one = { scope: 'booking', kind: 'text', label: 'P' };
    expect(zProductQuestions().safeParse(Array.from({ length: 21 }, () => one)).success).toBe(false);
    const id = crypto.randomUUID();
    expect(
      zProductQuestions().safeParse([
        { ...one, id },
        { ...one, id },
      ]).success,
    ).toBe(false);
  });
});

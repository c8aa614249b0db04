import { PUBLIC_LOCALES } from '@trayecto/shared/i18n';
import { PUBLIC_ERROR_MESSAGES } from '@trayecto/shared/i18n/errors/es';
import { ANSWER_MESSAGES } from '@trayecto/shared/questions';
import { afterEach, describe, expect, it } from 'vitest';
import { setDictionary } from '../i18n';
import de from '../i18n/dict/de';
import en from '../i18n/dict/en';
import es from '../i18n/dict/es';
import fr from '../i18n/dict/fr';
import it_ from '../i18n/dict/it';
import nl from '../i18n/dict/nl';
import { answerText, groupedAnswers } from './answer-text';
import { answerSlots, answersToSend, checkFormAnswers, sameAnswers, valuesOfAnswers } from './answers';
import { testQuestions } from './test-product';

const [swim, heard, luggage, born] = testQuestions();

afterEach(() => setDictionary('es', es));

describe('booking questions on the public forms (ADR 024)', () => {
  it("the booking's questions once, then each passenger's, numbered adults first (PAX_TYPES)", () => {
    const slots = answerSlots(testQuestions(), ['adult', 'adult', 'child']);
    expect(slots.map((s) => s.field)).toEqual([
      `answers.${heard.id}`,
      `answers.${luggage.id}`,
      `answers.${swim.id}.1`,
      `answers.${born.id}.1`,
      `answers.${swim.id}.2`,
      `answers.${born.id}.2`,
      `answers.${swim.id}.3`,
      `answers.${born.id}.3`,
    ]);
    expect(slots.filter((s) => s.question.id === swim.id).map((s) => [s.passenger, s.type, s.key])).toEqual([
      [1, 'adult', `${swim.id}.adult.1`],
      [2, 'adult', `${swim.id}.adult.2`],
      [3, 'child', `${swim.id}.child.1`],
    ]);
  });

  it("an answer follows its passenger: the child's is sent as passenger 3 once a second adult comes first", () => {
    const values = { [`${swim.id}.adult.1`]: 'yes', [`${swim.id}.child.1`]: 'no', [heard.id]: 'En el hotel' };
    expect(answersToSend(answerSlots([swim, heard], ['adult', 'child']), values)).toEqual([
      { question_id: heard.id, passenger: null, value: 'En el hotel' },
      { question_id: swim.id, passenger: 1, value: 'yes' },
      { question_id: swim.id, passenger: 2, value: 'no' },
    ]);
    expect(answersToSend(answerSlots([swim, heard], ['adult', 'adult', 'child']), values)).toEqual([
      { question_id: heard.id, passenger: null, value: 'En el hotel' },
      { question_id: swim.id, passenger: 1, value: 'yes' },
      { question_id: swim.id, passenger: 3, value: 'no' },
    ]);
  });

  it("a booking's stored answers are the form's values again, and the same answers compare equal", () => {
    const types = ['adult', 'child'] as const;
    const stored = [
      { question_id: heard.id, passenger: null, value: 'Otro' },
      { question_id: swim.id, passenger: 2, value: 'yes' },
      // A passenger the booking no longer has: not a value of the form.
      { question_id: swim.id, passenger: 3, value: 'no' },
    ];
    const values = valuesOfAnswers(stored, [...types]);
    expect(values).toEqual({ [heard.id]: 'Otro', [`${swim.id}.child.1`]: 'yes' });
    const slots = answerSlots([swim, heard], [...types]);
    expect(sameAnswers(answersToSend(slots, values), stored.slice(0, 2))).toBe(true);
    expect(sameAnswers(answersToSend(slots, { ...values, [`${swim.id}.child.1`]: 'no' }), stored.slice(0, 2))).toBe(
      false,
    );
  });

  it("checks with the API's rules, its messages in the page's language, on the API's fields", () => {
    setDictionary('de', de);
    const slots = answerSlots(testQuestions(), ['adult', 'child']);
    const errors = checkFormAnswers(
      testQuestions(),
      slots,
      { [`${swim.id}.adult.1`]: 'yes', [luggage.id]: 'zwölf', [`${born.id}.child.1`]: '2026-02-30' },
      2,
    );
    expect(errors).toEqual({
      [`answers.${swim.id}.2`]: 'Pflichtfeld',
      [`answers.${luggage.id}`]: 'Ungültige Zahl',
      [`answers.${born.id}.2`]: 'Ungültiges Datum (JJJJ-MM-TT)',
    });
    // A number with a comma, a real date, every required one: nothing to say.
    expect(
      checkFormAnswers(
        testQuestions(),
        slots,
        {
          [`${swim.id}.adult.1`]: 'yes',
          [`${swim.id}.child.1`]: 'no',
          [luggage.id]: '12,5',
          [`${born.id}.child.1`]: '2019-05-04',
        },
        2,
      ),
    ).toEqual({});
  });

  it('every message of the rules is one the public pages translate, in all six languages', () => {
    for (const message of Object.values(ANSWER_MESSAGES)) expect(PUBLIC_ERROR_MESSAGES).toContain(message);
    const dicts = { es, en, de, fr, it: it_, nl };
    for (const locale of PUBLIC_LOCALES.filter((l) => l !== 'es')) {
      for (const message of Object.values(ANSWER_MESSAGES)) {
        const translated = (dicts[locale].errors.messages as Record<string, string>)[message];
        expect(translated, `${locale}: ${message}`).toBeTruthy();
        expect(translated).not.toBe(message);
      }
    }
  });

  it("an answer as the customer reads it: yes/no, an option's label, a date and a number in the page's language", () => {
    setDictionary('de', de);
    const a = (kind: 'yes_no' | 'choice' | 'date' | 'number' | 'text', value: string) => ({
      question_id: heard.id,
      kind,
      value,
    });
    expect(answerText(a('yes_no', 'yes'))).toBe('Ja');
    expect(answerText(a('yes_no', 'no'))).toBe('Nein');
    expect(answerText(a('choice', 'En el hotel'), heard)).toBe('Im Hotel');
    // A question the product no longer asks: as stored.
    expect(answerText(a('choice', 'En el hotel'))).toBe('En el hotel');
    expect(answerText(a('date', '2019-05-04'))).toBe('Sa., 4. Mai 2019');
    expect(answerText(a('number', '1234.5'))).toBe('1.234,5');
    expect(answerText(a('text', 'Rollstuhl'))).toBe('Rollstuhl');
  });

  it("a booking's answers grouped: the booking's first, then each passenger's in number order, with their type", () => {
    const answer = (question_id: string, passenger: number | null, value: string) => ({
      question_id,
      passenger,
      value,
      label: 'x',
      kind: 'yes_no' as const,
    });
    const { forBooking, passengers } = groupedAnswers({
      lines: [
        { pax_type: 'child', quantity: 1, unit_cents: 0, total_cents: 0 },
        { pax_type: 'adult', quantity: 1, unit_cents: 0, total_cents: 0 },
      ],
      answers: [answer(swim.id, 2, 'no'), answer(heard.id, null, 'Otro'), answer(swim.id, 1, 'yes')],
    });
    expect(forBooking.map((a) => a.value)).toEqual(['Otro']);
    expect(passengers.map((p) => [p.n, p.type, p.answers.map((a) => a.value)])).toEqual([
      [1, 'adult', ['yes']],
      [2, 'child', ['no']],
    ]);
  });
});

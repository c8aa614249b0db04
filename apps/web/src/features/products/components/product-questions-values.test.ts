import type { TProductResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { productFixture } from '../test-fixtures';
import { productAccess } from '../utils/product-access';
import { mapServerErrors, validateProductForm } from './product-form-errors';
import { errorsBySection, questionTranslationLocale, sectionOfPath } from './product-form-sections';
import { formTranslationProgress, initialProductValues, type TProductFormValues } from './product-form-values';
import { toProductPayload } from './product-payload';
import {
  newQuestion,
  newQuestionOption,
  optionsForChoice,
  questionsPayload,
  questionsTranslationProgress,
  questionValuesFrom,
} from './product-questions-values';

const SWIM = '0d5f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b';
const HEARD = '1e6a2b3c-4d5e-4f6a-9b7c-8d9e0f1a2b3c';

const stored: TProductResponse['questions'] = [
  {
    id: SWIM,
    scope: 'passenger',
    kind: 'yes_no',
    label: '¿Sabe nadar?',
    help: '',
    required: true,
    options: [],
    translations: { de: { label: 'Kann schwimmen?' } },
  },
  {
    id: HEARD,
    scope: 'booking',
    kind: 'choice',
    label: '¿Cómo nos has conocido?',
    help: 'Nos ayuda a mejorar.',
    required: false,
    options: ['Internet', 'Hotel', 'Un amigo'],
    translations: { en: { label: 'How did you hear about us?', options: ['Internet', '', 'A friend'] } },
  },
];

const manager = productAccess([1]);
const withQuestions = (): TProductFormValues =>
  initialProductValues(productFixture({ questions: stored, name: 'Catamarán' }));

describe('booking questions in the product form (issue 33 item 3)', () => {
  it('the stored questions become the form’s, each option carrying its translations', () => {
    const [swim, heard] = questionValuesFrom(stored);
    expect(swim).toMatchObject({ id: SWIM, scope: 'passenger', kind: 'yes_no', required: true, options: [] });
    expect(swim?.translations.de).toEqual({ label: 'Kann schwimmen?', help: '' });
    expect(swim?.translations.en).toEqual({ label: '', help: '' });
    expect(heard?.options.map((o) => [o.text, o.translations.en])).toEqual([
      ['Internet', 'Internet'],
      ['Hotel', ''],
      ['Un amigo', 'A friend'],
    ]);
    expect(new Set([swim?.key, heard?.key, ...(heard?.options.map((o) => o.key) ?? [])]).size).toBe(5);
  });

  it('saving sends every question in order: stored ones with their id, new ones without, options only for a choice', () => {
    const v = withQuestions();
    const added = { ...newQuestion(), label: '  ¿Alergias?  ', kind: 'text' as const };
    // A question that was a choice and is now a number: its options stay in the form, not in the body.
    added.options = [newQuestionOption('a'), newQuestionOption('b')];
    v.questions = [v.questions[1] as never, added, v.questions[0] as never];
    // Moving an option moves its translation with it.
    const heard = v.questions[0];
    if (!heard) throw new Error('missing');
    heard.options = [heard.options[2], heard.options[0], heard.options[1]] as typeof heard.options;
    const body = toProductPayload(v, 'edit', manager);
    expect(body.questions).toEqual([
      {
        id: HEARD,
        scope: 'booking',
        kind: 'choice',
        label: '¿Cómo nos has conocido?',
        help: 'Nos ayuda a mejorar.',
        required: false,
        options: ['Un amigo', 'Internet', 'Hotel'],
        translations: { en: { label: 'How did you hear about us?', options: ['A friend', 'Internet', ''] } },
      },
      { scope: 'booking', kind: 'text', label: '¿Alergias?', help: '', required: false, translations: {} },
      {
        id: SWIM,
        scope: 'passenger',
        kind: 'yes_no',
        label: '¿Sabe nadar?',
        help: '',
        required: true,
        translations: { de: { label: 'Kann schwimmen?' } },
      },
    ]);
    // A level-3 Operador sends only the availability: never the questions.
    expect(toProductPayload(v, 'edit', productAccess([3])).questions).toBeUndefined();
  });

  it('a choice gets two options to fill; the ones it has are kept', () => {
    expect(optionsForChoice([]).map((o) => o.text)).toEqual(['', '']);
    const one = newQuestionOption('Sí');
    expect(optionsForChoice([one])).toEqual([one, expect.objectContaining({ text: '' })]);
    const three = [newQuestionOption('a'), newQuestionOption('b'), newQuestionOption('c')];
    expect(optionsForChoice(three)).toEqual(three);
  });

  it('the shared schema’s messages land on the question’s inputs', () => {
    const v = withQuestions();
    v.questions.push({ ...newQuestion(), kind: 'choice', options: optionsForChoice([]) });
    const heard = v.questions[1];
    if (!heard) throw new Error('missing');
    heard.options[2] = { ...newQuestionOption('hotel'), key: 'k' };
    const errors = validateProductForm(v, 'edit', manager);
    expect(errors['questions.1.options']).toBe('Opciones repetidas');
    expect(errors['questions.2.label']).toBe('Campo requerido');
    expect(errors['questions.2.options.0.text']).toBe('Campo requerido');
    expect(errors['questions.2.options.1.text']).toBe('Campo requerido');
    expect(errorsBySection(errors)).toEqual({ preguntas: 4 });
  });

  it('a choice with one option says it needs two', () => {
    const v = withQuestions();
    v.questions.push({ ...newQuestion(), label: 'Talla', kind: 'choice', options: [newQuestionOption('M')] });
    expect(validateProductForm(v, 'edit', manager)['questions.2.options']).toBe('Añade al menos dos opciones');
  });

  it('repeated options are said at once, even while the question has no label yet', () => {
    const v = withQuestions();
    const options = [newQuestionOption('Uno'), newQuestionOption(' uno '), newQuestionOption('')];
    v.questions.push({ ...newQuestion(), kind: 'choice', options });
    const errors = validateProductForm(v, 'edit', manager);
    expect(errors['questions.2.label']).toBe('Campo requerido');
    expect(errors['questions.2.options']).toBe('Opciones repetidas');
    expect(errors['questions.2.options.2.text']).toBe('Campo requerido');
    // Two empty options are not "repeated": each says it is required.
    v.questions[2] = { ...newQuestion(), label: 'Talla', kind: 'choice', options: optionsForChoice([]) };
    expect(validateProductForm(v, 'edit', manager)['questions.2.options']).toBeUndefined();
  });

  it('a 422’s question paths go to their inputs; translated texts to «Idiomas y traducciones»', () => {
    const v = withQuestions();
    const { fields, rest } = mapServerErrors(
      {
        questions: ['Preguntas repetidas'],
        'questions.1.options': ['Opciones repetidas'],
        'questions.1.options.2': ['Máximo 100 caracteres'],
        'questions.0.label': ['Campo requerido'],
        'questions.1.translations.en.options.1': ['Máximo 100 caracteres'],
        'questions.0.translations.de.help': ['Máximo 300 caracteres'],
        'questions.0.translations.xx.label': ['Idioma no válido'],
        'questions.7.label': ['Campo requerido'],
      },
      v,
    );
    expect(fields).toEqual({
      questions: 'Preguntas repetidas',
      'questions.1.options': 'Opciones repetidas',
      'questions.1.options.2.text': 'Máximo 100 caracteres',
      'questions.0.label': 'Campo requerido',
      'questions.1.options.1.translations.en': 'Máximo 100 caracteres',
      'questions.0.translations.de.help': 'Máximo 300 caracteres',
    });
    expect(rest).toEqual(['Idioma no válido']);
    expect(sectionOfPath('questions.1.options.2.text')).toBe('preguntas');
    expect(sectionOfPath('questions.1.options.1.translations.en')).toBe('traducciones');
    expect(sectionOfPath('questions.0.translations.de.help')).toBe('traducciones');
    expect(questionTranslationLocale('questions.1.options.1.translations.en')).toBe('en');
    expect(questionTranslationLocale('questions.1.options.1.text')).toBeNull();
  });

  it('each language’s completeness counts the questions: label, help, and a choice’s options as one text', () => {
    const v = withQuestions();
    // Base: name + the questions' 2 labels, 1 help, 1 list of options.
    expect(questionsTranslationProgress(v.questions, 'de')).toEqual({ done: 1, total: 4 });
    expect(questionsTranslationProgress(v.questions, 'en')).toEqual({ done: 1, total: 4 });
    expect(formTranslationProgress(v, 'en')).toMatchObject({ done: 1, total: 5 });
    // The options count once every one is translated.
    const heard = v.questions[1];
    if (!heard?.options[1]) throw new Error('missing');
    heard.options[1].translations.en = 'Hotel';
    expect(questionsTranslationProgress(v.questions, 'en')).toEqual({ done: 2, total: 4 });
    // A question without text yet asks for nothing.
    v.questions.push(newQuestion());
    expect(questionsTranslationProgress(v.questions, 'en').total).toBe(4);
  });

  it('a translation typed for a language is sent trimmed; an empty one is not sent', () => {
    const v = withQuestions();
    const swim = v.questions[0];
    if (!swim) throw new Error('missing');
    swim.translations.fr = { label: '  Sait nager ?  ', help: ' ' };
    swim.translations.de = { label: '', help: '' };
    expect(questionsPayload(v.questions)[0]?.translations).toEqual({ fr: { label: 'Sait nager ?' } });
  });
});

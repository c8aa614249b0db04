import { describe, expect, it } from 'vitest';
import { formatTranslationProgress, hasText, translationProgress, translationProgressLabel } from './product-format';

const BASE = {
  name: 'Subida al Teide',
  short_description: 'El pico más alto de España.',
  description: '<p>Con teleférico.</p>',
  includes: ['Autobús', 'Guía'],
  excludes: ['Teleférico'],
  what_to_bring: ['Ropa de abrigo'],
  meeting_point: 'Parking del teleférico',
  booking_terms: 'Cancelación gratuita 24 h antes.',
  pickup_notes: 'Espera en la puerta del hotel.',
};

describe('hasText', () => {
  it('a text with letters, a list with a non-blank item', () => {
    expect(hasText('Teide')).toBe(true);
    expect(hasText(['', ' ', 'Agua'])).toBe(true);
    expect(hasText('<p><strong>Sí</strong></p>')).toBe(true);
  });
  it('nothing: undefined, blanks, empty lists, markup without text', () => {
    for (const v of [undefined, null, '', '   ', [], ['', '  '], '<p></p>', '<p>&nbsp;</p><br>', '<p>\u00a0</p>']) {
      expect(hasText(v), JSON.stringify(v)).toBe(false);
    }
  });
});

describe('translationProgress (issue 15: the completeness per language)', () => {
  it('counts the fields with a base text, and of them the translated ones, missing in form order', () => {
    const p = translationProgress(BASE, {
      name: 'Auffahrt zum Teide',
      description: '<p>Mit der Seilbahn.</p>',
      includes: ['Bus'],
      meeting_point: 'Parkplatz',
      pickup_notes: 'Vor dem Hotel warten.',
      booking_terms: 'Kostenlose Stornierung.',
    });
    expect(p).toEqual({ done: 6, total: 9, missing: ['short_description', 'excludes', 'what_to_bring'] });
    expect(formatTranslationProgress('de', p)).toBe('Alemán 6/9');
    expect(translationProgressLabel('de', p)).toBe('Traducción al alemán: 6 de 9 textos');
  });

  it('an empty base field needs no translation, even when one was written', () => {
    const p = translationProgress(
      { name: 'Masca', description: '<p></p>', includes: [], booking_terms: '' },
      { name: 'Masca', booking_terms: 'Terms', includes: ['Bus'] },
    );
    expect(p).toEqual({ done: 1, total: 1, missing: [] });
  });

  it('blank translations do not count; no translation at all is 0 of the base texts', () => {
    expect(translationProgress(BASE, { name: '  ', includes: [''], description: '<p> </p>' }).done).toBe(0);
    expect(translationProgress(BASE, undefined)).toMatchObject({ done: 0, total: 9 });
  });

  it('a product without texts has nothing to translate', () => {
    const p = translationProgress({}, {});
    expect(p).toEqual({ done: 0, total: 0, missing: [] });
    expect(translationProgressLabel('en', p)).toBe('Traducción al inglés: no hay textos que traducir');
    expect(translationProgressLabel('nl', { done: 1, total: 1 })).toBe('Traducción al neerlandés: 1 de 1 texto');
    expect(formatTranslationProgress('fr', { done: 2, total: 3 })).toBe('Francés 2/3');
  });
});

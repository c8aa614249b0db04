/**
 * The customer messages' dictionaries and formats (issue 15), without a database: every language
 * has every text with the same placeholders as the Spanish source (a missing key already fails
 * `tsc`: each module is typed `MessageTexts`), none is a copy of the Spanish, and dates, times,
 * money, passengers and durations read as each language writes them.
 */
import { PUBLIC_LOCALES, type TPublicLocale } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { es } from './es';
import { SPANISH_FRAGMENTS, textsOf } from './i18n.test-helpers';
import { fill, MESSAGE_TEXTS, messageFormat, placeholdersOf } from './index';

const others = PUBLIC_LOCALES.filter((l) => l !== 'es');

describe('the dictionaries', () => {
  it.each(others)('%s: the same texts as Spanish, with the same placeholders, none empty', (locale) => {
    const mine = new Map(textsOf(MESSAGE_TEXTS[locale]));
    const source = textsOf(es);
    expect([...mine.keys()].sort()).toEqual(source.map(([k]) => k).sort());
    for (const [key, spanish] of source) {
      const text = mine.get(key) ?? '';
      expect(text.trim(), key).not.toBe('');
      expect(placeholdersOf(text), key).toEqual(placeholdersOf(spanish));
    }
  });

  it.each(others)('%s: no sentence is the Spanish one copied', (locale) => {
    const mine = new Map(textsOf(MESSAGE_TEXTS[locale]));
    for (const [key, spanish] of textsOf(es)) {
      const words = spanish.replace(/\{\w+\}/g, '').replace(/[^\p{L}]+/gu, '');
      if (words.length >= 8) expect(mine.get(key), key).not.toBe(spanish);
    }
  });

  it('the Spanish pieces a message in another language must not contain are many and long', () => {
    expect(SPANISH_FRAGMENTS.length).toBeGreaterThan(60);
    expect(SPANISH_FRAGMENTS).toContain('Hemos cambiado tu reserva. Esto es lo que cambia:');
    expect(SPANISH_FRAGMENTS.every((p) => p.length >= 12)).toBe(true);
  });

  it('fill replaces each placeholder once and leaves braces in values alone', () => {
    expect(fill('{a} y {b}', { a: '{b}', b: 'x' })).toBe('{b} y x');
    expect(fill('{a} {missing}', { a: 1 })).toBe('1 {missing}');
  });
});

describe('formats per language (Intl, the operator’s zone)', () => {
  const f = (l: TPublicLocale) => messageFormat(l, 'Atlantic/Canary');
  const expected: Record<
    TPublicLocale,
    { money: string; day: string; when: string; pax: string; duration: string; list: string }
  > = {
    es: {
      money: '1.234,50 €',
      day: 'sáb, 5 dic 2026',
      when: 'sáb, 5 dic 2026 a las 09:00',
      pax: '2 adultos, 1 niño',
      duration: '3 h 30 min',
      list: 'A, B y C',
    },
    en: {
      money: '€1,234.50',
      day: 'Sat, 5 Dec 2026',
      when: 'Sat, 5 Dec 2026 at 09:00',
      pax: '2 adults, 1 child',
      duration: '3 hrs 30 mins',
      list: 'A, B and C',
    },
    de: {
      money: '1.234,50 €',
      day: 'Sa., 5. Dez. 2026',
      when: 'Sa., 5. Dez. 2026 um 09:00 Uhr',
      pax: '2 Erwachsene, 1 Kind',
      duration: '3 Std. 30 Min.',
      list: 'A, B und C',
    },
    fr: {
      money: '1 234,50 €',
      day: 'sam. 5 déc. 2026',
      when: 'sam. 5 déc. 2026 à 09:00',
      pax: '2 adultes, 1 enfant',
      duration: '3 h 30 min',
      list: 'A, B et C',
    },
    it: {
      money: '1.234,50 €',
      day: 'sab 5 dic 2026',
      when: 'sab 5 dic 2026 alle 09:00',
      pax: '2 adulti, 1 bambino',
      duration: '3 h 30 min',
      list: 'A, B e C',
    },
    nl: {
      money: '€ 1.234,50',
      day: 'za 5 dec 2026',
      when: 'za 5 dec 2026 om 09:00 uur',
      pax: '2 volwassenen, 1 kind',
      duration: '3 uur 30 min',
      list: 'A, B en C',
    },
  };

  it.each(PUBLIC_LOCALES)('%s', (locale) => {
    const x = expected[locale];
    expect(f(locale).money(123450, 'EUR')).toBe(x.money);
    expect(f(locale).day('2026-12-05')).toBe(x.day);
    expect(f(locale).when('2026-12-05', '09:00')).toBe(x.when);
    expect(f(locale).pax({ adult: 2, child: 1 })).toBe(x.pax);
    expect(f(locale).duration(210)).toBe(x.duration);
    expect(f(locale).list(['A', 'B', 'C'])).toBe(x.list);
  });

  it('an instant reads on the operator’s clock, 24 hours, whatever the runtime’s zone', () => {
    // 16:30 UTC in July is 17:30 in the Canaries and 18:30 in Madrid.
    const at = '2026-07-04T16:30:00Z';
    expect(messageFormat('en', 'Atlantic/Canary').instant(at)).toBe('Sat, 4 Jul 2026 at 17:30');
    expect(messageFormat('de', 'Europe/Madrid').instant(at)).toBe('Sa., 4. Juli 2026 um 18:30 Uhr');
    expect(messageFormat('nl', 'Atlantic/Canary').instant('2026-07-04T23:30:00Z')).toBe('zo 5 jul 2026 om 00:30 uur');
  });

  it('plurals by the language’s rules; whole hours and minutes in words', () => {
    expect(messageFormat('en', 'UTC').pax({ adult: 1, child: 2, infant: 1 })).toBe('1 adult, 2 children, 1 infant');
    expect(messageFormat('nl', 'UTC').pax({ infant: 2 })).toBe('2 baby’s');
    expect(messageFormat('de', 'UTC').duration(180)).toBe('3 Stunden');
    expect(messageFormat('it', 'UTC').duration(60)).toBe('1 ora');
    expect(messageFormat('fr', 'UTC').duration(45)).toBe('45 minutes');
    expect(messageFormat('es', 'UTC').duration(0)).toBe('');
  });
});

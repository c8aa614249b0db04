import type { TPublicLocale } from '@trayecto/shared/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { setDictionary, type TPublicDict } from '../i18n';
import de from '../i18n/dict/de';
import en from '../i18n/dict/en';
import es from '../i18n/dict/es';
import fr from '../i18n/dict/fr';
import it_ from '../i18n/dict/it';
import nl from '../i18n/dict/nl';
import { brandVars, contrastRatio } from './brand';
import { weekdays } from './calendar';
import {
  countryName,
  formatAges,
  formatCents,
  formatDateLong,
  formatDay,
  formatDuration,
  formatInstant,
  formatMonth,
  formatNumber,
  freeCancellationText,
  languageName,
  languagesText,
  plural,
  seatsLeftText,
} from './format';

describe('es-ES formats (STYLE.md "Formats")', () => {
  it('dates like "lun, 23 nov 2026", whatever the viewer\'s zone', () => {
    expect(formatDay('2026-11-23')).toBe('lun, 23 nov 2026');
    expect(formatDay('2026-01-01')).toBe('jue, 1 ene 2026');
    expect(formatDateLong('2026-11-23')).toBe('lunes, 23 de noviembre de 2026');
    expect(formatMonth('2026-11')).toBe('Noviembre de 2026');
  });
  it('instants in the operator zone with a 24-hour clock', () => {
    expect(formatInstant('2026-11-22T20:05:00Z', 'Atlantic/Canary')).toBe('dom, 22 nov 2026, 20:05');
    expect(formatInstant('2026-07-01T07:00:00Z', 'Europe/Madrid')).toBe('mié, 1 jul 2026, 09:00');
  });
  it('money "1.234,50 €" and Spanish plurals', () => {
    expect(formatCents(123450)).toBe('1.234,50 €');
    expect(formatCents(4500)).toBe('45,00 €');
    expect(seatsLeftText(1)).toBe('queda 1 plaza');
    expect(seatsLeftText(12)).toBe('quedan 12 plazas');
  });
  it('durations and tariff ages', () => {
    expect(formatDuration(480)).toBe('8 h');
    expect(formatDuration(210)).toBe('3 h 30 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(2880)).toBe('2 días');
    expect(formatAges(3, 11)).toBe('de 3 a 11 años');
    expect(formatAges(12, null)).toBe('desde 12 años');
    expect(formatAges(null, 2)).toBe('hasta 2 años');
    expect(formatAges(null, null)).toBe('');
  });
  it('the free-cancellation rule and the tour languages in words', () => {
    expect(freeCancellationText(0)).toBe('Esta excursión no admite cancelación gratuita.');
    expect(freeCancellationText(24)).toBe('Cancelación gratuita hasta 24 horas antes de la salida.');
    expect(freeCancellationText(1)).toBe('Cancelación gratuita hasta 1 hora antes de la salida.');
    expect(freeCancellationText(72)).toBe('Cancelación gratuita hasta 3 días antes de la salida.');
    expect(freeCancellationText(96)).toBe('Cancelación gratuita hasta 4 días antes de la salida.');
    expect(freeCancellationText(100)).toBe('Cancelación gratuita hasta 100 horas antes de la salida.');
    expect(languagesText(['es', 'en', 'xx'])).toBe('Español, Inglés, XX');
    expect(countryName('DE')).toBe('Alemania');
  });
});

describe('formats in the active language (issue 15)', () => {
  const use = (locale: TPublicLocale, dict: TPublicDict) => setDictionary(locale, dict);
  afterEach(() => setDictionary('es', es));

  it('money: "1.234,50 €" in es and de, "€1,234.50" in en-GB, "1 234,50 €" in fr', () => {
    use('de', de);
    expect(formatCents(123450)).toBe('1.234,50 €');
    expect(formatCents(4500)).toBe('45,00 €');
    use('en', en);
    expect(formatCents(123450)).toBe('€1,234.50');
    expect(formatCents(4500)).toBe('€45.00');
    use('fr', fr);
    expect(formatCents(123450)).toBe('1 234,50 €');
    use('it', it_);
    expect(formatCents(123450)).toBe('1.234,50 €');
    use('nl', nl);
    expect(formatCents(123450)).toBe('€ 1.234,50');
    expect(formatNumber(1234)).toBe('1.234');
  });

  it('dates, months and instants (24-hour clock, the operator zone) in de, en and fr', () => {
    use('de', de);
    expect(formatDay('2026-11-23')).toBe('Mo., 23. Nov. 2026');
    expect(formatDateLong('2026-11-23')).toBe('Montag, 23. November 2026');
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatInstant('2026-11-22T20:05:00Z', 'Atlantic/Canary')).toBe('So., 22. Nov. 2026, 20:05');
    use('en', en);
    expect(formatDay('2026-11-23')).toBe('Mon, 23 Nov 2026');
    expect(formatDateLong('2026-11-23')).toBe('Monday, 23 November 2026');
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatInstant('2026-07-01T13:30:00Z', 'Europe/Madrid')).toBe('Wed, 1 Jul 2026, 15:30');
    use('fr', fr);
    expect(formatDay('2026-11-23')).toBe('lun. 23 nov. 2026');
    expect(formatDateLong('2026-11-23')).toBe('lundi 23 novembre 2026');
    expect(formatMonth('2026-11')).toBe('Novembre 2026');
    expect(formatInstant('2026-11-22T20:05:00Z', 'Atlantic/Canary')).toBe('dim. 22 nov. 2026, 20:05');
  });

  it("the calendar's weekdays, Monday first: one letter where they differ, else short names", () => {
    expect(weekdays().map(([short]) => short)).toEqual(['L', 'M', 'X', 'J', 'V', 'S', 'D']);
    use('de', de);
    expect(weekdays()).toEqual([
      ['Mo', 'Montag'],
      ['Di', 'Dienstag'],
      ['Mi', 'Mittwoch'],
      ['Do', 'Donnerstag'],
      ['Fr', 'Freitag'],
      ['Sa', 'Samstag'],
      ['So', 'Sonntag'],
    ]);
    use('en', en);
    expect(weekdays().map(([short]) => short)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    use('fr', fr);
    expect(weekdays()[0]).toEqual(['lun', 'lundi']);
  });

  it('durations, ages, seats and free cancellation in words', () => {
    use('de', de);
    expect(formatDuration(210)).toBe('3 Std. 30 Min.');
    expect(formatDuration(2880)).toBe('2 Tage');
    expect(formatAges(3, 11)).toBe('3–11 Jahre');
    expect(formatAges(12, null)).toBe('ab 12 Jahren');
    expect(seatsLeftText(1)).toBe('noch 1 Platz frei');
    expect(freeCancellationText(24)).toBe('Kostenlose Stornierung bis 24 Stunden vor der Abfahrt.');
    expect(freeCancellationText(72)).toBe('Kostenlose Stornierung bis 3 Tage vor der Abfahrt.');
    use('en', en);
    expect(formatDuration(480)).toBe('8 hours');
    expect(formatDuration(210)).toBe('3 hr 30 min');
    expect(formatAges(null, 2)).toBe('up to 2 years');
    expect(seatsLeftText(12)).toBe('12 places left');
    expect(freeCancellationText(1)).toBe('Free cancellation up to 1 hour before departure.');
    expect(freeCancellationText(0)).toBe('This excursion cannot be cancelled free of charge.');
    use('fr', fr);
    // French typography: no-break spaces between a number and its unit.
    expect(formatDuration(210)).toBe('3\u00a0h\u00a030');
    expect(seatsLeftText(1)).toBe('1\u00a0place restante');
    expect(plural(0, 'place', 'places')).toBe('0 place');
  });

  it('tour languages and countries named in the active language, capitalised', () => {
    use('de', de);
    expect(languagesText(['es', 'en', 'de'])).toBe('Spanisch, Englisch, Deutsch');
    expect(countryName('GB')).toBe('Vereinigtes Königreich');
    use('en', en);
    expect(languagesText(['es', 'nl'])).toBe('Spanish, Dutch');
    use('fr', fr);
    expect(languageName('en')).toBe('Anglais');
    expect(countryName('DE')).toBe('Allemagne');
    use('nl', nl);
    expect(languageName('de')).toBe('Duits');
  });
});

describe("operator's brand colour", () => {
  it('keeps a dark colour and darkens a light one until white text reads on it (AA 4.5:1)', () => {
    expect(brandVars('#c2410c')['--brand']).toBe('#c2410c');
    const yellow = brandVars('#ffd43b')['--brand'];
    expect(contrastRatio(yellow, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(brandVars('not a colour')['--brand']).toBe('#0b7285');
  });
});

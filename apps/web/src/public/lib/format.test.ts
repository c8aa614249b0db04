import { describe, expect, it } from 'vitest';
import { brandVars, contrastRatio } from './brand';
import {
  formatAges,
  formatCents,
  formatDateLong,
  formatDay,
  formatDuration,
  formatInstant,
  formatMonth,
  freeCancellationText,
  languagesText,
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

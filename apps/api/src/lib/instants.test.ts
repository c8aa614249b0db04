import { describe, expect, it } from 'vitest';
import { isoOf, isoOrNull, isoString } from './instants';

describe('isoString: the same text as Date#toISOString', () => {
  it('for every day of 1970–2100 at a moving time of day, and steps to the year 9999', () => {
    let checked = 0;
    // Every day, each at another time (hours, minutes, seconds and milliseconds all move).
    for (let t = 0; t < Date.UTC(2101, 0, 1); t += 86_400_000 + 3_661_001) {
      const d = new Date(t);
      expect(isoString(d)).toBe(d.toISOString());
      checked++;
    }
    for (let t = Date.UTC(2101, 0, 1); t < Date.UTC(10000, 0, 1); t += 86_400_000 * 29 + 7_654_321) {
      const d = new Date(t);
      expect(isoString(d)).toBe(d.toISOString());
      checked++;
    }
    expect(checked).toBeGreaterThan(80_000);
  });

  it('at the edges: leap days, the ends of years and of days, and the builtin outside 1970–9999', () => {
    for (const text of [
      '1970-01-01T00:00:00.000Z',
      '2000-02-29T23:59:59.999Z',
      '2024-02-29T12:00:00.001Z',
      '2100-03-01T00:00:00.010Z',
      '2026-12-31T23:59:59.100Z',
      '9999-12-31T23:59:59.999Z',
      '1969-12-31T23:59:59.999Z',
      '0020-01-01T00:00:00.000Z',
      '+010000-01-01T00:00:00.000Z',
    ]) {
      expect(isoString(new Date(text))).toBe(text);
    }
  });

  it('isoOf and isoOrNull keep their fallbacks for an unreadable date', () => {
    const bad = new Date('0020-13-45');
    expect(isoOf(bad, new Date('2026-01-02T03:04:05.006Z'))).toBe('2026-01-02T03:04:05.006Z');
    expect(isoOf(bad)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoOrNull(bad)).toBeNull();
    expect(isoOrNull(null)).toBeNull();
    expect(isoOrNull(new Date('2026-11-28T20:00:00Z'))).toBe('2026-11-28T20:00:00.000Z');
  });
});

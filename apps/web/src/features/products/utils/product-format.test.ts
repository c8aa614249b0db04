import { describe, expect, it } from 'vitest';
import { productAccess } from './product-access';
import {
  formatDay,
  formatDuration,
  formatLanguages,
  formatPrice,
  formatWeekdays,
  productStateName,
} from './product-format';

describe('product formats (STYLE.md "Formats")', () => {
  it('durations read "8 h", "3 h 30 min", "45 min"', () => {
    expect(formatDuration(480)).toBe('8 h');
    expect(formatDuration(210)).toBe('3 h 30 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(0)).toBe('');
  });

  it('prices read "45,00 €" and "1.234,50 €"', () => {
    expect(formatPrice(4500)).toBe('45,00 €');
    expect(formatPrice(123450)).toBe('1.234,50 €');
    expect(formatPrice(null)).toBe('');
  });

  it('languages, states and weekdays in Spanish (L M X J V S D)', () => {
    expect(formatLanguages(['es', 'en', 'de'])).toBe('Español, Inglés, Alemán');
    expect(productStateName('draft')).toBe('Borrador');
    expect(productStateName('active')).toBe('Activo');
    expect(productStateName('inactive')).toBe('Inactivo');
    expect(formatWeekdays([1, 2, 3, 4, 5])).toBe('L–V');
    expect(formatWeekdays([5, 1, 3])).toBe('L, X, V');
    expect(formatWeekdays([6, 7])).toBe('S, D');
    expect(formatWeekdays([1, 2, 3, 4, 5, 6, 7])).toBe('Todos los días');
  });

  it('calendar dates read "dom, 22 nov 2026" whatever the browser\'s zone', () => {
    expect(formatDay('2026-11-22')).toBe('dom, 22 nov 2026');
    expect(formatDay('no')).toBe('');
  });
});

describe("PRODUCT §3 product permissions (the spec's permission check on the stored roles)", () => {
  it('levels 0/1 edit everything; 3 only the availability; 2 reads active products; nobody else writes', () => {
    expect(productAccess([0])).toEqual({
      isAdmin: true,
      canEditAll: true,
      canEditAvailability: true,
      activeOnly: false,
      readOnly: false,
    });
    expect(productAccess([1])).toMatchObject({ isAdmin: false, canEditAll: true, canEditAvailability: true });
    expect(productAccess([3])).toMatchObject({ canEditAll: false, canEditAvailability: true, readOnly: false });
    expect(productAccess([2])).toMatchObject({
      canEditAll: false,
      canEditAvailability: false,
      activeOnly: true,
      readOnly: true,
    });
    expect(productAccess([4])).toMatchObject({
      canEditAll: false,
      canEditAvailability: false,
      activeOnly: false,
      readOnly: true,
    });
    expect(productAccess([])).toMatchObject({ canEditAll: false, readOnly: true });
  });
});

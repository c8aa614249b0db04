import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryGroups, countryName, MAIN_MARKETS } from './countries';

describe('one country list (back-office and public pages)', () => {
  it('every ISO 3166-1 alpha-2 code once, the main markets among them', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    expect(MAIN_MARKETS.every((c) => COUNTRY_CODES.includes(c))).toBe(true);
  });

  it('Spanish names; the main markets first, then the rest A–Z, each country once', () => {
    expect(countryName('DE')).toBe('Alemania');
    expect(countryName('GB')).toBe('Reino Unido');
    const { main, others } = countryGroups();
    expect(main.map((c) => c.code)).toEqual(MAIN_MARKETS);
    expect(main[0]).toEqual({ code: 'ES', name: 'España' });
    expect(main.length + others.length).toBe(249);
    const names = others.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    expect(others.some((c) => c.code === 'ES')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { splitTaxIncluded, TERRITORY_TAXES, taxesOf, taxRateLabel } from './taxes';

describe('taxes (issue 34)', () => {
  it('splits a tax-inclusive total so that base + tax is the total, to the cent', () => {
    expect(splitTaxIncluded(10_700, 7)).toEqual({ baseCents: 10_000, taxCents: 700 });
    expect(splitTaxIncluded(12_100, 21)).toEqual({ baseCents: 10_000, taxCents: 2_100 });
    expect(splitTaxIncluded(4_500, 9.5)).toEqual({ baseCents: 4_110, taxCents: 390 });
    expect(splitTaxIncluded(999, 0)).toEqual({ baseCents: 999, taxCents: 0 });
    expect(splitTaxIncluded(-10_700, 7)).toEqual({ baseCents: -10_000, taxCents: -700 });
    for (let total = 0; total < 5_000; total += 7) {
      for (const rate of [...TERRITORY_TAXES.canarias.rates, ...TERRITORY_TAXES.peninsula.rates]) {
        const { baseCents, taxCents } = splitTaxIncluded(total, rate);
        expect(baseCents + taxCents).toBe(total);
        expect(Math.abs(baseCents * (100 + rate) - total * 100)).toBeLessThanOrEqual((100 + rate) / 2);
      }
    }
  });

  it('names the tax and its rates by territory; an unknown one is the mainland', () => {
    expect(taxesOf('canarias')).toMatchObject({ kind: 'IGIC', general: 7 });
    expect(taxesOf('peninsula')).toMatchObject({ kind: 'IVA', general: 21 });
    expect(taxesOf('marte').kind).toBe('IVA');
    expect(taxRateLabel('IGIC', 9.5)).toBe('IGIC 9,5 %');
    expect(taxRateLabel('IVA', 21)).toBe('IVA 21 %');
  });
});

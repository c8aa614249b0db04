/**
 * Indirect taxes of a Spanish tour operator (issue 34, ADR 025). Where the operator pays decides the
 * tax and its rates: the Canaries charge IGIC (Ley 20/1991 and the Canaries' rates: 0, 3, 7 general,
 * 9,5, 15 and 20 %), the mainland and the Balearics IVA (Ley 37/1992: 0, 4, 10 and 21 % general).
 * Prices are tax-inclusive: the tax is taken out of a total, never added to it.
 */

export const TAX_TERRITORIES = ['peninsula', 'canarias'] as const;
export type TTaxTerritory = (typeof TAX_TERRITORIES)[number];
export type TTaxKind = 'IVA' | 'IGIC';

type TTerritoryTaxes = {
  /** Spanish name of the territory, as the settings show it. */
  label: string;
  kind: TTaxKind;
  /** Every rate a product may have, general first. */
  rates: readonly number[];
  general: number;
};

export const TERRITORY_TAXES: Record<TTaxTerritory, TTerritoryTaxes> = {
  peninsula: { label: 'Península y Baleares (IVA)', kind: 'IVA', rates: [21, 10, 4, 0], general: 21 },
  canarias: { label: 'Canarias (IGIC)', kind: 'IGIC', rates: [7, 3, 0, 9.5, 15, 20], general: 7 },
};

/** Every rate of any territory, in order: what a product's `tax_rate` may be (its territory narrows it). */
export const ALL_TAX_RATES: readonly number[] = [
  ...new Set([...TERRITORY_TAXES.peninsula.rates, ...TERRITORY_TAXES.canarias.rates]),
].sort((a, b) => a - b);

/** The refusal of a rate the operator's territory does not have. */
export function taxRateNotAllowed(territory: string): string {
  const t = taxesOf(territory);
  const rates = t.rates.map((r) => r.toLocaleString('es-ES')).join(', ');
  return `Tipo de ${t.kind} no válido: ${t.label} admite ${rates} %`;
}

/** The tax of a territory (an unknown one is treated as the mainland's). */
export const taxesOf = (territory: string): TTerritoryTaxes =>
  TERRITORY_TAXES[
    (TAX_TERRITORIES as readonly string[]).includes(territory) ? (territory as TTaxTerritory) : 'peninsula'
  ];

/** "IGIC 7 %", "IVA 10 %" — as a voucher, an invoice or a form names a rate. */
export function taxRateLabel(kind: TTaxKind, rate: number): string {
  return `${kind} ${rate.toLocaleString('es-ES', { maximumFractionDigits: 2 })} %`;
}

/**
 * Splits a tax-inclusive amount (cents) at a rate (percent): the base is rounded to the cent and the
 * tax is the rest, so base + tax is always the amount. A negative amount (a correction) splits the
 * same way with both parts negative.
 */
export function splitTaxIncluded(totalCents: number, ratePercent: number): { baseCents: number; taxCents: number } {
  const sign = totalCents < 0 ? -1 : 1;
  const abs = Math.abs(totalCents);
  const base = Math.round((abs * 100) / (100 + ratePercent));
  return { baseCents: sign * base, taxCents: sign * (abs - base) };
}

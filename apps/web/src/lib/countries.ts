/**
 * Countries as options of a searchable Mantine Select: the one list of packages/shared
 * (common/countries.ts), "Habituales" first, then "Todos los países".
 */
import { countryGroups } from '@trayecto/shared';

export type TCountryOption = { value: string; label: string };
export type TCountryGroup = { group: string; items: TCountryOption[] };

let cached: TCountryGroup[] | null = null;

/** Grouped options for a searchable Select: "Habituales" then "Todos los países". */
export function countryOptions(): TCountryGroup[] {
  if (cached) return cached;
  const { main, others } = countryGroups();
  const option = (c: { code: string; name: string }) => ({ value: c.code, label: `${c.name} (${c.code})` });
  cached = [
    { group: 'Habituales', items: main.map(option) },
    { group: 'Todos los países', items: others.map(option) },
  ];
  return cached;
}

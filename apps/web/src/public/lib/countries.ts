/**
 * Countries offered in the customer form (ISO 3166-1 alpha-2, what the API stores), named in
 * Spanish by the browser (Intl.DisplayNames): the markets of a Canarian tour operator first.
 */
// biome-ignore format: a compact list
const CODES = [
  'ES', 'GB', 'DE', 'FR', 'IT', 'NL', 'BE', 'PT', 'IE', 'CH', 'AT', 'SE', 'NO', 'DK', 'FI', 'PL', 'CZ',
  'RU', 'UA', 'US', 'CA', 'MX', 'AR', 'CO', 'VE', 'CL', 'PE', 'UY', 'CU', 'BR', 'MA', 'CN', 'JP', 'AU',
  'LU', 'IS', 'HU', 'RO', 'GR', 'TR', 'IL', 'IN', 'KR', 'ZA',
] as const;

let named: { code: string; name: string }[] | null = null;

export function countryOptions(): { code: string; name: string }[] {
  if (named) return named;
  let display: Intl.DisplayNames | null = null;
  try {
    display = new Intl.DisplayNames(['es'], { type: 'region' });
  } catch {
    display = null;
  }
  named = CODES.map((code) => ({ code, name: display?.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, 'es'),
  );
  return named;
}

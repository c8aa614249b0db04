/**
 * Countries as select options (ISO 3166-1 alpha-2 codes, Spanish names from the browser's Intl),
 * the markets of a Canary Islands operator first, then every other country A–Z.
 */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );

/** The usual markets of a Tenerife operator, offered first. */
export const MAIN_MARKETS = ['ES', 'GB', 'DE', 'FR', 'IT', 'NL', 'BE', 'SE', 'NO', 'DK', 'FI', 'IE', 'PL', 'PT', 'US'];

let names: Intl.DisplayNames | null = null;
try {
  names = new Intl.DisplayNames(['es'], { type: 'region' });
} catch {
  names = null;
}

/** "DE" → "Alemania" */
export function countryLabel(code: string): string {
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

export type TCountryOption = { value: string; label: string };
export type TCountryGroup = { group: string; items: TCountryOption[] };

let cached: TCountryGroup[] | null = null;

/** Grouped options for a searchable Select: "Habituales" then "Todos los países". */
export function countryOptions(): TCountryGroup[] {
  if (cached) return cached;
  const option = (c: string) => ({ value: c, label: `${countryLabel(c)} (${c})` });
  const main = MAIN_MARKETS.map(option);
  const rest = CODES.filter((c) => !MAIN_MARKETS.includes(c))
    .map(option)
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));
  cached = [
    { group: 'Habituales', items: main },
    { group: 'Todos los países', items: rest },
  ];
  return cached;
}

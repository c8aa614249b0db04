/**
 * Countries (ISO 3166-1 alpha-2, what the API stores in `customer_country`): one list for the
 * back-office and the public pages, named in Spanish by the runtime (`Intl.DisplayNames`), with
 * the usual markets of a Canary Islands tour operator first. Plain `Intl`, no zod: the public
 * bundle imports it (`@trayecto/shared/countries`).
 */

/** Every officially assigned ISO 3166-1 code. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** The usual markets of a Tenerife operator, offered first. */
export const MAIN_MARKETS: readonly string[] = 'ES GB DE FR IT NL BE SE NO DK FI IE PL PT US'.split(' ');

let names: Intl.DisplayNames | null | undefined;

/** "DE" → "Alemania"; the code itself when the runtime has no Spanish name for it. */
export function countryName(code: string): string {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(['es'], { type: 'region' });
    } catch {
      names = null;
    }
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

export type TCountry = { code: string; name: string };

let groups: { main: TCountry[]; others: TCountry[] } | null = null;

/**
 * The countries to offer in a form: the main markets in their order, then every other country
 * by its Spanish name.
 */
export function countryGroups(): { main: TCountry[]; others: TCountry[] } {
  if (groups) return groups;
  const country = (code: string) => ({ code, name: countryName(code) });
  groups = {
    main: MAIN_MARKETS.map(country),
    others: COUNTRY_CODES.filter((c) => !MAIN_MARKETS.includes(c))
      .map(country)
      .sort((a, b) => a.name.localeCompare(b.name, 'es')),
  };
  return groups;
}

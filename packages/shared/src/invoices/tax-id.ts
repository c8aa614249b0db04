/**
 * Tax identification numbers (issue 34): the Spanish NIF of a person (DNI), a foreigner (NIE) or a
 * company (CIF) with its check letter or digit, and the EU VAT numbers by the shape each member
 * state publishes (VIES), by their country prefix. Pure functions: the API validates a full
 * invoice's customer with them and the forms show the same message.
 *
 * Shape only: a number of the right form may still not exist (only the AEAT's or VIES's census
 * says that). Spaces, dots and hyphens people type are ignored; letters are read in upper case.
 */

/** The check letters of a DNI/NIE: the number modulo 23 picks one. */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** A CIF's control as a letter: its digit d is `CIF_LETTERS[d]`. */
const CIF_LETTERS = 'JABCDEFGHI';

/** What a Spanish tax id is (its first character decides). */
export type TSpanishTaxIdKind = 'dni' | 'nie' | 'cif' | 'nif_klm';

/** Removes what people type between the characters (spaces, dots, hyphens) and reads it in upper case. */
export const normalizeTaxId = (s: string) => s.replace(/[\s.\-/]/g, '').toUpperCase();

/** Why a Spanish tax id is refused: 'shape' (not a NIF/NIE/CIF) or 'check' (its control is wrong). */
export function spanishTaxIdProblem(raw: string): 'shape' | 'check' | undefined {
  const s = normalizeTaxId(raw).replace(/^ES(?=[0-9A-Z]{9}$)/, '');
  const kind = spanishTaxIdKind(s);
  if (!kind) return 'shape';
  return spanishCheckHolds(s, kind) ? undefined : 'check';
}

/** The kind of a (normalised) Spanish tax id by its shape, or undefined. */
export function spanishTaxIdKind(s: string): TSpanishTaxIdKind | undefined {
  if (/^\d{8}[A-Z]$/.test(s)) return 'dni';
  if (/^[XYZ]\d{7}[A-Z]$/.test(s)) return 'nie';
  if (/^[KLM]\d{7}[A-Z]$/.test(s)) return 'nif_klm';
  if (/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(s)) return 'cif';
  return undefined;
}

function spanishCheckHolds(s: string, kind: TSpanishTaxIdKind): boolean {
  if (kind === 'dni') return DNI_LETTERS[Number(s.slice(0, 8)) % 23] === s[8];
  if (kind === 'nie') {
    const n = Number(`${'XYZ'.indexOf(s[0])}${s.slice(1, 8)}`);
    return DNI_LETTERS[n % 23] === s[8];
  }
  if (kind === 'nif_klm') return DNI_LETTERS[Number(s.slice(1, 8)) % 23] === s[8];
  // CIF: digits in even positions (2nd, 4th, 6th) add up; odd ones (1st, 3rd, 5th, 7th) are doubled
  // and their digits added; the control digit is 10 − the last digit of the sum (0 for 10).
  const digits = s.slice(1, 8).split('').map(Number);
  let sum = 0;
  digits.forEach((d, i) => {
    if (i % 2 === 1) sum += d;
    else sum += Math.floor((d * 2) / 10) + ((d * 2) % 10);
  });
  const control = (10 - (sum % 10)) % 10;
  const last = s[8];
  // P, Q, R, S, N, W (public bodies, foreign entities) carry a letter; A, B, E, H a digit; the rest either.
  if ('PQRSNW'.includes(s[0])) return last === CIF_LETTERS[control];
  if ('ABEH'.includes(s[0])) return last === String(control);
  return last === String(control) || last === CIF_LETTERS[control];
}

/** A valid Spanish NIF, NIE or CIF (an `ES` prefix, as a VAT number carries, is allowed). */
export const isSpanishTaxId = (s: string) => spanishTaxIdProblem(s) === undefined;

/**
 * The shape of each EU member state's VAT number after its prefix (Greece's is `EL`; `XI` is
 * Northern Ireland's, still in the VIES). Spain's is checked with its control (spanishTaxIdProblem).
 */
export const EU_VAT_PATTERNS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[0-9A-Z]\d{7}[0-9A-Z]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** The VAT prefix of an ISO 3166 country (Greece is `GR` but its VAT numbers start `EL`). */
export const vatPrefixOf = (country: string) => (country.toUpperCase() === 'GR' ? 'EL' : country.toUpperCase());

/** Whether a country's customers carry an EU VAT number (an EU member state, or Northern Ireland). */
export const isEuVatCountry = (country: string) => Object.hasOwn(EU_VAT_PATTERNS, vatPrefixOf(country));

/** Why an EU VAT number is refused: 'prefix' (no EU country prefix), 'shape', or 'check' (a Spanish one's control). */
export function euVatProblem(raw: string): 'prefix' | 'shape' | 'check' | undefined {
  const s = normalizeTaxId(raw);
  const prefix = s.slice(0, 2);
  if (!Object.hasOwn(EU_VAT_PATTERNS, prefix)) return 'prefix';
  const rest = s.slice(2);
  if (!EU_VAT_PATTERNS[prefix].test(rest)) return 'shape';
  if (prefix === 'ES') return spanishTaxIdProblem(rest);
  return undefined;
}

/** A VAT number of the EU by its shape: `DE123456789`, `FRXX123456789`, `ESB12345674`. */
export const isEuVatNumber = (s: string) => euVatProblem(s) === undefined;

/** The Spanish messages of a refused tax id (the field's error). */
export const TAX_ID_MSG = {
  spanishShape: 'NIF no válido: debe ser un DNI (8 cifras y letra), un NIE (X, Y o Z, 7 cifras y letra) o un CIF',
  spanishCheck: 'NIF no válido: la letra o el dígito de control no corresponde',
  vatPrefix: 'NIF-IVA no válido: debe empezar por el código del país (p. ej. DE, FR, IT)',
  vatShape: (prefix: string) => `NIF-IVA no válido: no tiene la forma de los números de IVA de ${prefix}`,
  other: 'Número de identificación fiscal no válido: solo letras y cifras (de 3 a 20)',
} as const;

/**
 * The tax id of a full invoice's customer for their country: Spain's NIF/NIE/CIF with its control
 * (with or without `ES`), an EU VAT number by its shape (with or without its prefix: the country's is
 * assumed), or for any other country 3–20 letters and digits (the AEAT's `IDOtro/ID` holds 20:
 * SuministroInformacion.xsd `TextMax20Type`). The message of the problem, or undefined when it holds.
 */
export function customerTaxIdProblem(raw: string, country: string): string | undefined {
  const s = normalizeTaxId(raw);
  const c = country.toUpperCase();
  if (c === 'ES') {
    const p = spanishTaxIdProblem(s);
    if (p === 'shape') return TAX_ID_MSG.spanishShape;
    if (p === 'check') return TAX_ID_MSG.spanishCheck;
    return undefined;
  }
  if (isEuVatCountry(c)) {
    const prefix = vatPrefixOf(c);
    const full = s.startsWith(prefix) && !EU_VAT_PATTERNS[prefix].test(s) ? s : `${prefix}${s}`;
    const p = euVatProblem(full);
    if (p === 'check') return TAX_ID_MSG.spanishCheck;
    if (p) return TAX_ID_MSG.vatShape(prefix);
    return undefined;
  }
  return /^[0-9A-Z]{3,20}$/.test(s) ? undefined : TAX_ID_MSG.other;
}

/**
 * The tax id as an invoice prints it: normalised; an EU customer's with its country prefix
 * (`DE123456789`); a Spanish one's without (`B12345674`).
 */
export function formatCustomerTaxId(raw: string, country: string): string {
  const s = normalizeTaxId(raw);
  const c = country.toUpperCase();
  if (c === 'ES') return s.replace(/^ES(?=[0-9A-Z]{9}$)/, '');
  if (isEuVatCountry(c)) {
    const prefix = vatPrefixOf(c);
    return s.startsWith(prefix) && !EU_VAT_PATTERNS[prefix].test(s) ? s : `${prefix}${s}`;
  }
  return s;
}

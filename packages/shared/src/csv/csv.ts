/**
 * The CSV dialect of every "Exportar CSV" (written by the API, read by spreadsheets): semicolon-
 * separated (what Excel expects in a Spanish locale), UTF-8 with a BOM, CRLF line ends, and
 * formula injection neutralised (OWASP "CSV injection": a text cell starting with = + - @, tab or
 * carriage return gets a leading apostrophe), except a plain international phone number
 * ("+34 600 000 000"), which is not a formula.
 */

export const CSV_SEPARATOR = ';';
/** The byte order mark that tells Excel the file is UTF-8. */
export const CSV_BOM = '\uFEFF';
export const CSV_EOL = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * "+" then only digits, spaces and the separators people type in phone numbers ("+34 600 000 000",
 * "+44 (0)20 7946-0958"), 6 to 15 digits: no letter (no function, no cell reference), no operator
 * other than the leading "+", no "|" (DDE): nothing a spreadsheet could run.
 */
const PLAIN_PHONE = /^\+(?=(?:\D*\d){6,15}\D*$)\d[\d ().-]*\d$/;

/** Whether a text cell would start a formula in a spreadsheet. */
export function isFormulaLike(s: string): boolean {
  return FORMULA_START.test(s) && !PLAIN_PHONE.test(s);
}

export type TCsvValue = string | number | boolean | null | undefined;

/** One cell, safe for spreadsheets. Numbers use the Spanish decimal comma and are never prefixed. */
export function escapeCsvCell(value: TCsvValue): string {
  if (value === null || value === undefined) return '';
  let s: string;
  if (typeof value === 'number') {
    s = Number.isFinite(value) ? value.toLocaleString('es-ES', { useGrouping: false, maximumFractionDigits: 20 }) : '';
  } else if (typeof value === 'boolean') {
    s = value ? 'Sí' : 'No';
  } else {
    s = value;
    if (isFormulaLike(s)) s = `'${s}`;
  }
  if (/[";\r\n]/.test(s)) s = `"${s.replace(/"/g, '""')}"`;
  return s;
}

/** One record, CRLF included. */
export function csvLine(cells: readonly TCsvValue[]): string {
  return cells.map(escapeCsvCell).join(CSV_SEPARATOR) + CSV_EOL;
}

/** A whole file in memory (small files: templates, import reports): BOM, header, one row per record. */
export function toCsv(header: readonly string[], rows: readonly (readonly TCsvValue[])[]): string {
  return CSV_BOM + csvLine(header) + rows.map(csvLine).join('');
}

/** Records after the header of a file in this dialect (line ends inside quoted cells do not count). */
export function countCsvRecords(csv: string): number {
  let lines = 0;
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (c === 10 && !quoted) lines++;
  }
  return Math.max(0, lines - 1);
}

/** "usuarios" and a day → "usuarios-2026-11-22.csv", the name every export is downloaded as. */
export const csvFileName = (name: string, day: string) => `${name}-${day}.csv`;

/**
 * CSV export for list screens: semicolon-separated (what Excel expects in a Spanish locale),
 * UTF-8 with a BOM, CRLF line ends, and formula injection neutralised (OWASP "CSV injection":
 * a cell starting with = + - @, tab or carriage return gets a leading apostrophe), except a plain
 * international phone number ("+34 600 000 000"), which is not a formula.
 */
import { todayIso } from './dates';

export const CSV_SEPARATOR = ';';
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

/** The whole file: a header row then one row per record. */
export function toCsv(header: readonly string[], rows: readonly (readonly TCsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(escapeCsvCell).join(CSV_SEPARATOR));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Offers the CSV as a download named e.g. "usuarios-2026-11-22.csv". */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob([csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Today's date as YYYY-MM-DD in the user's operator's zone (lib/time-zone.ts), for file names. */
export function todayStamp(d = new Date()): string {
  return todayIso(d);
}

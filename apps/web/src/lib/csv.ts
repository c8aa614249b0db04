/**
 * CSV files in the browser. The list exports are written by the API (GET /<list>/export.csv,
 * lib/use-csv-export.ts) in the dialect of @trayecto/shared csv.ts, which also builds the small
 * files made here (the accommodations import template and its error report).
 */
import { todayIso } from './dates';

/** Offers a file as a download named e.g. "usuarios-2026-11-22.csv". */
export function downloadCsv(filename: string, csv: string | Blob): void {
  const blob = typeof csv === 'string' ? new Blob([csv], { type: 'text/csv;charset=utf-8' }) : csv;
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

/** `attachment; filename="reservas-2026-11-22.csv"` → the name; null without one. */
export function fileNameOf(contentDisposition: string | null): string | null {
  const m = contentDisposition ? /filename="([^"]+)"/.exec(contentDisposition) : null;
  return m ? m[1] : null;
}

/** A list's query string for its export: the filters, sort and search, without paging. */
export function exportQuery(listQuery: string): string {
  const params = new URLSearchParams(listQuery.replace(/^\?/, ''));
  for (const key of ['page', 'per_page', 'cursor']) params.delete(key);
  const s = params.toString().replaceAll('%5B', '[').replaceAll('%5D', ']');
  return s ? `?${s}` : '';
}

/**
 * The CSV import's pure parts: the downloadable template, reading a file's bytes as text (Excel
 * in Spanish saves CSV as Windows-1252, not UTF-8), the checks done before uploading, and the
 * report of rejected lines.
 */
import { type TAccommodationImportResponse, toCsv } from '@trayecto/shared';
import { plural } from '../../../lib/format';

/** The API takes at most 2 000 000 characters and 5000 rows per file. */
export const IMPORT_MAX_CHARS = 2_000_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The columns the import reads (Spanish or English headers are both accepted by the API). */
export const IMPORT_COLUMNS: { header: string; required: boolean; help: string }[] = [
  { header: 'Nombre', required: true, help: 'Nombre del alojamiento o lugar.' },
  { header: 'Tipo', required: false, help: 'Hotel, Apartamento, Punto de encuentro o Parada (por defecto, Hotel).' },
  { header: 'Dirección', required: false, help: 'Calle, número y localidad.' },
  { header: 'Zona', required: false, help: 'Zona de recogida, p. ej. Costa Adeje.' },
  {
    header: 'Coordenadas',
    required: false,
    help: 'Latitud,longitud con punto decimal (28.0812,-16.7311); o dos columnas Latitud y Longitud.',
  },
  { header: 'Teléfono', required: false, help: 'Tal como se marca.' },
  { header: 'Punto de recogida', required: false, help: 'Dónde espera el cliente, p. ej. puerta principal.' },
  { header: 'Notas', required: false, help: 'Notas internas.' },
];

/**
 * The template: the header row and two example rows, ";"-separated with a BOM so Excel opens it
 * in columns (@trayecto/shared csv.ts: its phone "+34…" is written as typed, not as a formula).
 */
export function importTemplateCsv(): string {
  const rows = [
    [
      'Hotel Ejemplo Playa',
      'Hotel',
      'Av. de España 10, 38660 Costa Adeje',
      'Costa Adeje',
      '28.0812,-16.7311',
      '+34 922 000 000',
      'Puerta principal',
      '',
    ],
    [
      'Apartamentos Ejemplo Sol',
      'Apartamento',
      'C/ del Mar 5, 38650 Los Cristianos',
      'Los Cristianos',
      '28.0505,-16.7175',
      '',
      'Parada de taxis frente a recepción',
      'Sustituye estas filas de ejemplo por las tuyas',
    ],
  ];
  return toCsv(
    IMPORT_COLUMNS.map((c) => c.header),
    rows,
  );
}

/** Bytes → text: UTF-8 when valid (BOM removed), otherwise Windows-1252 (Excel "CSV" in Spanish). */
export function decodeCsvBytes(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(view);
  } catch {
    text = new TextDecoder('windows-1252').decode(view);
  }
  return text.replace(/^\uFEFF/, '');
}

/** Reads a chosen file as text. */
export async function readCsvFile(file: Blob): Promise<string> {
  return decodeCsvBytes(await file.arrayBuffer());
}

/** Data rows in the text (non-empty lines after the header); an estimate shown before checking. */
export function countDataRows(text: string): number {
  const lines = text.split(/\r\n|\n|\r/).filter((l) => l.replace(/[;,\s"]/g, '') !== '');
  return Math.max(0, lines.length - 1);
}

/** What is wrong with the file before sending it, or null. */
export function precheckCsv(text: string): string | null {
  if (text.trim() === '') return 'El fichero está vacío.';
  if (text.length > IMPORT_MAX_CHARS)
    return 'El fichero es demasiado grande (máximo 2 millones de caracteres). Divídelo en varios.';
  if (countDataRows(text) === 0) return 'El fichero solo tiene la cabecera: añade una fila por alojamiento.';
  return null;
}

/** "Se crearán 3 alojamientos · 1 línea rechazada" (preview) or "Se han creado …" (done). */
export function importSummary(res: TAccommodationImportResponse): string {
  const created = res.dry_run
    ? `Se ${res.created === 1 ? 'creará' : 'crearán'} ${plural(res.created, 'alojamiento', 'alojamientos')}`
    : `Se ${res.created === 1 ? 'ha creado' : 'han creado'} ${plural(res.created, 'alojamiento', 'alojamientos')}`;
  if (res.rejected.length === 0) return created;
  return `${created} · ${plural(res.rejected.length, 'línea rechazada', 'líneas rechazadas')}`;
}

/** The rejected lines as a CSV to fix and import again. */
export function rejectedReportCsv(rejected: TAccommodationImportResponse['rejected']): string {
  return toCsv(
    ['Línea', 'Nombre', 'Motivos'],
    [...rejected].sort((a, b) => a.line - b.line).map((r) => [r.line, r.name, r.errors.join(' · ')]),
  );
}

import { type TAccommodationCreateRequest, ZAccommodationCreateRequest } from '@trayecto/shared';
import { CsvError, parse } from 'csv-parse/sync';
import { fieldError } from '../../lib/app-error';

/**
 * Parsing of a CSV hotel list for POST /accommodations/import (no database here): separator
 * detection, Spanish or English headers, Spanish type names, lat+lng columns, and validation of
 * every row with the shared create contract. Duplicates against the database are the service's.
 */

/** Largest number of data rows in one file; more → 422 (split the file). */
export const MAX_IMPORT_ROWS = 5000;

type Field = 'name' | 'type' | 'address' | 'zone' | 'lat_lng' | 'lat' | 'lng' | 'phone' | 'pickup_point' | 'notes';

/** Accepted headers (compared without accents, case, spaces or dashes) → field. */
const HEADER_ALIASES: Record<string, Field> = {
  nombre: 'name',
  name: 'name',
  alojamiento: 'name',
  hotel: 'name',
  nombre_del_hotel: 'name',
  nombre_del_alojamiento: 'name',
  tipo: 'type',
  tipo_de_alojamiento: 'type',
  type: 'type',
  direccion: 'address',
  address: 'address',
  zona: 'zone',
  zone: 'zone',
  area: 'zone',
  lat_lng: 'lat_lng',
  latlng: 'lat_lng',
  lat_lon: 'lat_lng',
  coordenadas: 'lat_lng',
  coordinates: 'lat_lng',
  lat: 'lat',
  latitud: 'lat',
  latitude: 'lat',
  lng: 'lng',
  lon: 'lng',
  long: 'lng',
  longitud: 'lng',
  longitude: 'lng',
  telefono: 'phone',
  tel: 'phone',
  phone: 'phone',
  punto_recogida: 'pickup_point',
  punto_de_recogida: 'pickup_point',
  recogida: 'pickup_point',
  pickup_point: 'pickup_point',
  notas: 'notes',
  notes: 'notes',
  observaciones: 'notes',
};

/** Accepted type names (Spanish or English, normalised) → type. */
const TYPE_ALIASES: Record<string, TAccommodationCreateRequest['type']> = {
  hotel: 'hotel',
  apartamento: 'apartment',
  apartamentos: 'apartment',
  apartment: 'apartment',
  apartments: 'apartment',
  punto_de_encuentro: 'meeting_point',
  punto_encuentro: 'meeting_point',
  meeting_point: 'meeting_point',
  parada: 'bus_stop',
  parada_de_autobus: 'bus_stop',
  parada_de_guagua: 'bus_stop',
  parada_de_guaguas: 'bus_stop',
  bus_stop: 'bus_stop',
};

/** Spanish field names for the rejection reasons. */
const LABELS: Record<string, string> = {
  name: 'Nombre',
  type: 'Tipo',
  address: 'Dirección',
  zone: 'Zona',
  lat_lng: 'Coordenadas',
  phone: 'Teléfono',
  pickup_point: 'Punto de recogida',
  notes: 'Notas',
};

/** "Teléfono " → "telefono", "Punto de recogida" → "punto_de_recogida". */
const normaliseKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[\s\-.]+/g, '_');

/** Same name and zone, ignoring case, accents and extra spaces (the duplicate rule). */
export const duplicateKey = (name: string, zone: string) =>
  `${normaliseKey(name).replace(/_+/g, ' ')}|${normaliseKey(zone).replace(/_+/g, ' ')}`;

export type ParsedImportRow =
  | { line: number; name: string; ok: true; values: TAccommodationCreateRequest }
  | { line: number; name: string; ok: false; errors: string[] };

const invalid = (message: string) => fieldError('VALIDATION', 'csv', message);

/** ";" or "," — whichever the header line uses more (outside quotes). */
function detectDelimiter(csv: string): ';' | ',' {
  const firstLine = csv.split('\n', 1)[0].replace(/"[^"]*"/g, '');
  const semicolons = firstLine.split(';').length - 1;
  const commas = firstLine.split(',').length - 1;
  return semicolons > commas ? ';' : ',';
}

const CSV_ERRORS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'hay unas comillas sin cerrar',
  CSV_INVALID_CLOSING_QUOTE: 'hay comillas mal cerradas',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'hay texto después de unas comillas de cierre',
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'el número de columnas no coincide',
};

/** A Spanish decimal comma in a single coordinate ("28,0567") becomes a point. */
const decimalPoint = (s: string) => (/^-?\d+,\d+$/.test(s) ? s.replace(',', '.') : s);

/**
 * Parses and validates the file. Structural problems (bad CSV, no "nombre" column, no rows, too
 * many rows) throw a 422 for the whole file; row problems are reported per line.
 */
export function parseAccommodationCsv(input: string): ParsedImportRow[] {
  const csv = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const delimiter = detectDelimiter(csv);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines;
      throw invalid(
        `El fichero CSV no es válido${line ? ` (línea ${line})` : ''}: ${CSV_ERRORS[err.code] ?? 'formato no reconocido'}`,
      );
    }
    throw err;
  }
  if (records.length === 0) throw invalid('El fichero está vacío');

  const [header, ...data] = records;
  const columns = new Map<Field, number>();
  header.record.forEach((h, i) => {
    const field = HEADER_ALIASES[normaliseKey(h)];
    if (!field) return; // unknown columns are ignored
    if (columns.has(field)) throw invalid(`La columna "${h}" está repetida`);
    columns.set(field, i);
  });
  if (!columns.has('name')) throw invalid('Falta la columna "nombre" (o "name") en la primera fila');
  const rows = data.filter((r) => r.record.some((v) => v !== ''));
  if (rows.length === 0) throw invalid('El fichero no tiene filas de datos, solo la cabecera');
  if (rows.length > MAX_IMPORT_ROWS) {
    throw invalid(`El fichero tiene ${rows.length} filas; el máximo es ${MAX_IMPORT_ROWS}. Divídelo en varios.`);
  }

  return rows.map(({ record, info }) => {
    // info.lines is the line where the record ends; a quoted value may span several lines.
    const line = info.lines - record.reduce((n, v) => n + (v.match(/\n/g)?.length ?? 0), 0);
    const cell = (f: Field) => {
      const i = columns.get(f);
      return i === undefined ? '' : (record[i] ?? '');
    };
    const name = cell('name');
    const errors: string[] = [];

    const rawType = cell('type');
    let type: TAccommodationCreateRequest['type'];
    if (rawType !== '') {
      type = TYPE_ALIASES[normaliseKey(rawType)];
      if (!type) errors.push(`Tipo: "${rawType}" no es válido (hotel, apartamento, punto de encuentro o parada)`);
    }

    let latLng = cell('lat_lng');
    if (latLng === '' && (cell('lat') !== '' || cell('lng') !== '')) {
      if (cell('lat') === '' || cell('lng') === '') errors.push('Coordenadas: faltan la latitud o la longitud');
      else latLng = `${decimalPoint(cell('lat'))},${decimalPoint(cell('lng'))}`;
    }

    const parsed = ZAccommodationCreateRequest.safeParse({
      name,
      type,
      address: cell('address'),
      zone: cell('zone'),
      lat_lng: latLng,
      phone: cell('phone'),
      pickup_point: cell('pickup_point'),
      notes: cell('notes'),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        errors.push(LABELS[field] ? `${LABELS[field]}: ${issue.message}` : issue.message);
      }
    }
    if (errors.length > 0 || !parsed.success) return { line, name, ok: false, errors };
    return { line, name, ok: true, values: parsed.data };
  });
}

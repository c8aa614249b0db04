/**
 * "Exportar CSV" (issue 13): `GET /<list>/export.csv` streams every row of a list with the list's
 * own filters, sort, role check and tenant scope (the list's query is parsed by the list's spec and
 * read through the list's service), in batches of {@link CSV_BATCH_ROWS}: the file is written as
 * it is read, so neither the server nor the browser holds the whole table (the browser used to walk
 * up to 200 pages of JSON). The dialect (`;`, UTF-8 with BOM, CRLF, formula injection neutralised)
 * is @trayecto/shared's csv.ts. docs/decisions/013-csv-export.md.
 */
import { Readable } from 'node:stream';
import {
  CSV_BOM,
  csvFileName,
  csvLine,
  formatDateTime,
  formatDateTimeSeconds,
  type TCsvValue,
  timeZoneName,
  timeZoneOf,
  todayIn,
} from '@trayecto/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { type ListParams, parseListQuery, type ResourceListSpec } from './filters';
import { errorResponses, listFilters, ZListQuery } from './route-schemas';
import { type Actor, isAdmin } from './tenant';

/** Rows read per query: the lists' own maximum page (per_page 500). */
export const CSV_BATCH_ROWS = 500;

/** A file's columns: the header and how one record of the list becomes a row. */
export type TCsvColumns<T> = { header: readonly string[]; row: (item: T) => readonly TCsvValue[] };

/**
 * Times as the back-office reads them (web lib/time-zone.ts): an instant in its record's
 * operator's zone, else the viewer's (their operator's; the platform's for the administrator); the
 * administrator, whose files mix operators, gets the zone named in a column.
 */
export type TCsvTimes = {
  /** Whether the file names the zone of each time (the administrator's files). */
  showZone: boolean;
  /** The viewer's zone: "today" of the file name. */
  zone: string;
  /** "22/11/2026 09:30" in the record's zone. */
  dateTime: (iso: string | Date, recordZone?: string | null) => string;
  /** "22/11/2026 09:30:05" in the record's zone. */
  dateTimeSeconds: (iso: string | Date, recordZone?: string | null) => string;
  /** "hora de Canarias" */
  zoneName: (recordZone?: string | null) => string;
};

export function csvTimes(viewerZone: string | null | undefined, showZone: boolean): TCsvTimes {
  const zone = timeZoneOf(viewerZone);
  const of = (recordZone?: string | null) => timeZoneOf(recordZone || zone);
  return {
    showZone,
    zone,
    dateTime: (iso, recordZone) => formatDateTime(iso, of(recordZone)),
    dateTimeSeconds: (iso, recordZone) => formatDateTimeSeconds(iso, of(recordZone)),
    zoneName: (recordZone) => timeZoneName(of(recordZone)),
  };
}

/** Batches of a list read page by page (`page` × `per_page`) until a short page. */
export async function* pagedBatches<T>(
  params: ListParams,
  read: (params: ListParams) => Promise<{ items: readonly T[] }>,
  batchRows = CSV_BATCH_ROWS,
): AsyncGenerator<readonly T[]> {
  for (let page = 1; ; page++) {
    const { items } = await read({ ...params, page, perPage: batchRows });
    if (items.length > 0) yield items;
    if (items.length < batchRows) return;
  }
}

/**
 * The CSV as a stream of text: BOM and header, then the rows of each batch. The first batch is read
 * before anything is sent, so a bad filter value or a database error answers the usual JSON error;
 * a failure later cuts the download short (the browser reports it) rather than ending it cleanly.
 * The stream is pulled: the next batch is read only when the client has taken the previous one,
 * and a client that goes away stops the reading.
 */
export async function csvStream<T>(columns: TCsvColumns<T>, batches: AsyncIterator<readonly T[]>): Promise<Readable> {
  const first = await batches.next();
  async function* chunks() {
    try {
      yield CSV_BOM + csvLine(columns.header);
      for (let b = first; !b.done; b = await batches.next()) {
        let text = '';
        for (const item of b.value) text += csvLine(columns.row(item));
        yield text;
      }
    } finally {
      await batches.return?.(undefined);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Sends the file: `text/csv`, UTF-8, downloaded as `<name>-<today in the viewer's zone>.csv`. */
export async function sendCsv<T>(
  reply: FastifyReply,
  file: { name: string; times: TCsvTimes; columns: TCsvColumns<T>; batches: AsyncIterable<readonly T[]> },
) {
  const body = await csvStream(file.columns, file.batches[Symbol.asyncIterator]());
  return reply
    .header('Content-Disposition', `attachment; filename="${csvFileName(file.name, todayIn(file.times.zone))}"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/csv; charset=utf-8')
    .send(body);
}

/** The OpenAPI answer of an export: a `text/csv` file, or the usual JSON errors. */
export const csvResponses = {
  200: z.string().describe('Archivo CSV (UTF-8 con BOM, separado por ";")'),
} as const;

export type TCsvExportRoute<T> = {
  /** "/users/export.csv" (API_PATHS). */
  path: string;
  /** File name before the date: "usuarios". */
  name: string;
  tags: string[];
  summary: string;
  /** The list's roles: the export is the list, as a file. */
  roles: readonly number[];
  /** The list's spec: the same filters, sort and search. */
  spec: ResourceListSpec;
  /** The viewer's zone (their operator's; the platform's for the administrator). */
  viewerZone: (db: Db, actor: Actor) => Promise<string>;
  /** The file of this actor and these list parameters. */
  build: (c: {
    db: Db;
    actor: Actor;
    params: ListParams;
    times: TCsvTimes;
    query: Record<string, unknown>;
  }) => Promise<{ columns: TCsvColumns<T>; batches: AsyncIterable<readonly T[]> }>;
  /** Query keys the list takes besides its filters (the bookings' `cursor`): not filters, ignored. */
  ignore?: readonly string[];
};

/**
 * Registers `GET <path>`: the list's role check on request, the list's query conventions
 * (`field[op]=value`, `sort`, `q`; `page` and `per_page` are accepted and ignored: every row goes
 * out), documented in OpenAPI as a `text/csv` answer with the list's query parameters, its
 * filters included (listFilters: typed `field[op]` parameters and `x-list-filters`).
 */
export function registerCsvExport<T>(app: FastifyInstance, route: TCsvExportRoute<T>) {
  // A file has its own columns: a list's `fields=` (ADR 054) is not an export's parameter.
  const spec: ResourceListSpec = { ...route.spec, fields: undefined };
  app.get(
    route.path,
    {
      onRequest: app.requireRoles(route.roles),
      schema: {
        tags: route.tags,
        summary: route.summary,
        description:
          'Las mismas filas que la lista con los mismos filtros, orden y búsqueda (sin paginar: page y per_page se ignoran), como archivo CSV: UTF-8 con BOM, separado por ";", fin de línea CRLF, celdas que empiezan por = + - @ con un apóstrofo delante. Se envía en flujo, por lotes.',
        querystring: ZListQuery,
        ...listFilters(spec),
        response: {
          200: { description: 'Archivo CSV', content: { 'text/csv': { schema: csvResponses[200] } } },
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const query = { ...(req.query as Record<string, unknown>) };
      for (const key of route.ignore ?? []) delete query[key];
      const params = parseListQuery(query, spec);
      // An export is a list as a file: the read replica when there is one (ADR 033).
      const times = csvTimes(await route.viewerZone(req.dbRead, req.actor), isAdmin(req.actor));
      const file = await route.build({ db: req.dbRead, actor: req.actor, params, times, query });
      return sendCsv(reply, { name: route.name, times, ...file });
    },
  );
}

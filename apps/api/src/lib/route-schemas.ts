import { MAX_YEAR, MIN_YEAR, type TFilterOp, ZErrorResponse } from '@trayecto/shared';
import { z } from 'zod';
import {
  type FieldType,
  type FilterField,
  filterOps,
  filterValueSchema,
  MAX_IN_VALUES,
  MAX_VALUE_LENGTH,
  type ResourceListSpec,
  type ValueSchema,
} from './filters';

/** An OpenAPI 3.0 query parameter. */
export type QueryParameter = {
  in: 'query';
  name: string;
  description: string;
  required: false;
  schema: ValueSchema;
  style?: 'form';
  explode?: boolean;
};

declare module 'fastify' {
  interface FastifySchema {
    /** OpenAPI extension of a list operation: its filterable fields and their types (listFilters). */
    'x-list-filters'?: Record<string, FieldType>;
    /** OpenAPI: the list's filters as query parameters (listFilters; moved into `parameters` by openapi-operations.ts). */
    'x-list-parameters'?: QueryParameter[];
    /** OpenAPI: the fields a list may be sorted by (listFilters; typed into `sort` by openapi-operations.ts). */
    'x-list-sort'?: string[];
    /** OpenAPI: a multipart/form-data request body (multipartBody), read by the handler itself. */
    'x-multipart-body'?: Record<string, unknown>;
  }
}

const OP_TEXT: Record<TFilterOp, string> = {
  eq: 'igual al valor',
  ne: 'distinto del valor',
  lt: 'menor que el valor (anterior, en fechas)',
  lte: 'menor o igual que el valor',
  gt: 'mayor que el valor (posterior, en fechas)',
  gte: 'mayor o igual que el valor',
  like: 'contiene el texto (sin distinguir mayúsculas ni acentos)',
  in: `es uno de los valores, separados por comas (de 1 a ${MAX_IN_VALUES})`,
};

const YEARS = `años ${MIN_YEAR}–${MAX_YEAR}`;

/** What a value of the field looks like, in words. */
function valueText(def: FilterField): string {
  switch (def.type) {
    case 'int':
      return 'Número entero.';
    case 'number':
      return 'Número.';
    case 'uuid':
      return 'Identificador (UUID).';
    case 'date':
      return `Fecha AAAA-MM-DD (${YEARS}).`;
    case 'timestamp':
      return `Día AAAA-MM-DD (desde las 00:00 UTC) o instante ISO 8601 con zona, p. ej. 2026-07-01T09:30:00Z (${YEARS}).`;
    case 'bool':
      return '`true` o `false` (también `1` o `0`).';
    case 'enum':
      return `Uno de: ${(def.values ?? []).join(', ')}.`;
    default:
      return `Texto, hasta ${MAX_VALUE_LENGTH} caracteres.`;
  }
}

/**
 * A list's filters as OpenAPI query parameters, named as parseListQuery reads them: `field`
 * (equality) and `field[op]` for each operator the field takes (filterOps), each with the schema of
 * the values convertValue accepts (filterValueSchema); `field[in]` is a comma-separated list
 * (`style: form`, `explode: false`). From the spec itself, so the document cannot list a filter the
 * API refuses or leave out one it takes.
 */
export function listParameters(spec: ResourceListSpec): QueryParameter[] {
  const out: QueryParameter[] = [];
  for (const [field, def] of Object.entries(spec.filters)) {
    const about = [valueText(def), def.description].filter(Boolean).join(' ');
    const ops = filterOps(def);
    if (ops.includes('eq')) {
      out.push({
        in: 'query',
        name: field,
        required: false,
        description: `\`${field}\` igual al valor (lo mismo que \`${field}[eq]\`). ${about}`,
        schema: filterValueSchema(def),
      });
    }
    for (const op of ops) {
      const name = `${field}[${op}]`;
      const description = `\`${field}\` ${OP_TEXT[op]}. ${about}`;
      if (op === 'in') {
        const schema = { type: 'array', items: filterValueSchema(def, true), minItems: 1, maxItems: MAX_IN_VALUES };
        out.push({ in: 'query', name, required: false, description, schema, style: 'form', explode: false });
      } else {
        out.push({ in: 'query', name, required: false, description, schema: filterValueSchema(def) });
      }
    }
  }
  if (spec.fields) {
    out.push({
      in: 'query',
      name: 'fields',
      required: false,
      description:
        'Los campos de cada fila, separados por comas (`id` va siempre); sin él, todos. Para una pantalla que no muestra las partes pesadas (ADR 054).',
      schema: { type: 'array', items: { type: 'string', enum: [...spec.fields] } },
      style: 'form',
      explode: false,
    });
  }
  return out;
}

/** A list's rows with only the fields its `fields=` asked for (ADR 054), each in the row's own order. */
export function rowsWithFields<T>(rows: T[], fields: ReadonlySet<string> | undefined): T[] | Record<string, unknown>[] {
  if (!fields) return rows;
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row as object)) if (fields.has(key)) out[key] = value;
    return out;
  });
}

/**
 * A list's row when the list takes `fields` (ADR 054): the resource's answer with every field
 * but `id` optional, since a client may ask for only some.
 */
export function sparseRow(response: z.ZodType): z.ZodType {
  if (!(response instanceof z.ZodObject)) throw new Error('A list with `fields` answers objects');
  const optional: Record<string, true> = {};
  for (const key of Object.keys(response.shape)) if (key !== 'id') optional[key] = true;
  return response.partial(optional);
}

/**
 * The filter whitelist and sort fields of a list, for the OpenAPI document: its filters as typed
 * query parameters (`x-list-parameters`, see listParameters) and its sort fields (`x-list-sort`),
 * both folded into `parameters` by openapi-operations.ts; and `x-list-filters` (field → int,
 * number, text, uuid, date, timestamp, bool or enum), kept as published for integrators and for
 * the security suite, which attacks every date and timestamp filter of every list.
 */
export const listFilters = (
  spec: ResourceListSpec,
): {
  'x-list-filters': Record<string, FieldType>;
  'x-list-sort': string[];
  'x-list-parameters': QueryParameter[];
} => ({
  'x-list-filters': Object.fromEntries(Object.entries(spec.filters).map(([field, def]) => [field, def.type])),
  'x-list-sort': Object.keys(spec.sort),
  'x-list-parameters': listParameters(spec),
});

/**
 * A multipart/form-data body for the OpenAPI document, from the zod schema the handler checks its
 * fields with (Fastify does not validate multipart bodies; the handler reads the parts itself).
 */
export const multipartBody = (schema: z.ZodType): { 'x-multipart-body': Record<string, unknown> } => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input' }) as Record<
    string,
    unknown
  >;
  return { 'x-multipart-body': json };
};

/** Path `:id`; checked as a UUID by assertId so a bad id answers 404, not 400. */
export const ZIdParams = z.object({ id: z.string().max(100) });

/** The list conventions, for the OpenAPI document; filters are `field[op]=value` on top. */
export const ZListQuery = z.looseObject({
  page: z.string().optional().describe('Página (desde 1)'),
  per_page: z.string().optional().describe('Filas por página (1–500, 50 por defecto)'),
  sort: z.string().optional().describe('Campos separados por comas; "-" delante para descendente'),
  q: z.string().optional().describe('Búsqueda libre'),
});

export const errorResponses = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
  429: ZErrorResponse,
} as const;

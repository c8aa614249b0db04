import { ZErrorResponse } from '@trayecto/shared';
import { z } from 'zod';
import type { FieldType, ResourceListSpec } from './filters';

declare module 'fastify' {
  interface FastifySchema {
    /** OpenAPI extension of a list operation: its filterable fields and their types (listFilters). */
    'x-list-filters'?: Record<string, FieldType>;
    /** OpenAPI: the fields a list may be sorted by (listFilters; typed into `sort` by openapi-operations.ts). */
    'x-list-sort'?: string[];
    /** OpenAPI: a multipart/form-data request body (multipartBody), read by the handler itself. */
    'x-multipart-body'?: Record<string, unknown>;
  }
}

/**
 * The filter whitelist of a list, published in the OpenAPI document (`x-list-filters`: field →
 * int, number, text, uuid, date, timestamp, bool or enum) for integrators, and for the security
 * suite, which attacks every date and timestamp filter of every list.
 */
export const listFilters = (
  spec: ResourceListSpec,
): { 'x-list-filters': Record<string, FieldType>; 'x-list-sort': string[] } => ({
  'x-list-filters': Object.fromEntries(Object.entries(spec.filters).map(([field, def]) => [field, def.type])),
  'x-list-sort': Object.keys(spec.sort),
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

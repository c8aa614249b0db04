import { z } from 'zod';
import { ERROR_CODE_LIST, ERROR_CODES } from './errors';

/** The `code` of an error answer, with every code's status and meaning in the OpenAPI document. */
const ZErrorCode = z.enum(ERROR_CODE_LIST).meta({
  id: 'ErrorCode',
  description: [
    'Código estable de la respuesta de error: los programas deciden por él, nunca por el texto de `message`.',
    '',
    '| código | HTTP | cuándo |',
    '|---|---|---|',
    ...ERROR_CODE_LIST.map((c) => `| \`${c}\` | ${ERROR_CODES[c].status} | ${ERROR_CODES[c].description} |`),
  ].join('\n'),
  'x-enum-descriptions': Object.fromEntries(ERROR_CODE_LIST.map((c) => [c, ERROR_CODES[c].description])),
});

/** Error body of every non-2xx answer (PRODUCT.md §2): a machine `code` beside the Spanish `message`. */
export const ZErrorResponse = z
  .object({
    code: ZErrorCode,
    message: z.string().describe('Texto en español para las personas; puede cambiar de redacción'),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe('Mensajes por campo (ruta del campo → mensajes)'),
    request_id: z.string().optional().describe('En los 5xx: el identificador de la petición en el registro'),
  })
  .meta({ id: 'ErrorResponse' });
export const FILTER_OPS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'like', 'in'] as const;
export type TFilterOp = (typeof FILTER_OPS)[number];

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 500;
/**
 * ADR 027: a list counts its rows up to this many. Past it the API answers `X-Total-Count: 10000`
 * with `X-Total-Count-Capped: true`, and the screens say «más de 10.000».
 */
export const LIST_COUNT_CAP = 10_000;
/**
 * ADR 027 (2026-11-26): a list searched with `q` counts up to this many: every match is a row of the
 * table to read (a text index cannot count alone), so «más de 1.000» is what a search answers past it.
 */
export const LIST_SEARCH_COUNT_CAP = 1_000;

/** A filter object as the web builds it: { level: { eq: 4 } } → level[eq]=4. */
export type TFilterObject = Record<
  string,
  Partial<Record<TFilterOp, string | number | boolean | Array<string | number>>> | undefined
>;

/**
 * Builds the query string from a filter object (spec §7: "optional query built from a filter
 * object"), plus paging/sort/q. Empty values are left out.
 */
export function buildListQuery(
  filters: TFilterObject = {},
  extra: Record<string, string | number | undefined | null> = {},
): string {
  const params = new URLSearchParams();
  for (const [field, ops] of Object.entries(filters)) {
    if (!ops) continue;
    for (const [op, value] of Object.entries(ops)) {
      if (value === undefined || value === null || value === '') continue;
      const v = Array.isArray(value) ? value.join(',') : String(value);
      if (v === '') continue;
      params.append(`${field}[${op}]`, v);
    }
  }
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined || v === null || v === '') continue;
    params.append(k, String(v));
  }
  const s = params.toString().replaceAll('%5B', '[').replaceAll('%5D', ']');
  return s ? `?${s}` : '';
}

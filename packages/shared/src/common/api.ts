import { z } from 'zod';

/** Error body of every non-2xx answer (PRODUCT.md §2). */
export const ZErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const FILTER_OPS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'like', 'in'] as const;
export type TFilterOp = (typeof FILTER_OPS)[number];

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 500;

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

import {
  DEFAULT_PER_PAGE,
  FILTER_OPS,
  isUuid,
  isValidDate,
  MAX_PER_PAGE,
  MAX_YEAR,
  MIN_YEAR,
  parseTimestamp,
  type TFilterOp,
} from '@trayecto/shared';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { fieldError } from './app-error';

/**
 * The list conventions of PRODUCT.md §2, once for every resource: `field[op]=value` filters with a
 * per-resource whitelist, `sort=field,-other`, `q=` and `page`/`per_page`. Values are always bound
 * parameters; nothing is string-built into SQL.
 */
export type FieldType = 'int' | 'number' | 'text' | 'uuid' | 'date' | 'timestamp' | 'bool' | 'enum';

export type FilterField = {
  column: AnyPgColumn | SQL;
  type: FieldType;
  /** Allowed values for `enum`. */
  values?: readonly string[];
};

export type ResourceListSpec = {
  filters: Record<string, FilterField>;
  sort: Record<string, AnyPgColumn | SQL>;
  /** Default ordering, e.g. ['-created_at'] */
  defaultSort: string[];
  /** Columns searched by `q` (case- and accent-insensitive contains). */
  search: (AnyPgColumn | SQL)[];
  /** Unique tiebreaker appended to every ordering so pages never overlap. */
  tiebreaker: AnyPgColumn;
};

export type ParsedFilter = { field: string; op: TFilterOp; raw: string };

export type ListParams = {
  filters: ParsedFilter[];
  sort: { field: string; dir: 'asc' | 'desc' }[];
  q?: string;
  page: number;
  perPage: number;
};

const RESERVED = new Set(['page', 'per_page', 'sort', 'q']);
const KEY_RE = /^([a-z_][a-z0-9_]*)\[([a-z]+)\]$/;
const MAX_IN_VALUES = 100;
/** The longest filter value or `q` a list accepts. */
export const MAX_VALUE_LENGTH = 200;
/** The highest `page` a list accepts. */
export const MAX_PAGE = 1_000_000;

const bad = (field: string, message: string) => fieldError('BAD_REQUEST', field, message);

/** Parses a raw query object (as Fastify gives it) into list parameters, checking the whitelist. */
export function parseListQuery(query: Record<string, unknown>, spec: ResourceListSpec): ListParams {
  const filters: ParsedFilter[] = [];
  for (const [key, rawValue] of Object.entries(query ?? {})) {
    if (RESERVED.has(key)) continue;
    const m = KEY_RE.exec(key);
    const field = m ? m[1] : key;
    const op = (m ? m[2] : 'eq') as TFilterOp;
    // Own keys only: "__proto__[eq]" or "constructor" must not reach Object.prototype (was a 500).
    if (!Object.hasOwn(spec.filters, field)) throw bad(key, `No se puede filtrar por "${field}"`);
    if (!FILTER_OPS.includes(op)) throw bad(key, `Operador de filtro no válido: "${op}"`);
    const values = Array.isArray(rawValue) ? rawValue : [rawValue];
    for (const v of values) {
      if (typeof v !== 'string') throw bad(key, `Valor no válido para "${field}"`);
      if (v.length > MAX_VALUE_LENGTH) throw bad(key, `Valor demasiado largo para "${field}"`);
      filters.push({ field, op, raw: v });
    }
  }

  const sortRaw = single(query.sort, 'sort');
  const sortList = (sortRaw ? sortRaw.split(',') : spec.defaultSort).map((s) => s.trim()).filter(Boolean);
  const sort = sortList.map((s) => {
    const dir = s.startsWith('-') ? 'desc' : 'asc';
    const field = s.replace(/^[-+]/, '');
    if (!Object.hasOwn(spec.sort, field)) throw bad('sort', `No se puede ordenar por "${field}"`);
    return { field, dir } as const;
  });

  const q = single(query.q, 'q')?.trim();
  if (q && q.length > MAX_VALUE_LENGTH) throw bad('q', 'Búsqueda demasiado larga');

  const page = parsePositiveInt(single(query.page, 'page'), 'page', 1, MAX_PAGE);
  const perPage = parsePositiveInt(single(query.per_page, 'per_page'), 'per_page', DEFAULT_PER_PAGE, MAX_PER_PAGE);

  return { filters, sort, q: q || undefined, page, perPage };
}

function single(v: unknown, name: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw bad(name, `El parámetro "${name}" solo puede aparecer una vez`);
  return v;
}

function parsePositiveInt(v: string | undefined, name: string, dflt: number, max: number): number {
  if (v === undefined || v === '') return dflt;
  if (!/^\d{1,9}$/.test(v)) throw bad(name, `"${name}" debe ser un número entero entre 1 y ${max}`);
  const n = Number(v);
  if (n < 1 || n > max) throw bad(name, `"${name}" debe ser un número entero entre 1 y ${max}`);
  return n;
}

const YEARS = `años ${MIN_YEAR}–${MAX_YEAR}`;

/**
 * Converts one raw value to its typed form, or throws a 400 naming the field and what it expects
 * (never echoing the value: it may be anything). Dates and instants follow the API's one date rule
 * (packages/shared/src/common/validation.ts): a real calendar day of a sane year.
 */
export function convertValue(field: string, def: FilterField, raw: string): string | number | boolean | Date {
  const fail = () => bad(field, `Valor no válido para "${field}"`);
  switch (def.type) {
    case 'int': {
      if (!/^-?\d{1,10}$/.test(raw)) throw fail();
      const n = Number(raw);
      if (n > 2_147_483_647 || n < -2_147_483_648) throw fail();
      return n;
    }
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n) || Math.abs(n) > 1e12) throw fail();
      return n;
    }
    case 'uuid':
      if (!isUuid(raw)) throw fail();
      return raw.toLowerCase();
    case 'date':
      if (!isValidDate(raw)) throw bad(field, `Fecha no válida para "${field}" (AAAA-MM-DD, ${YEARS})`);
      return raw;
    case 'timestamp': {
      // A day alone means its start in UTC; otherwise an ISO 8601 instant with its offset.
      const t = isValidDate(raw) ? new Date(`${raw}T00:00:00Z`) : parseTimestamp(raw);
      if (!t) {
        throw bad(field, `Fecha no válida para "${field}" (AAAA-MM-DD o AAAA-MM-DDTHH:mm:ssZ, ${YEARS})`);
      }
      // drizzle binds timestamp columns from Date objects.
      return t;
    }
    case 'bool':
      if (raw === 'true' || raw === '1') return true;
      if (raw === 'false' || raw === '0') return false;
      throw fail();
    case 'enum':
      if (!def.values?.includes(raw)) throw fail();
      return raw;
    default:
      if (raw.includes('\u0000')) throw fail();
      return raw;
  }
}

/** Escapes LIKE wildcards so user text is matched literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const unaccentContains = (col: AnyPgColumn | SQL, text: string) =>
  sql`f_unaccent(${col}::text) like '%' || f_unaccent(${escapeLike(text)}) || '%'`;

/** Builds the WHERE conditions of the parsed filters and `q`. */
export function buildListConditions(params: ListParams, spec: ResourceListSpec): SQL[] {
  const out: SQL[] = [];
  for (const f of params.filters) {
    const def = spec.filters[f.field];
    const col = def.column as AnyPgColumn;
    if (f.op === 'in') {
      const parts = f.raw
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      if (parts.length === 0 || parts.length > MAX_IN_VALUES) {
        throw bad(`${f.field}[in]`, `"in" admite entre 1 y ${MAX_IN_VALUES} valores`);
      }
      out.push(inArray(col, parts.map((p) => convertValue(f.field, def, p)) as never[]));
      continue;
    }
    if (f.op === 'like') {
      if (def.type !== 'text') throw bad(`${f.field}[like]`, `"like" solo se aplica a campos de texto`);
      out.push(unaccentContains(col, f.raw));
      continue;
    }
    const v = convertValue(f.field, def, f.raw) as never;
    const ops = { eq, ne, lt, lte, gt, gte } as const;
    out.push(ops[f.op](col, v));
  }
  if (params.q && spec.search.length > 0) {
    const q = params.q;
    const cond = or(...spec.search.map((c) => unaccentContains(c, q)));
    if (cond) out.push(cond);
  }
  return out;
}

export function buildOrderBy(params: ListParams, spec: ResourceListSpec): SQL[] {
  const order = params.sort.map((s) => (s.dir === 'desc' ? desc(spec.sort[s.field]) : asc(spec.sort[s.field])));
  order.push(asc(spec.tiebreaker));
  return order;
}

export function combine(conds: (SQL | undefined)[]): SQL | undefined {
  const list = conds.filter((c): c is SQL => c !== undefined);
  return list.length ? and(...list) : undefined;
}

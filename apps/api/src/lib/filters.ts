import {
  DATE_PATTERN,
  DEFAULT_PER_PAGE,
  FILTER_OPS,
  isUuid,
  isValidDate,
  MAX_PER_PAGE,
  MAX_YEAR,
  MIN_YEAR,
  parseTimestamp,
  type TFilterOp,
  TIMESTAMP_PATTERN,
  UUID_SOURCE,
} from '@trayecto/shared';
import { and, asc, Column, desc, eq, gt, gte, inArray, is, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ShapeBinder } from '../db/select-template';
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
  /** The operators the field takes, when not every one its type allows (see filterOps). */
  ops?: readonly TFilterOp[];
  /** What the filter means, when its type does not say it all (Spanish, for the OpenAPI document). */
  description?: string;
};

export type ResourceListSpec = {
  filters: Record<string, FilterField>;
  sort: Record<string, AnyPgColumn | SQL>;
  /** Default ordering, e.g. ['-created_at'] */
  defaultSort: string[];
  /** Columns searched by `q` (case- and accent-insensitive contains). */
  search: (AnyPgColumn | SQL)[];
  /**
   * The row's own copy of those columns for `q`, kept by the database: `f_unaccent` of the `search`
   * columns joined by `separator` (a generated column), so `q` is one contains-match on a plain
   * column that a trigram index serves and rechecks without calling `f_unaccent` per row. The same
   * rows as the columns one by one: a text without the separator cannot match across two of them;
   * a `q` with it is matched column by column.
   */
  searchText?: { column: AnyPgColumn; separator: string };
  /** Unique tiebreaker appended to every ordering so pages never overlap. */
  tiebreaker: AnyPgColumn;
  /**
   * The answer's fields a client may pick with `fields=` (a sparse answer: ADR 054), for a list
   * whose rows carry heavy parts a screen does not show. Without it the list takes no `fields`.
   */
  fields?: readonly string[];
};

/** One filter as sent: `key` is the query parameter (`date[gte]`, or `date` for `date[eq]`). */
export type ParsedFilter = { key: string; field: string; op: TFilterOp; raw: string };

export type ListParams = {
  filters: ParsedFilter[];
  sort: { field: string; dir: 'asc' | 'desc' }[];
  q?: string;
  page: number;
  perPage: number;
  /** The fields asked for with `fields=` (`id` always among them); undefined: every field. */
  fields?: ReadonlySet<string>;
};

const RESERVED = new Set(['page', 'per_page', 'sort', 'q']);
const KEY_RE = /^([a-z_][a-z0-9_]*)\[([a-z]+)\]$/;
/** The most values an `in` filter takes. */
export const MAX_IN_VALUES = 100;
/** The longest filter value (each value of an `in`) or `q` a list accepts. */
export const MAX_VALUE_LENGTH = 200;
/** The range of an `int` filter: its column's (PostgreSQL `integer`, or `smallint`). */
const INT_RANGE = [-2_147_483_648, 2_147_483_647] as const;
const SMALLINT_RANGE = [-32_768, 32_767] as const;
/** The largest magnitude of a `number` filter. */
export const MAX_NUMBER = 1e12;
/** The highest `page` a list accepts. */
export const MAX_PAGE = 1_000_000;

const bad = (field: string, message: string) => fieldError('BAD_REQUEST', field, message);

/**
 * The operators a filter field takes: its own `ops`, else every operator its type allows (`like`,
 * a contains search, only on text). The parser refuses the others; the OpenAPI document publishes
 * exactly these (route-schemas.ts listParameters).
 */
export const filterOps = (def: FilterField): readonly TFilterOp[] =>
  def.ops ?? FILTER_OPS.filter((op) => op !== 'like' || def.type === 'text');

/** The values an `int` field's column holds: a value outside them would be the database's error. */
export const intRange = (def: FilterField): readonly [number, number] =>
  is(def.column, Column) && def.column.getSQLType() === 'smallint' ? SMALLINT_RANGE : INT_RANGE;

const orList = (items: readonly string[]) => new Intl.ListFormat('es', { type: 'disjunction' }).format(items);

/**
 * The values of an `in` filter: comma-separated, each trimmed, empty ones skipped; 1 to
 * MAX_IN_VALUES of them, each at most MAX_VALUE_LENGTH long. Errors name the parameter (`key`).
 */
export function inValues(key: string, raw: string): string[] {
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (parts.length === 0 || parts.length > MAX_IN_VALUES) {
    throw bad(key, `"in" admite entre 1 y ${MAX_IN_VALUES} valores`);
  }
  if (parts.some((p) => p.length > MAX_VALUE_LENGTH)) throw bad(key, 'Valor demasiado largo');
  return parts;
}

/** Parses a raw query object (as Fastify gives it) into list parameters, checking the whitelist. */
export function parseListQuery(query: Record<string, unknown>, spec: ResourceListSpec): ListParams {
  const filters: ParsedFilter[] = [];
  for (const [key, rawValue] of Object.entries(query ?? {})) {
    if (RESERVED.has(key)) continue;
    if (key === 'fields') {
      if (spec.fields) continue;
      throw bad('fields', 'Esta lista no admite "fields": cada fila lleva todos sus campos');
    }
    const m = KEY_RE.exec(key);
    const field = m ? m[1] : key;
    const op = (m ? m[2] : 'eq') as TFilterOp;
    // Own keys only: "__proto__[eq]" or "constructor" must not reach Object.prototype (was a 500).
    if (!Object.hasOwn(spec.filters, field)) throw bad(key, `No se puede filtrar por "${field}"`);
    if (!FILTER_OPS.includes(op)) throw bad(key, `Operador de filtro no válido: "${op}"`);
    const ops = filterOps(spec.filters[field]);
    if (!ops.includes(op)) {
      throw bad(
        key,
        op === 'like' ? '"like" solo se aplica a campos de texto' : `El filtro "${field}" solo admite ${orList(ops)}`,
      );
    }
    // A repeated parameter is several filters, all of which apply (`state[ne]=a&state[ne]=b`).
    const values = Array.isArray(rawValue) ? rawValue : [rawValue];
    for (const v of values) {
      if (typeof v !== 'string') throw bad(key, `Valor no válido para "${field}"`);
      if (op === 'in') inValues(key, v);
      else if (v.length > MAX_VALUE_LENGTH) throw bad(key, `Valor demasiado largo para "${field}"`);
      filters.push({ key, field, op, raw: v });
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
  if (q?.includes('\u0000')) throw bad('q', 'Búsqueda con caracteres no válidos');

  const page = parsePositiveInt(single(query.page, 'page'), 'page', 1, MAX_PAGE);
  const perPage = parsePositiveInt(single(query.per_page, 'per_page'), 'per_page', DEFAULT_PER_PAGE, MAX_PER_PAGE);

  const fields = spec.fields ? parseFields(single(query.fields, 'fields'), spec.fields) : undefined;

  return { filters, sort, q: q || undefined, page, perPage, ...(fields ? { fields } : {}) };
}

/** The longest `fields` value a list accepts (every field of the widest answer fits). */
const MAX_FIELDS_LENGTH = 2000;

/**
 * `fields=id,code,name`: the answer's fields each row carries (ADR 054), comma-separated, each one
 * of `allowed`; `id` is always sent. Absent or empty: undefined (every field).
 */
function parseFields(raw: string | undefined, allowed: readonly string[]): ReadonlySet<string> | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw.length > MAX_FIELDS_LENGTH) throw bad('fields', 'Demasiados campos en "fields"');
  const out = new Set<string>(['id']);
  for (const part of raw.split(',')) {
    const name = part.trim();
    if (name === '') continue;
    if (!allowed.includes(name)) throw bad('fields', `La lista no tiene el campo "${name.slice(0, 60)}"`);
    out.add(name);
  }
  return out;
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
 * Converts one raw value to its typed form, or throws a 400 naming the parameter (`key`, the field
 * itself by default) and saying what the field expects (never echoing the value: it may be
 * anything). Dates and instants follow the API's one date rule (packages/shared/src/common/
 * validation.ts): a real calendar day of a sane year. filterValueSchema publishes the same rules.
 */
export function convertValue(
  field: string,
  def: FilterField,
  raw: string,
  key = field,
): string | number | boolean | Date {
  const fail = () => bad(key, `Valor no válido para "${field}"`);
  switch (def.type) {
    case 'int': {
      if (!/^-?\d{1,10}$/.test(raw)) throw fail();
      const n = Number(raw);
      const [min, max] = intRange(def);
      if (n > max || n < min) throw fail();
      return n;
    }
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n) || Math.abs(n) > MAX_NUMBER) throw fail();
      return n;
    }
    case 'uuid':
      if (!isUuid(raw)) throw fail();
      return raw.toLowerCase();
    case 'date':
      if (!isValidDate(raw)) throw bad(key, `Fecha no válida para "${field}" (AAAA-MM-DD, ${YEARS})`);
      return raw;
    case 'timestamp': {
      // A day alone means its start in UTC; otherwise an ISO 8601 instant with its offset.
      const t = isValidDate(raw) ? new Date(`${raw}T00:00:00Z`) : parseTimestamp(raw);
      if (!t) {
        throw bad(key, `Fecha no válida para "${field}" (AAAA-MM-DD o AAAA-MM-DDTHH:mm:ssZ, ${YEARS})`);
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

/** A JSON Schema (OpenAPI 3.0 dialect) of one filter value. */
export type ValueSchema = Record<string, unknown>;

/** Text without NUL (which PostgreSQL text cannot hold): a text filter's value, and `q`. */
export const TEXT_PATTERN = '^[^\\u0000]*$';
/** One value of a text `in`: no comma (it separates the values), something besides blanks. */
const IN_TEXT = '^[^,\\u0000]*[^,\\s\\u0000][^,\\u0000]*$';

/**
 * The JSON Schema of the values convertValue accepts for a field (one value of an `in` with
 * `inItem`), for the OpenAPI document: the same rules, said in the document's words. Keep the two
 * side by side; test/contract/list-properties.test.ts sends what this calls valid and invalid.
 */
export function filterValueSchema(def: FilterField, inItem = false): ValueSchema {
  const date = { type: 'string', format: 'date', pattern: DATE_PATTERN };
  switch (def.type) {
    case 'int': {
      const [minimum, maximum] = intRange(def);
      return { type: 'integer', minimum, maximum };
    }
    case 'number':
      return { type: 'number', minimum: -MAX_NUMBER, maximum: MAX_NUMBER };
    case 'uuid':
      // Any version, any case.
      return { type: 'string', format: 'uuid', pattern: `^${UUID_SOURCE.replaceAll('a-f', 'a-fA-F')}$` };
    case 'date':
      return date;
    case 'timestamp':
      return {
        type: 'string',
        anyOf: [date, { type: 'string', format: 'date-time', pattern: TIMESTAMP_PATTERN }],
      };
    case 'bool':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'string', enum: [...(def.values ?? [])] };
    default:
      return { type: 'string', maxLength: MAX_VALUE_LENGTH, pattern: inItem ? IN_TEXT : TEXT_PATTERN };
  }
}

/** Escapes LIKE wildcards so user text is matched literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A contains-match of `col` against `pattern` (the escaped text, or its placeholder). */
const unaccentContains = (col: AnyPgColumn | SQL, pattern: unknown) =>
  sql`f_unaccent(${col}::text) like '%' || f_unaccent(${pattern}) || '%'`;

/**
 * Builds the WHERE conditions of the parsed filters and `q`. With a binder (ADR 052) every value is
 * its placeholder and every choice part of its key: the list's select is then built once per shape.
 */
export function buildListConditions(params: ListParams, spec: ResourceListSpec, binder?: ShapeBinder): SQL[] {
  const bind = (v: unknown, col?: AnyPgColumn | SQL) => (binder ? binder.bind(v, col) : v);
  const out: SQL[] = [];
  for (const f of params.filters) {
    const def = spec.filters[f.field];
    const col = def.column as AnyPgColumn;
    binder?.shape(`${f.field}[${f.op}]`);
    if (f.op === 'in') {
      const parts = inValues(f.key, f.raw);
      binder?.shape(parts.length);
      out.push(inArray(col, parts.map((p) => bind(convertValue(f.field, def, p, f.key), col)) as never[]));
      continue;
    }
    if (f.op === 'like') {
      // parseListQuery let `like` through only on text fields.
      out.push(unaccentContains(col, bind(escapeLike(String(convertValue(f.field, def, f.raw, f.key))))));
      continue;
    }
    const v = bind(convertValue(f.field, def, f.raw, f.key), col) as never;
    const ops = { eq, ne, lt, lte, gt, gte } as const;
    out.push(ops[f.op](col, v));
  }
  if (params.q && spec.search.length > 0) {
    const q = params.q;
    const pattern = bind(escapeLike(q));
    const whole = spec.searchText !== undefined && !q.includes(spec.searchText.separator);
    binder?.shape(whole ? 'q' : 'q-each');
    const cond =
      whole && spec.searchText
        ? sql`${spec.searchText.column} like '%' || f_unaccent(${pattern}) || '%'`
        : or(...spec.search.map((c) => unaccentContains(c, pattern)));
    if (cond) out.push(cond);
  }
  return out;
}

export function buildOrderBy(params: ListParams, spec: ResourceListSpec, binder?: ShapeBinder): SQL[] {
  const order = params.sort.map((s) => (s.dir === 'desc' ? desc(spec.sort[s.field]) : asc(spec.sort[s.field])));
  binder?.shape(`sort:${params.sort.map((s) => (s.dir === 'desc' ? '-' : '') + s.field).join(',')}`);
  order.push(asc(spec.tiebreaker));
  return order;
}

export function combine(conds: (SQL | undefined)[]): SQL | undefined {
  const list = conds.filter((c): c is SQL => c !== undefined);
  return list.length ? and(...list) : undefined;
}

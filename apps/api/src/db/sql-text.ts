/**
 * drizzle's SQL text built in one pass (ADR 044). drizzle turns every statement's tree into its
 * text on every execution (`SQL.toQuery`): one `{ sql, params }` object per chunk merged at every
 * level, a copy of its configuration per nested SQL, up to fourteen `is()` checks per chunk and a
 * tracing span around it — 10 % of an OCTO reserve's CPU, most of it the sale's one write
 * statement (a hundred chunks and sixty values), and a part of every read.
 *
 * {@link buildQuery} gives the same text and the same parameters from the same tree, appending to
 * one string and one array, with `instanceof` in drizzle's own order of checks. What it does not
 * know (inlined parameters, an index's definition, a caller's own parameter counter, a drizzle class
 * it does not recognise) it leaves to drizzle's own builder: `undefined`, and the caller uses that.
 * The typings drizzle computes beside the parameters are left out: neither driver we use reads them.
 *
 * {@link installSqlText} puts it in front of drizzle's for the process; with `check` (the test
 * suite: every statement of every test) each text is built both ways and any difference throws.
 * drizzle is pinned to one exact version; sql-text.test.ts compares both over the statements' kinds.
 */
import {
  Column,
  entityKind,
  isSQLWrapper,
  Name,
  Param,
  Placeholder,
  SQL,
  StringChunk,
  Subquery,
  Table,
  View,
} from 'drizzle-orm';
import { PrebuiltSql } from './statement-template';

/** What drizzle passes `SQL.toQuery` (the dialect's escaping, and its column casing). */
export type QueryConfig = {
  casing: { getColumnCasing(column: Column): string };
  escapeName(name: string): string;
  escapeParam(num: number, value: unknown): string;
  inlineParams?: boolean;
  paramStartIndex?: { value: number };
  invokeSource?: string;
  [key: string]: unknown;
};

type Query = { sql: string; params: unknown[] };

const IS_ALIAS = Symbol.for('drizzle:IsAlias');
const VIEW_CONFIG = Symbol.for('drizzle:ViewBaseConfig');
const TABLE_NAME = Symbol.for('drizzle:Name');
const TABLE_SCHEMA = Symbol.for('drizzle:Schema');

/** Thrown inside a build to hand the statement back to drizzle's own builder. */
const UNSUPPORTED = Symbol('unsupported');

/** The text and parameters drizzle would build for `query`, or undefined where drizzle must build them. */
export function buildQuery(query: SQL, config: QueryConfig): Query | undefined {
  if (config.inlineParams || inlines(query) || config.paramStartIndex || config.invokeSource) return undefined;
  const out: Query = { sql: '', params: [] };
  try {
    append(query.queryChunks, config, out);
  } catch (err) {
    if (err === UNSUPPORTED) return undefined;
    throw err;
  }
  return out;
}

/** Whether drizzle inlines this SQL's values into its text (`.inlineParams()`: a private field). */
const inlines = (query: SQL): boolean => (query as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

function param(value: unknown, config: QueryConfig, out: Query): void {
  out.sql += config.escapeParam(out.params.length, value);
  out.params.push(value);
}

/** drizzle's `buildQueryFromSourceParams`, case for case and in its order. */
function append(chunks: readonly unknown[], config: QueryConfig, out: Query): void {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) {
      const value = chunk.value;
      out.sql += value.length === 1 ? value[0] : value.join('');
    } else if (chunk instanceof Name) {
      out.sql += config.escapeName(chunk.value);
    } else if (chunk === undefined) {
      // nothing, as in drizzle
    } else if (Array.isArray(chunk)) {
      out.sql += '(';
      for (let i = 0; i < chunk.length; i++) {
        if (i > 0) out.sql += ', ';
        append([chunk[i]], config, out);
      }
      out.sql += ')';
    } else if (chunk instanceof SQL) {
      if (inlines(chunk)) throw UNSUPPORTED;
      append(chunk.queryChunks, config, out);
    } else if (chunk instanceof Table) {
      const table = chunk as unknown as Record<symbol, string | boolean | undefined>;
      const schema = table[TABLE_SCHEMA] as string | undefined;
      const name = config.escapeName(table[TABLE_NAME] as string);
      out.sql += schema === undefined || table[IS_ALIAS] ? name : `${config.escapeName(schema)}.${name}`;
    } else if (chunk instanceof Column) {
      const table = chunk.table as unknown as Record<symbol, string | boolean | undefined>;
      const column = config.escapeName(config.casing.getColumnCasing(chunk));
      const schema = table[TABLE_SCHEMA] as string | undefined;
      const name = config.escapeName(table[TABLE_NAME] as string);
      out.sql +=
        table[IS_ALIAS] || schema === undefined
          ? `${name}.${column}`
          : `${config.escapeName(schema)}.${name}.${column}`;
    } else if (chunk instanceof View) {
      const view = (chunk as unknown as Record<symbol, { schema?: string; name: string; isAlias: boolean }>)[
        VIEW_CONFIG
      ];
      const name = config.escapeName(view.name);
      out.sql += view.schema === undefined || view.isAlias ? name : `${config.escapeName(view.schema)}.${name}`;
    } else if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) {
        param(chunk, config, out);
      } else {
        const mapped = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
        if (mapped instanceof SQL) append([mapped], config, out);
        else param(mapped, config, out);
      }
    } else if (chunk instanceof Placeholder) {
      param(chunk, config, out);
    } else if (chunk instanceof SQL.Aliased && chunk.fieldAlias !== undefined) {
      out.sql += config.escapeName(chunk.fieldAlias);
    } else if (chunk instanceof Subquery) {
      const sub = (chunk as unknown as { _: { isWith?: boolean; alias: string; sql: SQL } })._;
      if (sub.isWith) {
        out.sql += config.escapeName(sub.alias);
      } else {
        out.sql += '(';
        append([sub.sql], config, out);
        out.sql += `) ${config.escapeName(sub.alias)}`;
      }
    } else if (chunk instanceof PrebuiltSql) {
      // A part whose text was built once for its shape (ADR 051): its pieces around its values.
      const { pieces, params } = chunk;
      for (let i = 0; i < params.length; i++) {
        out.sql += pieces[i];
        param(params[i], config, out);
      }
      out.sql += pieces[params.length];
    } else if (typeof chunk === 'function') {
      // A PostgreSQL enum (drizzle names it) or something else drizzle decides on: drizzle builds it.
      throw UNSUPPORTED;
    } else if (isSQLWrapper(chunk)) {
      const wrapper = chunk as { getSQL(): SQL; shouldOmitSQLParens?: () => boolean };
      if (wrapper.shouldOmitSQLParens?.()) {
        append([wrapper.getSQL()], config, out);
      } else {
        out.sql += '(';
        append([wrapper.getSQL()], config, out);
        out.sql += ')';
      }
    } else if (isForeignEntity(chunk)) {
      // A drizzle class `instanceof` did not recognise (a second copy of drizzle): drizzle's `is()` may.
      throw UNSUPPORTED;
    } else {
      param(chunk, config, out);
    }
  }
}

function isForeignEntity(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const cls = Object.getPrototypeOf(value)?.constructor as Record<symbol, unknown> | undefined;
  return !!cls && entityKind in cls;
}

type ToQuery = (this: SQL, config: QueryConfig) => Query;

let original: ToQuery | undefined;

/**
 * Makes drizzle build every statement's text with {@link buildQuery} (drizzle's own where it must).
 * With `check`, every text is also built by drizzle and a difference throws (the test suite).
 */
export function installSqlText(options: { check?: boolean } = {}): void {
  const proto = SQL.prototype as unknown as { toQuery: ToQuery };
  original ??= proto.toQuery;
  const drizzleToQuery = original;
  const check = options.check === true;
  proto.toQuery = function toQuery(this: SQL, config: QueryConfig): Query {
    const built = buildQuery(this, config);
    if (!built) return drizzleToQuery.call(this, config);
    if (check) assertSameQuery(built, drizzleToQuery.call(this, config));
    return built;
  };
}

/** Gives drizzle its own builder back (the bench's comparison). */
export function uninstallSqlText(): void {
  if (original) (SQL.prototype as unknown as { toQuery: ToQuery }).toQuery = original;
}

/** Whether the process builds with {@link buildQuery}. */
export const sqlTextInstalled = (): boolean =>
  original !== undefined && (SQL.prototype as unknown as { toQuery: ToQuery }).toQuery !== original;

/** The text and parameters drizzle's own builder gives (the comparison of the tests and the bench). */
export function drizzleQuery(query: SQL, config: QueryConfig): Query {
  return (original ?? (SQL.prototype as unknown as { toQuery: ToQuery }).toQuery).call(query, config);
}

/** Throws unless both builds are the same statement: the same text and the same parameters. */
export function assertSameQuery(ours: Query, theirs: Query): void {
  const same =
    ours.sql === theirs.sql &&
    ours.params.length === theirs.params.length &&
    ours.params.every((p, i) => Object.is(p, theirs.params[i]) || sameValue(p, theirs.params[i]));
  if (!same) {
    throw new Error(
      `sql-text: the statement's text differs from drizzle's\nours:   ${ours.sql} ${JSON.stringify(ours.params)}\ndrizzle: ${theirs.sql} ${JSON.stringify(theirs.params)}`,
    );
  }
}

/** Mapped values are new objects each build (a Date's ISO string is equal; an array JSON-encoded). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

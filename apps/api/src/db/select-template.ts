/**
 * A select whose SQL text is built once per shape and run on any handle — the pool or a
 * transaction (ADR 040). drizzle builds a query's text on every execution (every column's name, the
 * joins, the conditions: 0.4–0.6 ms of the API's CPU for the sale's read of ~90 columns), and its
 * own `.prepare()` binds the result to the handle it was built on, so a transaction (a new handle
 * each time) could never reuse it. This keeps what drizzle built — the text with its placeholders,
 * the ordered fields and the joins' nullability it maps rows with — and asks the current handle's
 * session for a query from them, filled with this execution's values.
 *
 * It reads drizzle internals (`_prepare`, `_.session`, a prepared query's `fields` and
 * `joinsNotNullableMap`), pinned by the exact drizzle version and checked by
 * select-template.test.ts on PGlite and PostgreSQL.
 */
import { count, eq, isDriverValueEncoder, Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type RowsMapper, rowsMapperOf } from './row-mapper';
import type { DbOrTx } from './types';

type PreparedLike = {
  getQuery(): { sql: string; params: unknown[] };
  fields?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  execute(values?: Record<string, unknown>): Promise<unknown>;
};

type SessionLike = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string | undefined,
    isResponseInArrayMode: boolean,
    customResultMapper: RowsMapper | undefined,
    queryMetadata: { type: 'select'; tables: string[] },
    cacheConfig: undefined,
  ): PreparedLike;
};

type Template = { query: { sql: string; params: unknown[] }; fields: unknown; joins?: Record<string, boolean> };

/** Templates by key; null: a strict key whose build kept a value of its own (built every time). */
const templates = new Map<string, Template | null>();

/** The test suite (as db/sql-text.ts): every use of a kept template is also built, and compared. */
let check = process.env.VITEST === 'true';

/** Turns that comparison off or on (a test that counts its builds). */
export function checkSelectTemplates(on: boolean): void {
  check = on;
}

export type SelectTemplateOptions = {
  /**
   * Keep the template only when every parameter of its build is a placeholder (the lists' binder,
   * lib/filters.ts `ShapeBinder`): a value the build bound as itself — a request's own value a
   * caller forgot to name — makes the key's select built by drizzle every time instead of kept
   * with the first request's value.
   */
  strict?: boolean;
};

/**
 * Runs the select `build` makes (its values as `sql.placeholder(name)`), built the first time `key`
 * is asked and reused after: `key` must name the shape — every choice `build` makes.
 */
export async function runSelectTemplate<B extends PromiseLike<unknown>>(
  db: DbOrTx,
  key: string,
  build: (db: DbOrTx) => B,
  values: Record<string, unknown>,
  options: SelectTemplateOptions = {},
): Promise<Awaited<B>> {
  let template = templates.get(key);
  if (template === undefined) {
    const first = (build(db) as unknown as { _prepare(): PreparedLike })._prepare();
    const query = first.getQuery();
    template =
      options.strict && !query.params.every(isPlaceholder)
        ? null
        : { query, fields: first.fields, joins: first.joinsNotNullableMap };
    templates.set(key, template);
  } else if (check && template !== null) {
    assertSameShape(key, template.query, (build(db) as unknown as { _prepare(): PreparedLike })._prepare().getQuery());
  }
  if (template === null) return (await build(db)) as Awaited<B>;
  return (await runBuilt(db, template.query, template.fields, template.joins, values)) as Awaited<B>;
}

/**
 * A select's values named as it is built, and the choices that shape its text (ADR 052): the
 * lists build their conditions through one (lib/filters.ts), then run with
 * `runSelectTemplate(db, binder.key, build, binder.values, { strict: true })`. Every value a
 * request brings — a filter's, the actor's operator, the page — goes through {@link bind}; every
 * choice that changes the text — which filter, which operator, how many values an `in` has, the
 * sort, the actor's level — through {@link shape}.
 */
export class ShapeBinder {
  readonly values: Record<string, unknown> = {};
  readonly #parts: string[];
  #count = 0;

  constructor(name: string) {
    this.#parts = [name];
  }

  /** A value as a placeholder; with its column, filled through the column's encoder as drizzle binds it. */
  bind(value: unknown, column?: unknown): Placeholder | Param {
    const name = `v${this.#count++}`;
    this.values[name] = value;
    const placeholder = sql.placeholder(name);
    return column !== undefined && isDriverValueEncoder(column) ? new Param(placeholder, column) : placeholder;
  }

  /** A choice of the build that changes its text. */
  shape(part: string | number | boolean): this {
    this.#parts.push(String(part));
    return this;
  }

  /** The template's key: the name and every choice, in order. */
  get key(): string {
    return this.#parts.join('|');
  }
}

/**
 * A select of the rows whose `column` is `value` (a booking's payments, its history, its messages),
 * built once under `name` (ADR 052): `build` gets the condition to put in its `where`.
 */
export function runKeyedTemplate<B extends PromiseLike<unknown>>(
  db: DbOrTx,
  name: string,
  column: AnyPgColumn,
  value: unknown,
  build: (db: DbOrTx, where: SQL) => B,
): Promise<Awaited<B>> {
  const b = new ShapeBinder(name);
  const where = eq(column, b.bind(value, column) as never);
  return runSelectTemplate(db, b.key, (d) => build(d, where), b.values, { strict: true });
}

/**
 * Uuids as ONE parameter, for `column = any(…)`: the text is the same whatever their number, so one
 * template serves every page (an `in` list would be a shape per length). Each must be a uuid (the
 * cast refuses anything else; as a parameter, nothing of it is ever read as SQL).
 */
export function bindUuidArray(binder: ShapeBinder, ids: readonly string[]): SQL {
  return sql`${binder.bind(`{${ids.join(',')}}`)}::uuid[]`;
}

/** {@link runKeyedTemplate} for the rows whose `column` is any of `ids` (uuids), one template for any number. */
export function runIdsTemplate<B extends PromiseLike<unknown>>(
  db: DbOrTx,
  name: string,
  column: AnyPgColumn,
  ids: readonly string[],
  build: (db: DbOrTx, where: SQL) => B,
): Promise<Awaited<B>> {
  const b = new ShapeBinder(name);
  const where = sql`${column} = any(${bindUuidArray(b, ids)})`;
  return runSelectTemplate(db, b.key, (d) => build(d, where), b.values, { strict: true });
}

/** A select before its conditions (`db.select(…).from(…)` and its joins), as a list pages it. */
type Pageable<R> = {
  where(where: SQL | undefined): {
    orderBy(...order: SQL[]): { limit(limit: never): PromiseLike<R[]> & { offset(offset: never): PromiseLike<R[]> } };
  };
};

/** A list's selects: its rows and joins, its table (counted), and the binder's conditions and order. */
export type ListSelect<R> = {
  rows: (db: DbOrTx) => Pageable<R>;
  table: PgTable;
  where: SQL | undefined;
  order: SQL[];
  /** Count up to this many, and one more (ADR 027: "more than"); by default every row. */
  countCap?: number;
};

/**
 * A list's page and its total (PRODUCT.md §2), both selects built once per shape (ADR 052): the page
 * takes its limit and offset as placeholders, the total counts the same conditions. Every value
 * `where` and `order` take must come from `binder` (strict templates: a value bound as itself is
 * built every time instead of kept).
 */
export async function runListTemplate<R>(
  db: DbOrTx,
  binder: ShapeBinder,
  paging: { page: number; perPage: number },
  list: ListSelect<R>,
): Promise<{ rows: R[]; total: number }> {
  const { where, order } = list;
  // The first page has no OFFSET, as drizzle leaves out an offset of 0.
  const offset = (paging.page - 1) * paging.perPage;
  const values = { ...binder.values, limit: paging.perPage, offset };
  const page = (d: DbOrTx) => {
    const first = list
      .rows(d)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit') as never);
    return offset === 0 ? first : first.offset(sql.placeholder('offset') as never);
  };
  const total = async () => {
    if (list.countCap !== undefined) return runCountUpTo(db, binder, list.table, where, list.countCap);
    const exact = (d: DbOrTx) => d.select({ total: count() }).from(list.table).where(where);
    const [counted] = await runSelectTemplate(db, `${binder.key}|count`, exact, binder.values, { strict: true });
    return counted.total;
  };
  const [rows, counted] = await Promise.all([
    runSelectTemplate(db, `${binder.key}|page${offset === 0 ? '' : '+offset'}`, page, values, { strict: true }),
    total(),
  ]);
  return { rows, total: counted };
}

/**
 * ADR 027's capped count, built once per shape: the rows of `table` matching the binder's `where`,
 * counted with a LIMIT of `cap` + 1 (a result over `cap` means "more than `cap`").
 */
export async function runCountUpTo(
  db: DbOrTx,
  binder: ShapeBinder,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<number> {
  const build = (d: DbOrTx) =>
    d.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(
      sql`(${d
        .select({ one: sql`1` })
        .from(table)
        .where(where)
        .limit(sql.placeholder('countCap') as never)}) as counted`,
    );
  const values = { ...binder.values, countCap: cap + 1 };
  const [row] = await runSelectTemplate(db, `${binder.key}|count-up-to`, build, values, { strict: true });
  return row?.n ?? 0;
}

/**
 * The strict keys asked so far whose build kept a value of its own, so that they are built by drizzle
 * on every use: a list that should have been templated and is not (list-templates.test.ts).
 */
export function strictKeysNotKept(): string[] {
  return [...templates].filter(([, t]) => t === null).map(([key]) => key);
}

/** A parameter filled per execution: a placeholder, or a column's parameter around one. */
function isPlaceholder(p: unknown): boolean {
  return p instanceof Placeholder || (p instanceof Param && p.value instanceof Placeholder);
}

/** The name a placeholder parameter fills, or the parameter's own value. */
const paramKey = (p: unknown): unknown =>
  p instanceof Placeholder
    ? `:${p.name}`
    : p instanceof Param && p.value instanceof Placeholder
      ? `:${p.value.name}`
      : p;

/**
 * Throws unless a kept template is what `build` makes now: the same text, the same placeholders and
 * the same values of its own — else `key` does not name every choice its build makes.
 */
function assertSameShape(
  key: string,
  kept: { sql: string; params: unknown[] },
  now: { sql: string; params: unknown[] },
) {
  const a = kept.params.map(paramKey);
  const b = now.params.map(paramKey);
  if (
    kept.sql === now.sql &&
    a.length === b.length &&
    a.every((v, i) => Object.is(v, b[i]) || JSON.stringify(v) === JSON.stringify(b[i]))
  )
    return;
  throw new Error(
    `select-template: the key "${key}" names two shapes\nkept: ${kept.sql} ${JSON.stringify(a)}\nnow:  ${now.sql} ${JSON.stringify(b)}`,
  );
}

/**
 * Runs a statement's text and parameters already built, its rows mapped by drizzle from `fields`
 * (a select's ordered fields: a field list kept from one build maps every row after, ADR 045), on
 * whichever handle `db` is — the pool or a transaction.
 */
export function runBuilt(
  db: DbOrTx,
  query: { sql: string; params: unknown[] },
  fields: unknown,
  joins?: Record<string, boolean>,
  values?: Record<string, unknown>,
): Promise<unknown> {
  const session = (db as unknown as { _: { session: SessionLike } })._.session;
  const meta = { type: 'select' as const, tables: [] };
  // The rows mapped by a function made once per field list (ADR 053), else by drizzle.
  const mapper = rowsMapperOf(fields, joins) ?? undefined;
  const prepared = session.prepareQuery(query, fields, undefined, true, mapper, meta, undefined);
  prepared.joinsNotNullableMap = joins;
  return prepared.execute(values);
}

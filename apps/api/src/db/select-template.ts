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
    customResultMapper: undefined,
    queryMetadata: { type: 'select'; tables: string[] },
    cacheConfig: undefined,
  ): PreparedLike;
};

type Template = { query: { sql: string; params: unknown[] }; fields: unknown; joins?: Record<string, boolean> };

const templates = new Map<string, Template>();

/**
 * Runs the select `build` makes (its values as `sql.placeholder(name)`), built the first time `key`
 * is asked and reused after: `key` must name the shape — every choice `build` makes.
 */
export async function runSelectTemplate<B extends PromiseLike<unknown>>(
  db: DbOrTx,
  key: string,
  build: (db: DbOrTx) => B,
  values: Record<string, unknown>,
): Promise<Awaited<B>> {
  let template = templates.get(key);
  if (!template) {
    const first = (build(db) as unknown as { _prepare(): PreparedLike })._prepare();
    template = { query: first.getQuery(), fields: first.fields, joins: first.joinsNotNullableMap };
    templates.set(key, template);
  }
  return (await runBuilt(db, template.query, template.fields, template.joins, values)) as Awaited<B>;
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
  const prepared = session.prepareQuery(query, fields, undefined, true, undefined, meta, undefined);
  prepared.joinsNotNullableMap = joins;
  return prepared.execute(values);
}

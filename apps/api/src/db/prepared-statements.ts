/**
 * Server-side prepared statements for the sale path (ADR 040). drizzle sends every statement
 * unnamed, so PostgreSQL parses, analyses and plans each one on every execution: for a staff sale
 * that was 2.3–2.6 ms of the backend's CPU out of its 2.5 (bench/post-sql.ts, 1 M data set), where
 * the same statements sent named — parsed once per connection and, after five executions, run on a
 * generic plan — cost 1.0–1.4 ms. Generic plans are right for the sale's statements (a product by id,
 * a departure by product/day/time, an insert, a row by id) and wrong for lists over skewed data (an
 * operator with a million bookings and one with a hundred share one plan), so naming is opt-in: only
 * what runs inside {@link withPreparedStatements} is named — the one sales path and the user check
 * of every authenticated request.
 *
 * A statement's name is given by its text (one process-wide number per distinct text, at most
 * {@link MAX_NAMED_TEXTS}; beyond, statements go unnamed), so a name never stands for two texts and
 * each connection prepares each text once. PgBouncer in transaction mode needs 1.21 or later with
 * `max_prepared_statements` set (it then prepares them on whichever server connection it hands
 * out); `DATABASE_PREPARED_STATEMENTS=false` turns naming off for older poolers (docs/deployment.md).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/** Distinct statement texts named per process: the sale's shapes are a few dozen. */
export const MAX_NAMED_TEXTS = 500;

const scope = new AsyncLocalStorage<true>();
const names = new Map<string, string>();

/**
 * Runs `fn` with the statements it sends on PostgreSQL connections named (prepared on the server).
 * For statements whose generic plan is as good as a custom one: lookups by key, inserts, updates by id.
 */
export function withPreparedStatements<T>(fn: () => PromiseLike<T>): Promise<T> {
  // Awaited inside the scope: drizzle's `db.execute()` and query builders are lazy thenables that
  // send their statement only when awaited, which the caller would otherwise do outside it.
  return scope.getStore() ? Promise.resolve(fn()) : scope.run(true, async () => await fn());
}

/** Whether statements sent now would be named (the bench's capture records it for its baseline). */
export const inPreparedScope = (): boolean => scope.getStore() === true;

/** The name of a statement's text (the same for every connection), or undefined past the cap. */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED_TEXTS) {
    name = `trayecto_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/** What can be prepared: queries and data changes (never BEGIN, COMMIT, SET…). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Makes a pool's client name the statements sent inside {@link withPreparedStatements}: a statement
 * given as a config object with a query's or a data change's text and no name gets its text's
 * name. Everything else (plain strings, BEGIN/COMMIT, named statements, statements outside the
 * scope) goes as before.
 */
export function namePreparedStatements(client: pg.PoolClient | pg.Client): void {
  // The prototype's method as it is at each call (not as it was at connect time): what patches
  // pg.Client.prototype.query later (the tests' and the bench's statement recorders) still sees it.
  const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  (client as { query: unknown }).query = function namedQuery(this: unknown, ...args: unknown[]) {
    const config = args[0] as QueryConfig | string | null;
    if (
      scope.getStore() &&
      config &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      !config.name &&
      PREPARABLE.test(config.text)
    ) {
      const name = statementName(config.text);
      if (name) args[0] = { ...config, name };
    }
    return proto.query.apply(this, args);
  };
}

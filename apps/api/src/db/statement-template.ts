/**
 * A part of a statement whose SQL text is built once per shape (ADR 051): the sale's booking INSERT,
 * fifty columns that drizzle's `insert().values()` wraps, checks and names again on every sale (the
 * largest single piece of the API's own CPU per sale: ~150 µs of the ~240 µs that built the sale's
 * one statement, docs/performance.md). The first time a shape is asked, drizzle builds the part with
 * a placeholder for every value; its text is kept split at its parameters, with how each is filled
 * (a column's encoder, or the value as it is). Every use after only fills the values in.
 *
 * The one-pass SQL builder (db/sql-text.ts) appends a {@link PrebuiltSql} as text and parameters.
 * drizzle's own builder — the fallback, and the test suite's check of every statement — asks it for
 * its SQL and gets the part built the ordinary way from the same values: in the tests, every
 * statement with a template is compared with drizzle's own build of it, text and parameters.
 */
import { type Column, getTableColumns, Param, Placeholder, SQL, type SQLWrapper, sql, type Table } from 'drizzle-orm';
import type { DbOrTx } from './types';

/** A statement part already turned into text: the pieces between its parameters, and their values. */
export class PrebuiltSql implements SQLWrapper {
  constructor(
    /** The text around the parameters: one piece more than there are parameters. */
    readonly pieces: readonly string[],
    /** The parameters' values, mapped as drizzle maps them for the driver. */
    readonly params: readonly unknown[],
    private readonly build: () => SQL,
  ) {}

  /** The part as drizzle builds it from the same values (drizzle's own builder asks for this). */
  getSQL(): SQL {
    return this.build();
  }

  /** It is a statement's part as it stands: no parentheses around it. */
  shouldOmitSQLParens(): boolean {
    return true;
  }
}

/** How a parameter of the template is filled: by the name's value, through the column's encoder or as it is. */
type Slot = { name: string; encoder: Encoder | null };

type Encoder = { mapToDriverValue(value: unknown): unknown };

type Template = { pieces: string[]; slots: Slot[] };

/** Templates by the caller's shape key; null: the shape could not be templated (drizzle builds it every time). */
const templates = new Map<string, Template | null>();

/** A value, or (building the template) the placeholder of its name; undefined stays undefined (a default). */
export type ValueOf = (name: string) => unknown;

/**
 * The part `build` makes from the values `source` names, its text built the first time `key` is
 * asked. `build` must take every value through `value(name)` (a column's value, given to drizzle's
 * `insert().values()` or to `sql` as it is), and `key` must name every choice `build` makes: which
 * names are undefined (a column left to its default) and anything else that changes its text.
 */
export function templated(
  db: DbOrTx,
  key: string,
  source: Record<string, unknown>,
  build: (value: ValueOf) => SQLWrapper,
): SQLWrapper {
  let template = templates.get(key);
  if (template === undefined) {
    template = templateOf(
      db,
      build((name) => (source[name] === undefined ? undefined : sql.placeholder(name))),
    );
    templates.set(key, template);
  }
  const direct = () => build((name) => source[name]).getSQL();
  if (template === null) return direct();
  const params = new Array<unknown>(template.slots.length);
  for (let i = 0; i < params.length; i++) {
    const { name, encoder } = template.slots[i] as Slot;
    const value = source[name];
    // A value that is itself SQL is part of the text, not a parameter: drizzle builds this use.
    if (value instanceof SQL) return direct();
    // As drizzle fills a parameter: null stays null, anything else through its column's encoder.
    const mapped = encoder === null || value === null ? value : encoder.mapToDriverValue(value);
    if (mapped instanceof SQL || mapped === undefined) return direct();
    params[i] = mapped;
  }
  return new PrebuiltSql(template.pieces, params, direct);
}

type Dialect = { sqlToQuery(s: SQL): { sql: string; params: unknown[] } };

/** The text split at its parameters `$1`…`$n` (in order, each once), or null when it is not so. */
function templateOf(db: DbOrTx, part: SQLWrapper): Template | null {
  const { dialect } = db as unknown as { dialect: Dialect };
  const query = dialect.sqlToQuery(part.getSQL());
  const slots: Slot[] = [];
  for (const p of query.params) {
    if (p instanceof Param && p.value instanceof Placeholder)
      slots.push({ name: p.value.name, encoder: p.encoder as Encoder });
    else if (p instanceof Placeholder) slots.push({ name: p.name, encoder: null });
    else return null; // a value the template would keep: the part is not built from `value()` alone
  }
  const pieces = query.sql.split(/\$(\d+)/);
  // split keeps the captured numbers at odd indexes: they must be 1…n in order.
  const texts: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 0) texts.push(pieces[i] as string);
    else if (Number(pieces[i]) !== (i + 1) / 2) return null;
  }
  return texts.length === slots.length + 1 ? { pieces: texts, slots } : null;
}

/**
 * The shape of one row of `table` as drizzle's `insert().values()` writes it: which columns it
 * leaves to their defaults (undefined). Null when a column left out has a value function (drizzle
 * calls it on every insert: not a template's to keep).
 */
export function rowShapeOf(table: Table, row: Record<string, unknown>): string | null {
  let shape = '';
  for (const [name, column] of columnsOf(table)) {
    if (row[name] !== undefined) shape += '1';
    else if (column.defaultFn !== undefined || column.onUpdateFn !== undefined) return null;
    else shape += '0';
  }
  return shape;
}

const columnLists = new WeakMap<Table, [string, Column][]>();

function columnsOf(table: Table): [string, Column][] {
  let list = columnLists.get(table);
  if (!list) {
    // As drizzle's buildInsertQuery: a generated column is no part of an INSERT (not in its typings).
    list = Object.entries(getTableColumns(table)).filter(
      ([, c]) => !(c as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert(),
    );
    columnLists.set(table, list);
  }
  return list;
}

/**
 * A statement of data-modifying CTEs that answers one table's rows (ADR 045): the sale's one write
 * and a booking change's (`with "sold" as (insert … returning *), "sold_event" as (…), … select
 * <every column> from "sold"`).
 *
 * drizzle's `db.$with(name).as(query)` and `db.with(…).select().from(cte)` rebuild the table's whole
 * column list on every execution, through a selection proxy: each of the ~50 columns of a booking is
 * wrapped, checked with `is()` (a proxy's prototype walk) and named twice — half of the 200 µs the
 * API spent building a sale's statement (bench/sql-text.ts). Here the CTEs are plain SQL around each
 * query's own tree, and the final column list and the fields drizzle maps the rows with are built
 * once per table; the rows come back exactly as `select().from(cte)` maps them (db/cte-statement.test.ts
 * compares both, and the suite's SQL check compares every statement's text with drizzle's builder).
 */
import { type Column, getTableColumns, type SQL, type SQLWrapper, sql, type Table } from 'drizzle-orm';
import { runBuilt } from './select-template';
import { PrebuiltSql } from './statement-template';
import type { DbOrTx } from './types';

/** One CTE: its name and the statement it names (a query builder or SQL; written without the builder's parentheses). */
export type Cte = readonly [name: string, query: SQLWrapper];

type TableRows = { list: SQL; fields: { path: string[]; field: unknown }[] };

const tables = new WeakMap<Table, TableRows>();

type Dialect = {
  sqlToQuery(s: SQL): { sql: string; params: unknown[] };
  casing: { getColumnCasing(column: Column): string };
};

/**
 * The table's column list (by their database names, in the table's order) and the fields that map its
 * rows. Kept per table: every handle of the app names columns alike (`casing: 'snake_case'`, db/client.ts).
 */
function rowsOf(table: Table, dialect: Dialect): TableRows {
  let rows = tables.get(table);
  if (!rows) {
    const columns = Object.entries(getTableColumns(table));
    rows = {
      list: sql.raw(
        columns.map(([, column]) => `"${dialect.casing.getColumnCasing(column).replace(/"/g, '""')}"`).join(', '),
      ),
      fields: columns.map(([key, column]) => ({ path: [key], field: column })),
    };
    tables.set(table, rows);
  }
  return rows;
}

/** A data-modifying query's statement with `returning *` (its CTE's rows are the table's whole rows). */
export function returningAll(query: SQLWrapper): SQL {
  return sql`${query.getSQL()} returning *`;
}

/**
 * Runs `with <ctes> select <every column of table> from <from>`: `from` names one of the CTEs, whose
 * rows are `table`'s (a `returning *` of an insert into or update of it). Answers them mapped as
 * drizzle maps the table's rows.
 */
export async function runCteStatement<T extends Table>(
  db: DbOrTx,
  table: T,
  ctes: readonly Cte[],
  from: string,
): Promise<T['$inferSelect'][]> {
  const { dialect } = db as unknown as { dialect: Dialect };
  const { list, fields } = rowsOf(table, dialect);
  const statement = sql`with ${sql.join(
    ctes.map(([name, query]) => sql`${sql.identifier(name)} as (${partOf(query)})`),
    sql`, `,
  )} select ${list} from ${sql.identifier(from)}`;
  return (await runBuilt(db, dialect.sqlToQuery(statement), fields)) as T['$inferSelect'][];
}

/** A CTE's statement as a chunk: a query builder's SQL, or a part built once per shape as it is (ADR 051). */
const partOf = (query: SQLWrapper): SQL | PrebuiltSql => (query instanceof PrebuiltSql ? query : query.getSQL());

/**
 * ADR 044: the one-pass builder gives drizzle's exact text and parameters for every kind of chunk the
 * application sends (columns, tables and aliases, views, CTEs, subqueries, value lists, mapped
 * values — JSON, dates —, placeholders, identifiers, raw text), hands back what drizzle must build
 * itself, and is what the process uses. The whole test suite also builds each statement both ways
 * (client.ts installs it with `check` under Vitest): this file pins the cases by name.
 */
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';
import { bookings, bookingTotalsDelta, products, tourOperators, users } from './schema';
import {
  assertSameQuery,
  buildQuery,
  drizzleQuery,
  installSqlText,
  type QueryConfig,
  sqlTextInstalled,
} from './sql-text';

const dialect = new PgDialect();
const config = {
  casing: (dialect as unknown as { casing: QueryConfig['casing'] }).casing,
  escapeName: dialect.escapeName,
  escapeParam: dialect.escapeParam,
  escapeString: dialect.escapeString,
  prepareTyping: dialect.prepareTyping,
} as unknown as QueryConfig;

// Built, never sent: a driver that answers nothing.
const db = drizzle({ query: async () => ({ rows: [] }) } as never, { schema });

const op = '7a1c1d4e-0000-4000-8000-000000000001';
const when = new Date('2026-11-27T10:00:00Z');
const seller = alias(users, 'seller');

const cases: [string, () => SQL][] = [
  [
    'a select with joins, an alias, conditions and an order',
    () =>
      db
        .select({ id: bookings.id, product: products.name, seller: seller.fullName })
        .from(bookings)
        .innerJoin(products, eq(products.id, bookings.productId))
        .leftJoin(seller, eq(seller.id, bookings.sellerId))
        .where(
          and(
            eq(bookings.tourOperatorId, op),
            inArray(bookings.state, ['pending', 'confirmed']),
            isNull(bookings.cancelledAt),
          ),
        )
        .orderBy(desc(bookings.date), asc(bookings.id))
        .limit(25)
        .offset(50)
        .getSQL(),
  ],
  [
    'an insert with mapped values (JSON, a timestamp) returning the row',
    () =>
      db
        .insert(tourOperators)
        .values({ name: 'Rutas del Sur', bookingTermsTranslations: { de: 'AGB' }, createdAt: when, updatedAt: when })
        .onConflictDoNothing()
        .returning()
        .getSQL(),
  ],
  [
    'data-modifying CTEs and a select from one of them',
    () => {
      const changed = db
        .$with('changed')
        .as(db.update(bookings).set({ notes: 'x', updatedAt: when }).where(eq(bookings.id, op)).returning());
      const log = db
        .$with('log', {})
        .as(sql`insert into ${schema.auditLog} (summary) select ${'cambio'} from ${sql.identifier('changed')}`);
      return db.with(changed, log).select().from(changed).getSQL();
    },
  ],
  [
    'a subquery, a placeholder, value lists, raw text and null',
    () => {
      const sub = db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.tourOperatorId, sql.placeholder('op')))
        .as('p');
      return sql`select ${sql.raw('1')} from ${sub} where ${sub.id} in ${[op, op]} and ${null}::uuid is null and ${[1, 2, 3]} is not null`;
    },
  ],
  [
    'a view and a JSON value in a template',
    () =>
      sql`select * from ${bookingTotalsDelta} where ${bookingTotalsDelta.tourOperatorId} = ${op} and ${JSON.stringify({ a: [1] })}::jsonb is not null`,
  ],
  [
    'a delete with a date and a count',
    () =>
      db
        .delete(bookings)
        .where(and(eq(bookings.date, '2026-11-27'), sql`${bookings.createdAt} < ${when}`))
        .getSQL(),
  ],
];

describe('sql-text: drizzle text in one pass (ADR 044)', () => {
  it.each(cases)('%s: the same text and parameters as drizzle', (_name, build) => {
    const tree = build();
    const ours = buildQuery(tree, config);
    const theirs = drizzleQuery(tree, config);
    expect(ours).toBeDefined();
    expect(ours?.sql).toBe(theirs.sql);
    expect(ours?.params).toEqual(theirs.params);
    expect(ours?.params.length).toBeGreaterThan(0);
  });

  it('leaves to drizzle what only drizzle builds: inlined parameters, an index, a caller counter', () => {
    expect(buildQuery(sql`select ${1}`.inlineParams(), config)).toBeUndefined();
    expect(buildQuery(sql`select ${sql`${1}`.inlineParams()}`, config)).toBeUndefined();
    expect(buildQuery(sql`select ${1}`, { ...config, invokeSource: 'indexes' })).toBeUndefined();
    expect(buildQuery(sql`select ${1}`, { ...config, paramStartIndex: { value: 3 } })).toBeUndefined();
    // …and the process still answers them, through drizzle's own builder.
    expect(dialect.sqlToQuery(sql`select ${1}`.inlineParams()).sql).toBe('select 1');
  });

  it('is what the process builds with, and a text that differs from drizzle’s is refused', () => {
    installSqlText({ check: true }); // as client.ts does under the test suite
    expect(sqlTextInstalled()).toBe(true);
    const tree = cases[0][1]();
    expect(dialect.sqlToQuery(tree)).toEqual(buildQuery(tree, config));
    const right = drizzleQuery(tree, config);
    expect(() => assertSameQuery(right, right)).not.toThrow();
    expect(() => assertSameQuery({ ...right, sql: `${right.sql} ` }, right)).toThrow(/differs from drizzle/);
    expect(() => assertSameQuery({ ...right, params: [...right.params.slice(1), 'x'] }, right)).toThrow(/differs/);
  });
});

/**
 * ADR 051: a statement part built once per shape gives the text and parameters drizzle's own
 * builder gives for the same values (columns left to their defaults, nulls, JSON, dates, a value
 * written as it is), is filled from the template after its first use, runs on the database as
 * drizzle's would, and falls back to drizzle where a template cannot hold (a value function, a
 * value the encoder turns into SQL).
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app';
import { returningAll, runCteStatement } from './cte-statement';
import { tourOperators } from './schema';
import { buildQuery, drizzleQuery, type QueryConfig } from './sql-text';
import { PrebuiltSql, rowShapeOf, templated, type ValueOf } from './statement-template';
import type { DbOrTx } from './types';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

type Dialect = { sqlToQuery(s: SQL): { sql: string; params: unknown[] } };
/** Both builders' text and parameters of `part` inside a statement of its own. */
function bothWays(db: DbOrTx, part: unknown) {
  let config: QueryConfig | undefined;
  const statement = sql`with x as (${part}) select 1`;
  // The dialect's own configuration, captured from a build.
  const proto = Object.getPrototypeOf(statement) as { toQuery(c: QueryConfig): unknown };
  const toQuery = proto.toQuery;
  proto.toQuery = function (this: SQL, c: QueryConfig) {
    config ??= c;
    return toQuery.call(this, c);
  };
  try {
    (db as unknown as { dialect: Dialect }).dialect.sqlToQuery(statement);
  } finally {
    proto.toQuery = toQuery;
  }
  if (!config) throw new Error('no configuration captured');
  return { ours: buildQuery(statement, config), drizzle: drizzleQuery(statement, config) };
}

const operatorInsert = (db: DbOrTx, value: ValueOf) => {
  const row: Record<string, unknown> = {};
  for (const name of ['name', 'phone', 'defaultCommissionPct', 'publicLanguages', 'createdAt']) row[name] = value(name);
  return returningAll(db.insert(tourOperators).values(row as typeof tourOperators.$inferInsert));
};

describe('templated', () => {
  it('fills its template with the text and parameters drizzle builds for the same values', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    const rows = [
      { name: 'Uno', phone: null, defaultCommissionPct: 12.5, publicLanguages: ['es', 'en'], createdAt: at },
      { name: 'Dos', phone: '+34 600', defaultCommissionPct: 0, publicLanguages: ['de'], createdAt: at },
      { name: 'Tres', phone: undefined, defaultCommissionPct: undefined, publicLanguages: undefined, createdAt: at },
    ];
    const key = `test ${Math.random()}`;
    for (const row of rows) {
      const shape = rowShapeOf(tourOperators, row);
      const part = templated(app.db, `${key} ${shape}`, row, (value) => operatorInsert(app.db, value));
      expect(part).toBeInstanceOf(PrebuiltSql);
      const { ours, drizzle } = bothWays(app.db, part);
      expect(ours?.sql).toBe(drizzle.sql);
      expect(ours?.params).toEqual(drizzle.params);
      expect(ours?.sql).toContain('returning *');
    }
    // Left to their defaults: the shape says so, and the text writes `default`.
    const defaults = rowShapeOf(tourOperators, rows[2] as Record<string, unknown>);
    expect(defaults).not.toBe(rowShapeOf(tourOperators, rows[0] as Record<string, unknown>));
  });

  it('writes a value named in `sql` as it is, and runs as drizzle would on the database', async () => {
    const name = `Plantilla ${Math.random()}`;
    const source = { name, $note: 'nota de la plantilla' };
    const key = `test raw ${Math.random()}`;
    const build = (value: ValueOf) =>
      sql`insert into ${tourOperators} (name, legal_name) values (${value('name')}, ${value('$note')}) returning *`;
    const first = templated(app.db, key, source, build);
    const second = templated(app.db, key, { ...source, name: `${name} 2` }, build);
    expect(first).toBeInstanceOf(PrebuiltSql);
    expect((second as PrebuiltSql).params).toEqual([`${name} 2`, 'nota de la plantilla']);
    for (const part of [first, second]) {
      const [row] = await runCteStatement(app.db, tourOperators, [['made', part]], 'made');
      const [read] = await app.db.select().from(tourOperators).where(eq(tourOperators.id, row.id));
      expect(row).toEqual(read);
      expect(read.legalName).toBe('nota de la plantilla');
    }
  });

  it('leaves to drizzle a value its encoder turns into SQL, a value that is SQL, and a template that would keep a value', () => {
    const jsonAsSql = pgTable('t_template', { id: uuid('id'), v: text('v') });
    // A column whose encoder answers SQL for one value: that use is built by drizzle.
    const column = jsonAsSql.v as unknown as { mapToDriverValue(v: unknown): unknown };
    const original = column.mapToDriverValue;
    const key = `test sql value ${Math.random()}`;
    const build = (value: ValueOf) => returningAll(app.db.insert(jsonAsSql).values({ v: value('v') as string }));
    try {
      expect(templated(app.db, key, { v: 'a' }, build)).toBeInstanceOf(PrebuiltSql);
      column.mapToDriverValue = (v) => (v === 'now' ? sql`now()` : v);
      const part = templated(app.db, key, { v: 'now' }, build);
      expect(part).not.toBeInstanceOf(PrebuiltSql);
      expect(bothWays(app.db, part).ours?.sql).toContain('now()');
    } finally {
      column.mapToDriverValue = original;
    }
    // A value that is SQL in this use (a number column's encoder would make it text): part of the
    // text, so drizzle builds it.
    const row = {
      name: 'SQL',
      phone: '',
      defaultCommissionPct: sql`12.5`,
      publicLanguages: ['es'],
      createdAt: new Date(),
    };
    const sqlKey = `test sql ${Math.random()} ${rowShapeOf(tourOperators, row)}`;
    const plain = { ...row, defaultCommissionPct: 12.5 };
    expect(templated(app.db, sqlKey, plain, (value) => operatorInsert(app.db, value))).toBeInstanceOf(PrebuiltSql);
    const asSql = templated(app.db, sqlKey, row, (value) => operatorInsert(app.db, value));
    expect(asSql).not.toBeInstanceOf(PrebuiltSql);
    const built = bothWays(app.db, asSql);
    expect(built.ours?.sql).toContain('12.5');
    expect(built.ours?.params).toEqual(built.drizzle.params);
    // A value given to drizzle without `value()` would be kept by the template: never templated.
    const kept = templated(app.db, `test kept ${Math.random()}`, { v: 'b' }, () =>
      returningAll(app.db.insert(jsonAsSql).values({ v: 'fixed' })),
    );
    expect(kept).not.toBeInstanceOf(PrebuiltSql);
  });

  it('has no shape for a row that leaves out a column with a value function', () => {
    const withFn = pgTable('t_template_fn', {
      id: uuid('id'),
      v: text('v').$defaultFn(() => 'made'),
    });
    expect(rowShapeOf(withFn, { id: 'x', v: 'given' })).toBe('11');
    expect(rowShapeOf(withFn, { id: 'x' })).toBeNull();
    expect(rowShapeOf(withFn, { v: 'given' })).toBe('01');
  });
});

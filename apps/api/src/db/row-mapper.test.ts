/**
 * ADR 053: the rows of a select kept as a template are mapped by a function made once per field
 * list, and must come out exactly as drizzle's own mapper gives them: the same nested objects, the
 * same keys in the same order, every decoder applied (timestamps as Dates, numerics as numbers, an
 * `sql` with mapWith), and a left join that finds nothing as null — but not an object that mixes
 * tables or whose first column is not the joined table's. Compared on the real database.
 */
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app';
import { createWorld } from '../../test/factories';
import { rowsMapperOf } from './row-mapper';
import { tourOperators, users } from './schema';
import { runSelectTemplate } from './select-template';
import type { DbOrTx } from './types';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  await createWorld(app);
  // One user with a commission and an address: numerics and text that are not the defaults.
  await app.db.execute(
    sql`update users set commission_pct = 12.5, address = 'Calle Mayor 1' where full_name = 'Sergio Vendedor A'`,
  );
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const manager = alias(users, 'manager');

/** Selects of every kind of field list the API keeps as templates. */
const SELECTS: Record<string, (db: DbOrTx) => PromiseLike<unknown[]>> = {
  'a whole table and a left-joined object (the users list)': (db) =>
    db
      .select({
        user: users,
        operator: { id: tourOperators.id, name: tourOperators.name, timezone: tourOperators.timezone },
      })
      .from(users)
      .leftJoin(tourOperators, eq(tourOperators.id, users.tourOperatorId))
      .orderBy(users.email),
  'flat columns and sql fields with and without mapWith': (db) =>
    db
      .select({
        ...getTableColumns(users),
        operatorName: tourOperators.name,
        languages: tourOperators.publicLanguages,
        twice: sql<number>`${users.level} * 2`.mapWith(Number),
        raw: sql<string>`${users.level}::text || 'x'`,
        at: sql<Date>`${users.createdAt}`.mapWith(users.createdAt),
        nothing: sql<null>`null`,
      })
      .from(users)
      .leftJoin(tourOperators, eq(tourOperators.id, users.tourOperatorId))
      .orderBy(users.email),
  'a left-joined object whose first column is another table’s (never null)': (db) =>
    db
      .select({
        user: { id: users.id },
        mixed: { level: users.level, operatorId: tourOperators.id, operatorName: tourOperators.name },
        // The joined table's column first, then another table's: drizzle keeps the object.
        mixedJoinedFirst: { operatorId: tourOperators.id, level: users.level },
        operator: { name: tourOperators.name, createdAt: tourOperators.createdAt, id: tourOperators.id },
      })
      .from(users)
      .leftJoin(tourOperators, eq(tourOperators.id, users.tourOperatorId))
      .orderBy(users.email),
  'an object with an sql field before the joined table’s columns, deeper objects, an alias': (db) =>
    db
      .select({
        id: users.id,
        operator: {
          label: sql<string>`'operador'`,
          id: tourOperators.id,
          // Deeper than drizzle's types allow; its mapper nests it all the same.
          nested: { name: tourOperators.name, tz: tourOperators.timezone } as unknown as SQL<unknown>,
        },
        manager: { id: manager.id, fullName: manager.fullName },
      })
      .from(users)
      .leftJoin(tourOperators, eq(tourOperators.id, users.tourOperatorId))
      .leftJoin(manager, eq(manager.id, sql`null::uuid`))
      .orderBy(users.email),
  'an inner join: an object never nulled': (db) =>
    db
      .select({ user: { id: users.id, email: users.email }, operator: tourOperators })
      .from(users)
      .innerJoin(tourOperators, eq(tourOperators.id, users.tourOperatorId))
      .orderBy(users.email),
};

/** Every key path in order, so that the order of keys counts as well as their values. */
function shapeOf(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object' || value instanceof Date) return [`${path}:${typeof value}`];
  return Object.entries(value).flatMap(([k, v]) => [
    path ? `${path}.${k}` : k,
    ...shapeOf(v, path ? `${path}.${k}` : k),
  ]);
}

describe('rows mapped by a function made once per field list (ADR 053)', () => {
  for (const [name, build] of Object.entries(SELECTS)) {
    it(`answers as drizzle's mapper: ${name}`, async () => {
      const expected = await build(app.db);
      expect(expected.length).toBeGreaterThan(3);
      const key = `test:row-mapper:${name}:${Math.random()}`;
      const first = await runSelectTemplate(app.db, key, build, {});
      const again = await runSelectTemplate(app.db, key, build, {});
      for (const got of [first, again]) {
        expect(got).toEqual(expected);
        expect(got.map((r) => shapeOf(r))).toEqual(expected.map((r) => shapeOf(r)));
      }
      // It was this module's mapper that ran, not drizzle's.
      const prepared = (
        build(app.db) as unknown as { _prepare(): { fields: unknown; joinsNotNullableMap?: unknown } }
      )._prepare();
      expect(rowsMapperOf(prepared.fields, prepared.joinsNotNullableMap as Record<string, boolean>)).not.toBeNull();
    });
  }

  it('left-joined objects with no row are null, and the rest decoded', async () => {
    const rows = (await runSelectTemplate(
      app.db,
      `test:row-mapper:check:${Math.random()}`,
      SELECTS['a whole table and a left-joined object (the users list)'],
      {},
    )) as { user: typeof users.$inferSelect; operator: { id: string } | null }[];
    const admin = rows.find((r) => r.user.level === 0);
    expect(admin?.operator).toBeNull();
    expect(rows.filter((r) => r.operator !== null).length).toBeGreaterThan(5);
    expect(rows.every((r) => r.user.createdAt instanceof Date)).toBe(true);
    expect(rows.find((r) => r.user.fullName === 'Sergio Vendedor A')?.user.commissionPct).toBe(12.5);
  });

  it('leaves to drizzle a field list that is not a tree', () => {
    expect(
      rowsMapperOf(
        [
          { path: ['a'], field: users.id },
          { path: ['a', 'b'], field: users.email },
        ],
        undefined,
      ),
    ).toBeNull();
    expect(
      rowsMapperOf(
        [
          { path: ['a'], field: users.id },
          { path: ['a'], field: users.email },
        ],
        undefined,
      ),
    ).toBeNull();
    expect(rowsMapperOf([{ path: ['__proto__', 'x'], field: users.id }], undefined)).toBeNull();
    expect(rowsMapperOf([{ path: ['a', 'b'], field: users.id }], undefined)).not.toBeNull();
  });
});

import { createRequire } from 'node:module';
import * as drizzle from 'drizzle-orm';
import { Column, entityKind, eq, getTableName, is, Param, SQL, StringChunk, sql, Table, View } from 'drizzle-orm';
import { alias, integer, numeric, PgDialect, pgTable, QueryBuilder, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

/**
 * drizzle-orm, patched (patches/drizzle-orm+*.patch, ADR 038): its row mapping works each column's
 * decoder and table out once per field list instead of for every cell, and its `is()` remembers
 * per class and type what walking the class chain answered (8–15 % of a list's CPU, a tenth of a
 * sale's). These tests hold the patch to drizzle's own behaviour.
 */
type Field = { path: string[]; field: unknown };
type Mapper = (columns: Field[], row: unknown[], joinsNotNullableMap?: Record<string, boolean>) => unknown;
const { mapResultRow, orderSelectedFields } = drizzle as unknown as {
  mapResultRow: Mapper;
  orderSelectedFields: (fields: Record<string, unknown>) => Field[];
};

/** drizzle-orm 0.45.4's mapResultRow as published, the reference. */
const original: Mapper = (columns, row, joinsNotNullableMap) => {
  const nullifyMap: Record<string, string | false> = {};
  const result = columns.reduce<Record<string, unknown>>((result2, { path, field }, columnIndex) => {
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's decoders are untyped here
    const f = field as any;
    const isColumn = is(f, Column);
    const decoder = isColumn ? f : is(field, SQL) ? f.decoder : f.sql.decoder;
    let node = result2;
    for (const [pathChunkIndex, pathChunk] of path.entries()) {
      if (pathChunkIndex < path.length - 1) {
        if (!(pathChunk in node)) node[pathChunk] = {};
        node = node[pathChunk] as Record<string, unknown>;
      } else {
        const rawValue = row[columnIndex];
        node[pathChunk] = rawValue === null ? null : decoder.mapFromDriverValue(rawValue);
        const value = node[pathChunk];
        if (joinsNotNullableMap && isColumn && path.length === 2) {
          const objectName = path[0];
          if (!(objectName in nullifyMap)) nullifyMap[objectName] = value === null ? getTableName(f.table) : false;
          else if (typeof nullifyMap[objectName] === 'string' && nullifyMap[objectName] !== getTableName(f.table)) {
            nullifyMap[objectName] = false;
          }
        }
      }
    }
    return result2;
  }, {});
  if (joinsNotNullableMap && Object.keys(nullifyMap).length > 0) {
    for (const [objectName, tableName] of Object.entries(nullifyMap)) {
      if (typeof tableName === 'string' && !joinsNotNullableMap[tableName]) result[objectName] = null;
    }
  }
  return result;
};

const trips = pgTable('trips', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  seats: integer('seats').notNull(),
  price: numeric('price'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
const guides = pgTable('guides', { id: uuid('id').primaryKey(), name: text('name').notNull() });

const fields = orderSelectedFields({
  trip: trips,
  guide: { id: guides.id, name: guides.name },
  mixed: { tripName: trips.name, guideName: guides.name },
  n: sql<number>`count(*)`.mapWith(Number),
  flat: guides.id,
});

const rows: unknown[][] = [
  ['t1', 'Teide', 20, '45.50', '2026-11-26 10:00:00+00', 'g1', 'Ayoze', 'Teide', 'Ayoze', '3', 'g1'],
  ['t2', 'Masca', 12, null, '2026-11-27 08:30:00+00', null, null, 'Masca', null, '0', null],
  ['t3', 'Anaga', 30, '0', '2026-11-28 09:00:00+00', 'g2', null, 'Anaga', null, '12', 'g2'],
];

describe('drizzle row mapping (patched)', () => {
  it('is patched in both of drizzle’s builds (ES module and CommonJS)', () => {
    const cjs = createRequire(import.meta.url)('drizzle-orm') as { mapResultRow: Mapper };
    expect(String(mapResultRow)).toContain('rowPlanOf');
    expect(String(cjs.mapResultRow)).toContain('rowPlanOf');
    const cjsIs = (createRequire(import.meta.url)('drizzle-orm') as { is: typeof is }).is;
    expect(String(is)).toContain('isResults');
    expect(String(cjsIs)).toContain('isResults');
  });

  it('maps rows exactly as drizzle’s own code: nesting, decoders, left-joined tables to null', () => {
    for (const joins of [undefined, { trips: true, guides: false }, { trips: true, guides: true }]) {
      for (const row of rows) {
        expect(mapResultRow(fields, row, joins)).toStrictEqual(original(fields, row, joins));
      }
    }
    const [, second] = rows.map((r) => mapResultRow(fields, r, { trips: true, guides: false })) as Record<
      string,
      unknown
    >[];
    expect(second.guide).toBeNull();
    expect(second.mixed).toEqual({ tripName: 'Masca', guideName: null });
    expect(second.n).toBe(0);
    expect((second.trip as { createdAt: Date }).createdAt).toEqual(new Date('2026-11-27T08:30:00Z'));
  });

  it('works the plan out per field list: another list with other decoders maps by its own', () => {
    const other = orderSelectedFields({ when: trips.createdAt, n: sql`1`.mapWith(String) });
    expect(mapResultRow(other, ['2026-11-26 10:00:00+00', 7])).toStrictEqual(
      original(other, ['2026-11-26 10:00:00+00', 7]),
    );
    expect(mapResultRow(fields, rows[0])).toStrictEqual(original(fields, rows[0]));
  });

  it('is() answers as drizzle’s own walk of the class chain, asked once or many times', () => {
    /** drizzle-orm 0.45.4's is() as published, the reference. */
    const reference = (value: unknown, type: { [entityKind]?: string }): boolean => {
      if (!value || typeof value !== 'object') return false;
      if (value instanceof (type as never)) return true;
      let cls = Object.getPrototypeOf(value).constructor;
      while (cls) {
        if (entityKind in cls && cls[entityKind] === type[entityKind]) return true;
        cls = Object.getPrototypeOf(cls);
      }
      return false;
    };
    const q = sql`select ${trips.name} from ${trips} where ${trips.seats} > ${1}`;
    // A class of another copy of drizzle: same kind, not the same class (what the walk is for).
    class ForeignSql {
      static readonly [entityKind] = SQL[entityKind];
      readonly queryChunks: unknown[] = [];
    }
    const values: unknown[] = [
      ...q.queryChunks,
      q,
      trips,
      trips.name,
      new Param(1),
      new ForeignSql(),
      {},
      null,
      'x',
      1,
    ];
    const types = [Column, SQL, Table, StringChunk, Param, View];
    for (let round = 0; round < 3; round++) {
      for (const v of values) for (const t of types) expect(is(v, t as never)).toBe(reference(v, t as never));
    }
    expect(is(new ForeignSql(), SQL)).toBe(true);
    expect(is(new ForeignSql(), Column)).toBe(false);
    expect(() => is(q, class NotAnEntity {} as never)).toThrow(/doesn't look like a Drizzle entity/);
  });

  it('builds a selection as drizzle does with the columns checked first (ADR 045): columns, aliased and raw SQL, a subquery, an alias', () => {
    const qb = new QueryBuilder();
    const lead = alias(guides, 'lead');
    const count = qb
      .select({ n: sql<number>`count(*)`.as('n') })
      .from(guides)
      .as('c');
    const query = qb
      .select({
        id: trips.id,
        upper: sql<string>`upper(${trips.name})`.as('upper'),
        raw: sql<number>`${trips.seats} + 1`,
        lead: { name: lead.name },
        n: count.n,
      })
      .from(trips)
      .leftJoin(lead, eq(lead.id, trips.id))
      .crossJoin(count)
      .toSQL();
    expect(query.sql).toBe(
      'select "trips"."id", upper("trips"."name") as "upper", "trips"."seats" + 1, "lead"."name", "n" from "trips" left join "guides" "lead" on "lead"."id" = "trips"."id" cross join (select count(*) as "n" from "guides") "c"',
    );
    // A single table's selection (an insert's returning): bare column names.
    expect(qb.select({ id: trips.id, name: trips.name }).from(trips).toSQL().sql).toBe(
      'select "id", "name" from "trips"',
    );
    // buildSelection is internal to drizzle's dialect: reached as such.
    type Selecting = { buildSelection(fields: unknown, opts: { isSingleTable: boolean }): SQL };
    const dialect = new PgDialect();
    const single = dialect.sqlToQuery(
      (dialect as unknown as Selecting).buildSelection(
        orderSelectedFields({ id: trips.id, seats: sql`${trips.seats} * 2` }),
        { isSingleTable: true },
      ),
    );
    expect(single.sql).toBe('"id", "seats" * 2');
    const cjsDialect = createRequire(import.meta.url)('drizzle-orm/pg-core') as { PgDialect: typeof PgDialect };
    for (const d of [PgDialect, cjsDialect.PgDialect]) {
      expect(String((d.prototype as unknown as Selecting).buildSelection)).toContain('ADR 045');
    }
  });
});

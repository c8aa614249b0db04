/**
 * A select's rows mapped by a function made once per field list (ADR 053): the nested objects of
 * the select written as one object literal, each column's decoder called only where it decodes,
 * and the left joins' all-null objects turned to null as drizzle turns them. drizzle's own
 * `mapResultRow` walks the field list for every row, and every cell goes through a generic path
 * walk and a decoder call (issue 35: ~0.1 µs a cell, the largest piece of a list's own CPU after
 * pg's protocol). The answer is the same object, keys in the same order (row-mapper.test.ts checks
 * it against drizzle's mapper on PGlite and PostgreSQL); a field list it cannot write as a tree (a
 * path twice, a key both a value and an object) keeps drizzle's mapper.
 *
 * It reads the same internals as select-template.ts: a prepared query's ordered `fields` ({ path,
 * field }) and the decoders drizzle's patched `rowPlanOf` picks (patches/drizzle-orm, ADR 038).
 */
import * as drizzle from 'drizzle-orm';
import { Column, is, SQL, Subquery } from 'drizzle-orm';

type Field = { path: string[]; field: unknown };
type Decoder = { mapFromDriverValue(value: unknown): unknown };
export type RowsMapper = (rows: unknown[][]) => unknown[];

/** drizzle's decoder of an `sql` without `mapWith`: the value as the driver gave it. */
const NOOP = (drizzle as unknown as { noopDecoder?: Decoder }).noopDecoder;
const COLUMN_IDENTITY = Column.prototype.mapFromDriverValue;

/** The decoder drizzle's mapResultRow uses for a field (utils.js, rowPlanOf). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

const isIdentity = (d: Decoder) => d === NOOP || d.mapFromDriverValue === COLUMN_IDENTITY;

type Node = { kind: 'value'; index: number } | { kind: 'object'; children: Map<string, Node> };

const byFields = new WeakMap<object, Map<Record<string, boolean> | undefined, RowsMapper | null>>();

/**
 * The mapper of `fields`' rows (array mode) with these joins' nullability, made the first time and
 * kept; null when the field list is not a plain tree (then drizzle maps).
 */
export function rowsMapperOf(fields: unknown, joins: Record<string, boolean> | undefined): RowsMapper | null {
  if (!Array.isArray(fields)) return null;
  let perJoins = byFields.get(fields);
  if (!perJoins) {
    perJoins = new Map();
    byFields.set(fields, perJoins);
  }
  let mapper = perJoins.get(joins);
  if (mapper === undefined) {
    mapper = compile(fields as Field[], joins);
    perJoins.set(joins, mapper);
  }
  return mapper;
}

function compile(fields: Field[], joins: Record<string, boolean> | undefined): RowsMapper | null {
  const root: Node = { kind: 'object', children: new Map() };
  const decoders: Decoder[] = [];
  const decodes: boolean[] = [];
  // Per top-level object: the table of its first column at depth 2, and whether every such column
  // is of that table (drizzle's nullifyMap, utils.js).
  const nullable = new Map<string, { first: number; table: string; same: boolean }>();
  for (const [index, { path, field }] of fields.entries()) {
    const decoder = decoderOf(field);
    decoders.push(decoder);
    decodes.push(!isIdentity(decoder));
    if (path.length === 0) continue;
    if (path.includes('__proto__')) return null;
    let node: Node = root;
    for (const [i, key] of path.entries()) {
      if (node.kind !== 'object') return null;
      const last = i === path.length - 1;
      const child = node.children.get(key);
      if (last) {
        if (child) return null;
        node.children.set(key, { kind: 'value', index });
      } else if (!child) {
        const created: Node = { kind: 'object', children: new Map() };
        node.children.set(key, created);
        node = created;
      } else {
        node = child;
      }
    }
    if (joins && path.length === 2 && is(field, Column)) {
      const table = drizzle.getTableName((field as unknown as { table: drizzle.Table }).table);
      const seen = nullable.get(path[0]);
      if (!seen) nullable.set(path[0], { first: index, table, same: true });
      else if (seen.table !== table) seen.same = false;
    }
  }
  const lines: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    lines.push(
      decodes[i]
        ? `const v${i} = row[${i}] === null ? null : d[${i}].mapFromDriverValue(row[${i}]);`
        : `const v${i} = row[${i}];`,
    );
  }
  const literal = (node: Node): string =>
    node.kind === 'value'
      ? `v${node.index}`
      : `{ ${[...node.children].map(([key, child]) => `${JSON.stringify(key)}: ${literal(child)}`).join(', ')} }`;
  lines.push(`const r = ${literal(root)};`);
  for (const [object, { first, table, same }] of nullable) {
    // A left-joined table with no row: its object is null (drizzle: the first column null and
    // every column of the one table, unless the join cannot be null).
    if (same && joins && !joins[table]) lines.push(`if (v${first} === null) r[${JSON.stringify(object)}] = null;`);
  }
  lines.push('return r;');
  const one = new Function('d', `return function mapRow(row) {\n${lines.join('\n')}\n};`)(decoders) as (
    row: unknown[],
  ) => unknown;
  return (rows) => {
    const out = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = one(rows[i]);
    return out;
  };
}

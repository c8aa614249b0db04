/**
 * fast-check arbitraries derived from the OpenAPI document's JSON schemas (which are generated from
 * the shared zod schemas): values the document calls valid, for the property-based contract tests.
 * Small on purpose: the keywords our document uses (object, array, string with enum / pattern /
 * format / lengths, integer, number, boolean, nullable, anyOf, allOf; an object's "one of these
 * fields" as anyOf / oneOf of required lists, see alternativeGroups); every generated value is
 * then filtered through Ajv against the whole schema, so a keyword handled loosely here never
 * yields a value the document refuses.
 */
import { NO_CONTROL_RE, NOT_BLANK_RE } from '@trayecto/shared';
import fc from 'fast-check';

export type Schema = {
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
  default?: unknown;
};

const MAX_STRING = 40;
const MAX_ARRAY = 3;
/** Now and then: texts up to their maxLength (at most this), lists up to their maxItems (at most this). */
const MAX_LONG_STRING = 2000;
const MAX_LONG_ARRAY = 25;
/** One code point each: letters, a space, accents, an emoji (two UTF-16 units), markup and quotes. */
const LONG_STRING_UNITS = ['a', 'Z', '7', ' ', 'ñ', 'É', '😀', '<', '>', '&', '"', "'", '-', '\n'];
/** The patterns of "any text without control characters" (shared field rules): any unit above fits. */
const FREE_TEXT_PATTERNS = [NO_CONTROL_RE, NOT_BLANK_RE];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * A real calendar day: `format: date` (RFC 3339) excludes 2026-02-30 even though the pattern lets
 * it through; the "invalid" property sends such days and expects a 422.
 */
const date = fc
  .record({
    y: fc.integer({ min: 1900, max: 2100 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ y, m, d }) => `${y}-${pad(m)}-${pad(Math.min(d, new Date(Date.UTC(y, m, 0)).getUTCDate()))}`);

const dateTime = fc
  .record({
    day: date,
    h: fc.integer({ min: 0, max: 23 }),
    mi: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
  })
  .map(({ day, h, mi, s }) => `${day}T${pad(h)}:${pad(mi)}:${pad(s)}Z`);

/**
 * One arbitrary per pattern in this process. Building one for a pattern with a negated class checks
 * fast-check's default slices against every code point the class allows (a reverse map of ~1.1 M
 * entries, per arbitrary): built again for each field of each operation, it was a quarter of the
 * contract sweeps' CPU. An arbitrary holds no state between runs, so sharing it changes no value.
 */
const matchingByPattern = new Map<string, fc.Arbitrary<string>>();
function matching(pattern: string): fc.Arbitrary<string> {
  let arb = matchingByPattern.get(pattern);
  if (!arb) {
    arb = fc.stringMatching(new RegExp(pattern));
    matchingByPattern.set(pattern, arb);
  }
  return arb;
}

function stringOf(s: Schema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? MAX_STRING, Math.max(min, MAX_STRING));
  // Lengths in code points, as JSON Schema (and zod) count them: an emoji is one.
  const fits = (v: string) => {
    const n = [...v].length;
    return n >= min && n <= (s.maxLength ?? Number.POSITIVE_INFINITY);
  };
  if (s.format === 'date') return date;
  if (s.format === 'date-time') return dateTime;
  if (s.format === 'uuid') return fc.uuid({ version: 4 });
  if (s.format === 'email') return fc.emailAddress().filter(fits);
  const short = s.pattern
    ? matching(s.pattern).filter(fits)
    : fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' }).filter(fits);
  // Now and then a text of its longest length (in code points, as JSON Schema counts), when any
  // text will do: the limits of the API and of the database must agree with the document's.
  const free = !s.pattern || FREE_TEXT_PATTERNS.some((p) => s.pattern === p.source);
  const longest = Math.min(s.maxLength ?? 0, MAX_LONG_STRING);
  if (!free || longest < MAX_STRING) return short;
  const long = fc
    .array(fc.constantFrom(...LONG_STRING_UNITS), { minLength: longest - 4, maxLength: longest - 1 })
    .map((units) => `x${units.join('')}`)
    .filter(fits);
  return fc.oneof({ weight: 9, arbitrary: short }, { weight: 1, arbitrary: long });
}

/** An arbitrary of values `s` accepts (before the Ajv filter the caller applies). */
export function arbitraryOf(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  let arb = baseArbitrary(s, depth);
  if (s.nullable) arb = fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) });
  return arb;
}

function baseArbitrary(s: Schema, depth: number): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.allOf?.length && !s.type) return arbitraryOf(Object.assign({}, ...s.allOf), depth);
  if (s.anyOf?.length && !s.type) return fc.oneof(...s.anyOf.map((a) => arbitraryOf(a, depth)));
  // A string with several patterns (allOf) is generated from the last anchored one (the most
  // specific: zod lists a field's own pattern after the shared no-control-characters one); Ajv checks the rest.
  const patterns = [s.pattern, ...(s.allOf ?? []).map((a) => a.pattern)].filter((p): p is string => Boolean(p));
  const pattern = patterns.findLast((p) => p.startsWith('^')) ?? patterns.at(-1);
  switch (s.type) {
    case 'string':
      return stringOf({ ...s, pattern });
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -1000, -1_000_000), max: Math.min(s.maximum ?? 1000, 1_000_000) });
    case 'number':
      return fc
        .double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true, noDefaultInfinity: true })
        .map((n) => Math.round(n * 100) / 100)
        .filter((n) => n >= (s.minimum ?? -1000) && n <= (s.maximum ?? 1000));
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = s.items ? arbitraryOf(s.items, depth + 1) : fc.constant(null);
      const minLength = s.minItems ?? 0;
      const list = (maxLength: number) =>
        s.uniqueItems
          ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
          : fc.array(item, { minLength, maxLength });
      const usual = list(Math.min(s.maxItems ?? MAX_ARRAY, Math.max(minLength, depth > 1 ? 1 : MAX_ARRAY)));
      // Now and then a long list (many rules, times, passengers, pickups…), not nested in another long one.
      const longest = Math.min(s.maxItems ?? MAX_LONG_ARRAY, MAX_LONG_ARRAY);
      if (depth > 3 || longest <= MAX_ARRAY) return usual;
      return fc.oneof({ weight: 9, arbitrary: usual }, { weight: 1, arbitrary: list(longest) });
    }
    case 'object': {
      const groups = alternativeGroups(s);
      if (groups.length === 0) return objectOf(s, depth);
      // One alternative of each group, then an object that has it (and, in a oneOf, not the others).
      return fc
        .tuple(...groups.map((g) => fc.nat(g.alternatives.length - 1)))
        .chain((picks) => objectOf(withAlternatives(s, groups, picks), depth));
    }
    default:
      return fc.constantFrom('x', 1, true);
  }
}

/** "One of these fields" of an object: `anyOf` / `oneOf` (also inside `allOf`) whose every alternative requires fields. */
type AlternativeGroup = { exclusive: boolean; alternatives: Schema[] };

function alternativeGroups(s: Schema): AlternativeGroup[] {
  const groups: AlternativeGroup[] = [];
  const add = (alternatives: Schema[] | undefined, exclusive: boolean) => {
    if (alternatives?.length && alternatives.every((a) => a.required?.length)) groups.push({ exclusive, alternatives });
  };
  for (const part of [s, ...(s.allOf ?? [])]) {
    add(part.anyOf, false);
    add(part.oneOf, true);
  }
  return groups;
}

/**
 * The object schema with the picked alternative of each group made required (its own property
 * rules on top, never null) and, in a oneOf, the other alternatives' fields left out.
 */
function withAlternatives(s: Schema, groups: AlternativeGroup[], picks: number[]): Schema {
  const properties: Record<string, Schema> = { ...s.properties };
  const required = new Set(s.required ?? []);
  groups.forEach((g, i) => {
    const chosen = g.alternatives[picks[i] ?? 0] as Schema;
    for (const k of chosen.required ?? []) required.add(k);
    for (const [k, rule] of Object.entries(chosen.properties ?? {})) {
      properties[k] = { ...properties[k], ...rule, nullable: rule.nullable ?? false };
    }
    if (!g.exclusive) return;
    g.alternatives.forEach((other, j) => {
      if (j === picks[i]) return;
      for (const k of other.required ?? []) if (!chosen.required?.includes(k)) delete properties[k];
    });
  });
  return { ...s, properties, required: [...required].filter((k) => k in properties) };
}

function objectOf(s: Schema, depth: number): fc.Arbitrary<unknown> {
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of props) record[k] = arbitraryOf(v, depth + 1);
  const requiredKeys = props.map(([k]) => k).filter((k) => required.has(k));
  const fixed = fc.record(record, { requiredKeys });
  // A map (`additionalProperties` with a schema): a few entries with any keys.
  const extra = s.additionalProperties;
  if (!extra || typeof extra !== 'object') return fixed;
  const entries = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), arbitraryOf(extra, depth + 1), {
    maxKeys: MAX_ARRAY,
  });
  return fc.tuple(fixed, entries).map(([a, b]) => ({ ...b, ...a }));
}

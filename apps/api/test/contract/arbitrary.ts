/**
 * fast-check arbitraries derived from the OpenAPI document's JSON schemas (which are generated from
 * the shared zod schemas): values the document calls valid, for the property-based contract tests.
 * Small on purpose: the keywords our document uses (object, array, string with enum / pattern /
 * format / lengths, integer, number, boolean, nullable, anyOf, allOf); every generated value is
 * then filtered through Ajv against the whole schema, so a keyword handled loosely here never
 * yields a value the document refuses.
 */
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
  allOf?: Schema[];
  default?: unknown;
};

const MAX_STRING = 40;
const MAX_ARRAY = 3;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

const date = fc
  .record({
    y: fc.integer({ min: 1900, max: 2100 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ y, m, d }) => `${y}-${pad(m)}-${pad(d)}`);

const dateTime = fc
  .record({
    day: date,
    h: fc.integer({ min: 0, max: 23 }),
    mi: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
  })
  .map(({ day, h, mi, s }) => `${day}T${pad(h)}:${pad(mi)}:${pad(s)}Z`);

function stringOf(s: Schema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? MAX_STRING, Math.max(min, MAX_STRING));
  const fits = (v: string) => v.length >= min && v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY);
  if (s.format === 'date') return date;
  if (s.format === 'date-time') return dateTime;
  if (s.format === 'uuid') return fc.uuid({ version: 4 });
  if (s.format === 'email') return fc.emailAddress().filter(fits);
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  // Printable text without surrounding spaces (the API trims texts).
  return fc
    .string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' })
    .map((v) => v.trim())
    .filter(fits);
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
  // A string with several patterns (allOf) is generated from the most specific one; Ajv checks the rest.
  const pattern = s.pattern ?? s.allOf?.map((a) => a.pattern).findLast((p) => p);
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
      const maxLength = Math.min(s.maxItems ?? MAX_ARRAY, Math.max(minLength, depth > 1 ? 1 : MAX_ARRAY));
      return s.uniqueItems
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(item, { minLength, maxLength });
    }
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of props) record[k] = arbitraryOf(v, depth + 1);
      const requiredKeys = props.map(([k]) => k).filter((k) => required.has(k));
      return fc.record(record, { requiredKeys });
    }
    default:
      return fc.constantFrom('x', 1, true);
  }
}

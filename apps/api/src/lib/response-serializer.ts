import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * How answers become JSON (ADR 038). Every route declares its answer as a zod schema; the
 * serialiser fastify-type-provider-zod gives checks each answer against it (`safeEncode`: a copy of
 * the whole answer) and then runs `JSON.stringify`. Here each schema is compiled once, when the
 * route is registered, into a fast-json-stringify function that writes the same JSON without the
 * copy (its JSON schema is zod's own `toJSONSchema`, the one the OpenAPI document shows).
 *
 * - A schema that JSON Schema cannot say exactly (a transform, a default, a date, a lazy or
 *   custom part…) keeps zod's serialiser: the compiled one would write something else.
 * - `check`: every answer is written both ways and a difference is an error (a 500 with the route
 *   and the first differing position in the log). The tests and the browser journeys run so
 *   (`RESPONSE_SERIALIZER_CHECK`, on under vitest), which is what keeps the compiled writer honest:
 *   fast-json-stringify does not refuse a wrong type, it coerces it (a string where a number goes,
 *   `{}` for a null object), where zod answered 500.
 */
export type ResponseSerializerOptions = { check: boolean };

/** Whether answers are written both ways and compared: RESPONSE_SERIALIZER_CHECK, else under vitest. */
export const serializerCheckOn = (config: { RESPONSE_SERIALIZER_CHECK?: boolean }) =>
  config.RESPONSE_SERIALIZER_CHECK ?? process.env.VITEST !== undefined;

/** zod's node types JSON Schema says exactly, for answers (anything else keeps zod's serialiser). */
const EXACT_TYPES = new Set([
  'object',
  'array',
  'optional',
  'nullable',
  'union',
  'record',
  'tuple',
  'enum',
  'literal',
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'unknown',
  'any',
  'readonly',
]);

type Def = {
  type: string;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
  options?: ZodType[];
  keyType?: ZodType;
  valueType?: ZodType;
  items?: ZodType[];
  rest?: ZodType | null;
  catchall?: ZodType;
};

/** Whether every part of `schema` is one the compiled writer renders exactly as zod + JSON do. */
export function isExactlyRepresentable(schema: ZodType, seen = new Set<ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (!EXACT_TYPES.has(def.type)) return false;
  const children: (ZodType | null | undefined)[] = [
    ...Object.values(def.shape ?? {}),
    def.element,
    def.innerType,
    ...(def.options ?? []),
    def.keyType,
    def.valueType,
    ...(def.items ?? []),
    def.rest,
    def.catchall,
  ];
  return children.every((c) => !c || isExactlyRepresentable(c, seen));
}

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [X, {type: 'null'}]` (zod's nullable object or array) as `X` with `nullable: true`,
 * which fast-json-stringify writes with one comparison instead of validating the value against
 * each branch (ajv) to choose one.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplify(v);
  keepPropertyOrder(out);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && other && (other.type === 'object' || other.type === 'array') && !other.nullable) {
      return { ...other, nullable: true };
    }
  }
  return out;
}

/**
 * fast-json-stringify writes an object's required properties first, then the optional ones; zod +
 * JSON.stringify write them in the schema's order. Where an optional property comes before a
 * required one, the object's `required` list is dropped so the order stays the schema's (a missing
 * required value is then left out where zod answered 500: the check mode finds it in the tests).
 */
function keepPropertyOrder(node: JsonSchema) {
  const required = node.required as string[] | undefined;
  if (!required || node.properties === null || typeof node.properties !== 'object') return;
  const keys = Object.keys(node.properties);
  const firstOptional = keys.findIndex((k) => !required.includes(k));
  if (firstOptional >= 0 && keys.slice(firstOptional).some((k) => required.includes(k))) delete node.required;
}

type Writer = (data: unknown) => string;

/**
 * Each schema's compiled writer (or `null`: it keeps zod's), once per process. A writer is a pure
 * function of its schema, so every app the process builds shares it: the API tests build one app
 * per file, and compiling every route's writer again was half of their CPU time (2 s per app).
 */
const compiledWriters = new WeakMap<ZodType, Writer | null>();

/** The compiled writer of `schema`, or undefined when it keeps zod's. */
export function compileWriter(schema: ZodType): Writer | undefined {
  let writer = compiledWriters.get(schema);
  if (writer === undefined) {
    writer = compileUncached(schema) ?? null;
    compiledWriters.set(schema, writer);
  }
  return writer ?? undefined;
}

function compileUncached(schema: ZodType): Writer | undefined {
  if (!isExactlyRepresentable(schema)) return undefined;
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }) as JsonSchema;
  } catch {
    return undefined;
  }
  delete json.$schema;
  return fastJson(simplify(json) as Parameters<typeof fastJson>[0]) as Writer;
}

/** The index of the first character where `a` and `b` differ, with some text around it. */
export function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const around = (s: string) => JSON.stringify(s.slice(Math.max(0, i - 60), i + 60));
  return `at ${i}: zod ${around(a)} / compiled ${around(b)}`;
}

export class ResponseWriterMismatch extends Error {
  constructor(route: string, detail: string) {
    super(`The compiled answer of ${route} differs from zod's, ${detail}`);
    this.name = 'ResponseWriterMismatch';
  }
}

/** Both writers: zod's first (a wrong answer is its 500, as without the compiled writer), then the compiled one, which must agree. */
export function checkedWriter(
  zodWriter: (data: unknown) => string,
  compiled: (data: unknown) => string,
  route: string,
): (data: unknown) => string {
  return (data) => {
    const expected = zodWriter(data);
    const written = compiled(data);
    if (written !== expected) throw new ResponseWriterMismatch(route, firstDifference(expected, written));
    return written;
  };
}

/** The compiled writer of `schema`; zod's where it cannot be exact; both, compared, in check mode. */
function writerOf(
  schema: ZodType,
  zodWriter: (data: unknown) => string,
  check: boolean,
  route: string,
): (data: unknown) => string {
  const compiled = compileWriter(schema);
  if (!compiled) return zodWriter;
  return check ? checkedWriter(zodWriter, compiled, route) : compiled;
}

/** Fastify's serializer compiler: compiled writers, zod's where one cannot be exact (and both in `check`). */
export function responseSerializerCompiler(options: ResponseSerializerOptions): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const zodWriter = zodSerializerCompiler(route as never) as (data: unknown) => string;
    return writerOf(route.schema, zodWriter, options.check, `${route.method} ${route.url}`);
  };
}

const itemWriters = new WeakMap<ZodType, { check: boolean; write: (data: unknown) => string }>();

/**
 * The writer of one item of a streamed array (lib/json-stream.ts): compiled once per schema, zod's
 * where it cannot be exact, both and compared in check mode — as for whole answers.
 */
export function itemWriter(schema: ZodType, check: boolean): (data: unknown) => string {
  const known = itemWriters.get(schema);
  if (known && known.check === check) return known.write;
  const write = writerOf(schema, (data) => JSON.stringify(schema.encode(data)), check, 'item');
  itemWriters.set(schema, { check, write });
  return write;
}

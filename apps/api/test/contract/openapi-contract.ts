/**
 * The OpenAPI document as a test oracle (issue 21, item 5): checks one answer of the API against
 * the operation the document publishes for its method and path. The status must be one of the
 * operation's responses, a 204 must have no body, and a JSON body must match that response's schema
 * (Ajv, with OpenAPI 3.0's `nullable`). buildTestApp runs every `app.inject` answer through it, so
 * the whole API suite checks the document without a second copy of it.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';

// Both packages are CommonJS with a default export.
const Ajv = (AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule;
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

type Json = Record<string, unknown>;
type Response = { description?: string; content?: Record<string, { schema?: Json }> };
type Operation = { operationId?: string; responses?: Record<string, Response>; requestBody?: Json };
export type Document = { paths: Record<string, Record<string, Operation>>; components?: Json };

export type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

type Route = { method: string; path: string; re: RegExp; params: number; op: Operation };

const DOC_ID = 'https://trayecto.test/openapi.json';

/** A validator of the document: finds the operation of a request and checks its answer. */
export class ContractChecker {
  private readonly routes: Route[] = [];
  private readonly ajv: InstanceType<typeof Ajv>;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly doc: Document) {
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    // `#/components/…` references resolve against the document itself.
    this.ajv.addSchema({ $id: DOC_ID, components: doc.components ?? {} });
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const names = path.match(/\{[^}]+\}/g) ?? [];
        const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
        this.routes.push({
          method: method.toUpperCase(),
          path,
          re: new RegExp(`^${pattern}$`),
          params: names.length,
          op,
        });
      }
    }
    // Static segments win over parameters (/bookings/calendar before /bookings/{id}), as in the router.
    this.routes.sort((a, b) => a.params - b.params);
  }

  /** The documented operation of a request, if any. */
  operationOf(method: string, url: string): Route | undefined {
    const path = url.split('?')[0] ?? url;
    return this.routes.find((r) => r.method === method.toUpperCase() && r.re.test(path));
  }

  /** A validator for a schema of the document (its `#/components` references resolved). */
  validator(key: string, schema: Json): ValidateFunction {
    let v = this.compiled.get(key);
    if (!v) {
      v = this.ajv.compile({ ...(rebase(schema) as Json), $id: `${DOC_ID}/${encodeURIComponent(key)}` });
      this.compiled.set(key, v);
    }
    return v;
  }

  /** What is wrong with this answer to `method url` according to the document (empty: nothing). */
  problems(method: string, url: string, res: Answer): string[] {
    const route = this.operationOf(method, url);
    if (!route) return [];
    const name = `${method.toUpperCase()} ${route.path} (${route.op.operationId ?? 'sin operationId'})`;
    const response = route.op.responses?.[String(res.statusCode)];
    if (!response) {
      const documented = Object.keys(route.op.responses ?? {}).join(', ');
      return [
        `${name} answered ${res.statusCode}, which the document does not list (${documented}): ${res.body.slice(0, 300)}`,
      ];
    }
    // A download (the CSV exports): the answer must come as the documented media type.
    const other = Object.keys(response.content ?? {}).find((m) => m !== 'application/json');
    if (other && !response.content?.['application/json']) {
      const type = String(res.headers['content-type'] ?? '');
      return type.startsWith(other) ? [] : [`${name} answered ${res.statusCode} as ${type}, not ${other}`];
    }
    const schema = response.content?.['application/json']?.schema;
    if (!schema) {
      return res.body.length > 0 ? [`${name} answered ${res.statusCode} with a body the document says it has not`] : [];
    }
    if (res.body.length === 0) return [`${name} answered ${res.statusCode} without the documented body`];
    if (!String(res.headers['content-type'] ?? '').includes('application/json')) {
      return [`${name} answered ${res.statusCode} as ${String(res.headers['content-type'])}, not JSON`];
    }
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return [`${name} answered ${res.statusCode} with a body that is not JSON`];
    }
    const validate = this.validator(`${route.method} ${route.path} ${res.statusCode}`, schema);
    if (validate(body)) return [];
    return [`${name} answered ${res.statusCode} with a body outside its schema: ${describe(validate.errors)}`];
  }
}

/** `#/components/...` → the document's id, so a schema compiled on its own finds them. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : rebase(v),
    ]),
  );
}

const describe = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('; ');

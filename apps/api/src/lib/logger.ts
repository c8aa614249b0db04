/**
 * Structured logs (docs/operations.md, "Logs"): pino JSON lines, one per request with who asked
 * and how it went, errors with their stack beside the request id the client was given; secrets
 * and customers' contact data never written.
 */

import { IDEMPOTENCY_KEY_HEADER } from '@trayecto/shared';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';

const CENSOR = '[oculto]';

/** Paths pino blanks wherever a log call passes them (headers, bodies, configs). */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  `req.headers["${IDEMPOTENCY_KEY_HEADER.toLowerCase()}"]`,
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'cookie',
  'password',
  'token',
  'secret',
  'passwordHash',
  'customer_email',
  'customer_phone',
  '*.password',
  '*.token',
  '*.secret',
  '*.passwordHash',
  '*.password_hash',
  '*.customer_email',
  '*.customer_phone',
  '*.customerEmail',
  '*.customerPhone',
  '*.JWT_SECRET',
  '*.ADMIN_PASSWORD',
  '*.DATABASE_URL',
  // Payment providers' keys (ADR 022): in a settings body, a config or an adapter's options.
  'secret_key',
  'webhook_secret',
  'secrets',
  'secretKey',
  'webhookSecret',
  '*.secret_key',
  '*.webhook_secret',
  '*.secrets',
  '*.secretKey',
  '*.webhookSecret',
  '*.*.secret_key',
  '*.*.webhook_secret',
  '*.*.secretKey',
  '*.*.webhookSecret',
  '*.APP_ENCRYPTION_KEY',
];

/** Query parameters whose values stay out of the logs (credentials, searches by a customer's name). */
const SECRET_QUERY_KEY = /token|password|secret|key|signature|code|email|phone|^q$/i;

/** The URL without the values of sensitive query parameters. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let key = pair.slice(0, eq);
      try {
        key = decodeURIComponent(key);
      } catch {
        // keep it raw
      }
      return SECRET_QUERY_KEY.test(key) ? `${pair.slice(0, eq)}=${CENSOR}` : pair;
    });
  return `${url.slice(0, at)}?${params.join('&')}`;
}

/** A PostgreSQL error (pg's or PGlite's DatabaseError): a SQLSTATE and a severity. */
type PgError = { code: string; severity: string; message: string; cause?: unknown };
const isPgError = (e: unknown): e is PgError =>
  !!e &&
  typeof e === 'object' &&
  typeof (e as PgError).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((e as PgError).code) &&
  typeof (e as PgError).severity === 'string' &&
  typeof (e as PgError).message === 'string';

/** Quoted text in a PostgreSQL message, in the quotes of any server language ("…", «…», “…”, „…“). */
const QUOTED = /"[^"]*"|«[^»]*»|“[^”]*”|„[^“”]*[“”]/g;

/**
 * PostgreSQL quotes the offending value in its messages (`date/time field value out of range:
 * "2026-02-30"`, `invalid input syntax for type uuid: "…"`, a RAISE with a customer's name): every
 * quoted text of a message goes, except in integrity (23) and syntax/undefined-object (42) errors,
 * where what is quoted are names of our own constraints, columns and tables (the values of those
 * are in `detail`, which goes too).
 */
function scrubPgMessage(e: PgError): string {
  const cls = e.code.slice(0, 2);
  return cls === '23' || cls === '42' ? e.message : e.message.replace(QUOTED, `"${CENSOR}"`);
}

/** `Key (email)=(ana@…) already exists.` keeps the column names; any other detail goes whole. */
const scrubDetail = (d: unknown) => {
  if (typeof d !== 'string') return d;
  const key = /^Key \(([^)]*)\)=/.exec(d);
  return key ? `Key (${key[1]})=(${CENSOR})` : CENSOR;
};

/**
 * drizzle puts the statement's parameters (customers' e-mails, phones) in the message and stack
 * of a failed query, and PostgreSQL the offending values in its message, `detail` and `where`: keep
 * the SQL, the SQLSTATE, the names of our own objects; drop every value (docs/operations.md, "Logs").
 */
function scrubError(err: unknown): Record<string, unknown> {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  // The database errors of the chain (drizzle wraps the driver's): their raw messages also appear
  // in the serialised stack ("caused by: error: …"), so each is replaced wherever it occurs.
  const replacements: [string, string][] = [];
  for (let e: unknown = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (isPgError(e)) {
      const scrubbed = scrubPgMessage(e);
      if (scrubbed !== e.message) replacements.push([e.message, scrubbed]);
    }
  }
  const scrub = (s: unknown) => {
    if (typeof s !== 'string') return s;
    let v = s;
    for (const [raw, clean] of replacements) v = v.split(raw).join(clean);
    return (
      v
        .replace(/\nparams: [^\n]*/g, `\nparams: ${CENSOR}`)
        .replace(/=\((.*?)\)/g, `=(${CENSOR})`)
        // The same values when no DatabaseError object is at hand (a message passed on as text).
        .replace(
          /(input syntax for type [\w ]+|input value for enum \w+|out of range for type \w+|value out of range): "[^"]*"/g,
          `$1: "${CENSOR}"`,
        )
        .replace(/[^\s"'@<>()]+@[^\s"'@<>()]+\.[a-z]{2,}/gi, CENSOR)
    );
  };
  const walk = (e: Record<string, unknown> | undefined, depth: number) => {
    if (!e || depth > 4) return;
    e.message = scrub(e.message);
    e.stack = scrub(e.stack);
    if (e.detail !== undefined) e.detail = scrubDetail(e.detail);
    for (const key of ['where', 'internalQuery'] as const) if (e[key] !== undefined) e[key] = CENSOR;
    delete e.params;
    delete e.parameters;
    if (e.cause && typeof e.cause === 'object') walk(e.cause as Record<string, unknown>, depth + 1);
  };
  walk(out, 0);
  return out;
}

/** pino options shared by the server (server.ts) and buildApp's own logger. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: loggableUrl(req.url),
        remoteAddress: req.ip,
      }),
      res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
      err: scrubError,
    },
  };
}

type ChildBindings = Record<string, unknown>;
type ChildOptions = { level?: string; serializers?: unknown } | undefined;
type Childable = { child(bindings: ChildBindings, options?: object): Childable };
const CHINDINGS = pino.symbols.chindingsSym;

/**
 * Fastify's child logger for each request (its `childLoggerFactory`), the same logger pino's
 * `child({ reqId })` makes, made without running the redaction over the request id (issue 35,
 * ADR 053): with the wildcard paths of REDACT_PATHS, pino passes every binding of a child through
 * the redactor, which cost ~8 KB of garbage and a few µs per request for a string that has nothing
 * to hide. Its text (`,"reqId":"…"`) is appended to the bindings of a child made with none; the id
 * is ours (a UUID or a checked `X-Request-Id`, app.ts). Any other binding or option goes to pino.
 */
export function requestChildLogger<L>(logger: L, bindings: ChildBindings, options?: ChildOptions): L {
  const parent = logger as unknown as Childable & { [CHINDINGS]?: string };
  const plain =
    typeof bindings.reqId === 'string' &&
    Object.keys(bindings).length === 1 &&
    options?.level === undefined &&
    options?.serializers === undefined &&
    typeof parent[CHINDINGS] === 'string';
  if (!plain) return parent.child(bindings, options) as L;
  const child = parent.child({}) as Childable & { [CHINDINGS]: string };
  child[CHINDINGS] = `${child[CHINDINGS]},"reqId":${JSON.stringify(bindings.reqId)}`;
  return child as L;
}

/** The process's logger: JSON lines on stdout (or on `destination`, which tests capture). */
export const createLogger = (level: string, destination?: DestinationStream) =>
  destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));

type Actorish = { id: string; tourOperatorId: string | null; level: number } | null | undefined;

/**
 * One line per request, written when the answer has gone out ("request completed"): method, URL
 * (sensitive query values blanked), status, response time and, when signed in, the user's id,
 * operator and level. pino adds the time, pid and the request id (`reqId`).
 *
 * The line of a request that went well is written without pino's redaction (ADR 036): every
 * field of it is built here (the `req` and `res` serializers above pick the method, the blanked
 * URL, the address and the status: no header, no body), so no redaction path can match anything in
 * it, and walking the ~50 paths cost more than everything else the line does (70 of 80 µs). It goes
 * through one child of the process's logger made without redaction, with the request id as its
 * first field: the same bytes as the request's own logger writes (its binding `reqId` comes first
 * there too). Error and 503 lines, which carry an error object, keep the redacting logger.
 */
export class RequestLogController extends LogController {
  /** The process logger's child without redaction, per root logger (one per app in practice). */
  #plain = new WeakMap<object, FastifyRequest['log']>();

  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const actor = (request as { actor?: Actorish }).actor;
    const status = reply.statusCode;
    if (error || status >= 500) {
      const line = {
        req: request,
        res: reply,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        userId: actor?.id,
        tourOperatorId: actor?.tourOperatorId ?? undefined,
        userLevel: actor?.level,
        err: error ?? undefined,
      };
      if (status === 503 && !error) reply.log.warn(line, 'request completed');
      else reply.log.error(line, 'request completed');
      return;
    }
    const log = this.#plainLogger(request, reply);
    log.info(
      {
        // Where the request's own logger has its binding: the same line, byte for byte.
        ...(log === reply.log ? {} : { reqId: request.id }),
        req: request,
        res: reply,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        userId: actor?.id,
        tourOperatorId: actor?.tourOperatorId ?? undefined,
        userLevel: actor?.level,
      },
      'request completed',
    );
  }

  /**
   * The redaction-free child of the server's logger when the request's logger is a plain child of
   * it (same level, the one binding `reqId`); otherwise the request's own logger.
   */
  #plainLogger(request: FastifyRequest, reply: FastifyReply): FastifyRequest['log'] {
    const root = request.server.log as FastifyRequest['log'] & { child?: unknown };
    if (typeof root.child !== 'function' || reply.log.level !== root.level) return reply.log;
    let plain = this.#plain.get(root);
    if (!plain) {
      plain = root.child({}, { redact: [] });
      this.#plain.set(root, plain);
    }
    return plain;
  }
}

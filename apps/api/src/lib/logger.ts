/**
 * Structured logs (docs/operations.md, "Logs"): pino JSON lines, one per request with who asked
 * and how it went, errors with their stack beside the request id the client was given; secrets
 * and customers' contact data never written.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';

const CENSOR = '[oculto]';

/** Paths pino blanks wherever a log call passes them (headers, bodies, configs). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
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

/**
 * drizzle puts the statement's parameters (customers' e-mails, phones) in the message and stack
 * of a failed query, and PostgreSQL the offending values in `detail`: keep the SQL, drop the values.
 */
function scrubError(err: unknown): Record<string, unknown> {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  const scrub = (s: unknown) =>
    typeof s === 'string'
      ? s
          .replace(/\nparams: [^\n]*/g, `\nparams: ${CENSOR}`)
          .replace(/=\((.*?)\)/g, `=(${CENSOR})`)
          .replace(
            /(input syntax for type [\w ]+|input value for enum \w+|out of range for type \w+): "[^"]*"/g,
            `$1: "${CENSOR}"`,
          )
          .replace(/[^\s"'@<>()]+@[^\s"'@<>()]+\.[a-z]{2,}/gi, CENSOR)
      : s;
  const walk = (e: Record<string, unknown> | undefined, depth: number) => {
    if (!e || depth > 4) return;
    e.message = scrub(e.message);
    e.stack = scrub(e.stack);
    e.detail = scrub(e.detail);
    delete e.params;
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

/** The process's logger: JSON lines on stdout (or on `destination`, which tests capture). */
export const createLogger = (level: string, destination?: DestinationStream) =>
  destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));

/**
 * One line per request, written when the answer has gone out ("request completed"): method, URL
 * (sensitive query values blanked), status, response time and, when signed in, the user's id,
 * operator and level. pino adds the time, pid and the request id (`reqId`).
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const actor = (request as { actor?: { id: string; tourOperatorId: string | null; level: number } | null }).actor;
    const line = {
      req: request,
      res: reply,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      userId: actor?.id,
      tourOperatorId: actor?.tourOperatorId ?? undefined,
      userLevel: actor?.level,
      err: error ?? undefined,
    };
    const status = reply.statusCode;
    if (error || (status >= 500 && status !== 503)) reply.log.error(line, 'request completed');
    else if (status === 503) reply.log.warn(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

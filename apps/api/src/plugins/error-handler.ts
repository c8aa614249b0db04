import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorStatus, type TErrorCode } from '@trayecto/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, genericCode } from '../lib/app-error';
import { infrastructureFault } from '../lib/db-errors';

const FIELD_ROOT = '_';

/** The field path of a validation issue: "/passengers/0/full_name" → "passengers.0.full_name". */
const fieldOf = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.') || FIELD_ROOT;

/** PostgreSQL error codes that are the client's fault, never a 500: our code and message for each. */
const PG_CLIENT_ERRORS: Record<string, { code: TErrorCode; message: string }> = {
  '23505': { code: 'DUPLICATE', message: 'Ya existe un registro con esos datos' },
  '23503': { code: 'VALIDATION', message: 'Un registro relacionado no existe' },
  '23514': { code: 'VALIDATION', message: 'Los datos no cumplen las reglas' },
  '22P02': { code: 'BAD_REQUEST', message: 'Valor con formato no válido' },
  '22003': { code: 'BAD_REQUEST', message: 'Número fuera de rango' },
  '22001': { code: 'VALIDATION', message: 'Texto demasiado largo' },
  // Dates are checked before the database (the one date rule); these stay as a backstop.
  '22007': { code: 'BAD_REQUEST', message: 'Fecha u hora con formato no válido' },
  '22008': { code: 'BAD_REQUEST', message: 'Fecha u hora fuera de rango' },
  '22021': { code: 'BAD_REQUEST', message: 'Texto con caracteres no válidos' },
  '55P03': { code: 'BUSY', message: 'El registro está ocupado por otra operación; inténtalo de nuevo' },
  '40001': { code: 'BUSY', message: 'Conflicto con otra operación simultánea; inténtalo de nuevo' },
  '40P01': { code: 'BUSY', message: 'Conflicto con otra operación simultánea; inténtalo de nuevo' },
};

/** The answer while the database cannot be reached (restart, crash, network): retry shortly. */
export const UNAVAILABLE_MESSAGE = 'Servicio no disponible temporalmente. Inténtalo de nuevo en unos segundos.';
/** What a client reads when the database disk is full (the log names the directory or server). */
export const DISK_FULL_MESSAGE =
  'No queda espacio en disco en el servidor. No se ha guardado nada; avisa al administrador e inténtalo más tarde.';
/** Seconds a client should wait before retrying a 503. */
const RETRY_AFTER_SECONDS = '5';

function appErrorIn(err: unknown): AppError | undefined {
  for (let e = (err as { cause?: unknown }).cause, depth = 0; e && depth < 4; depth++) {
    if (e instanceof AppError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function pgCodeOf(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Sends an error answer: the code's status, `{ code, message, ...rest }`. */
function answer(reply: FastifyReply, code: TErrorCode, message: string, rest: Record<string, unknown> = {}) {
  return reply.code(errorStatus(code)).send({ code, message, ...rest });
}

/**
 * Errors Fastify raises before routing (Fastify's `frameworkErrors` option): a URL that does not
 * decode and a path parameter over the router's limit. Without it Fastify answers them itself, in
 * English and with a code of its own.
 */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // The OCTO API (ADR 023, modules/octo) answers every error with the specification's body.
  if (req.url.startsWith('/api/octo/')) {
    return reply
      .status(400)
      .type('application/json; charset=utf-8')
      .send({ error: 'BAD_REQUEST', errorMessage: 'La dirección de la petición no es válida' });
  }
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return answer(reply, 'URI_TOO_LONG', 'La dirección es demasiado larga');
  return answer(reply, 'BAD_REQUEST', 'La dirección de la petición no es válida');
}

/** What Node's HTTP parser refused, as our error answer: its code and Spanish message. */
function clientErrorAnswer(err: { code?: string }): { code: TErrorCode; message: string } {
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return {
      code: 'HEADERS_TOO_LARGE',
      message: `La dirección y las cabeceras de la petición superan los ${Math.round(maxHeaderSize / 1024)} KB; acorta la consulta`,
    };
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { code: 'REQUEST_TIMEOUT', message: 'La petición no llegó entera a tiempo; repítela' };
  }
  return { code: 'BAD_REQUEST', message: 'La petición HTTP no es válida' };
}

/**
 * Requests Node's HTTP server refuses before Fastify sees them (Fastify's `clientErrorHandler`,
 * Node's `clientError` event): a request line and headers over `maxHeaderSize` (16 KB: a long
 * query string) → 431, a head or body that does not arrive in time → 408, anything the parser
 * cannot read → 400. Fastify's own handler answers them with a body of its own (`error`,
 * `statusCode`) outside the error contract; this one answers `{ code, message }` like every other
 * error, then closes the connection (its request was never read, so nothing else may follow on it).
 * There is no request here, so no request id: the log line says what was refused.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
  // A connection the client reset: nothing to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { code, message } = clientErrorAnswer(err);
  const status = errorStatus(code);
  const body = JSON.stringify({ code, message });
  this.log.debug({ code: err.code, status }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** The answer to a path no route serves (JSON for the API; web.ts serves the pages). */
export const routeNotFound = (reply: FastifyReply) => answer(reply, 'ROUTE_NOT_FOUND', 'Ruta no encontrada');

/**
 * One error handler for the whole API (STYLE.md rule 4): `{ code, message, errors }` with a code
 * of the shared list, Spanish messages, the code's status, and no internals on a 5xx (only the
 * request id, which the log has).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { cause?: unknown }, req, reply) => {
    // An AppError thrown under the driver (the embedded database's lock guard) arrives wrapped
    // by drizzle: answer it as itself.
    const own = err instanceof AppError ? err : appErrorIn(err);
    if (own) {
      if (own.headers) reply.headers(own.headers);
      if (own.status === 503 && !own.headers?.['Retry-After']) reply.header('Retry-After', RETRY_AFTER_SECONDS);
      if (own.status === 503) req.log.warn({ err }, own.message);
      else if (own.status >= 500) req.log.error({ err }, own.message);
      return reply.code(own.status).send({ ...own.toBody(), request_id: own.status >= 500 ? req.id : undefined });
    }

    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const v of err.validation) {
        const f = fieldOf(v.instancePath);
        errors[f] = [...(errors[f] ?? []), v.message ?? 'Valor no válido'];
      }
      return err.validationContext === 'body'
        ? answer(reply, 'VALIDATION', 'Hay errores en los datos enviados', { errors })
        : answer(reply, 'BAD_REQUEST', 'Parámetros de la petición no válidos', { errors });
    }

    // drizzle wraps the driver's error: the PostgreSQL code is on the error or on its cause.
    const pg = pgCodeOf(err);
    if (pg && PG_CLIENT_ERRORS[pg]) {
      const { code, message } = PG_CLIENT_ERRORS[pg];
      req.log.warn({ err }, 'database refused the request');
      return answer(reply, code, message);
    }

    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return answer(reply, 'INVALID_JSON', 'El cuerpo de la petición no es un JSON válido');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return answer(reply, 'PAYLOAD_TOO_LARGE', 'La petición es demasiado grande');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return answer(reply, 'UNSUPPORTED_MEDIA_TYPE', 'Tipo de contenido no admitido; envía application/json');
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return answer(reply, 'BAD_REQUEST', 'Longitud de contenido no válida');
    }
    if (err instanceof SyntaxError || (err as { type?: string }).type === 'entity.parse.failed') {
      return answer(reply, 'INVALID_JSON', 'El cuerpo de la petición no es un JSON válido');
    }
    if (err.statusCode === 429) {
      return answer(reply, 'RATE_LIMITED', 'Demasiadas peticiones; espera un momento e inténtalo de nuevo');
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's and its plugins' own refusals: the generic code of their status.
      return answer(reply, genericCode(err.statusCode), 'Petición no válida');
    }

    // The database is restarting, unreachable or out of disk: 503 + Retry-After, never a 500.
    const fault = infrastructureFault(err);
    if (fault) {
      req.log.warn({ err, fault }, fault === 'disk-full' ? 'database disk is full' : 'database unavailable');
      reply.header('Retry-After', RETRY_AFTER_SECONDS);
      return fault === 'disk-full'
        ? answer(reply, 'DISK_FULL', DISK_FULL_MESSAGE, { request_id: req.id })
        : answer(reply, 'UNAVAILABLE', UNAVAILABLE_MESSAGE, { request_id: req.id });
    }

    req.log.error({ err }, 'unexpected error');
    return answer(reply, 'INTERNAL', 'Error interno del servidor', { request_id: req.id });
  });
}

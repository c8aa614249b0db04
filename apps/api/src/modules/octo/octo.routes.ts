/**
 * The OCTO supplier API (issue 33, ADR 023), registered by app.ts under `/api/octo/v1`: a plugin
 * of its own, apart from the back-office API: the supplier, products, availability and bookings. Here only HTTP: its own error and not-found
 * answers (the specification's `{ error, errorMessage }`, never the back-office `{ code, message }`),
 * its key authentication (not the staff token), the per-key rate limit, the request log written
 * after the answer has gone out, and its own OpenAPI document (not in /api/v1/openapi.json).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withPreparedStatements } from '../../db/prepared-statements';
import { infrastructureFault } from '../../lib/db-errors';
import { messageOrigin, publicOrigin } from '../../lib/public-origin';
import * as bookings from './octo.bookings';
import { appErrorOf, badRequest, OctoError } from './octo.errors';
import { messageLocale } from './octo.messages';
import { octoOpenApiDocument } from './octo.openapi';
import { authenticateCounted, DEFAULT_OCTO_RATE_LIMIT, type OctoRateLimitOptions } from './octo.rate-limit';
import { requestLog } from './octo.request-log';
import {
  ZOctoAvailability,
  ZOctoAvailabilityCalendar,
  ZOctoAvailabilityRequest,
  ZOctoBooking,
  ZOctoBookingParams,
  ZOctoBookingsQuery,
  ZOctoCalendarRequest,
  ZOctoCancelRequest,
  ZOctoCapability,
  ZOctoConfirmRequest,
  ZOctoExtendRequest,
  ZOctoProduct,
  ZOctoProductParams,
  ZOctoReserveRequest,
  ZOctoSupplier,
  ZOctoUpdateRequest,
} from './octo.schemas';
import * as service from './octo.service';
import * as availability from './octo.slots';

declare module 'fastify' {
  interface FastifyRequest {
    /** The OCTO key's channel and operator, once authenticated (null before, and on other routes). */
    octoCaller: service.OctoCaller | null;
    /** The OCTO error code answered, for the channel's request log. */
    octoErrorCode: string | null;
  }
  interface FastifyContextConfig {
    /** An OCTO route answered without a key (its OpenAPI document). */
    octoPublic?: boolean;
  }
}

export type OctoApiOptions = {
  /** Requests per key and window (tests set low ones). */
  rateLimit?: Partial<OctoRateLimitOptions>;
};

const JSON_TYPE = 'application/json; charset=utf-8';
/** Seconds a client should wait before repeating a request the database was too busy for. */
const BUSY_RETRY_SECONDS = '5';

/** Any error as the specification's refusal (see octo.errors.ts for the statuses). */
function asOctoError(err: FastifyError, req: FastifyRequest): OctoError {
  if (err instanceof OctoError) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation
      .map((v) => `${v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body'}: ${v.message ?? 'invalid'}`)
      .join('; ');
    return badRequest('invalidBody', { issues });
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest('invalidJson');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest('notJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return badRequest('bodyTooLarge');
  }
  if (err instanceof SyntaxError) return badRequest('invalidJson');
  const own = appErrorOf(err);
  // The database restarting, unreachable or out of disk (an AppError of the driver's guard, or the
  // server's own error mid-query): 503 to retry, as the back-office's API answers it, never a 500.
  if ((own && own.status === 503) || (!own && infrastructureFault(err))) {
    return new OctoError('INTERNAL_SERVER_ERROR', 'busy', {
      status: 503,
      headers: { 'Retry-After': own?.headers?.['Retry-After'] ?? BUSY_RETRY_SECONDS },
    });
  }
  if (own && own.status < 500) return badRequest('refused', { message: own.message });
  if (!own && err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return badRequest('refused', { message: err.message });
  }
  return new OctoError('INTERNAL_SERVER_ERROR', 'internal', { params: { requestId: req.id }, cause: err });
}

function sendError(req: FastifyRequest, reply: FastifyReply, e: OctoError) {
  req.octoErrorCode = e.code;
  if (e.opts.headers) reply.headers(e.opts.headers);
  const accept = req.headers['accept-language'];
  return reply
    .code(e.status)
    .type(JSON_TYPE)
    .send(e.body(messageLocale(typeof accept === 'string' ? accept : null)));
}

/** The OCTO API plugin: register it with `{ prefix: OCTO_BASE_PATH }`. */
export async function octoRoutes(app: FastifyInstance, opts: OctoApiOptions) {
  const limits: OctoRateLimitOptions = { ...DEFAULT_OCTO_RATE_LIMIT, ...opts.rateLimit };
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('octoCaller', null);
  app.decorateRequest('octoErrorCode', null);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const e = asOctoError(err, req);
    if (e.status >= 500) req.log.error({ err }, 'OCTO API: unexpected error');
    return sendError(req, reply, e);
  });
  // Unknown operations (and known paths with another method): 404 in the specification's body.
  app.setNotFoundHandler((req, reply) =>
    sendError(
      req,
      reply,
      new OctoError('BAD_REQUEST', 'routeNotFound', {
        status: 404,
        params: { method: req.method, path: req.url.split('?')[0] },
      }),
    ),
  );

  // Every operation but the document: the key (401 before the body is read), then its rate limit.
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.config?.octoPublic) return;
    // Every answer depends on the key (and availability on the minute): no cache keeps one.
    reply.header('Cache-Control', 'no-store');
    // ADR 040: the key, its channel and its rate-limit window are lookups by key: prepared; ADR 043:
    // the key found and its request counted in one statement.
    const { caller, refusal } = await withPreparedStatements(() =>
      authenticateCounted(app.db, req.log, req.headers.authorization, limits),
    );
    req.octoCaller = caller;
    if (refusal) throw refusal;
  });

  // The channel's request log, once the answer has gone out: never waited for, never failing it;
  // the lines of requests answered close together written by one statement (ADR 044).
  const requests = requestLog(app.db, app.log);
  // A callback, not a promise (ADR 036: no promise and microtask per hook per request).
  app.addHook('onResponse', (req, reply, done) => {
    const caller = req.octoCaller;
    if (!caller) return done();
    requests.add(
      caller,
      {
        method: req.method,
        path: req.url.split('?')[0],
        status: reply.statusCode,
        durationMs: reply.elapsedTime,
        errorCode: req.octoErrorCode,
      },
      new Date(),
    );
    done();
  });
  // Shutting down: the log lines waiting are written before the database closes.
  app.addHook('preClose', () => requests.close());

  const contextOf = (req: FastifyRequest): service.OctoRequestContext => {
    const accept = req.headers['accept-language'];
    return {
      capabilities: service.capabilitiesOf(req.headers['octo-capabilities']),
      acceptLanguage: typeof accept === 'string' ? accept : null,
      origin: publicOrigin(req, app.config) ?? messageOrigin(app.config),
      now: new Date(),
    };
  };
  /** The headers every answer of an operation carries: the capabilities applied, what it varies on. */
  const answerHeaders = (reply: FastifyReply, ctx: service.OctoRequestContext) => {
    reply.header('Octo-Capabilities', [...ctx.capabilities].join(', '));
    reply.header('Vary', 'Accept-Language, Octo-Capabilities');
  };
  /** octo/content: the language of the texts, and those they are written in. */
  const languageHeaders = (
    reply: FastifyReply,
    ctx: service.OctoRequestContext,
    answer: { contentLanguages: string[]; availableLanguages: string[] },
  ) => {
    if (!ctx.capabilities.has('octo/content')) return;
    if (answer.contentLanguages.length > 0) reply.header('Content-Language', answer.contentLanguages.join(', '));
    if (answer.availableLanguages.length > 0) reply.header('Available-Languages', answer.availableLanguages.join(', '));
  };
  const hide = true;

  let document: ReturnType<typeof octoOpenApiDocument> | undefined;
  r.get('/openapi.json', { config: { octoPublic: true }, schema: { hide } }, async () => {
    document ??= octoOpenApiDocument(app.config.PUBLIC_URL);
    return document;
  });

  r.get('/capabilities', { schema: { hide, response: { 200: z.array(ZOctoCapability) } } }, async (req, reply) => {
    answerHeaders(reply, contextOf(req));
    return service.listCapabilities();
  });

  r.get('/supplier', { schema: { hide, response: { 200: ZOctoSupplier } } }, async (req, reply) => {
    const ctx = contextOf(req);
    answerHeaders(reply, ctx);
    return service.getSupplier(req.octoCaller as service.OctoCaller, ctx);
  });

  r.get('/products', { schema: { hide, response: { 200: z.array(ZOctoProduct) } } }, async (req, reply) => {
    const ctx = contextOf(req);
    const answer = await service.listProducts(app.db, req.octoCaller as service.OctoCaller, ctx);
    answerHeaders(reply, ctx);
    languageHeaders(reply, ctx, answer);
    return answer.body;
  });

  // `/products/{id}` as a wildcard: an id of any length is the specification's INVALID_PRODUCT_ID,
  // never the router's own 414 for a path parameter over its limit (answered in the back-office body).
  r.get(
    '/products/*',
    { schema: { hide, params: ZOctoProductParams, response: { 200: ZOctoProduct } } },
    async (req, reply) => {
      const ctx = contextOf(req);
      const answer = await service.getProduct(app.db, req.octoCaller as service.OctoCaller, req.params['*'], ctx);
      answerHeaders(reply, ctx);
      languageHeaders(reply, ctx, answer);
      return answer.body;
    },
  );

  r.post(
    '/availability/calendar',
    { schema: { hide, body: ZOctoCalendarRequest, response: { 200: z.array(ZOctoAvailabilityCalendar) } } },
    async (req, reply) => {
      const ctx = contextOf(req);
      const days = await availability.getCalendar(app.db, req.octoCaller as service.OctoCaller, req.body, ctx);
      answerHeaders(reply, ctx);
      return days;
    },
  );

  r.post(
    '/availability',
    { schema: { hide, body: ZOctoAvailabilityRequest, response: { 200: z.array(ZOctoAvailability) } } },
    async (req, reply) => {
      const ctx = contextOf(req);
      const slots = await availability.checkAvailability(app.db, req.octoCaller as service.OctoCaller, req.body, ctx);
      answerHeaders(reply, ctx);
      return slots;
    },
  );

  // ── Bookings ───────────────────────────────────────────────────────────────────────────────────
  // Who acted, for the booking's history: the channel (the key's), from this request.
  const originOf = (req: FastifyRequest) => ({ requestId: req.id, ip: req.ip });
  const caller = (req: FastifyRequest) => req.octoCaller as service.OctoCaller;
  const bookingAnswer = <T>(
    reply: FastifyReply,
    ctx: service.OctoRequestContext,
    answer: service.ProductsAnswer<T>,
  ) => {
    answerHeaders(reply, ctx);
    languageHeaders(reply, ctx, answer);
    return answer.body;
  };
  const booking = { 200: ZOctoBooking };
  const params = ZOctoBookingParams;

  r.post('/bookings', { schema: { hide, body: ZOctoReserveRequest, response: booking } }, async (req, reply) => {
    const ctx = contextOf(req);
    // ADR 040: one booking's verbs read and write rows by key: prepared (the sale is, whoever sells).
    const answer = await withPreparedStatements(() =>
      bookings.reserveBooking(app.db, caller(req), req.body, ctx, originOf(req)),
    );
    return bookingAnswer(reply, ctx, answer);
  });

  r.get(
    '/bookings',
    { schema: { hide, querystring: ZOctoBookingsQuery, response: { 200: z.array(ZOctoBooking) } } },
    async (req, reply) => {
      const ctx = contextOf(req);
      return bookingAnswer(reply, ctx, await bookings.listBookings(app.db, caller(req), req.query, ctx));
    },
  );

  r.get('/bookings/:uuid', { schema: { hide, params, response: booking } }, async (req, reply) => {
    const ctx = contextOf(req);
    return bookingAnswer(reply, ctx, await bookings.getBooking(app.db, caller(req), req.params.uuid, ctx));
  });

  r.patch(
    '/bookings/:uuid',
    { schema: { hide, params, body: ZOctoUpdateRequest, response: booking } },
    async (req, reply) => {
      const ctx = contextOf(req);
      const answer = await bookings.updateBooking(app.db, caller(req), req.params.uuid, req.body, ctx, originOf(req));
      return bookingAnswer(reply, ctx, answer);
    },
  );

  r.post(
    '/bookings/:uuid/confirm',
    { schema: { hide, params, body: ZOctoConfirmRequest, response: booking } },
    async (req, reply) => {
      const ctx = contextOf(req);
      const answer = await withPreparedStatements(() =>
        bookings.confirmBooking(app.db, caller(req), req.params.uuid, req.body, ctx, originOf(req)),
      );
      return bookingAnswer(reply, ctx, answer);
    },
  );

  // Extend and cancel may come without a body (every field of theirs is optional).
  r.post(
    '/bookings/:uuid/extend',
    { schema: { hide, params, body: ZOctoExtendRequest.nullish(), response: booking } },
    async (req, reply) => {
      const ctx = contextOf(req);
      const answer = await bookings.extendBooking(
        app.db,
        caller(req),
        req.params.uuid,
        req.body ?? {},
        ctx,
        originOf(req),
      );
      return bookingAnswer(reply, ctx, answer);
    },
  );

  r.post(
    '/bookings/:uuid/cancel',
    { schema: { hide, params, body: ZOctoCancelRequest.nullish(), response: booking } },
    async (req, reply) => {
      const ctx = contextOf(req);
      const answer = await bookings.cancelBooking(
        app.db,
        caller(req),
        req.params.uuid,
        req.body ?? {},
        ctx,
        originOf(req),
      );
      return bookingAnswer(reply, ctx, answer);
    },
  );
}

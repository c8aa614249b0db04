import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  ZErrorResponse,
  ZPublicAccommodation,
  ZPublicAccommodationsQuery,
  ZPublicAvailabilityQuery,
  ZPublicAvailabilitySlot,
  ZPublicBooking,
  ZPublicBookingCancelRequest,
  ZPublicBookingConflict,
  ZPublicBookingCreateRequest,
  ZPublicBookingUpdateRequest,
  ZPublicProduct,
} from '@trayecto/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseIdempotencyKey } from '../../lib/idempotency';
import { sendBuiltJsonArray } from '../../lib/json-stream';
import { publicOrigin } from '../../lib/public-origin';
import { registerPublicRateLimits } from '../../lib/rate-limit';
import { askOf, requestLocale, translatePublicErrors } from './public.i18n';
import * as service from './public.service';

/** Path ids are checked by the service: anything that is not a live public id answers 404. */
const ZPublicIdParams = z.object({ id: z.string() });
/**
 * `?lang=`: the answer's language (es, en, de, fr, it, nl) when the operator offers it; without it,
 * or with another, the Accept-Language header and then the operator's default decide (issue 15).
 */
const ZPublicLangQuery = z.object({
  lang: z.string().max(35).optional().describe('Idioma de la respuesta: es, en, de, fr, it o nl'),
});

const publicErrors = {
  400: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
  429: ZErrorResponse,
} as const;

/** The Idempotency-Key header as Node names it (lower case). */
const KEY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase() as Lowercase<typeof IDEMPOTENCY_KEY_HEADER>;

/**
 * onRequest of the answers that carry a customer's booking (their name, e-mail, phone, locator):
 * `private, no-store`, so no shared cache (a proxy, a CDN) and not even the browser keeps them
 * (issue 31). Set before anything runs, so the refusals (404, 409, 422, 429) carry it too.
 */
const personalAnswer: onRequestHookHandler = (_req, reply, done) => {
  reply.header('Cache-Control', 'private, no-store');
  done();
};

/** onRequest: the Idempotency-Key header is there and well formed (400 before the body is read). */
const requireIdempotencyKey: onRequestHookHandler = (req, _reply, done) => {
  try {
    parseIdempotencyKey(req.headers[KEY_HEADER]);
  } catch (err) {
    return done(err as Error);
  }
  done();
};

/**
 * The public API (PRODUCT.md §2 "public (no token)", §6): products, availability, pickup places and
 * the customer's own booking. No token; rate-limited per address (reads and writes apart).
 */
export async function publicRoutes(app: FastifyInstance) {
  const limit = await registerPublicRateLimits(app, app.publicRateLimit);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Errors in the customer's language (Accept-Language or ?lang=), the `code` unchanged.
  app.addHook('onSend', translatePublicErrors);
  const tags = ['Público'];
  const security: Record<string, string[]>[] = [];

  r.get(
    '/public/products/:id',
    {
      onRequest: limit.read,
      schema: {
        tags,
        security,
        summary: 'Excursión pública: solo activa y de un tour operador activo (si no, 404)',
        params: ZPublicIdParams,
        querystring: ZPublicLangQuery,
        response: { 200: ZPublicProduct, ...publicErrors },
      },
    },
    async (req, reply) => {
      const product = await service.getPublicProduct(app.db, req.params.id, askOf(req));
      reply.header('Content-Language', product.locale);
      return product;
    },
  );

  r.get(
    '/public/products/:id/availability',
    {
      onRequest: limit.read,
      schema: {
        tags,
        security,
        summary:
          'Salidas reservables entre dos fechas (por defecto desde hoy, 35 días; máximo 62) con plazas libres; available = se puede reservar ahora',
        params: ZPublicIdParams,
        querystring: ZPublicAvailabilityQuery,
        response: { 200: z.array(ZPublicAvailabilitySlot), ...publicErrors },
      },
    },
    async (req, reply) =>
      sendBuiltJsonArray(
        reply,
        await service.getPublicAvailability(app.db, req.params.id, req.query, new Date()),
        ZPublicAvailabilitySlot,
      ),
  );

  r.get(
    '/public/accommodations',
    {
      onRequest: limit.read,
      schema: {
        tags,
        security,
        summary:
          'Lugares de recogida de una excursión (ordenados por nombre) con "recoger en" y, con time, la hora de recogida; [] si no recoge',
        querystring: ZPublicAccommodationsQuery,
        response: { 200: z.array(ZPublicAccommodation), ...publicErrors },
      },
    },
    async (req) => service.listPublicAccommodations(app.db, req.query),
  );

  r.post(
    '/public/bookings',
    {
      onRequest: [personalAnswer, limit.write, requireIdempotencyKey],
      schema: {
        tags,
        security,
        summary:
          'Reservar (cabecera Idempotency-Key obligatoria, si falta o no vale → 400 IDEMPOTENCY_KEY_INVALID: repetir la misma petición devuelve la primera respuesta con Idempotent-Replayed: true; la misma clave con otro cuerpo → 422 IDEMPOTENCY_KEY_REUSED; mientras la primera sigue en curso → 409 IDEMPOTENCY_IN_PROGRESS con Retry-After). 409 NO_SEATS ("No quedan plazas suficientes") incluye alternatives: otras horas de ese día con plazas; 409 DEPARTURE_CLOSED, 422 CUT_OFF_PASSED o DEPARTURE_STARTED: elige otra salida',
        headers: z.looseObject({
          [KEY_HEADER]: z.string().describe('Clave única por intento de reserva (1–255 caracteres imprimibles)'),
        }),
        body: ZPublicBookingCreateRequest,
        response: { 201: ZPublicBooking, ...publicErrors, 409: ZPublicBookingConflict },
      },
    },
    async (req, reply) => {
      const key = parseIdempotencyKey(req.headers[KEY_HEADER]);
      // A booking without `language` is in the language its customer's browser asked for: its
      // messages and pages follow it (issue 15).
      const body = req.body.language ? req.body : { ...req.body, language: requestLocale(askOf(req)) };
      const result = await service.createPublicBooking(
        app.db,
        key,
        body,
        new Date(),
        req.log,
        { requestId: req.id, ip: req.ip },
        publicOrigin(req, app.config),
      );
      if (result.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      // A replay answers exactly what the first request answered: its 201, or its 4xx refusal.
      return reply.code(result.status as 201).send(result.body as z.infer<typeof ZPublicBooking>);
    },
  );

  r.get(
    '/public/bookings/:id',
    {
      onRequest: [personalAnswer, limit.read],
      schema: {
        tags,
        security,
        summary: 'Una reserva tal como la ve su cliente (bono y formulario público)',
        params: ZPublicIdParams,
        querystring: ZPublicLangQuery,
        response: { 200: ZPublicBooking, ...publicErrors },
      },
    },
    async (req, reply) => {
      const booking = await service.getPublicBooking(app.db, req.params.id, new Date(), askOf(req));
      reply.header('Content-Language', booking.locale);
      return booking;
    },
  );

  r.put(
    '/public/bookings/:id',
    {
      onRequest: [personalAnswer, limit.write],
      schema: {
        tags,
        security,
        summary:
          'El cliente completa sus datos y, con confirm: true (y accept_terms), confirma la reserva que le preparó la oficina o un vendedor',
        params: ZPublicIdParams,
        body: ZPublicBookingUpdateRequest,
        response: { 200: ZPublicBooking, ...publicErrors },
      },
    },
    async (req) =>
      service.updatePublicBooking(
        app.db,
        req.params.id,
        req.body,
        new Date(),
        { requestId: req.id, ip: req.ip },
        askOf(req),
      ),
  );

  r.post(
    '/public/bookings/:id/cancel',
    {
      onRequest: [personalAnswer, limit.write],
      schema: {
        tags,
        security,
        summary: 'El cliente cancela dentro del plazo de cancelación gratuita (fuera de él, 409); libera las plazas',
        params: ZPublicIdParams,
        body: ZPublicBookingCancelRequest,
        response: { 200: ZPublicBooking, ...publicErrors },
      },
    },
    async (req) =>
      service.cancelPublicBooking(
        app.db,
        req.params.id,
        req.body.reason ?? '',
        new Date(),
        { requestId: req.id, ip: req.ip },
        askOf(req),
      ),
  );
}

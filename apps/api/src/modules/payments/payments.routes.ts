/**
 * Online payments' endpoints (ADR 022): the operator's payment settings (levels 0–1), the public
 * checkout (no token, rate-limited, errors in the customer's language) and the providers'
 * notifications (no token: their signature is the credential). Payment links and refunds of a
 * booking are links.routes.ts and refunds.routes.ts.
 */
import {
  ACCESS,
  API_PATHS,
  ZErrorResponse,
  ZNotificationAnswer,
  ZPaymentSettingsRequest,
  ZPaymentSettingsResponse,
  ZPublicPaymentRequest,
  ZPublicPaymentResponse,
  ZRedsysNotificationBody,
} from '@trayecto/shared';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { assertId } from '../../lib/ids';
import { messageOrigin, publicOrigin } from '../../lib/public-origin';
import { registerPublicRateLimits } from '../../lib/rate-limit';
import { errorResponses, ZIdParams } from '../../lib/route-schemas';
import { translatePublicErrors } from '../public/public.i18n';
import { startCheckout } from './payments.checkout';
import { receiveRedsysNotification, receiveStripeWebhook } from './payments.notifications';
import { configurePayments } from './payments.service';
import { getPaymentSettings, updatePaymentSettings } from './payments.settings';

const personalAnswer: onRequestAsyncHookHandler = async (_req, reply) => {
  reply.header('Cache-Control', 'private, no-store');
};

/** A Redsys notification's body: application/x-www-form-urlencoded, as the bank sends it. */
function parseForm(_req: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) {
  done(null, Object.fromEntries(new URLSearchParams(body)));
}

/** Stripe's webhook keeps its exact bytes (the signature is over them) beside the parsed event. */
declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

const ZStripeEvent = z
  .looseObject({
    id: z.string(),
    type: z.string(),
    data: z.looseObject({ object: z.looseObject({}) }),
  })
  .describe('El evento de Stripe tal como lo firmó (se verifica sobre el cuerpo exacto recibido)');

const notificationErrors = { 400: ZErrorResponse } as const;

export async function paymentsRoutes(app: FastifyInstance) {
  configurePayments(app.config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const origin = (req: FastifyRequest) => publicOrigin(req, app.config) ?? messageOrigin(app.config);

  r.get(
    API_PATHS.paymentSettings,
    {
      onRequest: app.requireRoles(ACCESS.paymentSettings),
      schema: {
        tags: ['Tour operadores'],
        summary:
          'Pagos en línea del tour operador: proveedor (Redsys, Stripe o ninguno), modo de pruebas o real, minutos de retención de plazas y qué claves hay guardadas (nunca las claves). notification_urls: las direcciones que hay que dar de alta en el proveedor.',
        params: ZIdParams,
        response: { 200: ZPaymentSettingsResponse, ...errorResponses },
      },
    },
    async (req) => getPaymentSettings(app.db, req.actor, assertId(req.params.id, 'El tour operador'), origin(req)),
  );

  r.put(
    API_PATHS.paymentSettings,
    {
      onRequest: app.requireRoles(ACCESS.paymentSettings),
      schema: {
        tags: ['Tour operadores'],
        summary:
          'Cambiar los pagos en línea. Una clave omitida se conserva; elegir un proveedor sin sus datos o claves guardados → 422 con el campo; la clave secreta de Stripe debe ser del modo (sk_test_ en pruebas, sk_live_ en real). Las claves se guardan cifradas y nunca se devuelven.',
        params: ZIdParams,
        body: ZPaymentSettingsRequest,
        response: { 200: ZPaymentSettingsResponse, ...errorResponses },
      },
    },
    async (req) =>
      updatePaymentSettings(
        app.db,
        req.actor,
        assertId(req.params.id, 'El tour operador'),
        req.body,
        origin(req),
        new Date(),
      ),
  );

  // The public checkout: its own scope for the public limits and the translated errors.
  await app.register(async (pub) => {
    const limit = await registerPublicRateLimits(pub, pub.publicRateLimit);
    pub.addHook('onSend', translatePublicErrors);
    pub.withTypeProvider<ZodTypeProvider>().post(
      API_PATHS.publicBookingPayments,
      {
        onRequest: [personalAnswer, limit.write],
        schema: {
          tags: ['Público'],
          security: [],
          summary:
            'Empezar a pagar en línea lo que la reserva debe ahora (el importe lo calcula el servidor). Redsys: un formulario firmado que la página envía al banco; Stripe: la dirección de Stripe Checkout. 409 NOTHING_DUE, HOLD_EXPIRED (la retención terminó y las plazas ya no están; si siguen libres se renueva) o PAYMENTS_NOT_CONFIGURED; 502 PAYMENT_PROVIDER_UNAVAILABLE si el proveedor no responde en 10 s (no se cobra nada).',
          params: z.object({ id: z.string() }),
          body: ZPublicPaymentRequest,
          response: {
            201: ZPublicPaymentResponse,
            400: ZErrorResponse,
            404: ZErrorResponse,
            409: ZErrorResponse,
            422: ZErrorResponse,
            429: ZErrorResponse,
            502: ZErrorResponse,
          },
        },
      },
      async (req, reply) => {
        const id = assertId(req.params.id, 'La reserva');
        const out = await startCheckout(app.db, id, req.body, { origin: origin(req), now: new Date(), log: req.log });
        return reply.code(201).send(out);
      },
    );
  });

  // Redsys' notification: form-encoded, in a scope that reads that type.
  await app.register(async (redsys) => {
    redsys.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      parseForm,
    );
    redsys.withTypeProvider<ZodTypeProvider>().post(
      API_PATHS.redsysNotification,
      {
        schema: {
          tags: ['Pagos'],
          security: [],
          consumes: ['application/x-www-form-urlencoded'],
          summary:
            'Aviso de Redsys (Ds_MerchantURL), tal como lo envía el banco: se verifica la firma con la clave del tour operador del pedido. 200 una vez procesado o si ya lo estaba (también un pedido desconocido: se registra y se ignora); 400 SIGNATURE_INVALID si la firma no es válida (no cambia nada). Ds_Response 0000–0099 es pagado.',
          body: ZRedsysNotificationBody,
          response: { 200: ZNotificationAnswer, ...notificationErrors },
        },
      },
      async (req) => {
        await receiveRedsysNotification(app.db, req.body, new Date(), req.log);
        return { received: true as const };
      },
    );
  });

  // Stripe's webhook: JSON kept as received (the signature is over the exact bytes).
  await app.register(async (stripe) => {
    stripe.removeContentTypeParser('application/json');
    stripe.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 512 * 1024 },
      (req: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) => {
        req.rawBody = body;
        try {
          done(null, JSON.parse(body));
        } catch {
          done(new AppError({ code: 'INVALID_JSON', message: 'El cuerpo de la petición no es un JSON válido' }));
        }
      },
    );
    stripe.withTypeProvider<ZodTypeProvider>().post(
      API_PATHS.stripeWebhook,
      {
        schema: {
          tags: ['Pagos'],
          security: [],
          summary:
            'Webhook de Stripe (cabecera Stripe-Signature): se verifica con el secreto de firma del tour operador del pago. Eventos: checkout.session.completed, checkout.session.async_payment_succeeded, checkout.session.async_payment_failed, checkout.session.expired. 200 una vez procesado o si ya lo estaba (también un pago desconocido: se registra y se ignora); 400 SIGNATURE_INVALID si la firma no es válida (no cambia nada).',
          headers: z.looseObject({
            'stripe-signature': z.string().optional().describe('La firma de Stripe (t=…,v1=…)'),
          }),
          body: ZStripeEvent,
          response: { 200: ZNotificationAnswer, ...notificationErrors },
        },
      },
      async (req) => {
        const sig = req.headers['stripe-signature'];
        await receiveStripeWebhook(
          app.db,
          req.rawBody ?? '',
          typeof sig === 'string' ? sig : undefined,
          new Date(),
          req.log,
        );
        return { received: true as const };
      },
    );
  });
}

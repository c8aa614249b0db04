/** POST /bookings/{id}/refunds (ADR 022): a refund through the provider that took the money. */
import {
  ACCESS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  type TBookingRefundResponse,
  ZBookingRefundCreateRequest,
  ZBookingRefundResponse,
  ZErrorResponse,
} from '@trayecto/shared';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseIdempotencyKey } from '../../lib/idempotency';
import { assertId } from '../../lib/ids';
import { errorResponses, ZIdParams } from '../../lib/route-schemas';
import { createRefund } from './refunds';

const KEY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase() as Lowercase<typeof IDEMPOTENCY_KEY_HEADER>;

/** onRequest: the Idempotency-Key header is there and well formed (400 before the body is read). */
const requireIdempotencyKey: onRequestAsyncHookHandler = async (req) => {
  parseIdempotencyKey(req.headers[KEY_HEADER]);
};

export async function refundsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/bookings/:id/refunds',
    {
      onRequest: [app.requireRoles(ACCESS.refunds), requireIdempotencyKey],
      schema: {
        tags: ['Reservas'],
        summary:
          'Reembolsar a través del proveedor que cobró (Redsys o Stripe), total o parcial: el pago en línea indicado (payment_id) o el último con dinero por devolver. Cabecera Idempotency-Key obligatoria (400 IDEMPOTENCY_KEY_INVALID si falta; repetirla devuelve la primera respuesta con Idempotent-Replayed: true; con otro cuerpo → 422 IDEMPOTENCY_KEY_REUSED). 422 REFUND_EXCEEDS_PAID por encima de lo cobrado por ese proveedor menos sus reembolsos; 502 PAYMENT_PROVIDER_UNAVAILABLE si el proveedor falla (no se registra nada: se puede repetir). El estado de pago de la reserva y el mensaje al cliente siguen al reembolso. Los reembolsos de efectivo, tarjeta o transferencia se registran en /bookings/{id}/payments (kind refund).',
        params: ZIdParams,
        headers: z.looseObject({
          [KEY_HEADER]: z.string().describe('Clave única por reembolso (1–255 caracteres imprimibles)'),
        }),
        body: ZBookingRefundCreateRequest,
        response: { 201: ZBookingRefundResponse, ...errorResponses, 502: ZErrorResponse },
      },
    },
    async (req, reply) => {
      const key = parseIdempotencyKey(req.headers[KEY_HEADER]);
      const result = await createRefund(
        app.db,
        req.actor,
        assertId(req.params.id, 'La reserva'),
        req.body,
        key,
        new Date(),
        req.log,
      );
      if (result.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.code(result.status as 201).send(result.body as TBookingRefundResponse);
    },
  );
}

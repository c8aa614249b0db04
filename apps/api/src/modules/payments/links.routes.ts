/** POST /bookings/{id}/payment-links (ADR 022): the office asks the customer to pay online. */
import { ACCESS, ZBookingPaymentLinkCreateRequest, ZBookingPaymentLinkResponse } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertId } from '../../lib/ids';
import { messageOrigin, publicOrigin } from '../../lib/public-origin';
import { errorResponses, ZIdParams } from '../../lib/route-schemas';
import type { BookingReads } from '../messages/messages.ports';
import { createPaymentLink } from './links';

export async function paymentLinksRoutes(app: FastifyInstance, opts: { reads: BookingReads }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/bookings/:id/payment-links',
    {
      onRequest: app.requireRoles(ACCESS.paymentLinks),
      schema: {
        tags: ['Reservas'],
        summary:
          'Enviar un enlace de pago: el cliente paga en línea, en la página de su reserva, lo pendiente (o el importe indicado) hasta que el enlace caduca (72 h por defecto, nunca después de la salida). Por correo (en el idioma de la reserva), por WhatsApp (devuelve whatsapp_url) o solo crearlo para copiarlo. 409 NOTHING_DUE sin importe pendiente, 409 PAYMENTS_NOT_CONFIGURED sin proveedor de pago, 409 STATE_CONFLICT con la reserva cancelada o la salida empezada, 422 por encima de lo pendiente o sin correo/móvil para el canal. El Vendedor, solo en las reservas que vendió.',
        params: ZIdParams,
        body: ZBookingPaymentLinkCreateRequest,
        response: { 201: ZBookingPaymentLinkResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const link = await createPaymentLink(app.db, req.actor, assertId(req.params.id, 'La reserva'), req.body, {
        origin: publicOrigin(req, app.config) ?? messageOrigin(app.config),
        now: new Date(),
        reads: opts.reads,
      });
      return reply.code(201).send(link);
    },
  );
}

import {
  ACCESS,
  ZMessageDetailResponse,
  ZMessageResponse,
  ZMessageSettingsResponse,
  ZMessageSettingsUpdateRequest,
  ZWhatsappRequest,
  ZWhatsappResponse,
} from '@trayecto/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withPreparedStatements } from '../../db/prepared-statements';
import { parseListQuery } from '../../lib/filters';
import { assertId } from '../../lib/ids';
import { setPagingHeaders } from '../../lib/pagination';
import { messageOrigin, publicOrigin } from '../../lib/public-origin';
import { errorResponses, listFilters, ZIdParams, ZListQuery } from '../../lib/route-schemas';
import { registerMessagesExport } from './messages.export';
import type { BookingReads } from './messages.ports';
import { getMessage, listBookingMessages, listMessages, resendMessage } from './messages.read';
import { MESSAGE_LIST_SPEC } from './messages.repository';
import { getMessageSettings, updateMessageSettings } from './messages.settings';
import { openWhatsapp } from './messages.whatsapp';

/**
 * Messages (issue 14): "Mensajes" (the outbox and history, levels 0, 1, 3), a booking's own
 * messages, "Enviar por WhatsApp", and the operator's message settings.
 */
export async function messagesRoutes(app: FastifyInstance, opts: { reads: BookingReads }) {
  const { reads } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Mensajes'];
  /** Links in a preview or a WhatsApp text: PUBLIC_URL, else this request's own origin. */
  const linkOrigin = (req: FastifyRequest) => publicOrigin(req, app.config) ?? messageOrigin(app.config);
  const smtpConfigured = () => app.mailWorker !== undefined;
  registerMessagesExport(app);

  r.get(
    '/messages',
    {
      onRequest: app.requireRoles(ACCESS.messages),
      schema: {
        tags,
        summary:
          'Mensajes: la bandeja de salida y el historial (correo, WhatsApp y webhooks), de lo más reciente a lo más antiguo. Filtros state, kind, channel, booking_id, user_id, created_at, tour_operator_id (administrador); q busca en destinatario y asunto.',
        querystring: ZListQuery,
        ...listFilters(MESSAGE_LIST_SPEC),
        response: { 200: z.array(ZMessageResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const params = parseListQuery(req.query as Record<string, unknown>, MESSAGE_LIST_SPEC);
      // A list: the read replica when there is one (ADR 033).
      const { items, total } = await listMessages(req.dbRead, req.actor, params);
      setPagingHeaders(req, reply, { page: params.page, perPage: params.perPage, total });
      return items;
    },
  );

  r.get(
    '/messages/:id',
    {
      onRequest: app.requireRoles(ACCESS.messageRead),
      schema: {
        tags,
        summary:
          'Un mensaje con su contenido: lo enviado o, si aún espera, lo que saldría ahora (los mensajes a clientes se preparan al enviarse, con los datos de la reserva en ese momento); un webhook, con su evento, su cuerpo JSON y la última respuesta (nunca su secreto). El Vendedor abre solo los mensajes de las reservas que vendió (404 para los demás).',
        params: ZIdParams,
        response: { 200: ZMessageDetailResponse, ...errorResponses },
      },
    },
    async (req) =>
      getMessage(app.db, req.actor, assertId(req.params.id, 'El mensaje'), {
        origin: linkOrigin(req),
        now: new Date(),
        reads,
      }),
  );

  r.post(
    '/messages/:id/resend',
    {
      onRequest: app.requireRoles(ACCESS.messages),
      schema: {
        tags,
        summary:
          'Volver a enviar un mensaje a un cliente: un mensaje nuevo con los datos actuales de la reserva, a su correo actual; un webhook, el mismo evento a la dirección actual de su destino (409 si aún está en cola o si su enlace era de un solo uso)',
        params: ZIdParams,
        response: { 201: ZMessageResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const message = await resendMessage(app.db, req.actor, assertId(req.params.id, 'El mensaje'), reads);
      return reply.code(201).send(message);
    },
  );

  r.get(
    '/bookings/:id/messages',
    {
      onRequest: app.requireRoles(ACCESS.bookingsWrite),
      schema: {
        tags,
        summary: 'Los mensajes de una reserva (correo, WhatsApp y webhooks), de lo más reciente a lo más antiguo',
        params: ZIdParams,
        response: { 200: z.array(ZMessageResponse), ...errorResponses },
      },
    },
    // ADR 040: one booking's messages, read by key: prepared on the server.
    async (req) =>
      withPreparedStatements(() =>
        listBookingMessages(app.db, req.actor, assertId(req.params.id, 'La reserva'), reads),
      ),
  );

  r.post(
    '/bookings/:id/whatsapp',
    {
      onRequest: app.requireRoles(ACCESS.bookings),
      schema: {
        tags,
        summary:
          'Enviar por WhatsApp: el enlace wa.me al teléfono del cliente con el texto (bono, recogida) ya escrito; queda anotado en los mensajes de la reserva. 422 si la reserva no tiene un móvil válido.',
        params: ZIdParams,
        body: ZWhatsappRequest,
        response: { 201: ZWhatsappResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const out = await openWhatsapp(app.db, req.actor, assertId(req.params.id, 'La reserva'), req.body, {
        origin: linkOrigin(req),
        now: new Date(),
        reads,
      });
      return reply.code(201).send(out);
    },
  );

  r.get(
    '/tour-operators/:id/message-settings',
    {
      onRequest: app.requireRoles(ACCESS.messages),
      schema: {
        tags,
        summary:
          'Ajustes de mensajes del tour operador: remitente, responder a, hora del recordatorio y qué mensajes a clientes se envían',
        params: ZIdParams,
        response: { 200: ZMessageSettingsResponse, ...errorResponses },
      },
    },
    async (req) => getMessageSettings(app.db, req.actor, assertId(req.params.id, 'El tour operador'), smtpConfigured()),
  );

  r.put(
    '/tour-operators/:id/message-settings',
    {
      onRequest: app.requireRoles(ACCESS.messageSettingsWrite),
      schema: {
        tags,
        summary: 'Cambiar los ajustes de mensajes (lo no enviado se queda)',
        params: ZIdParams,
        body: ZMessageSettingsUpdateRequest,
        response: { 200: ZMessageSettingsResponse, ...errorResponses },
      },
    },
    async (req) =>
      updateMessageSettings(app.db, req.actor, assertId(req.params.id, 'El tour operador'), req.body, smtpConfigured()),
  );
}

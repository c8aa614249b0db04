import {
  ACCESS,
  CALENDAR_DAY_PREVIEW,
  ZBookingCalendarColumns,
  ZBookingCalendarDay,
  ZBookingCalendarEntry,
  ZBookingCalendarQuery,
  ZBookingCancelRequest,
  ZBookingCreateBody,
  ZBookingEventResponse,
  ZBookingQuoteRequest,
  ZBookingQuoteResponse,
  ZBookingResponse,
  ZBookingUpdateRequest,
  ZDepartureCancelRequest,
  ZDepartureCancelResponse,
  ZPaymentCreateRequest,
  ZPaymentResponse,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withPreparedStatements } from '../../db/prepared-statements';
import { AppError } from '../../lib/app-error';
import { parseListQuery } from '../../lib/filters';
import { assertId } from '../../lib/ids';
import { sendBuiltJson, sendBuiltJsonArray } from '../../lib/json-stream';
import { setCursorListHeaders } from '../../lib/pagination';
import { errorResponses, listFilters, ZIdParams } from '../../lib/route-schemas';
import { cancelDeparture } from './bookings.departure-cancel';
import { registerBookingsExport } from './bookings.export';
import { BOOKING_LIST_SPEC } from './bookings.repository';
import { ZBookingListQuery } from './bookings.schemas';
import * as service from './bookings.service';
import { getCalendar, getCalendarColumns, getCalendarDays } from './calendar.service';
import * as payments from './payments.service';
import { quote } from './quote.service';

const WHAT = 'La reserva';

/** Bookings API: the sales engine (PRODUCT.md §2, §3, §4). */
export async function bookingsRoutes(app: FastifyInstance) {
  registerBookingsExport(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Reservas'];

  r.get(
    '/bookings',
    {
      onRequest: app.requireRoles(ACCESS.bookings),
      schema: {
        tags,
        summary:
          'Lista de reservas. Filtros date, time, product_id, departure_id, state, payment_state, seller_id, channel, accommodation_id, locator, created_at, tour_operator_id; q busca en localizador, nombre, correo y teléfono; orden por defecto date,time,created_at. Paginación profunda: con el orden por defecto cada respuesta trae X-Next-Cursor (y Link rel="next"); pasar ?cursor=<valor> pagina por clave (keyset, sin OFFSET ni recuento: esas páginas no llevan X-Total-Count) y es la forma rápida de recorrer listas largas. X-Total-Count cuenta hasta 10.000 (hasta 1.000 con q): si hay más, dice 10000 (1000) con X-Total-Count-Capped: true y Link no trae rel="last".',
        querystring: ZBookingListQuery,
        ...listFilters(BOOKING_LIST_SPEC),
        response: { 200: z.array(ZBookingResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const { cursor, ...query } = req.query as Record<string, unknown>;
      if (cursor !== undefined && typeof cursor !== 'string') {
        throw new AppError({ code: 'BAD_REQUEST', message: 'El parámetro "cursor" solo puede aparecer una vez' });
      }
      const params = parseListQuery(query, BOOKING_LIST_SPEC);
      // A list: the read replica when there is one (ADR 033).
      const result = await service.listBookings(req.dbRead, req.actor, params, cursor);
      setCursorListHeaders(req, reply, {
        page: params.page,
        perPage: params.perPage,
        total: result.total,
        nextCursor: result.nextCursor,
        cap: result.cap,
      });
      return result.items;
    },
  );

  r.get(
    '/bookings/calendar',
    {
      onRequest: app.requireRoles(ACCESS.bookingsWrite),
      schema: {
        tags,
        summary: `Salidas entre dos fechas (máximo 62 días y 10.000 salidas; filtra por producto si hay más) con plazas vendidas y libres, reservas y pasajeros`,
        querystring: ZBookingCalendarQuery,
        response: { 200: z.array(ZBookingCalendarEntry), ...errorResponses },
      },
    },
    async (req, reply) =>
      sendBuiltJsonArray(reply, await getCalendar(req.dbRead, req.actor, req.query, new Date()), ZBookingCalendarEntry),
  );

  r.get(
    '/bookings/calendar/columns',
    {
      onRequest: app.requireRoles(ACCESS.bookingsWrite),
      schema: {
        tags,
        summary: `Las salidas de /bookings/calendar, las mismas y en el mismo orden, en columnas (la vista de semana): cada producto una vez en products; una salida es su posición en cada columna de departures, con product su índice en products y day los días desde from`,
        querystring: ZBookingCalendarQuery,
        response: { 200: ZBookingCalendarColumns, ...errorResponses },
      },
    },
    async (req, reply) =>
      sendBuiltJson(
        reply,
        await getCalendarColumns(req.dbRead, req.actor, req.query, new Date()),
        ZBookingCalendarColumns,
      ),
  );

  r.get(
    '/bookings/calendar/days',
    {
      onRequest: app.requireRoles(ACCESS.bookingsWrite),
      schema: {
        tags,
        summary: `La vista de mes del calendario, día a día (máximo 62 días): por cada día con salidas, cuántas hay (cerradas incluidas), sus plazas, reservas y pasajeros, y sus ${CALENDAR_DAY_PREVIEW} primeras salidas por hora y producto como las da /bookings/calendar. Un día anterior a hoy no cuenta las salidas sin nada vendido; los días sin salidas no aparecen. Las salidas de un día: /bookings/calendar?from=<día>&to=<día>`,
        querystring: ZBookingCalendarQuery,
        response: { 200: z.array(ZBookingCalendarDay), ...errorResponses },
      },
    },
    // A month is a few dozen days: the route's own serialiser, no streaming.
    async (req) => getCalendarDays(req.dbRead, req.actor, req.query, new Date()),
  );

  r.post(
    '/bookings/quote',
    {
      onRequest: app.requireRoles(ACCESS.bookingsWrite),
      schema: {
        tags,
        summary: 'Precio en vivo para los formularios: total, hora de recogida y plazas libres (no reserva nada)',
        body: ZBookingQuoteRequest,
        response: { 200: ZBookingQuoteResponse, ...errorResponses },
      },
    },
    async (req) => quote(app.db, req.actor, req.body, new Date()),
  );

  r.get(
    '/bookings/:id',
    {
      onRequest: app.requireRoles(ACCESS.bookings),
      schema: {
        tags,
        summary: 'Una reserva',
        params: ZIdParams,
        response: { 200: ZBookingResponse, ...errorResponses },
      },
    },
    // ADR 040: one booking's reads are lookups by key: prepared on the server.
    async (req) => withPreparedStatements(() => service.getBooking(app.db, req.actor, assertId(req.params.id, WHAT))),
  );

  r.post(
    '/bookings',
    {
      onRequest: app.requireRoles(ACCESS.bookingsWrite),
      schema: {
        tags,
        summary:
          'Crear reserva: precio, comisión y hora de recogida calculados por el servidor; 409 "No quedan plazas suficientes" si la salida no puede con ellas',
        body: ZBookingCreateBody,
        response: { 201: ZBookingResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const booking = await service.createBooking(app.db, req.actor, req.body, new Date());
      return reply.code(201).send(booking);
    },
  );

  r.put(
    '/bookings/:id',
    {
      onRequest: app.requireRoles(ACCESS.bookingsWrite),
      schema: {
        tags,
        summary:
          'Editar reserva (lo no enviado se queda); cambiar pasajeros o salida mueve las plazas; "version" evita sobrescribir cambios ajenos (409)',
        params: ZIdParams,
        body: ZBookingUpdateRequest,
        response: { 200: ZBookingResponse, ...errorResponses },
      },
    },
    async (req) => service.updateBooking(app.db, req.actor, assertId(req.params.id, WHAT), req.body, new Date()),
  );

  r.post(
    '/bookings/:id/cancel',
    {
      onRequest: app.requireRoles(ACCESS.bookingsWrite),
      schema: {
        tags,
        summary: 'Cancelar reserva con un motivo; libera sus plazas',
        params: ZIdParams,
        body: ZBookingCancelRequest,
        response: { 200: ZBookingResponse, ...errorResponses },
      },
    },
    async (req) => service.cancelBooking(app.db, req.actor, assertId(req.params.id, WHAT), req.body.reason, new Date()),
  );

  r.get(
    '/bookings/:id/payments',
    {
      onRequest: app.requireRoles(ACCESS.bookings),
      schema: {
        tags,
        summary: 'Cobros y reembolsos de una reserva',
        params: ZIdParams,
        response: { 200: z.array(ZPaymentResponse), ...errorResponses },
      },
    },
    async (req) =>
      withPreparedStatements(() => payments.listPayments(app.db, req.actor, assertId(req.params.id, WHAT))),
  );

  r.post(
    '/bookings/:id/payments',
    {
      onRequest: app.requireRoles(ACCESS.bookingsWrite),
      schema: {
        tags,
        summary: 'Registrar un cobro o un reembolso (kind: refund); actualiza lo pagado y el estado de pago',
        params: ZIdParams,
        body: ZPaymentCreateRequest,
        response: { 201: ZPaymentResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const payment = await payments.addPayment(app.db, req.actor, assertId(req.params.id, WHAT), req.body, new Date());
      return reply.code(201).send(payment);
    },
  );

  r.post(
    '/products/:id/departures/cancel',
    {
      onRequest: app.requireRoles(ACCESS.departureCancel),
      schema: {
        tags,
        summary:
          'Cancelar una salida entera (mal tiempo, mínimo no alcanzado): la cierra a la venta, cancela todas sus reservas y avisa a cada cliente con lo que pasa ahora; devuelve quién no tiene correo para avisarle por teléfono o WhatsApp',
        params: ZIdParams,
        body: ZDepartureCancelRequest,
        response: { 200: ZDepartureCancelResponse, ...errorResponses },
      },
    },
    async (req) => cancelDeparture(app.db, req.actor, assertId(req.params.id, 'El producto'), req.body, new Date()),
  );

  r.get(
    '/bookings/:id/events',
    {
      onRequest: app.requireRoles(ACCESS.bookings),
      schema: {
        tags,
        summary: 'Historial de la reserva: creación, cambios, estados, cobros y cancelación, con autor y hora',
        params: ZIdParams,
        response: { 200: z.array(ZBookingEventResponse), ...errorResponses },
      },
    },
    async (req) => withPreparedStatements(() => service.listEvents(app.db, req.actor, assertId(req.params.id, WHAT))),
  );
}

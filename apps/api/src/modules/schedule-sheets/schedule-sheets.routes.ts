import {
  ACCESS,
  LEVEL,
  ZCheckInRequest,
  ZSheetConflictErrorResponse,
  ZSheetCreateRequest,
  ZSheetFinishResponse,
  ZSheetGenerateRequest,
  ZSheetGenerateResponse,
  ZSheetPassenger,
  ZSheetResponse,
  ZSheetSummary,
  ZSheetUpdateRequest,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withPreparedStatements } from '../../db/prepared-statements';
import { AppError } from '../../lib/app-error';
import { parseListQuery } from '../../lib/filters';
import { assertId } from '../../lib/ids';
import { setCursorListHeaders } from '../../lib/pagination';
import { errorResponses, listFilters, ZIdParams } from '../../lib/route-schemas';
import { checkIn } from './check-in.service';
import { ZSheetListQuery } from './schedule-sheets.cursor';
import { SHEET_LIST_SPEC } from './schedule-sheets.repository';
import { WHAT } from './schedule-sheets.rules';
import * as service from './schedule-sheets.service';
import { finishSheet } from './sheet-finish.service';

/** Who plans sheets (PRODUCT.md §3): the administrator, the operator's admin and the Operador. */
export const SHEETS_PLAN = [LEVEL.ADMIN, LEVEL.TOUR_OPERATOR_ADMIN, LEVEL.OPERATOR] as const;
/** Who reads sheets and works them (state, check-in, finish): planners and the assigned Chofer/Guía. */
export const SHEETS_WORK = ACCESS.scheduleSheets;

const withConflicts = { ...errorResponses, 409: ZSheetConflictErrorResponse };

/** Schedule sheets API (PRODUCT.md §2–§5): planning, the pickup route, check-in and the finish. */
export async function scheduleSheetsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Hojas de servicio'];
  const idOf = (params: { id: string }) => assertId(params.id, WHAT);

  r.get(
    '/schedule-sheets',
    {
      onRequest: app.requireRoles(SHEETS_WORK),
      schema: {
        tags,
        summary:
          'Lista de hojas de servicio. Filtros date (eq, gte, lte…), state, product_id, vehicle_id, driver_id, guide_id, tour_operator_id; q busca en producto, matrícula, chofer y guía; orden por defecto date,time,product. Chofer y Guía solo ven las suyas. Cada hoja trae sus avisos (solapes, vehículo no disponible, plazas por encima de las del vehículo). X-Total-Count cuenta hasta 10.000 (más allá responde 10000 con X-Total-Count-Capped: true). Paginación profunda: con el orden por defecto cada respuesta con más páginas trae X-Next-Cursor (y Link rel="next"); pasar ?cursor=<valor> pagina por clave (keyset, sin OFFSET ni recuento: esas páginas no llevan X-Total-Count) y es la forma rápida de recorrer listas largas.',
        querystring: ZSheetListQuery,
        ...listFilters(SHEET_LIST_SPEC),
        response: { 200: z.array(ZSheetSummary), ...errorResponses },
      },
    },
    async (req, reply) => {
      const { cursor, ...query } = req.query as Record<string, unknown>;
      if (cursor !== undefined && typeof cursor !== 'string') {
        throw new AppError({ code: 'BAD_REQUEST', message: 'El parámetro "cursor" solo puede aparecer una vez' });
      }
      const params = parseListQuery(query, SHEET_LIST_SPEC);
      // A list: the read replica when there is one (ADR 033).
      const { items, total, nextCursor } = await service.listSheets(req.dbRead, req.actor, params, cursor);
      setCursorListHeaders(req, reply, { page: params.page, perPage: params.perPage, total, nextCursor });
      return items;
    },
  );

  r.post(
    '/schedule-sheets/generate',
    {
      onRequest: app.requireRoles(SHEETS_PLAN),
      schema: {
        tags,
        summary:
          'Crear las hojas de un día: una por cada salida con reservas que aún no tenga hoja (repetirlo no duplica nada)',
        body: ZSheetGenerateRequest,
        response: { 200: ZSheetGenerateResponse, ...errorResponses },
      },
    },
    async (req) => service.generateSheets(app.db, req.actor, req.body),
  );

  r.get(
    '/schedule-sheets/:id',
    {
      onRequest: app.requireRoles(SHEETS_WORK),
      schema: {
        tags,
        summary: 'Una hoja de servicio: asignaciones, ruta de recogida por alojamiento, pasajeros con su embarque',
        params: ZIdParams,
        response: { 200: ZSheetResponse, ...errorResponses },
      },
    },
    // ADR 040: one sheet's reads are lookups by key: prepared on the server.
    async (req) => withPreparedStatements(() => service.getSheet(app.db, req.actor, idOf(req.params))),
  );

  r.post(
    '/schedule-sheets',
    {
      onRequest: app.requireRoles(SHEETS_PLAN),
      schema: {
        tags,
        summary:
          'Crear la hoja de una salida (producto, fecha, hora) con asignaciones opcionales; 409 si la salida ya tiene hoja o si las asignaciones se solapan (force: true para guardar igualmente)',
        body: ZSheetCreateRequest,
        response: { 201: ZSheetResponse, ...withConflicts },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createSheet(app.db, req.actor, req.body, new Date())),
  );

  r.put(
    '/schedule-sheets/:id',
    {
      onRequest: app.requireRoles(SHEETS_WORK),
      schema: {
        tags,
        summary:
          'Editar hoja (lo no enviado se queda): vehículo, chofer, guía, personas, origen, destino, notas, estado. Un solape responde 409 con "conflicts" salvo force: true; "version" antigua → 409. Chofer y Guía solo envían state (in_progress, done). «En curso» solo a partir del día de la salida (422).',
        params: ZIdParams,
        body: ZSheetUpdateRequest,
        response: { 200: ZSheetResponse, ...withConflicts },
      },
    },
    async (req) => service.updateSheet(app.db, req.actor, idOf(req.params), req.body, new Date()),
  );

  r.delete(
    '/schedule-sheets/:id',
    {
      onRequest: app.requireRoles(SHEETS_PLAN),
      schema: {
        tags,
        summary: 'Eliminar una hoja en borrador',
        params: ZIdParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await service.deleteSheet(app.db, req.actor, idOf(req.params));
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/schedule-sheets/:id/check-in',
    {
      onRequest: app.requireRoles(SHEETS_WORK),
      schema: {
        tags,
        summary:
          'Embarque: marcar una reserva presente (o deshacerlo con present: false) por booking_id o por code (localizador, id de la reserva o la URL del QR del bono). Solo el día de la salida (zona horaria del tour operador): fuera de ese día Chofer y Guía reciben 409 y la oficina (0, 1, 3) debe enviar override_reason (422 sin él), que queda en el registro de embarque.',
        params: ZIdParams,
        body: ZCheckInRequest,
        response: { 200: ZSheetPassenger, ...errorResponses },
      },
    },
    async (req) => checkIn(app.db, req.actor, idOf(req.params), req.body, new Date()),
  );

  r.post(
    '/schedule-sheets/:id/finish',
    {
      onRequest: app.requireRoles(SHEETS_WORK),
      schema: {
        tags,
        summary:
          'Finalizar la hoja: las reservas embarcadas pasan a Realizada y las confirmadas sin embarcar a No presentado',
        params: ZIdParams,
        response: { 200: ZSheetFinishResponse, ...errorResponses },
      },
    },
    async (req) => finishSheet(app.db, req.actor, idOf(req.params), new Date()),
  );
}

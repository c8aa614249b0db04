/**
 * "Comisiones" (issue 34, ADR 025): what sellers and channels are owed (levels 0–2: a Vendedor
 * only their own), statements made and settled by levels 0–1 (ACCESS.commissionsWrite), and a
 * statement as CSV.
 */
import {
  ACCESS,
  API_PATHS,
  ZCommissionDueQuery,
  ZCommissionDueResponse,
  ZCommissionDueSummaryResponse,
  ZCommissionSettleRequest,
  ZCommissionStatementCreateRequest,
  ZCommissionStatementDetailResponse,
  ZCommissionStatementResponse,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvResponses } from '../../lib/csv-stream';
import { parseListQuery } from '../../lib/filters';
import { assertId } from '../../lib/ids';
import { setPagingHeaders } from '../../lib/pagination';
import { errorResponses, listFilters, ZIdParams, ZListQuery } from '../../lib/route-schemas';
import { STATEMENT_LIST_SPEC } from './commissions.repository';
import * as service from './commissions.service';

const TAGS = ['Comisiones'];
const WHAT = 'La liquidación';

export async function commissionsRoutes(app: FastifyInstance) {
  const read = app.requireRoles(ACCESS.commissions);
  const write = app.requireRoles(ACCESS.commissionsWrite);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_PATHS.commissionsDue,
    {
      onRequest: read,
      schema: {
        tags: TAGS,
        summary:
          'Comisiones pendientes por vendedor y por canal: las reservas con salida en el periodo (from–to) que ninguna liquidación ha contado aún o que cambiaron desde entonces, con la comisión actual (0 si está cancelada o pendiente), lo ya liquidado y el importe; party y party_id para una sola parte. Un Vendedor ve solo lo suyo.',
        querystring: ZCommissionDueQuery,
        response: { 200: ZCommissionDueResponse, ...errorResponses },
      },
    },
    // A report: the read replica when there is one (ADR 033); the statement recomputes on the primary.
    async (req) => service.listDue(req.dbRead, req.actor, req.query),
  );

  r.get(
    API_PATHS.commissionsDueSummary,
    {
      onRequest: read,
      schema: {
        tags: TAGS,
        summary:
          'Lo pendiente por vendedor y por canal sin las líneas: de cada parte, cuántas reservas y cuánto (lo mismo que /commissions/due sumado). Las reservas de una parte: /commissions/due con party y party_id. Un Vendedor ve solo lo suyo.',
        querystring: ZCommissionDueQuery,
        response: { 200: ZCommissionDueSummaryResponse, ...errorResponses },
      },
    },
    async (req) => service.listDueSummary(req.dbRead, req.actor, req.query),
  );

  r.post(
    API_PATHS.commissionStatements,
    {
      onRequest: write,
      schema: {
        tags: TAGS,
        summary:
          'Crear una liquidación (abierta) de un vendedor o un canal para un periodo de fechas de salida, con una línea por reserva pendiente. Sin nada pendiente, 422. Dos a la vez para la misma parte nunca cuentan dos veces una reserva.',
        body: ZCommissionStatementCreateRequest,
        response: { 201: ZCommissionStatementDetailResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const out = await service.createStatement(app.db, req.actor, req.body, new Date());
      return reply.code(201).send(out);
    },
  );

  r.get(
    API_PATHS.commissionStatements,
    {
      onRequest: read,
      schema: {
        tags: TAGS,
        summary:
          'Liquidaciones, de la más reciente a la más antigua; filtros party_kind, state, seller_id, channel_id, period_from, period_to, created_at. Un Vendedor ve solo las suyas.',
        querystring: ZListQuery,
        ...listFilters(STATEMENT_LIST_SPEC),
        response: { 200: z.array(ZCommissionStatementResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const params = parseListQuery(req.query as Record<string, unknown>, STATEMENT_LIST_SPEC);
      const { items, total } = await service.listStatements(req.dbRead, req.actor, params);
      setPagingHeaders(req, reply, { page: params.page, perPage: params.perPage, total });
      return items;
    },
  );

  r.get(
    API_PATHS.commissionStatement,
    {
      onRequest: read,
      schema: {
        tags: TAGS,
        summary: 'Una liquidación con sus líneas (reserva, fecha, producto, cliente, total, comisión, importe).',
        params: ZIdParams,
        response: { 200: ZCommissionStatementDetailResponse, ...errorResponses },
      },
    },
    async (req) => service.getStatement(app.db, req.actor, assertId(req.params.id, WHAT)),
  );

  r.post(
    API_PATHS.commissionStatementSettle,
    {
      onRequest: write,
      schema: {
        tags: TAGS,
        summary:
          'Marcar una liquidación como pagada (fecha, forma de pago, referencia). Solo una vez: ya pagada, 409 STATE_CONFLICT; una liquidación pagada no cambia nunca.',
        params: ZIdParams,
        body: ZCommissionSettleRequest,
        response: { 200: ZCommissionStatementDetailResponse, ...errorResponses },
      },
    },
    async (req) => service.settleStatement(app.db, req.actor, assertId(req.params.id, WHAT), req.body, new Date()),
  );

  app.get(
    API_PATHS.commissionStatementExport,
    {
      onRequest: read,
      schema: {
        tags: TAGS,
        summary: 'Una liquidación con sus líneas como archivo CSV (UTF-8 con BOM, separado por ";").',
        params: ZIdParams,
        response: {
          200: { description: 'Archivo CSV', content: { 'text/csv': { schema: csvResponses[200] } } },
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const file = await service.statementCsv(app.db, req.actor, assertId(id, WHAT), new Date());
      return reply
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .type('text/csv; charset=utf-8')
        .send(file.body);
    },
  );
}

/**
 * «Informes» (issue 34, ADR 025): GET /reports/{sales,occupancy,cancellations,taxes} as JSON, and
 * each as a file: `/export.csv` and `/export.xlsx` with the same query, roles and scope.
 */
import {
  API_PATHS,
  OCCUPANCY_MAX_DEPARTURES,
  REPORT_ACCESS,
  reportFileName,
  type TReportKind,
  ZCancellationsReportQuery,
  ZCancellationsReportResponse,
  ZOccupancyReportQuery,
  ZOccupancyReportResponse,
  ZSalesReportQuery,
  ZSalesReportResponse,
  ZTaxesReportQuery,
  ZTaxesReportResponse,
} from '@trayecto/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { errorResponses } from '../../lib/route-schemas';
import type { Actor } from '../../lib/tenant';
import {
  cancellationsTable,
  occupancyTable,
  type ReportTable,
  reportCsv,
  reportXlsx,
  salesTable,
  taxesTable,
} from './reports.export';
import * as service from './reports.service';

const TAGS = ['Informes'];
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const PERIOD_RULES =
  'Periodo: from y to (AAAA-MM-DD, ambos incluidos, días en la zona horaria del tour operador), from ≤ to y como mucho 366 días (si no, 422 VALIDATION en to). Administrador: todos los tour operadores o tour_operator_id.';

type Report<Q extends z.ZodType, R> = {
  kind: TReportKind;
  path: string;
  csvPath: string;
  xlsxPath: string;
  summary: string;
  query: Q;
  response: z.ZodType<R>;
  run: (db: DbOrTx, actor: Actor, q: z.infer<Q>) => Promise<R>;
  table: (r: R) => ReportTable;
  /** What a file asks instead of the screen's query (occupancy: every departure, not one page). */
  fileQuery?: (q: z.infer<Q>) => z.infer<Q>;
};

function registerReport<Q extends z.ZodType, R>(app: FastifyInstance, report: Report<Q, R>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireRoles(REPORT_ACCESS[report.kind]);
  // Generic over the report: the untyped registration (the schemas still validate and serialise).
  app.get(
    report.path,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: report.summary,
        description: PERIOD_RULES,
        querystring: report.query,
        response: { 200: report.response, ...errorResponses },
      },
    },
    // Reports tolerate a second of lag: the read replica when there is one (ADR 033).
    async (req) => report.run(req.dbRead, req.actor, req.query as z.infer<Q>),
  );

  const file = async (req: FastifyRequest, reply: FastifyReply, ext: 'csv' | 'xlsx') => {
    const q = req.query as z.infer<Q> & { from: string; to: string };
    const table = report.table(await report.run(req.dbRead, req.actor, report.fileQuery ? report.fileQuery(q) : q));
    const body = ext === 'csv' ? reportCsv(table) : await reportXlsx(table);
    return reply
      .header('Content-Disposition', `attachment; filename="${reportFileName(report.kind, q.from, q.to, ext)}"`)
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .type(ext === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
      .send(body);
  };

  r.get(
    report.csvPath,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: `${report.summary} — como CSV`,
        description: `${PERIOD_RULES} El mismo informe como archivo CSV (UTF-8 con BOM, separado por ";", coma decimal, importes en euros), con una fila de totales; se descarga como informe-<informe>-<from>-<to>.csv.`,
        querystring: report.query,
        response: {
          200: {
            description: 'Archivo CSV',
            content: { 'text/csv': { schema: z.string().describe('Archivo CSV (UTF-8 con BOM, separado por ";")') } },
          },
          ...errorResponses,
        },
      },
    },
    async (req, reply) => file(req, reply, 'csv'),
  );

  r.get(
    report.xlsxPath,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: `${report.summary} — como Excel`,
        description: `${PERIOD_RULES} El mismo informe como libro de Excel (una hoja: título, fila de cabecera, importes como números con formato €, días como fechas, totales); se descarga como informe-<informe>-<from>-<to>.xlsx.`,
        querystring: report.query,
        response: {
          200: {
            description: 'Libro de Excel (.xlsx)',
            content: { [XLSX_TYPE]: { schema: z.string().describe('Libro de Excel (Office Open XML)') } },
          },
          ...errorResponses,
        },
      },
    },
    async (req, reply) => file(req, reply, 'xlsx'),
  );
}

export async function reportsRoutes(app: FastifyInstance) {
  registerReport(app, {
    kind: 'sales',
    path: API_PATHS.reportSales,
    csvPath: API_PATHS.reportSalesCsv,
    xlsxPath: API_PATHS.reportSalesXlsx,
    summary:
      'Informe de ventas de un periodo por día, producto, canal, vendedor o agencia (group_by), por fecha de venta o de servicio (basis): reservas, pasajeros, importe bruto, descuentos, comisiones, cancelaciones y neto. Un Vendedor ve solo sus ventas (por día, producto o canal).',
    query: ZSalesReportQuery,
    response: ZSalesReportResponse,
    run: service.salesReport,
    table: salesTable,
  });
  registerReport(app, {
    kind: 'occupancy',
    path: API_PATHS.reportOccupancy,
    csvPath: API_PATHS.reportOccupancyCsv,
    xlsxPath: API_PATHS.reportOccupancyXlsx,
    summary:
      'Informe de ocupación: las salidas del periodo por páginas (page, per_page: fecha, hora, producto, capacidad, plazas vendidas, %) y los totales por producto, que cuentan todas; product_id filtra un producto. Los archivos CSV y Excel llevan todas las salidas (hasta 2.000). Niveles 0 y 1.',
    query: ZOccupancyReportQuery,
    response: ZOccupancyReportResponse,
    run: service.occupancyReport,
    table: occupancyTable,
    fileQuery: (q) => ({ ...q, page: 1, per_page: OCCUPANCY_MAX_DEPARTURES }),
  });
  registerReport(app, {
    kind: 'cancellations',
    path: API_PATHS.reportCancellations,
    csvPath: API_PATHS.reportCancellationsCsv,
    xlsxPath: API_PATHS.reportCancellationsXlsx,
    summary:
      'Informe de cancelaciones y no presentados de las salidas del periodo, por motivo: reservas, pasajeros, importe y reembolsado. Un Vendedor ve solo las suyas.',
    query: ZCancellationsReportQuery,
    response: ZCancellationsReportResponse,
    run: service.cancellationsReport,
    table: cancellationsTable,
  });
  registerReport(app, {
    kind: 'taxes',
    path: API_PATHS.reportTaxes,
    csvPath: API_PATHS.reportTaxesCsv,
    xlsxPath: API_PATHS.reportTaxesXlsx,
    summary:
      'Resumen de impuestos (IGIC o IVA según el territorio del tour operador) por tipo: base, cuota y total de las reservas no canceladas del periodo (por fecha de servicio, o de venta con basis=sale). Precios con impuesto incluido: base = round(total × 100 / (100 + tipo)) por reserva. Niveles 0 y 1.',
    query: ZTaxesReportQuery,
    response: ZTaxesReportResponse,
    run: service.taxesReport,
    table: taxesTable,
  });
}

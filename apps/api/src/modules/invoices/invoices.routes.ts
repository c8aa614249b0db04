/**
 * "Facturas" (issue 34, ADR 025): invoices, corrective invoices and their VERI*FACTU records for the
 * office (levels 0, 1 and 3: ACCESS.invoices; the administrator every operator's), and the
 * customer's own on the public booking page (no token: the booking's link, rate-limited, errors in
 * their language, as the other public booking endpoints).
 */
import {
  ACCESS,
  API_PATHS,
  INVOICE_MSG,
  isPublicLocale,
  type TInvoiceResponse,
  ZErrorResponse,
  ZInvoiceCorrectionRequest,
  ZInvoiceIssueRequest,
  ZInvoiceRecordResponse,
  ZInvoiceResponse,
  ZPublicInvoiceIssueRequest,
} from '@trayecto/shared';
import type { FastifyInstance, FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { parseListQuery } from '../../lib/filters';
import { assertId } from '../../lib/ids';
import { setPagingHeaders } from '../../lib/pagination';
import { registerPublicRateLimits } from '../../lib/rate-limit';
import { errorResponses, listFilters, ZIdParams, ZListQuery } from '../../lib/route-schemas';
import { translatePublicErrors } from '../public/public.i18n';
import { renderInvoicePdf } from './invoices.pdf';
import { INVOICE_LIST_SPEC } from './invoices.repository';
import * as service from './invoices.service';

const TAGS = ['Facturas'];
const WHAT = 'La factura';

/** The record as the resend answers it, with an example (the OpenAPI document's). */
const ZInvoiceRecordResendResponse = ZInvoiceRecordResponse.meta({
  description: 'El registro, de nuevo «pending», con su envío encolado',
  example: {
    id: '5b0d9c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
    invoice_id: '3f1c2b8e-6a4d-4e1f-9b2a-7c5d8e9f0a1b',
    tour_operator_id: '6b0e7f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    seq: 42,
    kind: 'alta',
    fields: {
      IDEmisorFactura: 'B12345674',
      NumSerieFactura: 'F2027-000042',
      FechaExpedicionFactura: '14-07-2027',
      TipoFactura: 'F2',
      CuotaTotal: '7.52',
      ImporteTotal: '115.00',
      Huella: 'A6B2F3C4D5E6F708192A3B4C5D6E7F8091A2B3C4D5E6F708192A3B4C5D6E7F80',
      FechaHoraHusoGenRegistro: '2027-07-14T10:20:30+01:00',
    },
    issuer_nif: 'B12345674',
    invoice_code: 'F2027-000042',
    issue_date: '14-07-2027',
    invoice_type: 'F2',
    tax_total: '7.52',
    total: '115.00',
    generated_at: '2027-07-14T10:20:30+01:00',
    previous_fingerprint: 'A6B2F3C4D5E6F708192A3B4C5D6E7F8091A2B3C4D5E6F708192A3B4C5D6E7F80',
    fingerprint: '0F1E2D3C4B5A69788796A5B4C3D2E1F00F1E2D3C4B5A69788796A5B4C3D2E1F0',
    fingerprint_input:
      'IDEmisorFactura=B12345674&NumSerieFactura=F2027-000042&FechaExpedicionFactura=14-07-2027&TipoFactura=F2&CuotaTotal=7.52&ImporteTotal=115.00&Huella=A6B2F3C4D5E6F708192A3B4C5D6E7F8091A2B3C4D5E6F708192A3B4C5D6E7F80&FechaHoraHusoGenRegistro=2027-07-14T10:20:30+01:00',
    previous: { seq: 41, invoice_id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', invoice_code: 'F2027-000041' },
    xml: '<sum1:RegistroAlta xmlns:sum1="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd">…</sum1:RegistroAlta>',
    state: 'pending',
    attempts: 8,
    last_error: '',
    aeat_csv: null,
    sent_at: null,
    created_at: '2027-07-14T09:20:30.000Z',
  },
});

const personalAnswer: onRequestAsyncHookHandler = async (_req, reply) => {
  reply.header('Cache-Control', 'private, no-store');
};

/** The OpenAPI answer of a PDF: the file, or the usual JSON errors. */
const pdfAnswer = {
  description: 'La factura en PDF',
  content: { 'application/pdf': { schema: z.string().describe('Documento PDF (binario)') } },
};

/** The invoice as its PDF, in its language (the booking's), with the QR code of its verification URL. */
async function sendPdf(reply: FastifyReply, inv: TInvoiceResponse) {
  const pdf = await renderInvoicePdf(
    {
      code: inv.code,
      type: inv.type,
      issue_date: inv.issue_date,
      issuer_name: inv.issuer.name,
      issuer_tax_id: inv.issuer.tax_id,
      issuer_address: inv.issuer.address,
      customer_name: inv.customer.name,
      customer_tax_id: inv.customer.tax_id,
      customer_address: inv.customer.address,
      customer_country: inv.customer.country,
      tax_kind: inv.tax_kind,
      lines: inv.lines,
      taxes: inv.taxes,
      base_cents: inv.base_cents,
      tax_cents: inv.tax_cents,
      total_cents: inv.total_cents,
      corrected_code: inv.corrects?.code ?? null,
      corrected_issue_date: inv.corrects?.issue_date ?? null,
      reason: inv.reason || null,
      replaced_code: inv.replaces?.code ?? null,
    },
    {
      qrUrl: inv.qr_url,
      // The languages of the public pages (an invoice issued before they were checked may hold another).
      language: isPublicLocale(inv.language) ? inv.language : 'es',
    },
  );
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename="${inv.code.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf"`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}

export async function invoicesRoutes(app: FastifyInstance) {
  service.configureInvoices(app.config);
  const roles = ACCESS.invoices;
  const guard = app.requireRoles(roles);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_PATHS.invoices,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary:
          'Facturas emitidas (completas, simplificadas y rectificativas), de la más reciente a la más antigua. Filtros: series (F2027, R2027), year, booking_id, type, issue_date, code y, para el administrador, tour_operator_id; q busca por número, cliente o NIF. Total en X-Total-Count.',
        querystring: ZListQuery,
        ...listFilters(INVOICE_LIST_SPEC),
        response: { 200: z.array(ZInvoiceResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const params = parseListQuery(req.query as Record<string, unknown>, INVOICE_LIST_SPEC);
      // A list: the read replica when there is one (ADR 033).
      const { items, total } = await service.listInvoices(req.dbRead, req.actor, params);
      setPagingHeaders(req, reply, { page: params.page, perPage: params.perPage, total });
      return items;
    },
  );

  r.get(
    API_PATHS.invoice,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary:
          'Una factura, con sus rectificativas, lo que queda por rectificar y el estado de su registro VERI*FACTU',
        params: ZIdParams,
        response: { 200: ZInvoiceResponse, ...errorResponses },
      },
    },
    async (req) => service.getInvoice(app.db, req.actor, assertId(req.params.id, WHAT)),
  );

  r.get(
    API_PATHS.invoiceRecord,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary:
          'El registro de facturación VERI*FACTU de la factura: los campos de la huella tal como se escribieron, el texto sobre el que se calcula (SHA-256, hexadecimal en mayúsculas), la huella anterior de la cadena del tour operador, el XML y su estado de envío a la AEAT.',
        params: ZIdParams,
        response: { 200: ZInvoiceRecordResponse, ...errorResponses },
      },
    },
    async (req) => service.getInvoiceRecord(app.db, req.actor, assertId(req.params.id, WHAT)),
  );

  r.post(
    API_PATHS.invoiceRecordResend,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: 'Reenviar a la AEAT el registro VERI*FACTU de la factura',
        description: [
          'Para un registro que quedó «Error» (la AEAT no respondió en ningún intento) o «Rechazado» (una vez corregida la causa: el certificado, el NIF del productor…), o uno aún pendiente que se quiere enviar ya.',
          'No envía nada en la petición: el registro vuelve a «Pendiente de envío» y se encola un trabajo `invoices.send` que lo envía en segundo plano (con los demás pendientes del tour operador, en el orden de la cadena); responde 202 con el registro tal como queda.',
          `Un registro que la AEAT ya aceptó no se reenvía: 409 STATE_CONFLICT («${INVOICE_MSG.recordAlreadySent}»).`,
        ].join(' '),
        params: ZIdParams,
        response: { 202: ZInvoiceRecordResendResponse, ...errorResponses },
      },
    },
    async (req, reply) =>
      reply.code(202).send(await service.resendInvoiceRecord(app.db, req.actor, assertId(req.params.id, WHAT))),
  );

  r.post(
    API_PATHS.invoiceCorrections,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary:
          'Emitir una factura rectificativa (R5 de una simplificada, R1 de una completa) por una devolución o cancelación: importe en negativo; por defecto todo lo que queda por rectificar. Más de lo facturado menos lo ya rectificado → 422 CORRECTION_EXCEEDS_INVOICED; una rectificativa, o una simplificada sustituida por una completa, no se rectifica → 409 CONFLICT.',
        params: ZIdParams,
        body: ZInvoiceCorrectionRequest,
        response: { 201: ZInvoiceResponse, ...errorResponses },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.correctInvoice(app.db, req.actor, assertId(req.params.id, WHAT), req.body)),
  );

  // Untyped (as the CSV exports): the answer is a file, not JSON.
  app.get(
    API_PATHS.invoicePdf,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: 'La factura en PDF, en el idioma de la reserva, con el código QR de la AEAT y la leyenda VERI*FACTU',
        params: ZIdParams,
        response: { 200: pdfAnswer, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendPdf(reply, await service.getInvoice(app.db, req.actor, assertId(id, WHAT)));
    },
  );

  r.get(
    API_PATHS.bookingInvoices,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: 'Las facturas de una reserva (completas, simplificadas y rectificativas), de la primera a la última',
        params: ZIdParams,
        response: { 200: z.array(ZInvoiceResponse), ...errorResponses },
      },
    },
    async (req) => service.listBookingInvoices(app.db, req.actor, assertId(req.params.id, 'La reserva')),
  );

  r.post(
    API_PATHS.bookingInvoices,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary:
          'Emitir la factura de una reserva pagada: kind simplified (F2) o full con los datos fiscales del cliente (F1; F3 si sustituye a su simplificada). Pedir otra vez la que ya tiene responde esa misma (200) en lugar de emitir otra (201); si ya tiene una completa, responde la completa. Sin pagar por completo → 409 NOT_INVOICEABLE; NIF/NIE/CIF o NIF-IVA mal formado → 422 en customer.tax_id.',
        params: ZIdParams,
        body: ZInvoiceIssueRequest,
        response: { 200: ZInvoiceResponse, 201: ZInvoiceResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const out = await service.issueInvoiceAsStaff(app.db, req.actor, assertId(req.params.id, 'La reserva'), req.body);
      return reply.code(out.created ? 201 : 200).send(out.invoice);
    },
  );

  // The customer's: its own scope for the public limits and the translated errors.
  await app.register(async (pub) => {
    const limit = await registerPublicRateLimits(pub, pub.publicRateLimit);
    pub.addHook('onSend', translatePublicErrors);
    const p = pub.withTypeProvider<ZodTypeProvider>();
    const publicErrors = {
      400: ZErrorResponse,
      404: ZErrorResponse,
      409: ZErrorResponse,
      422: ZErrorResponse,
      429: ZErrorResponse,
    } as const;
    const bookingIdOf = (id: string) => {
      try {
        return assertId(id, 'La reserva');
      } catch {
        throw new AppError({ code: 'NOT_FOUND', message: 'Reserva no encontrada' });
      }
    };

    p.get(
      API_PATHS.publicBookingInvoices,
      {
        onRequest: [personalAnswer, limit.read],
        schema: {
          tags: ['Público'],
          security: [],
          summary: 'Las facturas de la reserva del cliente (con el enlace de su reserva)',
          params: z.object({ id: z.string() }),
          response: { 200: z.array(ZInvoiceResponse), ...publicErrors },
        },
      },
      async (req) => service.listPublicInvoices(app.db, bookingIdOf(req.params.id)),
    );

    p.post(
      API_PATHS.publicBookingInvoices,
      {
        onRequest: [personalAnswer, limit.write],
        // No body asks for the simplified invoice: read as {} (the page may POST nothing).
        preValidation: async (req) => {
          if (req.body === undefined || req.body === null) req.body = {};
        },
        schema: {
          tags: ['Público'],
          security: [],
          summary:
            'El cliente pide su factura: sin cuerpo (o {}), la simplificada; con customer (sus datos fiscales), una completa (que sustituye a la simplificada si ya la tenía). La que ya existe se responde con 200; una nueva, 201. Sin pagar por completo → 409 NOT_INVOICEABLE.',
          params: z.object({ id: z.string() }),
          body: ZPublicInvoiceIssueRequest.optional(),
          response: { 200: ZInvoiceResponse, 201: ZInvoiceResponse, ...publicErrors },
        },
      },
      async (req, reply) => {
        const out = await service.issuePublicInvoice(app.db, bookingIdOf(req.params.id), req.body ?? {}, {
          requestId: req.id,
          ip: req.ip,
        });
        return reply.code(out.created ? 201 : 200).send(out.invoice);
      },
    );

    pub.get(
      API_PATHS.publicInvoicePdf,
      {
        onRequest: [personalAnswer, limit.read],
        schema: {
          tags: ['Público'],
          security: [],
          summary: 'Una factura de la reserva del cliente en PDF (con el enlace de su reserva)',
          params: z.object({ id: z.string(), invoiceId: z.string() }),
          response: { 200: pdfAnswer, ...publicErrors },
        },
      },
      async (req, reply) => {
        const params = req.params as { id: string; invoiceId: string };
        const bookingId = bookingIdOf(params.id);
        let invoiceId: string;
        try {
          invoiceId = assertId(params.invoiceId, WHAT);
        } catch {
          throw new AppError({ code: 'NOT_FOUND', message: 'Factura no encontrada' });
        }
        return sendPdf(reply, await service.getPublicInvoice(app.db, bookingId, invoiceId));
      },
    );
  });
}

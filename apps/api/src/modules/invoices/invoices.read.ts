/**
 * Reading invoices (issue 34, ADR 025): the lists, one invoice with what it corrects, replaces and
 * is corrected by, and its VERI*FACTU record with the previous one, so the chain can be recomputed.
 */
import type { TInvoiceRecordResponse, TInvoiceResponse } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import type { Actor } from '../../lib/tenant';
import { type InvoiceRelations, toInvoiceResponse, toRecordResponse } from './invoices.mapper';
import * as repo from './invoices.repository';
import { verifactuMode } from './invoices.settings';

const INVOICE = 'La factura';
const BOOKING = 'La reserva';

async function relationsOf(db: DbOrTx, rows: repo.InvoiceRow[]): Promise<Map<string, InvoiceRelations>> {
  const ids = rows.map((r) => r.id);
  const refIds = [...new Set(rows.flatMap((r) => [r.correctsId, r.replacesId]).filter((x): x is string => !!x))];
  const [refs, dependents, records] = await Promise.all([
    repo.findInvoicesByIds(db, refIds),
    repo.findDependents(db, ids),
    repo.findRecordsOf(db, ids),
  ]);
  const byId = new Map(refs.map((r) => [r.id, r]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        corrects: r.correctsId ? (byId.get(r.correctsId) ?? null) : null,
        replaces: r.replacesId ? (byId.get(r.replacesId) ?? null) : null,
        replacedBy: dependents.find((d) => d.replacesId === r.id) ?? null,
        corrections: dependents.filter((d) => d.correctsId === r.id),
        record: records.get(r.id) ?? null,
      },
    ]),
  );
}

async function respond(db: DbOrTx, views: repo.InvoiceView[]): Promise<TInvoiceResponse[]> {
  const rel = await relationsOf(db, views);
  return views.map((v) => toInvoiceResponse(v, rel.get(v.id) as InvoiceRelations, verifactuMode()));
}

export async function readInvoice(db: DbOrTx, actor: Actor | null, id: string): Promise<TInvoiceResponse> {
  const v = await repo.findInvoice(db, actor, id);
  if (!v) throw notFound(INVOICE);
  const [out] = await respond(db, [v]);
  return out;
}

/** GET /invoices: the actor's operator's (every operator's for the administrator). */
export async function listInvoices(db: DbOrTx, actor: Actor, params: ListParams) {
  const { rows, total } = await repo.listInvoices(db, actor, params);
  return { items: await respond(db, rows), total };
}

/** GET /invoices/{id}. */
export const getInvoice = (db: DbOrTx, actor: Actor, id: string) => readInvoice(db, actor, id);

/** GET /bookings/{id}/invoices (staff) — 404 for a booking the actor may not see. */
export async function listBookingInvoices(db: DbOrTx, actor: Actor, bookingId: string): Promise<TInvoiceResponse[]> {
  if (!(await repo.bookingVisible(db, actor, bookingId))) throw notFound(BOOKING);
  return respond(db, await repo.listBookingInvoices(db, bookingId));
}

/** GET /public/bookings/{id}/invoices: the customer's, by their booking's link. */
export async function listPublicInvoices(db: DbOrTx, bookingId: string): Promise<TInvoiceResponse[]> {
  if (!(await repo.bookingVisible(db, null, bookingId))) throw notFound('Reserva no encontrada');
  return respond(db, await repo.listBookingInvoices(db, bookingId));
}

/** One of the booking's invoices, for the public PDF (404 when it is another booking's). */
export async function getPublicInvoice(db: DbOrTx, bookingId: string, invoiceId: string): Promise<TInvoiceResponse> {
  if (!(await repo.bookingVisible(db, null, bookingId))) throw notFound('Reserva no encontrada');
  const inv = await readInvoice(db, null, invoiceId);
  if (inv.booking_id !== bookingId) throw notFound(INVOICE);
  return inv;
}

/**
 * GET /invoices/{id}/record: the invoice's record with the fingerprint's fields as written, the
 * text hashed and the previous record, so that anyone can recompute the chain.
 */
export async function getInvoiceRecord(db: DbOrTx, actor: Actor, id: string): Promise<TInvoiceRecordResponse> {
  const v = await repo.findInvoice(db, actor, id);
  if (!v) throw notFound(INVOICE);
  const record = await repo.findRecordOfInvoice(db, id);
  if (!record) throw notFound('El registro de facturación');
  const previous = record.seq > 1 ? await repo.findRecordBySeq(db, record.tourOperatorId, record.seq - 1) : undefined;
  return toRecordResponse(record, previous);
}

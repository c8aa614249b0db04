/**
 * Invoices through the API (issue 34 items 5–9, ADR 025) on a real database: issuing a paid booking's
 * simplified and full invoices (once, however many ask at once), corrective invoices never above what
 * was invoiced, gapless numbering across concurrent issuers, the roles, the customer's own on the
 * public page, the PDF, and the VERI*FACTU chain recomputed here with node:crypto from what the
 * record endpoint publishes (not with verifactu.ts). Every answer is checked against the OpenAPI
 * document (build-app.ts).
 */
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TAX_ID_MSG } from '@trayecto/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createOperator, createUser, createWorld, login } from '../../../test/factories';
import { verifactuSchemaErrors } from '../../../test/fixtures/verifactu-xsd/validate';
import {
  auditLog,
  bookings,
  invoiceCounters,
  invoiceRecords,
  invoices,
  products,
  tourOperators,
} from '../../db/schema';
import { booked, bookingBody, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { submissionBody } from './invoices.xml';

let app: FastifyInstance;
let w: World;
let productA: { id: string };
let productB: { id: string };

const NIF_A = 'B12345674';

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  await app.db
    .update(tourOperators)
    .set({
      legalName: 'Teide Aventura S.L.',
      taxId: NIF_A,
      address: 'Calle La Marina 1, 38001 Santa Cruz de Tenerife',
      taxTerritory: 'canarias',
      timezone: 'Atlantic/Canary',
    })
    .where(eq(tourOperators.id, w.A.op.id));
  await app.db
    .update(tourOperators)
    .set({ legalName: 'Bahía Tours S.L.', taxId: 'A58818501', taxTerritory: 'peninsula' })
    .where(eq(tourOperators.id, w.B.op.id));
  productA = await mkProduct(app, w.tokens.A1, { capacity: 500 });
  productB = await mkProduct(app, w.tokens.B1, { capacity: 500 });
}, 60_000);
afterAll(async () => {
  await app?.close();
});

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

/** A booking of 2 adults and a child (115,00 €) at `rate` percent, paid in full when `paid`. */
async function paidBooking(token: string, productId: string, o: { rate?: number; paid?: boolean } = {}) {
  const b = await booked(app, token, bookingBody(productId));
  await app.db
    .update(bookings)
    .set({ taxRate: o.rate ?? 7 })
    .where(eq(bookings.id, b.id));
  if (o.paid !== false) {
    const pay = await call('POST', `/api/v1/bookings/${b.id}/payments`, token, {
      amount_cents: b.total_cents,
      method: 'cash',
    });
    expect(pay.statusCode, pay.body).toBe(201);
  }
  return b as { id: string; total_cents: number; locator: string };
}

const issue = (token: string, bookingId: string, body: object = { kind: 'simplified' }) =>
  call('POST', `/api/v1/bookings/${bookingId}/invoices`, token, body);

const fullCustomer = {
  name: 'Viajes Atlántico S.L.',
  tax_id: 'esb-12345674',
  address: 'Calle del Castillo 12',
  postcode: '38002',
  city: 'Santa Cruz de Tenerife',
  country: 'ES',
};

describe('POST /api/v1/bookings/{id}/invoices', () => {
  it('issues the simplified invoice of a paid booking: IGIC in the Canaries, lines, taxes, its record and the QR URL', async () => {
    const b = await paidBooking(w.tokens.A1, productA.id);
    const res = await issue(w.tokens.A3, b.id);
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json();
    expect(inv).toMatchObject({
      booking_id: b.id,
      booking_locator: b.locator,
      type: 'F2',
      type_name: 'Factura simplificada',
      tax_kind: 'IGIC',
      issuer: { name: 'Teide Aventura S.L.', tax_id: NIF_A },
      total_cents: 11500,
      taxes: [{ rate: 7, base_cents: 10748, tax_cents: 752 }],
      base_cents: 10748,
      tax_cents: 752,
      correctable_cents: 11500,
      actor: { kind: 'staff', id: w.A.l3.id, name: 'Olga Operadora A' },
      record: { state: 'pending', kind: 'alta', attempts: 0 },
    });
    expect(inv.code).toMatch(/^F\d{4}-\d{6}$/);
    expect(inv.series).toBe(inv.code.slice(0, 5));
    expect(inv.lines.map((l: { quantity: number; total_cents: number }) => [l.quantity, l.total_cents])).toEqual([
      [2, 9000],
      [1, 2500],
    ]);
    const qr = new URL(inv.qr_url);
    expect(qr.origin + qr.pathname).toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR');
    expect(Object.fromEntries(qr.searchParams)).toEqual({
      nif: NIF_A,
      numserie: inv.code,
      fecha: inv.issue_date.split('-').reverse().join('-'),
      importe: '115.00',
    });
    // The booking's history: an audit entry with who issued it.
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, b.id), eq(auditLog.action, 'invoice')));
    expect(entries).toHaveLength(1);
    expect(entries[0].summary).toContain(inv.code);
    expect(entries[0].actorId).toBe(w.A.l3.id);
    // …and the job that sends its record.
    const jobs = await app.db.execute<{ kind: string }>(
      sql`select kind from jobs where dedupe_key = ${`invoices.send:${inv.record.id}`}`,
    );
    expect(jobs.rows.map((r) => r.kind)).toEqual(['invoices.send']);
  });

  it('answers the existing invoice when asked again (200), and one invoice when asked twice at once', async () => {
    const b = await paidBooking(w.tokens.A1, productA.id);
    const [r1, r2, r3] = await Promise.all([
      issue(w.tokens.A1, b.id),
      issue(w.tokens.A3, b.id),
      issue(w.tokens.A1, b.id),
    ]);
    expect([r1.statusCode, r2.statusCode, r3.statusCode].sort()).toEqual([200, 200, 201]);
    expect(new Set([r1.json().id, r2.json().id, r3.json().id]).size).toBe(1);
    const again = await issue(w.tokens.A1, b.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(r1.json().id);
    const rows = await app.db.select().from(invoices).where(eq(invoices.bookingId, b.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a booking not paid in full (409 NOT_INVOICEABLE), and writes nothing', async () => {
    const b = await paidBooking(w.tokens.A1, productA.id, { paid: false });
    const res = await issue(w.tokens.A1, b.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_INVOICEABLE');
    expect(res.json().message).toMatch(/pagada/);
    expect(await app.db.select().from(invoices).where(eq(invoices.bookingId, b.id))).toHaveLength(0);
  });

  it('refuses an operator without its legal name and NIF', async () => {
    const op = await createOperator(app, { name: 'Sin datos' });
    const u = await createUser(app, { level: 1, tourOperatorId: op.id });
    const token = await login(app, u.email);
    const p = await mkProduct(app, token);
    const b = await paidBooking(token, p.id);
    const res = await issue(token, b.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/datos fiscales del tour operador/);
  });

  it('validates the customer’s tax id by its shape and the Spanish check letter (422 on customer.tax_id)', async () => {
    const b = await paidBooking(w.tokens.A1, productA.id);
    const bad = await issue(w.tokens.A1, b.id, { kind: 'full', customer: { ...fullCustomer, tax_id: '12345678A' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['customer.tax_id']).toEqual([TAX_ID_MSG.spanishCheck]);
    const vat = await issue(w.tokens.A1, b.id, {
      kind: 'full',
      customer: { ...fullCustomer, country: 'DE', tax_id: '12345' },
    });
    expect(vat.statusCode).toBe(422);
    expect(vat.json().errors['customer.tax_id']).toEqual([TAX_ID_MSG.vatShape('DE')]);
    const none = await issue(w.tokens.A1, b.id, { kind: 'full' });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toContain('customer');
  });

  it('issues a full invoice (F1) with the customer’s data; an EU customer’s VAT number carries its prefix', async () => {
    const b = await paidBooking(w.tokens.A1, productA.id);
    const res = await issue(w.tokens.A1, b.id, {
      kind: 'full',
      customer: { ...fullCustomer, name: 'Hans Müller GmbH', country: 'DE', tax_id: '123456789' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'F1',
      customer: { name: 'Hans Müller GmbH', tax_id: 'DE123456789', country: 'DE' },
    });
    expect(res.json().customer.address).toBe('Calle del Castillo 12, 38002 Santa Cruz de Tenerife');
    // A later request for the simplified one answers the full invoice.
    const simplified = await issue(w.tokens.A1, b.id);
    expect(simplified.statusCode).toBe(200);
    expect(simplified.json().id).toBe(res.json().id);
  });

  it('replaces a simplified invoice by a full one (F3), and the simplified one can no longer be corrected', async () => {
    const b = await paidBooking(w.tokens.A1, productA.id);
    const f2 = (await issue(w.tokens.A1, b.id)).json();
    const res = await issue(w.tokens.A1, b.id, { kind: 'full', customer: fullCustomer });
    expect(res.statusCode, res.body).toBe(201);
    const f3 = res.json();
    expect(f3).toMatchObject({
      type: 'F3',
      replaces: { id: f2.id, code: f2.code, type: 'F2' },
      customer: { tax_id: 'B12345674', country: 'ES' },
      total_cents: f2.total_cents,
    });
    const f2now = (await call('GET', `/api/v1/invoices/${f2.id}`, w.tokens.A1)).json();
    expect(f2now.replaced_by).toMatchObject({ id: f3.id });
    expect(f2now.correctable_cents).toBe(0);
    const corr = await call('POST', `/api/v1/invoices/${f2.id}/corrections`, w.tokens.A1, { reason: 'Devolución' });
    expect(corr.statusCode).toBe(409);
    const record = (await call('GET', `/api/v1/invoices/${f3.id}/record`, w.tokens.A1)).json();
    expect(record.xml).toContain('<sum1:FacturasSustituidas>');
    expect(record.xml).toContain(`<sum1:NumSerieFactura>${f2.code}</sum1:NumSerieFactura>`);
  });
});

describe('POST /api/v1/invoices/{id}/corrections', () => {
  it('corrects up to what was invoiced: R5 of a simplified invoice, negative, by default what is left; never more', async () => {
    const b = await paidBooking(w.tokens.A1, productA.id);
    const f2 = (await issue(w.tokens.A1, b.id)).json();
    const url = `/api/v1/invoices/${f2.id}/corrections`;
    const tooMuch = await call('POST', url, w.tokens.A1, { amount_cents: 11501, reason: 'Devolución' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().code).toBe('CORRECTION_EXCEEDS_INVOICED');
    expect(tooMuch.json().errors.amount_cents[0]).toMatch(/115,00 €/);
    const noReason = await call('POST', url, w.tokens.A1, { amount_cents: 100, reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['Campo requerido']);

    const part = await call('POST', url, w.tokens.A3, { amount_cents: 2500, reason: 'Un niño no viajó' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({
      type: 'R5',
      corrects: { id: f2.id, code: f2.code },
      reason: 'Un niño no viajó',
      total_cents: -2500,
      taxes: [{ rate: 7, base_cents: -2336, tax_cents: -164 }],
    });
    expect(part.json().code).toMatch(/^R\d{4}-\d{6}$/);
    expect(part.json().lines[0].total_cents).toBe(-2500);
    const after = (await call('GET', `/api/v1/invoices/${f2.id}`, w.tokens.A1)).json();
    expect(after.correctable_cents).toBe(9000);
    expect(after.corrections.map((c: { id: string }) => c.id)).toEqual([part.json().id]);

    const over = await call('POST', url, w.tokens.A1, { amount_cents: 9001, reason: 'Cancelación' });
    expect(over.statusCode).toBe(422);
    const rest = await call('POST', url, w.tokens.A1, { reason: 'Cancelación' });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().total_cents).toBe(-9000);
    const done = await call('POST', url, w.tokens.A1, { reason: 'Otra' });
    expect(done.statusCode).toBe(422);
    expect(done.json().code).toBe('CORRECTION_EXCEEDS_INVOICED');
    // A corrective invoice is not corrected itself.
    const ofR = await call('POST', `/api/v1/invoices/${rest.json().id}/corrections`, w.tokens.A1, { reason: 'x' });
    expect(ofR.statusCode).toBe(409);
  });

  it('two corrections at once never exceed the invoice together; R1 corrects a full invoice', async () => {
    const b = await paidBooking(w.tokens.A1, productA.id);
    const f1 = (await issue(w.tokens.A1, b.id, { kind: 'full', customer: fullCustomer })).json();
    const url = `/api/v1/invoices/${f1.id}/corrections`;
    const answers = await Promise.all(
      [0, 1, 2].map(() => call('POST', url, w.tokens.A1, { amount_cents: 5000, reason: 'Devolución' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 422]);
    expect(answers.find((a) => a.statusCode === 201)?.json().type).toBe('R1');
    const [{ sum }] = (
      await app.db.execute<{ sum: number }>(
        sql`select coalesce(sum(total_cents), 0)::int as sum from invoices where corrects_id = ${f1.id}`,
      )
    ).rows;
    expect(Number(sum)).toBe(-10000);
  });
});

describe('numbering and the chain', () => {
  it('numbers 20 concurrent issues over 10 bookings 1..10 without gaps or repeats, and chains their records', async () => {
    const op = await createOperator(app, {
      name: 'Numeración',
      legalName: 'Numeración S.L.',
      taxId: 'B12345674',
      taxTerritory: 'peninsula',
    });
    const u = await createUser(app, { level: 1, tourOperatorId: op.id });
    const token = await login(app, u.email);
    const p = await mkProduct(app, token, { capacity: 500 });
    const list = [];
    for (let i = 0; i < 10; i++) list.push(await paidBooking(token, p.id, { rate: 21 }));
    const answers = await Promise.all(list.flatMap((b) => [issue(token, b.id), issue(token, b.id)]));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    const rows = await app.db.select().from(invoices).where(eq(invoices.tourOperatorId, op.id));
    expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(
      rows.every((r) => r.taxKind === 'IVA' && r.code === `${r.series}-${String(r.number).padStart(6, '0')}`),
    ).toBe(true);
    const counters = await app.db.select().from(invoiceCounters).where(eq(invoiceCounters.tourOperatorId, op.id));
    expect(Object.fromEntries(counters.map((c) => [c.series.replace(/\d+/, ''), c.lastNumber]))).toEqual({
      F: 10,
      VF: 10,
    });
    const records = await app.db
      .select()
      .from(invoiceRecords)
      .where(eq(invoiceRecords.tourOperatorId, op.id))
      .orderBy(invoiceRecords.seq);
    expect(records.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(records[0].previousFingerprint).toBe('');
    for (let i = 1; i < records.length; i++) expect(records[i].previousFingerprint).toBe(records[i - 1].fingerprint);

    // The list by series and year, paged.
    const series = rows[0].series;
    const page = await call('GET', `/api/v1/invoices?series=${series}&year=${series.slice(1)}&per_page=4`, token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('10');
    expect(page.json()).toHaveLength(4);
  });

  it('recomputes every fingerprint of an operator’s chain from the record endpoint, independently (node:crypto)', async () => {
    const ids = (
      await app.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.tourOperatorId, w.A.op.id))
    ).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(5);
    const records = [];
    for (const id of ids) {
      const res = await call('GET', `/api/v1/invoices/${id}/record`, w.tokens.A1);
      expect(res.statusCode).toBe(200);
      records.push(res.json());
    }
    records.sort((a, b) => a.seq - b.seq);
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => i + 1));
    let previous = '';
    let generated = '';
    for (const r of records) {
      // Each record generated no earlier than the one before it (same offset here: text order is time order).
      expect(r.generated_at >= generated).toBe(true);
      generated = r.generated_at;
      expect(r.previous_fingerprint).toBe(previous);
      // The specification's text, built here from the published fields.
      const f = r.fields;
      const text = [
        `IDEmisorFactura=${f.IDEmisorFactura}`,
        `NumSerieFactura=${f.NumSerieFactura}`,
        `FechaExpedicionFactura=${f.FechaExpedicionFactura}`,
        `TipoFactura=${f.TipoFactura}`,
        `CuotaTotal=${f.CuotaTotal}`,
        `ImporteTotal=${f.ImporteTotal}`,
        `Huella=${f.Huella}`,
        `FechaHoraHusoGenRegistro=${f.FechaHoraHusoGenRegistro}`,
      ].join('&');
      expect(r.fingerprint_input).toBe(text);
      expect(f.Huella).toBe(previous);
      expect(f.IDEmisorFactura).toBe(NIF_A);
      expect(f.FechaExpedicionFactura).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(f.CuotaTotal).toMatch(/^-?\d+\.\d{2}$/);
      expect(f.FechaHoraHusoGenRegistro).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      expect(r.fingerprint).toBe(createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase());
      expect(r.xml).toContain(`<sum1:Huella>${r.fingerprint}</sum1:Huella>`);
      if (r.seq > 1) {
        expect(r.previous.seq).toBe(r.seq - 1);
        expect(r.xml).toContain(`<sum1:Huella>${previous}</sum1:Huella>`);
      } else {
        expect(r.previous).toBeNull();
        expect(r.xml).toContain('<sum1:PrimerRegistro>S</sum1:PrimerRegistro>');
      }
      previous = r.fingerprint;
    }
    // Every record the app wrote (F2, F1 with a foreign recipient, F3, R5, R1…) is valid against the
    // AEAT's schemas, sent together as one submission; the producer is the issuer by default.
    expect(new Set(records.map((r) => r.invoice_type))).toEqual(new Set(['F1', 'F2', 'F3', 'R1', 'R5']));
    for (const r of records) {
      expect(r.xml).toContain(
        `<sum1:SistemaInformatico><sum1:NombreRazon>Teide Aventura S.L.</sum1:NombreRazon><sum1:NIF>${NIF_A}</sum1:NIF>`,
      );
    }
    const body = submissionBody(
      { name: 'Teide Aventura S.L.', nif: NIF_A },
      records.map((r) => r.xml),
    );
    expect(await verifactuSchemaErrors(body)).toEqual([]);
  }, 60_000);
});

describe('roles and tenants', () => {
  it('a Vendedor (2), a Chofer (4) and a Guía (5) are refused; another operator’s invoice is 404; the administrator sees all', async () => {
    const b = await paidBooking(w.tokens.A1, productA.id);
    const inv = (await issue(w.tokens.A1, b.id)).json();
    for (const t of [w.tokens.A2, w.tokens.A4, w.tokens.A5]) {
      expect((await call('GET', '/api/v1/invoices', t)).statusCode).toBe(403);
      expect((await issue(t, b.id)).statusCode).toBe(403);
      expect((await call('GET', `/api/v1/invoices/${inv.id}`, t)).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/v1/invoices/${inv.id}`, w.tokens.B1)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/invoices/${inv.id}/record`, w.tokens.B1)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/invoices/${inv.id}/pdf`, w.tokens.B1)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/v1/invoices/${inv.id}/corrections`, w.tokens.B1, { reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await issue(w.tokens.B1, b.id)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/bookings/${b.id}/invoices`, w.tokens.B1)).statusCode).toBe(404);
    const mine = (await call('GET', '/api/v1/invoices?per_page=500', w.tokens.B1)).json();
    expect(mine.every((i: { tour_operator_id: string }) => i.tour_operator_id === w.B.op.id)).toBe(true);

    const bB = await paidBooking(w.tokens.B1, productB.id, { rate: 21 });
    const invB = (await issue(w.tokens.B1, bB.id)).json();
    expect(invB.tax_kind).toBe('IVA');
    const all = await call('GET', `/api/v1/invoices?per_page=500`, w.tokens.admin);
    const ops = new Set(all.json().map((i: { tour_operator_id: string }) => i.tour_operator_id));
    expect(ops.has(w.A.op.id) && ops.has(w.B.op.id)).toBe(true);
    const onlyB = await call('GET', `/api/v1/invoices?tour_operator_id=${w.B.op.id}`, w.tokens.admin);
    expect(onlyB.json().every((i: { tour_operator_id: string }) => i.tour_operator_id === w.B.op.id)).toBe(true);
    expect((await call('GET', `/api/v1/invoices/${inv.id}`, w.tokens.admin)).statusCode).toBe(200);
  });

  it('lists a booking’s invoices for its screen, and filters by booking_id and type', async () => {
    const b = await paidBooking(w.tokens.A1, productA.id);
    const f2 = (await issue(w.tokens.A1, b.id)).json();
    await call('POST', `/api/v1/invoices/${f2.id}/corrections`, w.tokens.A1, { amount_cents: 100, reason: 'Ajuste' });
    const list = await call('GET', `/api/v1/bookings/${b.id}/invoices`, w.tokens.A3);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((i: { type: string }) => i.type)).toEqual(['F2', 'R5']);
    const filtered = await call('GET', `/api/v1/invoices?booking_id=${b.id}&type=R5`, w.tokens.A1);
    expect(filtered.json().map((i: { type: string }) => i.type)).toEqual(['R5']);
    expect((await call('GET', '/api/v1/invoices?type=X9', w.tokens.A1)).statusCode).toBe(400);
  });
});

/** poppler-utils reads the PDF's text (CI has it; without it, skipped outside CI as in invoices.pdf.test.ts). */
const HAS_POPPLER = !spawnSync('pdftotext', ['-v']).error;

describe('the PDF', () => {
  it.skipIf(!HAS_POPPLER && !process.env.CI)(
    'is written in the customer’s language: labels, the product’s translated name, passenger types, the correction line',
    async () => {
      const product = await mkProduct(app, w.tokens.A1, { capacity: 50 });
      await app.db
        .update(products)
        .set({ translations: { en: { name: 'Teide by night' } } })
        .where(eq(products.id, product.id));
      const b = await paidBooking(w.tokens.A1, product.id);
      await app.db.update(bookings).set({ language: 'en' }).where(eq(bookings.id, b.id));
      const f2 = (await issue(w.tokens.A1, b.id)).json();
      expect(f2.language).toBe('en');
      expect(f2.lines.map((l: { description: string }) => l.description)).toEqual([
        expect.stringMatching(/^Teide by night \(\d{2}\/\d{2}\/\d{4}\) · Adult$/),
        expect.stringMatching(/^Teide by night \(\d{2}\/\d{2}\/\d{4}\) · Child$/),
      ]);
      const r5 = await call('POST', `/api/v1/invoices/${f2.id}/corrections`, w.tokens.A1, {
        amount_cents: 2500,
        reason: 'Un niño no viajó',
      });
      expect(r5.statusCode, r5.body).toBe(201);
      expect(r5.json().lines.map((l: { description: string }) => l.description)).toEqual([
        `Correction of invoice ${f2.code}`,
      ]);
      // What goes to the AEAT stays Spanish.
      const record = (await call('GET', `/api/v1/invoices/${f2.id}/record`, w.tokens.A1)).json();
      expect(record.xml).toContain('<sum1:DescripcionOperacion>Excursión ');

      const dir = await mkdtemp(join(tmpdir(), 'invoice-language-'));
      try {
        const textOf = async (id: string) => {
          const pdf = await call('GET', `/api/v1/invoices/${id}/pdf`, w.tokens.A1);
          expect(pdf.statusCode).toBe(200);
          const path = join(dir, `${id}.pdf`);
          await writeFile(path, pdf.rawPayload);
          return (await promisify(execFile)('pdftotext', ['-layout', path, '-'])).stdout;
        };
        const simplified = await textOf(f2.id);
        for (const words of ['Simplified invoice', 'Teide by night', 'Adult', 'Child', 'Unit price', 'Tax base']) {
          expect(simplified).toContain(words);
        }
        const corrective = await textOf(r5.json().id);
        for (const words of ['Corrective invoice', `Correction of invoice ${f2.code}`, 'Reason', 'Un niño no viajó']) {
          expect(corrective).toContain(words);
        }
        // No Spanish word Trayecto writes is left in what the customer reads (the AEAT's legends, the
        // Spanish title under the translated one and the tax's name are Spanish by rule).
        const spanish =
          /Adulto|Niño|Bebé|Excursión|Rectificación|Descuento|Otros conceptos|Precio ud|Base imponible|Motivo|Número|Fecha\b/;
        expect(simplified).not.toMatch(spanish);
        expect(corrective).not.toMatch(spanish);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('answers the invoice as an inline PDF, not cached', async () => {
    const b = await paidBooking(w.tokens.A1, productA.id);
    const inv = (await issue(w.tokens.A1, b.id)).json();
    const res = await call('GET', `/api/v1/invoices/${inv.id}/pdf`, w.tokens.A3);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${inv.code}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the customer’s invoice on the public booking page', () => {
  it('asks for the simplified one with no body, then a full one with tax data; lists them; the PDF by the link', async () => {
    const b = await paidBooking(w.tokens.A1, productA.id);
    const url = `/api/v1/public/bookings/${b.id}/invoices`;
    const first = await app.inject({ method: 'POST', url });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.json()).toMatchObject({ type: 'F2', actor: { kind: 'customer', id: null } });
    const again = await app.inject({ method: 'POST', url, payload: {} });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const bad = await app.inject({
      method: 'POST',
      url,
      payload: { customer: { ...fullCustomer, tax_id: 'X1234567A' } },
    });
    expect(bad.statusCode).toBe(422);
    const full = await app.inject({ method: 'POST', url, payload: { customer: fullCustomer } });
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json().type).toBe('F3');
    const list = await app.inject({ method: 'GET', url });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((i: { type: string }) => i.type)).toEqual(['F2', 'F3']);
    const pdf = await app.inject({ method: 'GET', url: `${url}/${full.json().id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Another booking's invoice through this link, an unknown booking, a malformed id: 404.
    const other = await paidBooking(w.tokens.A1, productA.id);
    const otherInv = (await issue(w.tokens.A1, other.id)).json();
    expect((await app.inject({ method: 'GET', url: `${url}/${otherInv.id}/pdf` })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/public/bookings/${crypto.randomUUID()}/invoices` })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/v1/public/bookings/nope/invoices' })).statusCode).toBe(404);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, b.id), eq(auditLog.action, 'invoice')));
    expect(audit.map((a) => a.actorKind)).toEqual(['customer', 'customer']);
  });

  it('refuses an unpaid booking with the code, in the customer’s language', async () => {
    const b = await paidBooking(w.tokens.A1, productA.id, { paid: false });
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/public/bookings/${b.id}/invoices`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_INVOICEABLE');
  });
});

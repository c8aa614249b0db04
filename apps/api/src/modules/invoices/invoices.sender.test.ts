/**
 * The VERI*FACTU sender (issue 34 item 6, ADR 025) against a local server standing in for the AEAT
 * (test/stand-ins/aeat-verifactu.ts), on a real database, driven by the background runner's `tick`:
 * accepted records are `sent` with the CSV, refused ones `rejected` with the AEAT's reason, an AEAT
 * that is down is retried with back-off (and the sale never waits), a duplicate counts as sent, the
 * last attempt leaves them `failed`, and without AEAT_VERIFACTU_URL they stay `pending`.
 */
import { INVOICE_MSG } from '@trayecto/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createOperator, createUser, login } from '../../../test/factories';
import { type AeatStandIn, startAeatStandIn } from '../../../test/stand-ins/aeat-verifactu';
import { auditLog, bookings, invoiceRecords } from '../../db/schema';
import { booked, bookingBody, mkProduct } from '../bookings/bookings.test-helpers';
import { NO_ENDPOINT_MESSAGE, sendPendingRecords } from './invoices.sender';

let aeat: AeatStandIn;
let app: FastifyInstance;
let token: string;
let sellerToken: string;
let otherToken: string;
let productId: string;

beforeAll(async () => {
  aeat = await startAeatStandIn();
  app = await buildTestApp({ env: { AEAT_VERIFACTU_URL: aeat.url } });
  const op = await createOperator(app, {
    name: 'Envíos',
    legalName: 'Envíos & Cía S.L.',
    taxId: 'B12345674',
    taxTerritory: 'canarias',
    timezone: 'Atlantic/Canary',
  });
  const u = await createUser(app, { level: 1, tourOperatorId: op.id });
  token = await login(app, u.email);
  sellerToken = await login(app, (await createUser(app, { level: 2, tourOperatorId: op.id })).email);
  const other = await createOperator(app, { name: 'Otro', legalName: 'Otro S.L.', taxId: 'A58818501' });
  otherToken = await login(app, (await createUser(app, { level: 1, tourOperatorId: other.id })).email);
  productId = (await mkProduct(app, token, { capacity: 500 })).id;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await aeat?.close();
});

/** A paid booking's simplified invoice: its id and its record's id. */
async function invoiced(): Promise<{ id: string; code: string; recordId: string }> {
  const b = await booked(app, token, bookingBody(productId));
  await app.db.update(bookings).set({ taxRate: 7 }).where(eq(bookings.id, b.id));
  const pay = await app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${b.id}/payments`,
    headers: bearer(token),
    payload: { amount_cents: b.total_cents, method: 'cash' },
  });
  expect(pay.statusCode).toBe(201);
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${b.id}/invoices`,
    headers: bearer(token),
    payload: { kind: 'simplified' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id, code: res.json().code, recordId: res.json().record.id };
}

const recordOf = async (id: string) => {
  const [r] = await app.db.select().from(invoiceRecords).where(eq(invoiceRecords.id, id));
  return r;
};
const jobOf = async (recordId: string) => {
  const res = await app.db.execute<{ state: string; attempts: number; last_error: string | null }>(
    sql`select state, attempts, last_error from jobs where dedupe_key = ${`invoices.send:${recordId}`}`,
  );
  return res.rows[0];
};
const tick = (at = new Date()) => app.background.runner.tick(at);

describe('sending the records', () => {
  it('sends the pending records in the chain’s order as one SOAP submission; accepted → sent with the CSV', async () => {
    aeat.mode = 'accept';
    const a = await invoiced();
    const b = await invoiced();
    const before = aeat.requests.length;
    await tick();
    const sent = aeat.requests.slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent[0].contentType).toBe('text/xml; charset=utf-8');
    expect(sent[0].body).toContain('<sum:RegFactuSistemaFacturacion ');
    expect(sent[0].body).toContain('<sum1:NombreRazon>Envíos &amp; Cía S.L.</sum1:NombreRazon>');
    // Each record went once, the first before the second.
    expect(sent.flatMap((r) => r.numbers)).toEqual([a.code, b.code]);
    for (const x of [a, b]) {
      const r = await recordOf(x.recordId);
      expect(r.state).toBe('sent');
      expect(r.aeatCsv).toMatch(/^A-STANDIN\d{6}$/);
      expect(r.sentAt).not.toBeNull();
      expect(r.attempts).toBe(1);
      expect((await jobOf(x.recordId)).state).toBe('done');
    }
    // The invoice's answer shows it.
    const inv = await app.inject({ method: 'GET', url: `/api/v1/invoices/${a.id}`, headers: bearer(token) });
    expect(inv.json().record).toMatchObject({ state: 'sent', aeat_csv: expect.stringMatching(/^A-/) });
  });

  it('a record the AEAT refuses is rejected with its code and reason, and not retried', async () => {
    aeat.mode = 'reject';
    const a = await invoiced();
    await tick();
    const r = await recordOf(a.recordId);
    expect(r.state).toBe('rejected');
    expect(r.lastError).toBe('1100: Valor o tipo incorrecto del campo: NIF');
    expect((await jobOf(a.recordId)).state).toBe('done');
  });

  it('a SOAP fault rejects the submission’s records', async () => {
    aeat.mode = 'fault';
    const a = await invoiced();
    await tick();
    const r = await recordOf(a.recordId);
    expect(r.state).toBe('rejected');
    expect(r.lastError).toContain('4102');
  });

  it('the AEAT down: the sale and the invoice do not wait; retried with back-off, sent once it is up', async () => {
    aeat.mode = 'down';
    const a = await invoiced();
    const now = new Date();
    await tick(now);
    let r = await recordOf(a.recordId);
    expect(r.state).toBe('pending');
    expect(r.attempts).toBe(1);
    expect(r.lastError).toMatch(/503/);
    const job = await jobOf(a.recordId);
    expect(job.state).toBe('queued');
    expect(job.last_error).toMatch(/503/);
    // Not before its back-off (a minute).
    const requests = aeat.requests.length;
    await tick(new Date(now.getTime() + 10_000));
    expect(aeat.requests.length).toBe(requests);
    aeat.mode = 'accept';
    await tick(new Date(now.getTime() + 2 * 60_000));
    r = await recordOf(a.recordId);
    expect(r.state).toBe('sent');
    expect(r.attempts).toBe(2);
    expect(r.lastError).toBe('');
  });

  it('a record the AEAT already has (a duplicate) counts as sent', async () => {
    aeat.mode = 'accept';
    const a = await invoiced();
    await tick();
    expect((await recordOf(a.recordId)).state).toBe('sent');
    // As if another process had sent it too: back to pending, sent again.
    await app.db.update(invoiceRecords).set({ state: 'pending' }).where(eq(invoiceRecords.id, a.recordId));
    const r0 = await recordOf(a.recordId);
    await sendPendingRecords(
      app.db,
      { url: aeat.url },
      { payload: { record_id: a.recordId, seq: r0.seq }, attempts: 1, maxAttempts: 8 },
    );
    expect((await recordOf(a.recordId)).state).toBe('sent');
  });

  it('after the last attempt the records are failed', async () => {
    aeat.mode = 'down';
    const a = await invoiced();
    const r0 = await recordOf(a.recordId);
    await expect(
      sendPendingRecords(
        app.db,
        { url: aeat.url },
        { payload: { record_id: a.recordId, seq: r0.seq }, attempts: 8, maxAttempts: 8 },
      ),
    ).rejects.toThrow(/503/);
    const r = await recordOf(a.recordId);
    expect(r.state).toBe('failed');
    expect(r.lastError).toMatch(/503/);
  });

  it('without AEAT_VERIFACTU_URL the records stay pending and the job says why', async () => {
    aeat.mode = 'accept';
    const a = await invoiced();
    const r0 = await recordOf(a.recordId);
    const requests = aeat.requests.length;
    await expect(
      sendPendingRecords(app.db, {}, { payload: { record_id: a.recordId, seq: r0.seq }, attempts: 1, maxAttempts: 8 }),
    ).rejects.toThrow(NO_ENDPOINT_MESSAGE);
    const r = await recordOf(a.recordId);
    expect(r.state).toBe('pending');
    expect(r.lastError).toBe(NO_ENDPOINT_MESSAGE);
    expect(aeat.requests.length).toBe(requests);
  });
});

describe('the sweep of what was left pending', () => {
  it('sends each operator’s pending records once the AEAT answers again (the invoices.send-pending task)', async () => {
    aeat.mode = 'down';
    const a = await invoiced();
    const b = await invoiced();
    await tick();
    expect((await recordOf(a.recordId)).state).toBe('pending');
    aeat.mode = 'accept';
    const run = await app.background.runner.runTask('invoices.send-pending');
    expect(run.ran).toBe(true);
    expect(run.result).toBeGreaterThanOrEqual(2);
    expect((await recordOf(a.recordId)).state).toBe('sent');
    expect((await recordOf(b.recordId)).state).toBe('sent');
  });
});

describe('sending a record again from the office (POST /invoices/{id}/record/resend)', () => {
  const resend = (invoiceId: string, as = token) =>
    app.inject({ method: 'POST', url: `/api/v1/invoices/${invoiceId}/record/resend`, headers: bearer(as) });
  const queuedJobsOf = async (recordId: string) =>
    (
      await app.db.execute<{ dedupe_key: string }>(
        sql`select dedupe_key from jobs where kind = 'invoices.send' and state = 'queued' and payload->>'record_id' = ${recordId}`,
      )
    ).rows;

  it('a rejected record goes back to pending and its sending is queued (never sent in the request); the runner sends it', async () => {
    aeat.mode = 'reject';
    const a = await invoiced();
    await tick();
    expect((await recordOf(a.recordId)).state).toBe('rejected');
    // The cause put right (here the AEAT answers again), the office sends it again.
    aeat.mode = 'accept';
    const before = aeat.requests.length;
    const res = await resend(a.id);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ id: a.recordId, invoice_id: a.id, state: 'pending', last_error: '' });
    // Queued for the background runner, nothing sent inline.
    expect(aeat.requests.length).toBe(before);
    expect((await queuedJobsOf(a.recordId)).map((j) => j.dedupe_key)).toEqual([
      expect.stringMatching(new RegExp(`^invoices\\.send:${a.recordId}:resend:`)),
    ]);
    const inv = await app.inject({ method: 'GET', url: `/api/v1/invoices/${a.id}`, headers: bearer(token) });
    expect(inv.json().record.state).toBe('pending');

    await tick();
    // The AEAT (its stand-in) received it again, and accepted it.
    expect(aeat.requests.slice(before).flatMap((r) => r.numbers)).toContain(a.code);
    const r = await recordOf(a.recordId);
    expect(r.state).toBe('sent');
    expect(r.aeatCsv).toMatch(/^A-STANDIN/);
    expect(r.attempts).toBe(2);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice'), sql`${auditLog.summary} like ${`${INVOICE_MSG.recordResent}%`}`));
    expect(audit.map((e) => e.summary)).toContainEqual(expect.stringContaining(a.code));
  });

  it('a record the AEAT accepted is not sent again: 409 with the reason in Spanish, nothing queued', async () => {
    aeat.mode = 'accept';
    const a = await invoiced();
    await tick();
    expect((await recordOf(a.recordId)).state).toBe('sent');
    const res = await resend(a.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'STATE_CONFLICT', message: INVOICE_MSG.recordAlreadySent });
    expect(await queuedJobsOf(a.recordId)).toEqual([]);
    expect((await recordOf(a.recordId)).state).toBe('sent');
  });

  it('a failed record (the AEAT away past every attempt) is queued again and sent once the AEAT answers', async () => {
    aeat.mode = 'down';
    const a = await invoiced();
    const r0 = await recordOf(a.recordId);
    await expect(
      sendPendingRecords(
        app.db,
        { url: aeat.url },
        { payload: { record_id: a.recordId, seq: r0.seq }, attempts: 8, maxAttempts: 8 },
      ),
    ).rejects.toThrow(/503/);
    expect((await recordOf(a.recordId)).state).toBe('failed');
    aeat.mode = 'accept';
    const res = await resend(a.id);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().state).toBe('pending');
    await tick();
    expect((await recordOf(a.recordId)).state).toBe('sent');
  });

  it('the office only (levels 0, 1, 3), its own operator’s invoices', async () => {
    aeat.mode = 'reject';
    const a = await invoiced();
    await tick();
    expect((await resend(a.id, sellerToken)).statusCode).toBe(403);
    expect((await resend(a.id, otherToken)).statusCode).toBe(404);
    expect((await resend(crypto.randomUUID())).statusCode).toBe(404);
    expect((await recordOf(a.recordId)).state).toBe('rejected');
  });
});

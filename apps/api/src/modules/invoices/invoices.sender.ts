/**
 * Sends VERI*FACTU records to the AEAT (issue 34, ADR 025): the `invoices.send` job (one per record,
 * enqueued with the invoice) posts its operator's pending records up to it, in the chain's order, as
 * one SOAP submission (RegFactuSistemaFacturacion) to `AEAT_VERIFACTU_URL`, and reads the answer:
 *
 * - a record accepted (`Correcto`, `AceptadoConErrores`) → `sent`, with the submission's CSV; one the
 *   AEAT already had (error 3000, a duplicate: an earlier try got through) counts as sent too;
 * - a record refused (`Incorrecto`, or a SOAP fault) → `rejected` with the AEAT's code and text (it
 *   needs a correction by a person; no retry);
 * - no answer (the AEAT down, a 5xx, a time-out) → the attempt is counted, the job fails and the
 *   runner retries it with back-off; after the job's last attempt the records are `failed`.
 *
 * Without `AEAT_VERIFACTU_URL` nothing is sent: the records stay `pending` and the job fails saying
 * why (the state screen shows it). Outside any transaction: a sale never waits for the AEAT. Two jobs
 * of one operator in this process take turns; across processes a repeat is answered as a
 * duplicate, which counts as sent.
 */
import type { DbOrTx } from '../../db/client';
import * as repo from './invoices.repository';
import { parseSubmissionAnswer, submissionEnvelope } from './invoices.xml';

/** The most records one submission carries (the AEAT takes up to 1000). */
export const MAX_RECORDS_PER_SUBMISSION = 1000;
export const DEFAULT_SEND_TIMEOUT_MS = 30_000;
/** The AEAT's code for a record it already has. */
const DUPLICATE_CODE = '3000';

export const NO_ENDPOINT_MESSAGE =
  'AEAT_VERIFACTU_URL no está configurada: los registros de facturación quedan pendientes de envío';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export type SenderOptions = {
  url?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
};

export type SendJob = {
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
};

/** The sends in hand in this process, by operator: one at a time each. */
const inHand = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const before = inHand.get(key) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(fn);
  const tail = run.catch(() => undefined);
  inHand.set(key, tail);
  try {
    return await run;
  } finally {
    if (inHand.get(key) === tail) inHand.delete(key);
  }
}

/** The `invoices.send` job's work (see the module's comment). */
export async function sendPendingRecords(db: DbOrTx, o: SenderOptions, job: SendJob): Promise<{ sent: number }> {
  const recordId = String(job.payload.record_id ?? '');
  const record = await repo.findRecord(db, recordId);
  if (record?.state !== 'pending') return { sent: 0 };
  if (!o.url) {
    await repo.markRecords(db, [record.id], { lastError: NO_ENDPOINT_MESSAGE });
    throw new Error(NO_ENDPOINT_MESSAGE);
  }
  const url = o.url;
  return oneAtATime(record.tourOperatorId, () => sendBatch(db, { ...o, url }, record, job));
}

async function sendBatch(
  db: DbOrTx,
  o: SenderOptions & { url: string },
  record: repo.InvoiceRecordRow,
  job: SendJob,
): Promise<{ sent: number }> {
  const pending = await repo.pendingRecords(db, record.tourOperatorId, record.seq, MAX_RECORDS_PER_SUBMISSION);
  if (pending.length === 0) return { sent: 0 };
  const issuer = await repo.findIssuer(db, record.tourOperatorId);
  const envelope = submissionEnvelope(
    { name: issuer?.legalName.trim() || issuer?.name || '', nif: record.issuerNif },
    pending.map((r) => r.xml),
  );
  const ids = pending.map((r) => r.id);
  const last = job.attempts >= job.maxAttempts;
  const giveUp = async (reason: string) => {
    await repo.markRecords(db, ids, { attempt: true, lastError: reason, ...(last ? { state: 'failed' } : {}) });
    throw new Error(reason);
  };

  let status: number;
  let text: string;
  try {
    const res = await (o.fetch ?? fetch)(o.url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
      body: envelope,
      signal: AbortSignal.timeout(o.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS),
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return giveUp(`La AEAT no responde: ${why}`.slice(0, 500));
  }
  const answer = parseSubmissionAnswer(text);
  if (answer.fault) {
    // A fault is the AEAT refusing the submission itself (a malformed message): a person must look.
    await repo.markRecords(db, ids, {
      attempt: true,
      state: 'rejected',
      lastError: `AEAT: ${answer.fault}`.slice(0, 500),
    });
    return { sent: 0 };
  }
  if (status >= 300 || (!answer.state && answer.lines.length === 0)) {
    return giveUp(`La AEAT respondió ${status} sin un resultado que leer`);
  }
  const now = new Date();
  let sent = 0;
  const unanswered: string[] = [];
  for (const r of pending) {
    const line = answer.lines.find((l) => l.number === r.invoiceCode);
    if (!line) {
      if (answer.state === 'Correcto') {
        await repo.markRecords(db, [r.id], {
          attempt: true,
          state: 'sent',
          aeatCsv: answer.csv,
          lastError: '',
          sentAt: now,
        });
        sent++;
      } else unanswered.push(r.id);
      continue;
    }
    if (line.state === 'Correcto' || line.state === 'AceptadoConErrores' || line.code === DUPLICATE_CODE) {
      const note = line.state === 'AceptadoConErrores' ? `${line.code}: ${line.description}` : '';
      await repo.markRecords(db, [r.id], {
        attempt: true,
        state: 'sent',
        aeatCsv: answer.csv,
        lastError: note,
        sentAt: now,
      });
      sent++;
    } else {
      const reason = `${line.code}: ${line.description}`.slice(0, 500);
      await repo.markRecords(db, [r.id], { attempt: true, state: 'rejected', lastError: reason });
    }
  }
  if (unanswered.length > 0) {
    await repo.markRecords(db, unanswered, {
      attempt: true,
      lastError: 'La AEAT no dio respuesta para este registro',
      ...(last ? { state: 'failed' } : {}),
    });
    if (!last) throw new Error('La AEAT no respondió por todos los registros enviados');
  }
  return { sent };
}

/**
 * The `invoices.send-pending` task: what the jobs left `pending` (the AEAT was away longer than a
 * job's attempts, or AEAT_VERIFACTU_URL was set later) is sent again, each operator's pending records
 * in one submission. Never marks a record `failed` (its jobs did that); without an endpoint it does
 * nothing. Answers how many records were sent.
 */
export async function sendLeftPending(db: DbOrTx, o: SenderOptions, signal?: AbortSignal): Promise<number> {
  if (!o.url) return 0;
  let sent = 0;
  for (const r of await repo.latestPendingByOperator(db, 100)) {
    if (signal?.aborted) break;
    try {
      sent += (
        await sendPendingRecords(db, o, {
          payload: { record_id: r.id, seq: r.seq },
          attempts: 1,
          maxAttempts: Number.POSITIVE_INFINITY,
        })
      ).sent;
    } catch {
      // Counted on the records (attempts, last_error); the next run tries again.
    }
  }
  return sent;
}

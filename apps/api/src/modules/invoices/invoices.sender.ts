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
 *
 * The AEAT's endpoint asks for the operator's (or its representative's) qualified certificate by
 * mutual TLS: `AEAT_VERIFACTU_CERT_FILE` + `AEAT_VERIFACTU_KEY_FILE` (PEM) or
 * `AEAT_VERIFACTU_PFX_FILE` (PKCS#12), with `AEAT_VERIFACTU_PASSPHRASE`, read once at start-up into
 * an undici dispatcher the sender's requests go through (`aeatSenderOptions`). A refused handshake is
 * an attempt that failed (retried like the AEAT being away), its cause in the record's last error.
 */
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, fetch as undiciFetch } from 'undici';
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

/** The client certificate (and extra CAs to trust) the requests to the AEAT present. */
export type AeatTls = { cert?: Buffer; key?: Buffer; pfx?: Buffer; passphrase?: string; ca?: Buffer };

/** The configuration the sender reads (config/env.ts). */
export type AeatConfig = {
  AEAT_VERIFACTU_URL?: string;
  AEAT_VERIFACTU_CERT_FILE?: string;
  AEAT_VERIFACTU_KEY_FILE?: string;
  AEAT_VERIFACTU_PFX_FILE?: string;
  AEAT_VERIFACTU_PASSPHRASE?: string;
  AEAT_VERIFACTU_CA_FILE?: string;
};

function readConfigured(file: string | undefined, variable: string): Buffer | undefined {
  if (!file) return undefined;
  try {
    return readFileSync(file);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new Error(`${variable}: no se puede leer ${file} (${why})`);
  }
}

/** The certificate files of the configuration, read once (undefined when none is set). */
export function readAeatTls(c: AeatConfig): AeatTls | undefined {
  const tls: AeatTls = {
    cert: readConfigured(c.AEAT_VERIFACTU_CERT_FILE, 'AEAT_VERIFACTU_CERT_FILE'),
    key: readConfigured(c.AEAT_VERIFACTU_KEY_FILE, 'AEAT_VERIFACTU_KEY_FILE'),
    pfx: readConfigured(c.AEAT_VERIFACTU_PFX_FILE, 'AEAT_VERIFACTU_PFX_FILE'),
    ca: readConfigured(c.AEAT_VERIFACTU_CA_FILE, 'AEAT_VERIFACTU_CA_FILE'),
    passphrase: c.AEAT_VERIFACTU_PASSPHRASE,
  };
  return tls.cert || tls.pfx || tls.ca ? tls : undefined;
}

/**
 * `fetch` through an undici dispatcher that presents the client certificate on the TLS handshake
 * (and trusts `ca` besides the usual roots). Without `tls`, the platform's `fetch`.
 */
export function aeatFetch(tls: AeatTls | undefined): FetchLike {
  if (!tls) return (url, init) => fetch(url, init);
  const dispatcher = new Agent({
    connect: {
      cert: tls.cert,
      key: tls.key,
      pfx: tls.pfx,
      passphrase: tls.passphrase,
      ca: tls.ca ? [...rootCertificates, tls.ca.toString('utf8')] : undefined,
    },
  });
  return async (url, init) =>
    (await undiciFetch(url, { ...(init as object), dispatcher } as Parameters<
      typeof undiciFetch
    >[1])) as unknown as Response;
}

/**
 * What the `invoices.send` job and the `invoices.send-pending` task send with, from the
 * configuration: the endpoint and a `fetch` with the certificate (tests may give their own).
 */
export function aeatSenderOptions(c: AeatConfig, o: { fetch?: FetchLike; timeoutMs?: number } = {}): SenderOptions {
  return {
    url: c.AEAT_VERIFACTU_URL,
    fetch: o.fetch ?? aeatFetch(readAeatTls(c)),
    timeoutMs: o.timeoutMs,
  };
}

/** An error's message with its causes (undici's «fetch failed» says why in `cause`). */
function reasonOf(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e && parts.length < 4; e = (e as { cause?: unknown }).cause) {
    const text = e instanceof Error ? e.message : String(e);
    if (text && !parts.includes(text)) parts.push(text);
    if (!(e instanceof Error)) break;
  }
  return parts.join(': ');
}

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
    return giveUp(`La AEAT no responde: ${reasonOf(err)}`.slice(0, 500));
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

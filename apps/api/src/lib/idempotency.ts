/**
 * Idempotency keys (PRODUCT.md §4, as Stripe and the IETF "Idempotency-Key" draft define them),
 * kept in the `idempotency_keys` table so every API process sees them.
 *
 * - The first request with a key claims it: `INSERT … ON CONFLICT DO NOTHING`-style upsert of
 *   (scope, key, sha-256 of the canonical request, 'running'). Exactly one of any number of
 *   simultaneous requests wins the claim; the others find the row.
 * - A found row: another request hash → 422; still running → 409; done → the stored status and
 *   body are replayed (the route adds `Idempotent-Replayed: true`).
 * - The winner runs the handler, which stores its response *inside its own transaction*
 *   (`complete(tx, …)`), so a committed result and its key record commit together, or neither.
 *   Business refusals (4xx AppErrors, e.g. 409 no seats, 422) are stored too; anything else
 *   (5xx, lock timeouts, driver errors) deletes the key so a retry runs again.
 * - The claim's `created_at` is the fencing token: a key still `running` after 60 s (its process
 *   died) may be taken over by a retry, and the old request can then no longer complete it
 *   (its conditional UPDATE finds nothing and its transaction rolls back).
 * - Keys live 24 h: an older one is replaced by a new claim, and expired rows are purged by the
 *   `idempotency.purge` background task (background.ts), never inside a request.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@trayecto/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import stableStringify from 'safe-stable-stringify';
import { affectedRows, type Db, type DbOrTx } from '../db/client';
import { ASYNC_COMMIT } from '../db/pg-session';
import { AppError, fieldError, genericCode } from './app-error';

const IDEMPOTENCY_TTL_HOURS = 24;
/** A key still `running` after this long belongs to a request that died: a retry may take it over. */
const RUNNING_TAKEOVER_SECONDS = 60;
const PURGE_BATCH = 500;

const IDEMPOTENCY_MESSAGES = {
  missing: `Falta la cabecera ${IDEMPOTENCY_KEY_HEADER} (una clave única por cada reserva)`,
  invalid: `La cabecera ${IDEMPOTENCY_KEY_HEADER} debe tener entre 1 y 255 caracteres imprimibles`,
  mismatch: 'Esta clave de idempotencia ya se usó con otra petición',
  running: 'Tu reserva se está procesando, espera un momento',
} as const;

/** 1–255 printable ASCII characters, not only spaces (UUIDs, ULIDs, random tokens all fit). */
const KEY_RE = /^[\x20-\x7E]{1,255}$/;

/** The key of an `Idempotency-Key` header, or 400 with a Spanish message. */
export function parseIdempotencyKey(header: string | string[] | undefined): string {
  if (header === undefined) {
    throw fieldError('IDEMPOTENCY_KEY_INVALID', IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES.missing);
  }
  if (Array.isArray(header) || !KEY_RE.test(header) || header.trim() === '') {
    throw fieldError('IDEMPOTENCY_KEY_INVALID', IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES.invalid);
  }
  return header;
}

/**
 * JSON with object keys sorted at every level (safe-stable-stringify): the same request always
 * serialises the same. Undefined properties are left out and undefined array items read null, as
 * JSON.stringify does; nothing at all reads `null`.
 */
export function canonicalJson(value: unknown): string {
  return stableStringify(value) ?? 'null';
}

/** SHA-256 (hex) of the canonical JSON of a request. */
export const requestHash = (value: unknown) => createHash('sha256').update(canonicalJson(value)).digest('hex');

export type StoredResponse = { status: number; body: unknown };
/** A claimed key; `createdAt` (exact, as text) fences it against a later takeover. */
export type IdempotencyClaim = { scope: string; key: string; createdAt: string };
/**
 * Stores the response as the key's result; call it inside the transaction that writes the result.
 * Or, when the result is ONE statement with no transaction around it (ADR 042), make the store a
 * part of that statement with `inStatement`: its data-modifying CTE returns a row while the claim is
 * ours, and the caller's statement must write nothing when it returns none (then it throws `lost()`);
 * once that statement succeeded, call `stored()`.
 */
export type CompleteFn = ((tx: DbOrTx, response: StoredResponse) => Promise<void>) & {
  inStatement: (response: StoredResponse) => SQL;
  stored: () => void;
  lost: () => Error;
};

type KeyRow = {
  request_hash: string;
  state: string;
  response_status: number | null;
  response_body: unknown;
};

const TTL = sql.raw(`interval '${IDEMPOTENCY_TTL_HOURS} hours'`);
const TAKEOVER = sql.raw(`interval '${RUNNING_TAKEOVER_SECONDS} seconds'`);

/**
 * The statement that claims a key: inserts it as running, or takes over a row that expired (24 h)
 * or whose request died (running for over 60 s); no row when another live request holds it. Its
 * own transaction, committed asynchronously (ADR 048): a claim lost in a server crash is claimed
 * again by the retry, and whatever the request then commits flushes the claim's WAL with its own.
 */
export const claimStatement = (scope: string, key: string, hash: string) => sql`
    insert into idempotency_keys as k (scope, key, request_hash, state, created_at)
    select ${scope}::text, ${key}::text, ${hash}::text, 'running', clock_timestamp() from ${ASYNC_COMMIT}
    on conflict (scope, key) do update set
      request_hash = excluded.request_hash,
      state = 'running',
      response_status = null,
      response_body = null,
      created_at = excluded.created_at
    where k.created_at < now() - ${TTL} or (k.state = 'running' and k.created_at < now() - ${TAKEOVER})
    returning created_at::text as created_at`;

/** Claims a key ({@link claimStatement}); undefined when another live request holds it. */
async function claim(db: Db, scope: string, key: string, hash: string): Promise<IdempotencyClaim | undefined> {
  const res = await db.execute<{ created_at: string }>(claimStatement(scope, key, hash));
  const row = res.rows[0];
  return row ? { scope, key, createdAt: row.created_at } : undefined;
}

async function findKey(db: DbOrTx, scope: string, key: string): Promise<KeyRow | undefined> {
  const res = await db.execute<KeyRow>(sql`
    select request_hash, state, response_status, response_body
    from idempotency_keys where scope = ${scope} and key = ${key}`);
  return res.rows[0];
}

/** The UPDATE that stores the response of a claimed key if the claim is still ours (same `created_at`, running). */
const storeStatement = (c: IdempotencyClaim, response: StoredResponse) => sql`
    update idempotency_keys
    set state = 'done', response_status = ${response.status}, response_body = ${JSON.stringify(response.body ?? null)}::jsonb
    where scope = ${c.scope} and key = ${c.key} and state = 'running' and created_at = ${c.createdAt}::timestamptz`;

/** Stores the response of a claimed key, if the claim is still ours. Returns whether it did. */
async function store(db: DbOrTx, c: IdempotencyClaim, response: StoredResponse): Promise<boolean> {
  return affectedRows(await db.execute(storeStatement(c, response))) > 0;
}

/** Gives a claimed key up (the request failed unexpectedly): a retry with it runs again. */
async function release(db: DbOrTx, c: IdempotencyClaim) {
  await db.execute(sql`
    delete from idempotency_keys
    where scope = ${c.scope} and key = ${c.key} and state = 'running' and created_at = ${c.createdAt}::timestamptz`);
}

const RELEASE_RETRY_MS = 500;

/**
 * Retries `release` every half second until it works or the takeover window has passed. Safe: it
 * only deletes the row if it is still ours and still `running` (the failed transaction never
 * stored an answer). Lost on a process exit, where the takeover covers it.
 */
function releaseLater(db: DbOrTx, c: IdempotencyClaim, log?: FastifyBaseLogger) {
  const deadline = Date.now() + RUNNING_TAKEOVER_SECONDS * 1000;
  const attempt = () => {
    release(db, c).catch(() => {
      if (Date.now() + RELEASE_RETRY_MS < deadline) setTimeout(attempt, RELEASE_RETRY_MS).unref();
      else log?.warn({ scope: c.scope }, 'gave up releasing an idempotency key; the takeover will free it');
    });
  };
  setTimeout(attempt, RELEASE_RETRY_MS).unref();
}

/** Deletes keys older than 24 h (bounded batch; the background task repeats it). Returns how many. */
export async function purgeExpiredIdempotencyKeys(db: DbOrTx, limit = PURGE_BATCH): Promise<number> {
  const res = await db.execute(sql`
    delete from idempotency_keys where (scope, key) in (
      select scope, key from idempotency_keys where created_at < now() - ${TTL} limit ${limit})`);
  return affectedRows(res);
}

/**
 * A refusal stored before error answers carried `code` (issue 13) gets the generic code of its
 * status, so its replay still fits the error contract. Keys live 24 h: this can go a day after
 * that release.
 */
function withErrorCode(status: number, body: unknown): unknown {
  if (status < 400 || !body || typeof body !== 'object' || 'code' in body) return body;
  return { code: genericCode(status), ...body };
}

/** The answers worth keeping for a key: business refusals (4xx AppErrors other than 429). */
function storableError(err: unknown): StoredResponse | undefined {
  if (err instanceof AppError && err.status >= 400 && err.status < 500 && err.status !== 429) {
    return { status: err.status, body: err.toBody() };
  }
  return undefined;
}

const runningConflict = () =>
  new AppError({
    code: 'IDEMPOTENCY_IN_PROGRESS',
    message: IDEMPOTENCY_MESSAGES.running,
    headers: { 'Retry-After': '1' },
  });

/**
 * ADR 050: what a handler that claims its key with its own result reads. Its first read takes
 * {@link keyInUseColumn} (true when the key has a row: used, running or expired) with
 * {@link KeyProbe.values}, and hands the column's value to `check` before anything else: a key in
 * use stops the handler, and the classic path (claim first) answers it.
 */
export type KeyProbe = {
  values: { idempotencyScope: string; idempotencyKey: string };
  check: (inUse: boolean) => void;
};

/** The probe's column for a select template (ADR 040): its placeholders are {@link KeyProbe.values}. */
export const keyInUseColumn = sql<boolean>`exists (select 1 from idempotency_keys k
  where k.scope = ${sql.placeholder('idempotencyScope')}::text and k.key = ${sql.placeholder('idempotencyKey')}::text)`;

/** Thrown inside the optimistic path when the key turns out to be in use: the classic path takes over. */
class KeyInUse extends Error {
  constructor() {
    super('idempotency key in use: answered by the claim-first path');
  }
}

/**
 * A key that no row holds, written as done with its answer: no row when one appeared meanwhile (ON
 * CONFLICT waits for a concurrent writer of the same key, then does nothing). Synchronous commit:
 * the result it goes with is written by the same statement or transaction.
 */
const insertDoneStatement = (scope: string, key: string, hash: string, response: StoredResponse) => sql`
    insert into idempotency_keys (scope, key, request_hash, state, response_status, response_body, created_at)
    values (${scope}::text, ${key}::text, ${hash}::text, 'done', ${response.status}, ${JSON.stringify(response.body ?? null)}::jsonb, clock_timestamp())
    on conflict (scope, key) do nothing`;

/**
 * ADR 050: the key claimed by the result's own write, with no statement of its own. The handler
 * reads the key's state with its first read ({@link KeyProbe}) and writes the key, done with its
 * answer, in the statement or transaction that writes the result (`complete`). Answers undefined
 * when the key was in use, or was taken while the handler ran (its write then wrote nothing): the
 * caller runs the classic path, which replays, refuses (422) or answers 409.
 */
async function runClaimingWithResult(
  db: Db,
  req: { scope: string; key: string },
  hash: string,
  handler: (complete: CompleteFn, probe?: KeyProbe) => Promise<StoredResponse>,
  log?: FastifyBaseLogger,
): Promise<StoredResponse | undefined> {
  const insertDone = (response: StoredResponse) => insertDoneStatement(req.scope, req.key, hash, response);
  let completed = false;
  const probe: KeyProbe = {
    values: { idempotencyScope: req.scope, idempotencyKey: req.key },
    check: (inUse) => {
      if (inUse) throw new KeyInUse();
    },
  };
  const complete: CompleteFn = Object.assign(
    async (tx: DbOrTx, response: StoredResponse) => {
      // Taken meanwhile: refuse, so the caller's transaction rolls its result back.
      if (affectedRows(await tx.execute(insertDone(response))) === 0) throw new KeyInUse();
      completed = true;
    },
    {
      inStatement: (response: StoredResponse) => sql`${insertDone(response)} returning 1 as stored`,
      stored: () => {
        completed = true;
      },
      lost: () => new KeyInUse(),
    },
  );
  try {
    const response = await handler(complete, probe);
    if (!completed && affectedRows(await db.execute(insertDone(response))) === 0) {
      log?.warn({ scope: req.scope }, 'idempotency key taken while its request ran');
    }
    return response;
  } catch (err) {
    if (err instanceof KeyInUse) return undefined;
    const refusal = storableError(err);
    if (refusal) {
      let stored: boolean;
      try {
        stored = affectedRows(await db.execute(insertDone(refusal))) > 0;
      } catch (storeErr) {
        // Nothing was claimed: a retry simply runs again.
        log?.warn({ err: storeErr }, 'could not record the idempotency key outcome');
        throw err;
      }
      // The key was someone else's (a refusal found before the probe, a 404): answer theirs.
      if (!stored) return undefined;
    }
    throw err;
  }
}

/**
 * Runs `handler` at most once per (scope, key) and request: see the module comment. The handler
 * gets `complete`, to call inside its transaction with the response it is about to return; if it
 * never calls it, the response is stored right after it returns.
 *
 * With `claimWithResult` (ADR 050), the handler first runs without a claim: it gets a
 * {@link KeyProbe} for its first read and its `complete` writes the key, done, with the result. A
 * key in use or taken meanwhile falls back to the claim first, the handler run again without a probe.
 *
 * Answers the response and whether it was replayed; throws 422 for the key reused with another
 * request, 409 while the first request runs, and the handler's own errors (stored when they are
 * business refusals).
 */
export async function runIdempotent(
  db: Db,
  req: { scope: string; key: string; payload: unknown },
  handler: (complete: CompleteFn, probe?: KeyProbe) => Promise<StoredResponse>,
  log?: FastifyBaseLogger,
  opts: { claimWithResult?: boolean } = {},
): Promise<StoredResponse & { replayed: boolean }> {
  const hash = requestHash(req.payload);
  if (opts.claimWithResult) {
    const response = await runClaimingWithResult(db, req, hash, handler, log);
    if (response) return { ...response, replayed: false };
  }
  let claimed: IdempotencyClaim | undefined;
  // A row can vanish between the claim and the read (released by a failed request): claim again.
  for (let attempt = 0; attempt < 3 && !claimed; attempt++) {
    claimed = await claim(db, req.scope, req.key, hash);
    if (claimed) break;
    const row = await findKey(db, req.scope, req.key);
    if (!row) continue;
    if (row.request_hash !== hash) {
      throw fieldError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES.mismatch);
    }
    if (row.state !== 'done' || row.response_status === null) throw runningConflict();
    return { status: row.response_status, body: withErrorCode(row.response_status, row.response_body), replayed: true };
  }
  if (!claimed) throw runningConflict();
  const ours = claimed;

  let completed = false;
  const complete: CompleteFn = Object.assign(
    async (tx: DbOrTx, response: StoredResponse) => {
      // Lost the key to a takeover: refuse, so the caller's transaction rolls back its result.
      if (!(await store(tx, ours, response))) throw runningConflict();
      completed = true;
    },
    {
      inStatement: (response: StoredResponse) => sql`${storeStatement(ours, response)} returning 1 as stored`,
      stored: () => {
        completed = true;
      },
      lost: runningConflict,
    },
  );
  let response: StoredResponse;
  try {
    response = await handler(complete);
  } catch (err) {
    const refusal = storableError(err);
    try {
      if (refusal) await store(db, ours, refusal);
      else await release(db, ours);
    } catch (storeErr) {
      log?.warn({ err: storeErr }, 'could not record the idempotency key outcome');
      // The database is likely down (a restart): keep trying to give the key up in the background,
      // so that the customer's retry runs as soon as it is back instead of waiting for the takeover.
      if (!refusal) releaseLater(db, ours, log);
    }
    throw err;
  }
  if (!completed && !(await store(db, ours, response))) {
    log?.warn({ scope: req.scope }, 'idempotency key taken over while its request ran');
  }
  return { ...response, replayed: false };
}

import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { messages } from '../../db/schema';
import { MESSAGE_STATE, redactSecrets, type TMessageKind } from './messages.rules';

export type NewMessage = {
  tourOperatorId: string | null;
  kind: TMessageKind;
  dedupeKey: string;
  recipient: string;
  recipientName: string;
  subject: string;
  html: string;
  text: string;
  bookingId?: string | null;
  userId?: string | null;
  /** Queued unless said otherwise (an address that cannot be sent to is `failed` at once). */
  state?: typeof MESSAGE_STATE.QUEUED | typeof MESSAGE_STATE.FAILED;
  lastError?: string;
};

export type MessageRow = typeof messages.$inferSelect;

/**
 * The outbox's one writer of new rows: inserted with the caller's transaction; a second message of
 * the same cause (`dedupe_key`) is ignored. Returns the new id, or undefined when it already existed.
 */
export async function insertMessage(tx: DbOrTx, m: NewMessage): Promise<string | undefined> {
  const [row] = await tx
    .insert(messages)
    .values({ ...m, state: m.state ?? MESSAGE_STATE.QUEUED })
    .onConflictDoNothing({ target: messages.dedupeKey })
    .returning({ id: messages.id });
  return row?.id;
}

export type ClaimedMessage = {
  id: string;
  kind: string;
  recipient: string;
  recipient_name: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
};

/**
 * Claims up to `limit` messages that are due, in one short statement (its own transaction): queued
 * ones whose time has come, and `sending` ones whose claim lapsed (a process that died mid-send).
 * `FOR UPDATE SKIP LOCKED` lets several workers claim at once without ever taking the same row;
 * the claim counts the attempt and holds the row for `leaseMs`.
 */
export async function claimDue(db: DbOrTx, limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
  // RETURNING has no order of its own: the CTE hands the batch back oldest first.
  const res = await db.execute<ClaimedMessage>(sql`
    with claimed as (
    update messages m set
      state = ${MESSAGE_STATE.SENDING},
      attempts = m.attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
      updated_at = now()
    where m.id in (
      select id from messages
      where channel = 'email'
        and ((state = ${MESSAGE_STATE.QUEUED} and next_attempt_at <= now())
          or (state = ${MESSAGE_STATE.SENDING} and locked_until < now()))
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning m.id, m.kind, m.recipient, m.recipient_name, m.subject, m.html, m.text, m.attempts, m.next_attempt_at
    )
    select id, kind, recipient, recipient_name, subject, html, text, attempts from claimed order by next_attempt_at, id`);
  return res.rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}

/** Whether the row is still claimed by this attempt (its state `sending`, the attempt number ours). */
const stillOurs = (id: string, attempts: number) =>
  and(eq(messages.id, id), eq(messages.state, MESSAGE_STATE.SENDING), eq(messages.attempts, attempts));

/** After the SMTP server accepted it: `sent`, and the secrets in its stored copy blanked. */
export async function markSent(db: DbOrTx, id: string, attempts: number, html: string, text: string) {
  await db
    .update(messages)
    .set({
      state: MESSAGE_STATE.SENT,
      sentAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      html: redactSecrets(html),
      text: redactSecrets(text),
      updatedAt: sql`now()`,
    })
    .where(stillOurs(id, attempts));
}

/** A failed attempt that will be tried again at `now() + delayMs`. */
export async function markRetry(db: DbOrTx, id: string, attempts: number, error: string, delayMs: number) {
  await db
    .update(messages)
    .set({
      state: MESSAGE_STATE.QUEUED,
      lastError: error,
      lockedUntil: null,
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(stillOurs(id, attempts));
}

/** The last attempt failed: `failed` for good, with the reason. */
export async function markFailed(db: DbOrTx, id: string, attempts: number, error: string, html: string, text: string) {
  await db
    .update(messages)
    .set({
      state: MESSAGE_STATE.FAILED,
      lastError: error,
      lockedUntil: null,
      html: redactSecrets(html),
      text: redactSecrets(text),
      updatedAt: sql`now()`,
    })
    .where(stillOurs(id, attempts));
}

/** A claim given back untried (the worker is stopping): queued again at once, the attempt uncounted. */
export async function releaseClaim(db: DbOrTx, id: string, attempts: number) {
  await db
    .update(messages)
    .set({
      state: MESSAGE_STATE.QUEUED,
      attempts: sql`${messages.attempts} - 1`,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(stillOurs(id, attempts));
}

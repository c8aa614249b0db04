/**
 * The outbox's entry point for other modules (issue 14): `queueEmail` writes a message with the
 * caller's transaction, so the message exists exactly when the change that causes it commits.
 * Nothing here talks to SMTP: the worker (messages.worker.ts) sends.
 */
import type { DbOrTx } from '../../db/client';
import { insertMessage } from './messages.repository';
import { headerText, isPlainAddress, MESSAGE_STATE, type TMessageKind } from './messages.rules';
import type { EmailContent } from './messages.templates';

export type QueueEmail = {
  tourOperatorId: string | null;
  kind: TMessageKind;
  /** One cause, one message: the same key twice queues once. */
  dedupeKey: string;
  to: string;
  toName: string;
  content: EmailContent;
  bookingId?: string | null;
  userId?: string | null;
};

/** Longest stored body: bigger ones are a bug, not a message (issue 14 item 8, huge texts). */
const MAX_BODY = 512 * 1024;

/**
 * Queues one e-mail in `tx`. An address the outbox cannot send to is stored `failed` with the
 * reason straight away (a clear state, never an error for the change that caused it). Returns the
 * message id, or undefined when a message of that cause already existed.
 */
export async function queueEmail(tx: DbOrTx, m: QueueEmail): Promise<string | undefined> {
  const to = m.to.trim();
  const valid = isPlainAddress(to);
  return insertMessage(tx, {
    tourOperatorId: m.tourOperatorId,
    kind: m.kind,
    dedupeKey: m.dedupeKey,
    recipient: to.slice(0, 254),
    recipientName: headerText(m.toName, 150),
    subject: headerText(m.content.subject),
    html: m.content.html.slice(0, MAX_BODY),
    text: m.content.text.slice(0, MAX_BODY),
    bookingId: m.bookingId ?? null,
    userId: m.userId ?? null,
    ...(valid ? {} : { state: MESSAGE_STATE.FAILED, lastError: 'La dirección de correo no es válida' }),
  });
}

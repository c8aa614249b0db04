/**
 * The outbox's entry points for other modules (issue 14): a message is written with the caller's
 * transaction, so it exists exactly when the change that causes it commits. Nothing here talks to
 * SMTP (the worker sends) or renders a customer message (the worker renders it when it leaves, from
 * the booking as it is then): a sale pays for one INSERT, not for a template.
 */

import {
  isPublicLocale,
  MESSAGE_SKIP_REASON,
  messageLocale,
  type TCustomerMessageKind,
  type TMessageKind,
  type TPublicLocale,
} from '@trayecto/shared';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type BookingMessagePayload, bookingSubject } from './messages.booking-templates';
import {
  type CustomerMessage,
  customerMessageInsert,
  findOperatorLanguage,
  insertCustomerMessage,
  insertMessage,
  SUBJECT_PRODUCT,
} from './messages.repository';
import { headerText, isPlainAddress, MESSAGE_STATE } from './messages.rules';
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

/** The state a new e-mail starts in: queued, or failed/skipped at once with the reason. */
function initialState(to: string): Pick<Parameters<typeof insertMessage>[1], 'state' | 'lastError'> {
  if (to === '') return { state: MESSAGE_STATE.SKIPPED, lastError: MESSAGE_SKIP_REASON.noEmail };
  if (!isPlainAddress(to)) return { state: MESSAGE_STATE.FAILED, lastError: MESSAGE_SKIP_REASON.invalidEmail };
  return {};
}

/**
 * Queues one e-mail rendered now (staff messages: their one-time link lives only in the body).
 * An address the outbox cannot send to is stored `failed` with the reason straight away (a clear
 * state, never an error for the change that caused it). Returns the message id, or undefined when a
 * message of that cause already existed.
 */
export async function queueEmail(tx: DbOrTx, m: QueueEmail): Promise<string | undefined> {
  const to = m.to.trim();
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
    ...initialState(to),
  });
}

/** What a booking message needs from the booking when it is written. */
export type BookingForMessage = {
  id: string;
  tourOperatorId: string;
  locator: string;
  date: string;
  customerEmail: string;
  customerName: string;
  /** The customer's language (issue 15): their messages are written in it when it is a public one. */
  language: string;
  /** Its product: the subject names it in the customer's language. */
  productId?: string;
  /** The operator's default language, when the caller has it (else read when needed). */
  operatorLanguage?: string | null;
};

export type QueueBookingMessage = {
  kind: TCustomerMessageKind;
  booking: BookingForMessage;
  productName: string;
  /** One cause, one message (`booking_confirmed:<id>`, `payment_received:<payment id>`…). */
  dedupeKey: string;
  payload?: BookingMessagePayload;
  /** Who caused it by hand (a resend); null: the system, as part of a change. */
  actorId?: string | null;
  resendOf?: string | null;
};

/**
 * The language a booking's message is queued in: the booking's own when it is a public language
 * (no query), else the operator's default. Rendering decides again when it leaves (the booking's
 * language may change meanwhile); this one names the row until then.
 */
async function queuedLocale(tx: DbOrTx, b: BookingForMessage) {
  if (isPublicLocale(b.language)) return b.language;
  const operatorLanguage =
    b.operatorLanguage !== undefined ? b.operatorLanguage : await findOperatorLanguage(tx, b.tourOperatorId);
  return messageLocale(b.language, operatorLanguage);
}

/** A booking's customer message as it is written (queued, or skipped/failed for its address). */
function bookingMessageOf(m: QueueBookingMessage, locale: TPublicLocale): CustomerMessage {
  const to = m.booking.customerEmail.trim();
  return {
    tourOperatorId: m.booking.tourOperatorId,
    kind: m.kind,
    dedupeKey: m.dedupeKey,
    recipient: to.slice(0, 254),
    recipientName: headerText(m.booking.customerName, 150),
    subject: headerText(
      bookingSubject(
        m.kind,
        { locator: m.booking.locator, date: m.booking.date, productName: SUBJECT_PRODUCT },
        locale,
      ),
      // The product's name is filled in by the insert: the bound applies there.
      1000,
    ),
    productName: headerText(m.productName, 200),
    productId: m.booking.productId ?? null,
    html: '',
    text: '',
    bookingId: m.booking.id,
    payload: m.payload ?? {},
    locale,
    actorId: m.actorId ?? null,
    resendOf: m.resendOf ?? null,
    ...initialState(to),
  };
}

/**
 * Queues a customer message about a booking in the caller's transaction, unless its operator
 * switched the kind off. The body is rendered when it leaves; a booking without e-mail gets a
 * `skipped` row that says so (staff see it on the booking and can use WhatsApp instead). The
 * subject is written now in the customer's language, the product named in it (its translation).
 */
export async function queueBookingMessage(tx: DbOrTx, m: QueueBookingMessage): Promise<string | undefined> {
  return insertCustomerMessage(tx, bookingMessageOf(m, await queuedLocale(tx, m.booking)));
}

/**
 * {@link queueBookingMessage} for a booking not inserted yet (a sale, ADR 040): the message as part
 * of the booking's own insert. Answers the statement for the CTE `from` that returns the booking
 * and the locator it is inserted with (the subject names it); the dedupe key is `dedupePrefix` and
 * the new booking's id. The language is worked out now (a read only when the booking's is not a
 * public one and the operator's is not given).
 */
export async function bookingMessageOfNewBooking(
  tx: DbOrTx,
  m: Omit<QueueBookingMessage, 'dedupeKey' | 'booking'> & { booking: Omit<BookingForMessage, 'id' | 'locator'> },
  dedupePrefix: string,
): Promise<(from: SQL, locator: string) => SQL> {
  const locale = await queuedLocale(tx, { ...m.booking, id: '', locator: '' });
  return (from, locator) =>
    customerMessageInsert(
      bookingMessageOf({ ...m, dedupeKey: '', booking: { ...m.booking, id: '', locator } }, locale),
      { from, dedupePrefix },
    );
}

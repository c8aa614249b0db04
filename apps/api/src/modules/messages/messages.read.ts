/**
 * "Mensajes" (issue 14): the outbox and history the office reads, one message with its body (a
 * queued customer message is rendered for the preview exactly as it would leave now), a booking's
 * own messages, and sending one again.
 */
import {
  ACCESS,
  hasPermission,
  type TCustomerMessageKind,
  type TMessageDetailResponse,
  type TMessageResponse,
} from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, notFound, validation } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import type { Actor } from '../../lib/tenant';
import { toMessageResponse } from './messages.mapper';
import type { BookingReads } from './messages.ports';
import { OBSOLETE_ONCE_CANCELLED, renderMessage } from './messages.render';
import * as repo from './messages.repository';
import { MESSAGE_KIND, MESSAGE_STATE, redactSecrets } from './messages.rules';
import { queueBookingMessage } from './messages.service';
import { queueWebhook } from './messages.webhooks';

const NOT_FOUND = 'El mensaje';
/** How many messages a booking screen shows (a booking has a handful; the list has them all). */
const BOOKING_MESSAGES_LIMIT = 100;

export async function listMessages(db: Db, actor: Actor, params: ListParams) {
  const { rows, total } = await repo.listMessages(db, actor, params);
  return { items: rows.map(toMessageResponse), total };
}

/** The messages of a booking the actor may read (404 otherwise). */
export async function listBookingMessages(
  db: Db,
  actor: Actor,
  bookingId: string,
  reads: Pick<BookingReads, 'assertBookingVisible'>,
): Promise<TMessageResponse[]> {
  // The booking the actor may read, or 404 (its owner's rule: a seller reads the ones they sold).
  await reads.assertBookingVisible(db, actor, bookingId);
  return (await repo.listBookingMessages(db, bookingId, BOOKING_MESSAGES_LIMIT)).map(toMessageResponse);
}

/** Why a message may not be sent again, or null when it may. */
function resendRefusal(v: repo.MessageView): string | null {
  if (v.channel === 'webhook') {
    if (v.state === MESSAGE_STATE.QUEUED || v.state === MESSAGE_STATE.SENDING) {
      return 'El aviso aún está en la cola: saldrá en cuanto se pueda';
    }
    if (!v.webhookEndpointId) return 'El destino de este aviso ya no existe';
    return null;
  }
  if (v.channel !== 'email') return 'Los mensajes de WhatsApp se vuelven a abrir desde la reserva';
  if (v.kind === MESSAGE_KIND.PASSWORD_RESET || v.kind === MESSAGE_KIND.USER_INVITATION) {
    return 'El enlace de este mensaje solo servía una vez: pide uno nuevo';
  }
  if (!v.bookingId) return 'Este mensaje no se puede volver a enviar';
  if (v.state === MESSAGE_STATE.QUEUED || v.state === MESSAGE_STATE.SENDING) {
    return 'El mensaje aún está en la cola: saldrá en cuanto se pueda';
  }
  if (v.bookingState === 'cancelled' && OBSOLETE_ONCE_CANCELLED.has(v.kind as TCustomerMessageKind)) {
    return 'La reserva está cancelada: este mensaje ya no dice la verdad';
  }
  return null;
}

/** One message with its body: what was sent, or for one still waiting, what would leave now. */
export async function getMessage(
  db: Db,
  actor: Actor,
  id: string,
  ctx: { origin: string; now: Date; reads: Pick<BookingReads, 'getPublicBooking'> },
): Promise<TMessageDetailResponse> {
  const v = await repo.findVisibleMessage(db, actor, id);
  if (!v) throw notFound(NOT_FOUND);
  let { subject, html, text, locale } = v;
  if (html === '' && v.bookingId && v.channel === 'email') {
    const out = await renderMessage(
      db,
      { kind: v.kind as TCustomerMessageKind, booking_id: v.bookingId, payload: v.payload, subject, html, text },
      { ...ctx, forPreview: true },
    );
    if (!('skip' in out)) ({ subject, html, text, locale = v.locale } = out);
  }
  // A one-time link (a password reset, an invitation) is for its owner only, even while it waits:
  // the office reads that it was sent, never the link (an Operador must not take over an admin).
  // A Vendedor reads the messages of their bookings; sending again is the office's (Mensajes).
  return {
    ...toMessageResponse({ ...v, subject, text, locale }),
    html: redactSecrets(html),
    text: v.channel === 'webhook' ? text : redactSecrets(text),
    response_excerpt: v.responseExcerpt,
    can_resend: resendRefusal(v) === null && hasPermission([actor.level], ACCESS.messages),
  };
}

/** A webhook delivery sent again: the same event and body, to its endpoint as it is now. */
async function resendWebhook(tx: DbOrTx, actor: Actor, v: repo.MessageView) {
  const id = await queueWebhook(tx, {
    endpointId: v.webhookEndpointId as string,
    event: v.subject,
    data: null,
    body: v.text,
    dedupeKey: `resend:${v.id}:${crypto.randomUUID()}`,
    bookingId: v.bookingId,
    actorId: actor.id,
    resendOf: v.id,
  });
  return id as string;
}

/**
 * Sends a customer message again, as a new message rendered from the booking as it is now, to the
 * booking's current address (the first may have bounced on a typo fixed since). The original stays
 * in the history; the copy names it (`resend_of`).
 */
export async function resendMessage(
  db: Db,
  actor: Actor,
  id: string,
  reads: Pick<BookingReads, 'getBooking'>,
): Promise<TMessageResponse> {
  const newId = await inTransaction(db, async (tx) => {
    const v = await repo.findVisibleMessage(tx, actor, id);
    if (!v) throw notFound(NOT_FOUND);
    const refusal = resendRefusal(v);
    if (refusal) throw new AppError({ code: 'STATE_CONFLICT', message: refusal });
    if (v.channel === 'webhook') return resendWebhook(tx, actor, v);
    const b = await reads.getBooking(tx, actor, v.bookingId as string);
    if (!b.customer_email) {
      const m = 'La reserva no tiene correo electrónico: añádelo en la reserva o usa WhatsApp';
      throw validation({ customer_email: [m] }, m);
    }
    const created = await queueBookingMessage(tx, {
      kind: v.kind as TCustomerMessageKind,
      booking: {
        id: b.id,
        tourOperatorId: b.tour_operator_id,
        locator: b.locator,
        date: b.date,
        customerEmail: b.customer_email,
        customerName: b.customer_name,
        language: b.language,
        productId: b.product_id,
      },
      productName: b.product.name,
      dedupeKey: `resend:${v.id}:${crypto.randomUUID()}`,
      payload: v.payload,
      actorId: actor.id,
      resendOf: v.id,
    });
    // Written unless the operator switched this kind off meanwhile.
    if (!created)
      throw new AppError({ code: 'STATE_CONFLICT', message: 'Este tipo de mensaje está desactivado en los ajustes' });
    return created;
  });
  const row = await repo.findVisibleMessage(db, actor, newId);
  if (!row) throw notFound(NOT_FOUND);
  return toMessageResponse(row);
}

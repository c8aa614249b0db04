/**
 * Payment links (ADR 022, issue 32 item 4): the office asks a customer to pay online what their
 * booking owes (a balance after a deposit, a booking the office prepared). The link is the
 * booking's public page, which shows what is due while the link lives and pays it; it goes by
 * e-mail (the outbox, in the booking's language), by WhatsApp (the click-to-chat link, logged like
 * "Enviar por WhatsApp") or is only created for the office to copy.
 */
import { pathTo, type TBookingPaymentLinkCreateRequest, type TBookingPaymentLinkResponse } from '@trayecto/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { validation } from '../../lib/app-error';
import { isoOf } from '../../lib/instants';
import type { Actor } from '../../lib/tenant';
import { addPaymentLink, getBooking, setPaymentLinkMessage } from '../bookings/bookings.service';
import type { BookingReads } from '../messages/messages.ports';
import { NO_WHATSAPP_PHONE, paymentLinkWhatsapp, whatsappNumber } from '../messages/messages.whatsapp';

export type LinkContext = { origin: string; now: Date; reads: Pick<BookingReads, 'getPublicBooking'> };

/**
 * POST /bookings/{id}/payment-links: the link row and its e-mail commit together; a WhatsApp link
 * is opened (and logged) once the link exists. The rules are the bookings module's
 * (`addPaymentLink`): visible booking, not cancelled, money pending, a provider, not above pending.
 */
export async function createPaymentLink(
  db: Db,
  actor: Actor,
  bookingId: string,
  body: TBookingPaymentLinkCreateRequest,
  ctx: LinkContext,
): Promise<TBookingPaymentLinkResponse> {
  if (body.channel === 'whatsapp') {
    // Refused before anything is written: a link nobody can send is not made.
    const b = await getBooking(db, actor, bookingId);
    if (!whatsappNumber(b.customer_phone, b.customer_country)) {
      throw validation({ customer_phone: [NO_WHATSAPP_PHONE] }, NO_WHATSAPP_PHONE);
    }
  }
  const { link, booking } = await inTransaction(db, (tx) =>
    addPaymentLink(
      tx,
      actor,
      bookingId,
      { amountCents: body.amount_cents, channel: body.channel, expiresInHours: body.expires_in_hours },
      ctx.now,
    ),
  );
  let messageId = link.messageId ?? null;
  let whatsappUrl: string | null = null;
  if (body.channel === 'whatsapp') {
    const sent = await paymentLinkWhatsapp(
      db,
      actor,
      {
        bookingId: booking.id,
        tourOperatorId: booking.tourOperatorId,
        amountCents: link.amountCents,
        expiresAt: link.expiresAt,
      },
      ctx,
    );
    whatsappUrl = sent.url;
    messageId = sent.messageId;
    await setPaymentLinkMessage(db, link.id, messageId);
  }
  return {
    id: link.id,
    url: `${ctx.origin}${pathTo('publicBookingExisting', { bookingId: booking.id })}`,
    amount_cents: link.amountCents,
    expires_at: isoOf(link.expiresAt),
    channel: body.channel,
    message_id: messageId,
    whatsapp_url: whatsappUrl,
  };
}

/**
 * "Enviar por WhatsApp" (issue 14 item 4), as operators actually use it: a click-to-chat link
 * (`https://wa.me/<number>?text=…`) to the customer's phone with the text prefilled, no paid API.
 * The phone is read as people type it (`libphonenumber-js`, the customer's country else Spain); the
 * message log records who opened which text and when (a `whatsapp` message, `sent` when opened).
 */
import { randomUUID } from 'node:crypto';
import type { TWhatsappKind, TWhatsappRequest, TWhatsappResponse } from '@trayecto/shared';
// The "mobile" metadata: a number is valid only if it can be a mobile (WhatsApp needs one).
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound, validation } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { bookingSubject, paymentLinkWhatsappText, whatsappText } from './messages.booking-templates';
import { toMessageResponse } from './messages.mapper';
import type { BookingReads } from './messages.ports';
import { bookingLinks, customerView } from './messages.render';
import * as repo from './messages.repository';
import { headerText, MESSAGE_STATE } from './messages.rules';

export const NO_WHATSAPP_PHONE = 'La reserva no tiene un teléfono móvil válido para WhatsApp';

/** The mobile number as wa.me wants it (country code and digits, no plus or zeros), or null (a landline too). */
export function whatsappNumber(phone: string, country: string): string | null {
  const region = (/^[A-Z]{2}$/.test(country) ? country : 'ES') as CountryCode;
  const parsed = parsePhoneNumberFromString(phone.trim(), region);
  if (!parsed?.isValid()) return null;
  return parsed.number.replace(/^\+/, '');
}

export async function openWhatsapp(
  db: Db,
  actor: Actor,
  bookingId: string,
  body: TWhatsappRequest,
  ctx: { origin: string; now: Date; reads: BookingReads },
): Promise<TWhatsappResponse> {
  // The booking the actor may read (404 otherwise), as its owner answers it.
  const booking = await ctx.reads.getBooking(db, actor, bookingId);
  const found = await customerView(db, bookingId, ctx.now, ctx.reads);
  if (!found) throw notFound('La reserva');
  // In the customer's language (issue 15), as their e-mails: the booking's, else the operator's.
  const { view, locale } = found;
  const number = whatsappNumber(view.customer_phone, view.customer_country);
  if (!number) throw validation({ customer_phone: [NO_WHATSAPP_PHONE] }, NO_WHATSAPP_PHONE);
  const kind: TWhatsappKind =
    body.kind ??
    (view.state === 'cancelled'
      ? 'booking_cancelled'
      : view.state === 'pending' && ctx.reads.isPreparedByStaff(booking)
        ? 'booking_prepared'
        : 'booking_confirmed');
  // The texts say what is true: a voucher for a live booking, a cancellation for a cancelled one.
  if ((kind === 'booking_cancelled') !== (view.state === 'cancelled')) {
    throw new AppError({
      code: 'STATE_CONFLICT',
      message: view.state === 'cancelled' ? 'La reserva está cancelada' : 'La reserva no está cancelada',
    });
  }
  const text = whatsappText(kind, view, bookingLinks(ctx.origin, bookingId, locale), locale);
  const id = await repo.insertMessage(db, {
    tourOperatorId: booking.tour_operator_id,
    kind,
    channel: 'whatsapp',
    dedupeKey: `whatsapp:${randomUUID()}`,
    recipient: `+${number}`,
    recipientName: headerText(view.customer_name, 150),
    subject: headerText(
      bookingSubject(kind, { locator: view.locator, date: view.date, productName: view.product.name }, locale),
    ),
    html: '',
    text,
    bookingId,
    locale,
    actorId: actor.id,
    state: MESSAGE_STATE.SENT,
    sentAt: ctx.now,
  });
  const row = id && (await repo.findVisibleMessage(db, actor, id));
  if (!row) throw notFound('El mensaje');
  return {
    url: `https://wa.me/${number}?text=${encodeURIComponent(text)}`,
    phone: `+${number}`,
    text,
    message: toMessageResponse(row),
  };
}

/**
 * A payment link sent by WhatsApp (ADR 022): the click-to-chat link with the link's text in the
 * customer's language, logged as a `payment_link` WhatsApp message (sent when staff open it), as
 * "Enviar por WhatsApp" does. 422 when the booking has no mobile phone.
 */
export async function paymentLinkWhatsapp(
  db: DbOrTx,
  actor: Actor,
  m: { bookingId: string; tourOperatorId: string; amountCents: number; expiresAt: Date },
  ctx: { origin: string; now: Date; reads: Pick<BookingReads, 'getPublicBooking'> },
): Promise<{ url: string; messageId: string | null }> {
  const found = await customerView(db, m.bookingId, ctx.now, ctx.reads);
  if (!found) throw notFound('La reserva');
  const { view, locale } = found;
  const number = whatsappNumber(view.customer_phone, view.customer_country);
  if (!number) throw validation({ customer_phone: [NO_WHATSAPP_PHONE] }, NO_WHATSAPP_PHONE);
  const text = paymentLinkWhatsappText(view, bookingLinks(ctx.origin, m.bookingId, locale), m, locale);
  const id = await repo.insertMessage(db, {
    tourOperatorId: m.tourOperatorId,
    kind: 'payment_link',
    channel: 'whatsapp',
    dedupeKey: `whatsapp:${randomUUID()}`,
    recipient: `+${number}`,
    recipientName: headerText(view.customer_name, 150),
    subject: headerText(
      bookingSubject(
        'payment_link',
        { locator: view.locator, date: view.date, productName: view.product.name },
        locale,
      ),
    ),
    html: '',
    text,
    bookingId: m.bookingId,
    locale,
    actorId: actor.id,
    state: MESSAGE_STATE.SENT,
    sentAt: ctx.now,
  });
  return { url: `https://wa.me/${number}?text=${encodeURIComponent(text)}`, messageId: id ?? null };
}

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
import type { Db } from '../../db/client';
import { AppError, notFound, validation } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { findVisibleBooking } from '../bookings/bookings.repository';
import { isPreparedByStaff } from '../public/public.rules';
import { bookingSubject, whatsappText } from './messages.booking-templates';
import { toMessageResponse } from './messages.mapper';
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
  ctx: { origin: string; now: Date },
): Promise<TWhatsappResponse> {
  const booking = await findVisibleBooking(db, actor, bookingId);
  const found = booking && (await customerView(db, bookingId, ctx.now));
  if (!booking || !found) throw notFound('La reserva');
  // In the customer's language (issue 15), as their e-mails: the booking's, else the operator's.
  const { view, locale } = found;
  const number = whatsappNumber(view.customer_phone, view.customer_country);
  if (!number) throw validation({ customer_phone: [NO_WHATSAPP_PHONE] }, NO_WHATSAPP_PHONE);
  const kind: TWhatsappKind =
    body.kind ??
    (view.state === 'cancelled'
      ? 'booking_cancelled'
      : view.state === 'pending' && isPreparedByStaff(booking.booking)
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
    tourOperatorId: booking.booking.tourOperatorId,
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

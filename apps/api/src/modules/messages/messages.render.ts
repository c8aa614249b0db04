/**
 * A message as it leaves (issue 14): staff messages were rendered when written; a customer message
 * is rendered now from the booking as its customer sees it and the facts of its cause, so it never
 * tells yesterday's pickup time. A message that no longer makes sense is not sent, with the reason
 * (`skip`): a confirmation of a booking cancelled meanwhile, a reminder of a booking moved to
 * another day or of a departure already gone.
 *
 * Its language (issue 15) is decided now too: the booking's language when it is one of the public
 * ones, else the operator's default (`messageLocale`), so a booking whose language staff changed
 * after the message was queued is told in the new one. The view is asked in that language (its
 * product's texts translated, falling back to the operator's own), links carry `?lang=`.
 */
import {
  LANG_PARAM,
  MESSAGE_SKIP_REASON,
  messageLocale,
  pathTo,
  type TMessageKind,
  type TPublicBooking,
  type TPublicLocale,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type BookingLinks, type BookingMessagePayload, bookingEmail } from './messages.booking-templates';
import { bookingCalendar } from './messages.ics';
import type { BookingReads } from './messages.ports';
import { findBookingLanguages } from './messages.repository';
import { type EmailAttachment, renderEmail } from './messages.templates';

export type RenderedMessage = {
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
  /** The language it was rendered in (customer messages; staff messages keep the row's). */
  locale?: TPublicLocale;
};
export type RenderOutcome = RenderedMessage | { skip: string };

export type RenderableMessage = {
  kind: TMessageKind;
  booking_id: string | null;
  payload: Record<string, unknown>;
  subject: string;
  html: string;
  text: string;
};

/** Kinds that say nothing true once the booking is cancelled. */
export const OBSOLETE_ONCE_CANCELLED: ReadonlySet<TMessageKind> = new Set([
  'booking_confirmed',
  'booking_requested',
  'booking_prepared',
  'booking_changed',
  'booking_reminder',
  'payment_received',
  'payment_link',
]);

/** Kinds that carry the calendar entry (a changed one replaces the first: same UID). */
const WITH_CALENDAR: ReadonlySet<TMessageKind> = new Set(['booking_confirmed', 'booking_changed']);

/** A booking's public pages, opened in the message's language (`?lang=`, the spec's paths unchanged). */
export const bookingLinks = (origin: string, bookingId: string, locale: TPublicLocale): BookingLinks => ({
  voucher: `${origin}${pathTo('publicBookingVoucher', { bookingId })}?${LANG_PARAM}=${locale}`,
  booking: `${origin}${pathTo('publicBookingExisting', { bookingId })}?${LANG_PARAM}=${locale}`,
});

/** The language the customer of a booking is written to now (undefined: the booking is gone). */
export async function customerLocale(db: DbOrTx, bookingId: string): Promise<TPublicLocale | undefined> {
  const row = await findBookingLanguages(db, bookingId);
  return row && messageLocale(row.language, row.default_language);
}

/**
 * The booking as its customer sees it, in the language they are written to, or undefined when it
 * is gone (or its operator inactive).
 */
export async function customerView(
  db: DbOrTx,
  bookingId: string,
  now: Date,
  reads: Pick<BookingReads, 'getPublicBooking'>,
): Promise<{ view: TPublicBooking; locale: TPublicLocale } | undefined> {
  const locale = await customerLocale(db, bookingId);
  if (!locale) return undefined;
  try {
    return { view: await reads.getPublicBooking(db, bookingId, now, { locale }), locale };
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return undefined;
    throw err;
  }
}

/** Why this message should not go out now, or null. */
export function obsoleteReason(kind: TMessageKind, b: TPublicBooking, p: BookingMessagePayload, now: Date) {
  if (b.state === 'cancelled' && OBSOLETE_ONCE_CANCELLED.has(kind)) return MESSAGE_SKIP_REASON.cancelled;
  if (kind === 'booking_reminder') {
    if (p.date && p.date !== b.date) return MESSAGE_SKIP_REASON.moved;
    if (new Date(b.starts_at).getTime() <= now.getTime()) return MESSAGE_SKIP_REASON.started;
  }
  return null;
}

/**
 * Renders a message for sending (or for a preview: `forPreview` renders even what would be
 * skipped). `reads` gives the booking as its customer sees it (the public pages' view).
 */
export async function renderMessage(
  db: DbOrTx,
  m: RenderableMessage,
  ctx: { origin: string; now: Date; forPreview?: boolean; reads: Pick<BookingReads, 'getPublicBooking'> },
): Promise<RenderOutcome> {
  if (m.html !== '' || !m.booking_id) {
    return { subject: m.subject, html: m.html, text: m.text, attachments: [] };
  }
  const found = await customerView(db, m.booking_id, ctx.now, ctx.reads);
  if (!found) return { skip: MESSAGE_SKIP_REASON.gone };
  const { view: b, locale } = found;
  const payload = m.payload as BookingMessagePayload;
  const obsolete = obsoleteReason(m.kind, b, payload, ctx.now);
  if (obsolete && !ctx.forPreview) return { skip: obsolete };
  const links = bookingLinks(ctx.origin, b.id, locale);
  const content = await renderEmail(bookingEmail(m.kind, b, payload, links, locale));
  const attachments = WITH_CALENDAR.has(m.kind) && b.state !== 'cancelled' ? [bookingCalendar(b, links, locale)] : [];
  return { ...content, attachments, locale };
}

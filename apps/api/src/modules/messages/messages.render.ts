/**
 * A message as it leaves (issue 14): staff messages were rendered when written; a customer message
 * is rendered now from the booking as its customer sees it and the facts of its cause, so it never
 * tells yesterday's pickup time. A message that no longer makes sense is not sent, with the reason
 * (`skip`): a confirmation of a booking cancelled meanwhile, a reminder of a booking moved to
 * another day or of a departure already gone.
 */
import { MESSAGE_SKIP_REASON, pathTo, type TMessageKind, type TPublicBooking } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { getPublicBooking } from '../public/public.bookings';
import { type BookingLinks, type BookingMessagePayload, bookingEmail } from './messages.booking-templates';
import { bookingCalendar } from './messages.ics';
import { type EmailAttachment, renderEmail } from './messages.templates';

export type RenderedMessage = { subject: string; html: string; text: string; attachments: EmailAttachment[] };
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
]);

/** Kinds that carry the calendar entry (a changed one replaces the first: same UID). */
const WITH_CALENDAR: ReadonlySet<TMessageKind> = new Set(['booking_confirmed', 'booking_changed']);

export const bookingLinks = (origin: string, bookingId: string): BookingLinks => ({
  voucher: `${origin}${pathTo('publicBookingVoucher', { bookingId })}`,
  booking: `${origin}${pathTo('publicBookingExisting', { bookingId })}`,
});

/** The booking as its customer sees it, or undefined when it is gone (or its operator inactive). */
export async function customerView(db: DbOrTx, bookingId: string, now: Date): Promise<TPublicBooking | undefined> {
  try {
    return await getPublicBooking(db, bookingId, now);
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

/** Renders a message for sending (or for a preview: `forPreview` renders even what would be skipped). */
export async function renderMessage(
  db: DbOrTx,
  m: RenderableMessage,
  ctx: { origin: string; now: Date; forPreview?: boolean },
): Promise<RenderOutcome> {
  if (m.html !== '' || !m.booking_id) {
    return { subject: m.subject, html: m.html, text: m.text, attachments: [] };
  }
  const b = await customerView(db, m.booking_id, ctx.now);
  if (!b) return { skip: MESSAGE_SKIP_REASON.gone };
  const payload = m.payload as BookingMessagePayload;
  const obsolete = obsoleteReason(m.kind, b, payload, ctx.now);
  if (obsolete && !ctx.forPreview) return { skip: obsolete };
  const links = bookingLinks(ctx.origin, b.id);
  const content = await renderEmail(bookingEmail(m.kind, b, payload, links));
  const attachments = WITH_CALENDAR.has(m.kind) && b.state !== 'cancelled' ? [bookingCalendar(b, links)] : [];
  return { ...content, attachments };
}

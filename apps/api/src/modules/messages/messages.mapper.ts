import { DEFAULT_TIME_ZONE, type TMessageResponse } from '@trayecto/shared';
import { isoOf, isoOrNull } from '../../lib/instants';
import type { MessageView } from './messages.repository';
import { MESSAGE_STATE, redactSecrets } from './messages.rules';

const PREVIEW_CHARS = 160;

/** The first words of a message's plain text, after its brand line: what a mail client previews. */
export function previewOf(text: string): string {
  const body = text.includes('\n\n') ? text.slice(text.indexOf('\n\n') + 2) : text;
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
}

/** A message as the API answers it (the shared ZMessageResponse); never its body. */
export function toMessageResponse(v: MessageView): TMessageResponse {
  const waiting = v.state === MESSAGE_STATE.QUEUED || v.state === MESSAGE_STATE.SENDING;
  return {
    id: v.id,
    tour_operator_id: v.tourOperatorId,
    timezone: v.timezone ?? DEFAULT_TIME_ZONE,
    kind: v.kind as TMessageResponse['kind'],
    channel: v.channel as TMessageResponse['channel'],
    state: v.state as TMessageResponse['state'],
    recipient: v.recipient,
    recipient_name: v.recipientName,
    subject: v.subject,
    locale: v.locale,
    preview: previewOf(redactSecrets(v.text)),
    attempts: v.attempts,
    last_error: v.lastError,
    next_attempt_at: waiting ? isoOrNull(v.nextAttemptAt) : null,
    sent_at: isoOrNull(v.sentAt),
    booking_id: v.bookingId,
    booking_locator: v.bookingLocator,
    user_id: v.userId,
    actor_name: v.actorName,
    resend_of: v.resendOf,
    response_status: v.responseStatus,
    created_at: isoOf(v.createdAt),
  };
}

/**
 * The outbox's rules without a database (issue 14): message kinds, states, back-off, the header
 * hygiene every name and subject goes through, and what an SMTP failure is called in the log.
 */

import type { TMessageKind } from '@trayecto/shared';

/** The kinds the API code names (the list is the shared MESSAGE_KINDS). */
export const MESSAGE_KIND = {
  PASSWORD_RESET: 'password_reset',
  USER_INVITATION: 'user_invitation',
  BOOKING_CONFIRMED: 'booking_confirmed',
  BOOKING_REQUESTED: 'booking_requested',
  BOOKING_PREPARED: 'booking_prepared',
  BOOKING_CHANGED: 'booking_changed',
  BOOKING_CANCELLED: 'booking_cancelled',
  PAYMENT_RECEIVED: 'payment_received',
  PAYMENT_REFUNDED: 'payment_refunded',
  PAYMENT_LINK: 'payment_link',
  BOOKING_REMINDER: 'booking_reminder',
  DEPARTURE_CANCELLED: 'departure_cancelled',
  WEBHOOK_EVENT: 'webhook_event',
} as const satisfies Record<string, TMessageKind>;

export const MESSAGE_STATE = {
  QUEUED: 'queued',
  SENDING: 'sending',
  SENT: 'sent',
  FAILED: 'failed',
  SKIPPED: 'skipped',
} as const;
export type TMessageState = (typeof MESSAGE_STATE)[keyof typeof MESSAGE_STATE];

export type RetryPolicy = {
  /** Attempts in all (the first included) before a message is `failed`. */
  maxAttempts: number;
  /** Wait before the 2nd attempt; doubled each time after, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 30_000, maxDelayMs: 60 * 60_000 };

/** Milliseconds to wait after the `attempts`-th failed attempt (1 → base, 2 → 2·base, …, capped). */
export function backoffMs(attempts: number, policy: RetryPolicy): number {
  const n = Math.max(1, attempts);
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1));
}

/**
 * One line of text for a header (subject, display name): CR, LF, the Unicode line separators and
 * other control characters become a space, so no value can start a header of its own (header
 * injection); runs of blanks collapse, except the no-break spaces French puts before « : ? ! »
 * (issue 15); at most `max` characters.
 */
export function headerText(value: string, max = 200): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/[^\S\u00a0\u202f]+/g, ' ')
    .trim()
    .slice(0, max);
}

/** An address the outbox accepts: one mailbox, no spaces, no angle brackets, no line breaks. */
export const isPlainAddress = (value: string) =>
  value.length <= 254 && /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+\.[^\s@<>,;:"()[\]\\]+$/.test(value);

/**
 * A failure as the outbox records it: the SMTP reply (`550 5.1.1 …`) or the socket error, one line,
 * bounded, never the credentials of SMTP_URL.
 */
export function describeSendError(err: unknown): string {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const text = e?.response ?? e?.message ?? String(err);
  const code = e?.responseCode ? `${e.responseCode} ` : e?.code ? `${e.code}: ` : '';
  const line = headerText(`${code}${text}`.replace(/\/\/[^@/\s]*@/g, '//***@'), 500);
  return line || 'Error desconocido al enviar';
}

/**
 * Links that carry a one-time secret (`?token=…`) are blanked in the stored copy once the message
 * has left for good (sent or failed): the outbox keeps what was sent, not a usable key.
 */
export const redactSecrets = (body: string) => body.replace(/([?&]token=)[A-Za-z0-9_-]+/g, '$1[retirado]');

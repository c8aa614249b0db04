/**
 * The Idempotency-Key of a booking attempt (PRODUCT.md §4, as Stripe and the IETF draft define it).
 *
 * - One key per attempt: the same data sent again (a double click, a retry after a network error,
 *   a 429 or a 5xx, whose outcome is unknown) reuses the key, so the server answers the first result
 *   instead of booking twice.
 * - Different data → a new key (the server would answer 422 to the same key with another body).
 * - After a definitive answer (201, 409 sold out, 422) the attempt is closed: the next submit is a
 *   new attempt with a new key, even with the same data (seats may have been freed meanwhile).
 */

export type TAttemptOutcome = 'success' | 'rejected' | 'uncertain';

export type TAttemptTracker = {
  /** The key to send for this body (the current attempt's, or a new one). */
  keyFor(fingerprint: string): string;
  /** Records how the request sent with `key` ended. */
  settle(key: string, outcome: TAttemptOutcome): void;
  /** The open attempt, if any (for tests and diagnostics). */
  current(): { key: string; fingerprint: string } | null;
};

/** A random v4 UUID; `crypto.randomUUID` needs a secure context, so fall back to getRandomValues. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function createAttemptTracker(generate: () => string = newIdempotencyKey): TAttemptTracker {
  let open: { key: string; fingerprint: string } | null = null;
  return {
    keyFor(fingerprint) {
      if (open && open.fingerprint === fingerprint) return open.key;
      open = { key: generate(), fingerprint };
      return open.key;
    },
    settle(key, outcome) {
      if (!open || open.key !== key) return;
      if (outcome !== 'uncertain') open = null;
    },
    current: () => open,
  };
}

/** A stable text of a request body: same data → same fingerprint, whatever the key order. */
export function fingerprintOf(body: unknown): string {
  return JSON.stringify(body, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

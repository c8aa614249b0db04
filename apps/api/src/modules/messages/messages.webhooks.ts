/**
 * Webhooks (issue 31 item 3): a delivery to an HTTP endpoint of the operator's is a message of the
 * outbox like an e-mail — its own row (`channel` `webhook`, the endpoint's URL as recipient, the
 * event's name as subject, the JSON body as text), written in the transaction of its cause, sent
 * by the same delivery task with the same back-off and states. docs/decisions/015-messages-outbox.md,
 * "Webhooks".
 *
 * Signed as Stripe signs: `Trayecto-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
 * "<t>.<body>")>`. A receiver recomputes the HMAC over the raw body with its secret, compares in
 * constant time and refuses a `t` older than a few minutes (a replay). The body is the same on
 * every attempt and on a resend (its `id` is the event's: a receiver de-duplicates by it; the
 * `Trayecto-Delivery` header names the delivery); `t` is the attempt's.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { MESSAGE_SKIP_REASON, WEBHOOK_SIGNATURE_HEADER } from '@trayecto/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { messages, webhookEndpoints } from '../../db/schema';
import { validation } from '../../lib/app-error';
import { fetchPublic, PrivateAddressError } from '../../lib/public-network';
import { usableSecret } from '../../lib/secret-key';
import { MESSAGE_KIND, MESSAGE_STATE } from './messages.rules';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** How long an endpoint has to answer (connect and the whole answer). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The first characters of an answer's body kept with the delivery. */
const EXCERPT_CHARS = 300;
/** Largest body sent: events describe a change, they do not carry files. */
export const MAX_WEBHOOK_BODY = 256 * 1024;

// ── Signing ──────────────────────────────────────────────────────────────────────────────────────

/** The value of `Trayecto-Signature` for `body` signed at `timestamp` (unix seconds). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const hmac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${hmac}`;
}

/**
 * What a receiver does (and our tests do): parse the header, recompute the HMAC over the raw body,
 * compare in constant time, refuse a signature older than `toleranceSeconds`.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  body: string,
  o: { now?: Date; toleranceSeconds?: number } = {},
): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [k, v] = item.split('=', 2);
    if (k && v) parts.set(k.trim(), [...(parts.get(k.trim()) ?? []), v.trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t)) return false;
  const now = Math.floor((o.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - t) > (o.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  return (parts.get('v1') ?? []).some((v) => {
    const given = Buffer.from(v);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────

/** A new endpoint's secret: `whsec_` and 32 random bytes (base64url). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

function checkedUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw validation({ url: ['La dirección del webhook no es una URL válida'] });
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') {
    throw validation({ url: ['La dirección del webhook debe empezar por https://'] });
  }
  if (u.username || u.password) {
    throw validation({ url: ['La dirección del webhook no puede llevar usuario ni contraseña'] });
  }
  if (url.length > 2000) throw validation({ url: ['La dirección del webhook es demasiado larga'] });
  return u.toString();
}

/**
 * Creates an operator's endpoint (issue 33 makes one per channel): its URL and a new secret,
 * answered once to whoever creates it and never by the API after.
 */
export async function createWebhookEndpoint(
  db: DbOrTx,
  o: { tourOperatorId: string; url: string; description?: string; secret?: string },
): Promise<WebhookEndpointRow> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      tourOperatorId: o.tourOperatorId,
      url: checkedUrl(o.url),
      secret: o.secret ?? newWebhookSecret(),
      description: (o.description ?? '').slice(0, 200),
    })
    .returning();
  return row;
}

/** A URL the sender cannot even parse (a port over 65535, a host ending in a number…). */
const INVALID_URL = 'La dirección del webhook no es una URL válida';

/**
 * An endpoint URL as its owner wrote and checked it (a channel's: https, or http on this machine,
 * without credentials): kept exactly as written, refused only if it is not http(s), carries a user
 * or password, or is too long. One that the URL parser refuses is kept too (the channel's contract
 * accepts it): each delivery then fails with {@link INVALID_URL}, visible in Mensajes.
 */
function ownedUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw validation({ url: ['La dirección del webhook debe empezar por https://'] });
  if (url.length > 2000) throw validation({ url: ['La dirección del webhook es demasiado larga'] });
  if (URL.canParse(url)) {
    const u = new URL(url);
    if (u.username || u.password) {
      throw validation({ url: ['La dirección del webhook no puede llevar usuario ni contraseña'] });
    }
  }
  return url;
}

/**
 * An endpoint another module keeps in step with its own record (issue 33: a channel's webhook,
 * channels.webhook.ts): updates endpoint `id` of the operator when it exists, else creates one.
 * The URL is kept as the owner wrote it ({@link ownedUrl}). The secret is stored as given — sealed
 * with this process's key (a `v1:` envelope, opened only when a delivery is signed) or plain.
 * Answers the endpoint's id. What is still queued for it goes to its URL and is signed with its
 * secret as they are when it leaves.
 */
export async function upsertWebhookEndpoint(
  db: DbOrTx,
  o: { id?: string | null; tourOperatorId: string; url: string; secret: string; description: string; active: boolean },
): Promise<string> {
  const values = {
    url: ownedUrl(o.url),
    secret: o.secret,
    description: o.description.slice(0, 200),
    active: o.active,
  };
  if (o.id) {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(webhookEndpoints.id, o.id), eq(webhookEndpoints.tourOperatorId, o.tourOperatorId)))
      .returning({ id: webhookEndpoints.id });
    if (row) return row.id;
  }
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ tourOperatorId: o.tourOperatorId, ...values })
    .returning({ id: webhookEndpoints.id });
  return row.id;
}

/** Switches an endpoint on or off (off: what is queued for it is skipped when its turn comes). */
export async function setWebhookEndpointActive(db: DbOrTx, id: string, active: boolean) {
  await db.update(webhookEndpoints).set({ active, updatedAt: sql`now()` }).where(eq(webhookEndpoints.id, id));
}

async function findEndpoint(db: DbOrTx, id: string, tourOperatorId?: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, id),
        tourOperatorId ? eq(webhookEndpoints.tourOperatorId, tourOperatorId) : undefined,
      ),
    );
  return row as WebhookEndpointRow | undefined;
}

// ── Queuing ──────────────────────────────────────────────────────────────────────────────────────

export type QueueWebhook = {
  endpointId: string;
  /** The event's name: `booking.confirmed`, `booking.cancelled`… */
  event: string;
  /** What happened (the event's object), as JSON. */
  data: unknown;
  /** One cause, one delivery per endpoint (`booking.confirmed:<booking>:<endpoint>`). */
  dedupeKey: string;
  bookingId?: string | null;
  actorId?: string | null;
  resendOf?: string | null;
  /** The body as it was first written (a resend sends the same event again). */
  body?: string;
};

/**
 * Queues a webhook delivery in the caller's transaction. The body is fixed now —
 * `{"id": <delivery id>, "event", "created_at", "data"}` — and signed as it leaves. Returns the
 * delivery's id, or undefined when its cause already had one.
 */
export async function queueWebhook(tx: DbOrTx, w: QueueWebhook): Promise<string | undefined> {
  const endpoint = await findEndpoint(tx, w.endpointId);
  if (!endpoint) throw new Error(`Unknown webhook endpoint ${w.endpointId}`);
  if (!/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/.test(w.event)) throw new Error(`Bad webhook event name "${w.event}"`);
  const id = randomUUID();
  const body =
    w.body ?? JSON.stringify({ id, event: w.event, created_at: new Date().toISOString(), data: w.data ?? null });
  if (body.length > MAX_WEBHOOK_BODY) throw new Error('Webhook body too large');
  const [row] = await tx
    .insert(messages)
    .values({
      id,
      tourOperatorId: endpoint.tourOperatorId,
      kind: MESSAGE_KIND.WEBHOOK_EVENT,
      channel: 'webhook',
      dedupeKey: w.dedupeKey,
      recipient: endpoint.url,
      recipientName: endpoint.description,
      subject: w.event,
      html: '',
      text: body,
      bookingId: w.bookingId ?? null,
      payload: { event: w.event },
      locale: 'es',
      actorId: w.actorId ?? null,
      resendOf: w.resendOf ?? null,
      webhookEndpointId: endpoint.id,
      state: MESSAGE_STATE.QUEUED,
    })
    .onConflictDoNothing({ target: messages.dedupeKey })
    .returning({ id: messages.id });
  return row?.id;
}

// ── Sending ──────────────────────────────────────────────────────────────────────────────────────

export type WebhookOutcome =
  | { ok: true; status: number; excerpt: string }
  | { ok: false; status: number | null; excerpt: string | null; error: string }
  | { skip: string };

/**
 * How a delivery is made: `fetch` (tests may pass their own), the answer's time limit, and whether
 * private and local addresses may be reached (WEBHOOK_ALLOW_PRIVATE_NETWORKS; by default only
 * public ones in production).
 */
export type WebhookSendOptions = {
  fetch?: FetchLike;
  timeoutMs?: number;
  now?: () => Date;
  allowPrivateNetworks?: boolean;
};

/** `fetch` as the sender uses it (tests may pass their own). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

const oneLine = (s: string, max: number) => s.replace(/\s+/g, ' ').trim().slice(0, max);

/**
 * POSTs one delivery, signed with its endpoint's secret as it is now (a rotated secret signs what
 * is still queued; a sealed one — a channel's — is opened in memory for the signature, a plain one
 * is used as it is; one that no longer opens, the key changed, fails the attempt). 2xx: sent.
 * Anything else, a redirect included (never followed), or no answer within the timeout: a failed
 * attempt with the status and the start of the answer.
 */
export async function sendWebhook(
  db: DbOrTx,
  m: { id: string; event: string; body: string; endpointId: string | null },
  o: WebhookSendOptions = {},
): Promise<WebhookOutcome> {
  const endpoint = m.endpointId ? await findEndpoint(db, m.endpointId) : undefined;
  if (!endpoint?.active) return { skip: MESSAGE_SKIP_REASON.endpointInactive };
  if (!URL.canParse(endpoint.url)) return { ok: false, status: null, excerpt: null, error: INVALID_URL };
  const secret = usableSecret(endpoint.secret);
  const timestamp = Math.floor((o.now?.() ?? new Date()).getTime() / 1000);
  // Only public addresses unless the operator's receivers are on its own network (lib/public-network.ts).
  const doFetch = o.fetch ?? (o.allowPrivateNetworks ? fetch : fetchPublic);
  let res: Response;
  try {
    res = await doFetch(endpoint.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(o.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'Trayecto-Webhooks/1',
        'Trayecto-Event': m.event,
        'Trayecto-Delivery': m.id,
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, m.body),
      },
      body: m.body,
    });
  } catch (err) {
    const e = err as { name?: string; cause?: { code?: string; message?: string }; message?: string };
    const refused = err instanceof PrivateAddressError ? err : e?.cause instanceof PrivateAddressError ? e.cause : null;
    const reason = refused
      ? `No se envía: ${refused.message}`
      : e?.name === 'TimeoutError'
        ? `Sin respuesta en ${((o.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000).toLocaleString('es-ES')} s`
        : `No se pudo conectar: ${e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err)}`;
    return { ok: false, status: null, excerpt: null, error: oneLine(reason, 500) };
  }
  let excerpt = '';
  try {
    excerpt = oneLine((await res.text()).slice(0, EXCERPT_CHARS * 4), EXCERPT_CHARS);
  } catch {
    // The answer's body broke off: its status is what counts.
  }
  if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status, excerpt };
  return {
    ok: false,
    status: res.status,
    excerpt,
    error: `HTTP ${res.status}${excerpt ? `: ${oneLine(excerpt, 200)}` : ''}`,
  };
}

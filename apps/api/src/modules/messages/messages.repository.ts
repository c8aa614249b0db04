import {
  LEVEL,
  LIST_COUNT_CAP,
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_STATES,
  type TMessageKind,
} from '@trayecto/shared';
import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, messageSettings, messages, tourOperators, users } from '../../db/schema';
import { runKeyedTemplate, runListTemplate, ShapeBinder } from '../../db/select-template';
import { buildListConditions, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { type Actor, tenantScope } from '../../lib/tenant';
import { MESSAGE_STATE, redactSecrets } from './messages.rules';

export type NewMessage = {
  tourOperatorId: string | null;
  kind: TMessageKind;
  dedupeKey: string;
  recipient: string;
  recipientName: string;
  subject: string;
  html: string;
  text: string;
  bookingId?: string | null;
  userId?: string | null;
  channel?: 'email' | 'whatsapp';
  payload?: Record<string, unknown>;
  locale?: string;
  actorId?: string | null;
  resendOf?: string | null;
  /** Queued unless said otherwise (an address that cannot be sent to is `failed` at once, no address `skipped`). */
  state?:
    | typeof MESSAGE_STATE.QUEUED
    | typeof MESSAGE_STATE.FAILED
    | typeof MESSAGE_STATE.SKIPPED
    | typeof MESSAGE_STATE.SENT;
  lastError?: string;
  sentAt?: Date;
};

export type MessageRow = typeof messages.$inferSelect;

/**
 * The outbox's one writer of new rows: inserted with the caller's transaction; a second message of
 * the same cause (`dedupe_key`) is ignored. Returns the new id, or undefined when it already existed.
 */
export async function insertMessage(tx: DbOrTx, m: NewMessage): Promise<string | undefined> {
  const [row] = await tx
    .insert(messages)
    .values({ ...m, state: m.state ?? MESSAGE_STATE.QUEUED })
    .onConflictDoNothing({ target: messages.dedupeKey })
    .returning({ id: messages.id });
  return row?.id;
}

/** Where a customer message's subject names the product (filled in by `insertCustomerMessage`). */
export const SUBJECT_PRODUCT = '{product}';

/** A customer message as {@link insertCustomerMessage} writes it. */
export type CustomerMessage = NewMessage & { tourOperatorId: string; productName: string; productId?: string | null };

/**
 * A customer message written by the statement that inserts its booking (ADR 040: one round trip
 * less in a sale): `from` names the data-modifying CTE that returns the new booking row, whose id
 * becomes the message's booking and the end of its dedupe key (`dedupePrefix` + id). Nothing is
 * written when that CTE returns no row (a taken locator).
 */
export type MessageOfNewBooking = { from: SQL; dedupePrefix: string };

/**
 * A customer message's INSERT, unless its operator switched that kind off: one statement (no extra
 * round trip in a sale), the switch read from message_settings inside the insert. `SUBJECT_PRODUCT`
 * in the subject becomes the product's name in the message's `locale` (its translation, else
 * `productName`, the base one), read inside the insert too. With `of`, part of its booking's insert.
 */
export function customerMessageInsert(m: CustomerMessage, of?: MessageOfNewBooking): SQL {
  const locale = m.locale ?? 'es';
  const productOf = of
    ? sql`${m.productId ?? null}::uuid`
    : sql`coalesce(${m.productId ?? null}::uuid, (select b.product_id from bookings b where b.id = ${m.bookingId ?? null}::uuid))`;
  const translated = sql`(select nullif(btrim(p.translations -> ${locale} ->> 'name'), '') from products p
    where p.id = ${productOf})`;
  // As headerText: one line (control characters and line separators → a space), bounded.
  const name = sql`btrim(regexp_replace(coalesce(${translated}, ${m.productName}), '[[:cntrl:][:space:]\u2028\u2029]+', ' ', 'g'))`;
  const subject = sql`left(replace(${m.subject}, ${SUBJECT_PRODUCT}, ${name}), 200)`;
  const dedupeKey = of ? sql`${of.dedupePrefix} || nb.id::text` : sql`${m.dedupeKey}`;
  const bookingId = of ? sql`nb.id` : sql`${m.bookingId ?? null}`;
  return sql`
    insert into messages (tour_operator_id, kind, channel, dedupe_key, recipient, recipient_name, subject, html, text,
      state, last_error, booking_id, payload, locale, actor_id, resend_of)
    select ${m.tourOperatorId}, ${m.kind}, 'email', ${dedupeKey}, ${m.recipient}, ${m.recipientName}, ${subject}, '', '',
      ${m.state ?? MESSAGE_STATE.QUEUED}, ${m.lastError ?? null}, ${bookingId}, ${JSON.stringify(m.payload ?? {})}::jsonb,
      ${locale}, ${m.actorId ?? null}, ${m.resendOf ?? null}
    ${of ? sql`from ${of.from} nb` : sql``}
    where not exists (
      select 1 from message_settings s where s.tour_operator_id = ${m.tourOperatorId} and ${m.kind} = any(s.disabled_kinds)
    )
    on conflict (dedupe_key) do nothing
    returning id`;
}

/** {@link customerMessageInsert} on its own. Returns the new id, or undefined (switched off, or already there). */
export async function insertCustomerMessage(tx: DbOrTx, m: CustomerMessage) {
  const res = await tx.execute<{ id: string }>(customerMessageInsert(m));
  return res.rows[0]?.id as string | undefined;
}

export type ClaimedMessage = {
  id: string;
  kind: TMessageKind;
  channel: 'email' | 'webhook';
  webhook_endpoint_id: string | null;
  recipient: string;
  recipient_name: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  booking_id: string | null;
  payload: Record<string, unknown>;
  /** The name customers see as the sender (the operator's settings, else its name); null for staff messages. */
  sender_name: string | null;
  reply_to: string | null;
};

/**
 * Claims up to `limit` messages of `channels` that are due, one short statement per channel (each
 * its own transaction): queued ones whose time has come, and `sending` ones whose claim lapsed (a
 * process that died mid-send), oldest due first within each channel, channels in the order given.
 * `FOR UPDATE SKIP LOCKED` lets several senders claim at once without ever taking the same row; the
 * claim counts the attempt and holds the row for `leaseMs`. By channel (`messages_due_channel_idx`):
 * a claim of webhooks never reads the e-mails queued for later (migration 0026).
 */
export async function claimDue(
  db: DbOrTx,
  limit: number,
  leaseMs: number,
  channels: readonly ('email' | 'webhook')[] = ['email', 'webhook'],
): Promise<ClaimedMessage[]> {
  const claimed: ClaimedMessage[] = [];
  for (const channel of channels) {
    if (claimed.length >= limit) break;
    claimed.push(...(await claimDueOf(db, channel, limit - claimed.length, leaseMs)));
  }
  return claimed;
}

async function claimDueOf(
  db: DbOrTx,
  channel: 'email' | 'webhook',
  limit: number,
  leaseMs: number,
): Promise<ClaimedMessage[]> {
  // RETURNING has no order of its own: the CTE hands the batch back oldest first.
  const res = await db.execute<ClaimedMessage>(sql`
    with claimed as (
    update messages m set
      state = ${MESSAGE_STATE.SENDING},
      attempts = m.attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
      updated_at = now()
    where m.id in (
      select id from messages
      where channel = ${channel}
        and ((state = ${MESSAGE_STATE.QUEUED} and next_attempt_at <= now())
          or (state = ${MESSAGE_STATE.SENDING} and locked_until < now()))
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning m.id, m.kind, m.channel, m.webhook_endpoint_id, m.recipient, m.recipient_name, m.subject, m.html, m.text,
      m.attempts, m.next_attempt_at, m.booking_id, m.payload, m.tour_operator_id
    )
    select c.id, c.kind, c.channel, c.webhook_endpoint_id, c.recipient, c.recipient_name, c.subject, c.html, c.text, c.attempts, c.booking_id, c.payload,
      coalesce(nullif(s.sender_name, ''), o.name) as sender_name,
      coalesce(nullif(s.reply_to, ''), nullif(o.email, '')) as reply_to
    from claimed c
    left join tour_operators o on o.id = c.tour_operator_id
    left join message_settings s on s.tour_operator_id = c.tour_operator_id
    order by c.next_attempt_at, c.id`);
  return res.rows.map((r) => ({
    ...r,
    attempts: Number(r.attempts),
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) ?? {},
  }));
}

/** Whether the row is still claimed by this attempt (its state `sending`, the attempt number ours). */
const stillOurs = (id: string, attempts: number) =>
  and(eq(messages.id, id), eq(messages.state, MESSAGE_STATE.SENDING), eq(messages.attempts, attempts));

/** A webhook's answer, kept with the delivery. */
export type DeliveryResponse = { status: number | null; excerpt: string | null };
const responseColumns = (r?: DeliveryResponse) =>
  r ? { responseStatus: r.status, responseExcerpt: r.excerpt } : ({} as Record<string, never>);

/**
 * After the SMTP server accepted it: `sent`, what was sent kept (its secrets blanked) with the
 * language it was written in (a customer message's is decided when it leaves). A webhook keeps
 * its body as it was and the endpoint's answer.
 */
export async function markSent(
  db: DbOrTx,
  id: string,
  attempts: number,
  sent: { subject: string; html: string; text: string; locale?: string; response?: DeliveryResponse },
) {
  await db
    .update(messages)
    .set({
      ...responseColumns(sent.response),
      ...(sent.locale ? { locale: sent.locale } : {}),
      state: MESSAGE_STATE.SENT,
      sentAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      subject: sent.subject,
      html: redactSecrets(sent.html),
      text: redactSecrets(sent.text),
      updatedAt: sql`now()`,
    })
    .where(stillOurs(id, attempts));
}

/** Not sent, for good, with the reason (the booking was cancelled before it left…). */
export async function markSkipped(db: DbOrTx, id: string, attempts: number, reason: string) {
  await db
    .update(messages)
    .set({ state: MESSAGE_STATE.SKIPPED, lastError: reason, lockedUntil: null, updatedAt: sql`now()` })
    .where(stillOurs(id, attempts));
}

/** A failed attempt that will be tried again at `now() + delayMs`. */
export async function markRetry(
  db: DbOrTx,
  id: string,
  attempts: number,
  error: string,
  delayMs: number,
  response?: DeliveryResponse,
) {
  await db
    .update(messages)
    .set({
      ...responseColumns(response),
      state: MESSAGE_STATE.QUEUED,
      lastError: error,
      lockedUntil: null,
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(stillOurs(id, attempts));
}

/** The last attempt failed: `failed` for good, with the reason. */
export async function markFailed(
  db: DbOrTx,
  id: string,
  attempts: number,
  error: string,
  html: string,
  text: string,
  locale?: string,
  response?: DeliveryResponse,
) {
  await db
    .update(messages)
    .set({
      ...responseColumns(response),
      ...(locale ? { locale } : {}),
      state: MESSAGE_STATE.FAILED,
      lastError: error,
      lockedUntil: null,
      html: redactSecrets(html),
      text: redactSecrets(text),
      updatedAt: sql`now()`,
    })
    .where(stillOurs(id, attempts));
}

/** A claim given back untried (the worker is stopping): queued again at once, the attempt uncounted. */
export async function releaseClaim(db: DbOrTx, id: string, attempts: number) {
  await db
    .update(messages)
    .set({
      state: MESSAGE_STATE.QUEUED,
      attempts: sql`${messages.attempts} - 1`,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(stillOurs(id, attempts));
}

// ── Languages (issue 15) ──────────────────────────────────────────────────────────────────────────

/** What decides the language of a booking's messages: its own and its operator's default. */
export async function findBookingLanguages(db: DbOrTx, bookingId: string) {
  const res = await db.execute<{ language: string; default_language: string }>(sql`
    select b.language, o.default_language
    from bookings b join tour_operators o on o.id = b.tour_operator_id
    where b.id = ${bookingId}`);
  return res.rows[0];
}

/** An operator's default language (its customers' fallback), or undefined when it does not exist. */
export async function findOperatorLanguage(db: DbOrTx, tourOperatorId: string) {
  const [row] = await db
    .select({ language: tourOperators.defaultLanguage })
    .from(tourOperators)
    .where(eq(tourOperators.id, tourOperatorId));
  return row?.language;
}

// ── Reading the outbox: "Mensajes" and a booking's messages ──────────────────────────────────────

/**
 * The list conventions of GET /messages. The default (newest first, one operator) reads the
 * (tenant, created_at) index; a booking's messages the booking index.
 */
export const MESSAGE_LIST_SPEC: ResourceListSpec = {
  filters: {
    state: { column: messages.state, type: 'enum', values: MESSAGE_STATES },
    kind: { column: messages.kind, type: 'enum', values: MESSAGE_KINDS },
    channel: { column: messages.channel, type: 'enum', values: MESSAGE_CHANNELS },
    booking_id: { column: messages.bookingId, type: 'uuid' },
    user_id: { column: messages.userId, type: 'uuid' },
    created_at: { column: messages.createdAt, type: 'timestamp' },
    tour_operator_id: { column: messages.tourOperatorId, type: 'uuid' },
  },
  sort: { created_at: messages.createdAt },
  defaultSort: ['-created_at'],
  search: [messages.recipient, messages.recipientName, messages.subject],
  tiebreaker: messages.id,
};

const viewColumns = {
  ...getTableColumns(messages),
  timezone: sql<
    string | null
  >`(select ${tourOperators.timezone} from ${tourOperators} where ${tourOperators.id} = ${messages.tourOperatorId})`,
  bookingLocator: sql<
    string | null
  >`(select ${bookings.locator} from ${bookings} where ${bookings.id} = ${messages.bookingId})`,
  bookingState: sql<
    string | null
  >`(select ${bookings.state} from ${bookings} where ${bookings.id} = ${messages.bookingId})`,
  actorName: sql<string | null>`(select ${users.fullName} from ${users} where ${users.id} = ${messages.actorId})`,
};

export type MessageView = MessageRow & {
  timezone: string | null;
  bookingLocator: string | null;
  bookingState: string | null;
  actorName: string | null;
};

/** A page of the messages the actor may read (tenant scope), newest first by default. */
/** A page of the outbox and its capped total, built once per shape (ADR 052). */
export async function listMessages(db: DbOrTx, actor: Actor, params: ListParams) {
  const b = new ShapeBinder('messages.list');
  const where = combine([
    tenantScope(messages.tourOperatorId, actor, b),
    ...buildListConditions(params, MESSAGE_LIST_SPEC, b),
  ]);
  const order: SQL[] = params.sort.map((s) => (s.dir === 'desc' ? desc(messages.createdAt) : asc(messages.createdAt)));
  order.push(params.sort.at(-1)?.dir === 'asc' ? asc(messages.id) : desc(messages.id));
  b.shape(`sort:${params.sort.map((s) => s.dir).join(',')}`);
  const rows = (d: DbOrTx) => d.select(viewColumns).from(messages);
  const list = { rows, table: messages, where, order, countCap: LIST_COUNT_CAP };
  const page = await runListTemplate(db, b, params, list);
  return { rows: page.rows as MessageView[], total: page.total };
}

/** The messages of one booking, newest first (the booking's visibility is the caller's check). */
export async function listBookingMessages(db: DbOrTx, bookingId: string, limit: number) {
  // Built once per limit (ADR 052); the limit is an integer written into the text.
  const cap = Math.trunc(limit);
  const rows = await runKeyedTemplate(db, `messages.of-booking|${cap}`, messages.bookingId, bookingId, (d, where) =>
    d
      .select(viewColumns)
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(sql.raw(String(cap)) as never),
  );
  return rows as MessageView[];
}

/**
 * Who may open which message: the tenant scope, and a Vendedor only the messages of bookings they
 * sold (issue 31 item 12: they see those on the booking; nothing else of the outbox).
 */
function readScope(actor: Actor): SQL | undefined {
  return combine([
    tenantScope(messages.tourOperatorId, actor),
    actor.level === LEVEL.SELLER
      ? sql`exists (select 1 from ${bookings} where ${bookings.id} = ${messages.bookingId} and ${bookings.sellerId} = ${actor.id})`
      : undefined,
  ]);
}

/** One message the actor may read (tenant scope; a Vendedor's own bookings), or undefined. */
export async function findVisibleMessage(db: DbOrTx, actor: Actor, id: string) {
  const [row] = await db
    .select(viewColumns)
    .from(messages)
    .where(combine([readScope(actor), eq(messages.id, id)]));
  return row as MessageView | undefined;
}

// ── Settings ─────────────────────────────────────────────────────────────────────────────────────

export type MessageSettingsRow = typeof messageSettings.$inferSelect;

export async function findSettings(db: DbOrTx, tourOperatorId: string) {
  const [row] = await db.select().from(messageSettings).where(eq(messageSettings.tourOperatorId, tourOperatorId));
  return row as MessageSettingsRow | undefined;
}

export async function upsertSettings(
  db: DbOrTx,
  values: Omit<MessageSettingsRow, 'updatedAt'>,
): Promise<MessageSettingsRow> {
  const [row] = await db
    .insert(messageSettings)
    .values(values)
    .onConflictDoUpdate({
      target: messageSettings.tourOperatorId,
      set: {
        senderName: values.senderName,
        replyTo: values.replyTo,
        reminderTime: values.reminderTime,
        disabledKinds: values.disabledKinds,
        updatedBy: values.updatedBy,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row;
}

/**
 * The demo seed's bookings (sold, changed, paid and cancelled over the past month) wrote their
 * messages as they would: they become history, sent when their booking was made, instead of a
 * queue of hundreds to send on the first start.
 */
export async function settleSeededMessages(tx: DbOrTx) {
  await tx.execute(sql`
    update messages m set state = 'sent', attempts = 1, created_at = t.at,
      sent_at = t.at + interval '4 seconds', updated_at = t.at + interval '4 seconds'
    from (
      select m2.id, case when m2.kind in ('booking_confirmed', 'booking_prepared', 'booking_requested')
        then b.created_at else b.updated_at end as at
      from messages m2 join bookings b on b.id = m2.booking_id
      where m2.state = 'queued'
    ) t
    where t.id = m.id`);
}

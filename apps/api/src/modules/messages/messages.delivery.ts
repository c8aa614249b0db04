/**
 * Sending what the outbox holds (issue 14, issue 31; docs/decisions/015-messages-outbox.md): the
 * `messages.deliver` background task (background.ts) calls `deliverDue` in one process at a time,
 * every few seconds and right after a request wrote a message. It claims due messages in one short
 * statement (`FOR UPDATE SKIP LOCKED`), sends each outside any transaction — an e-mail through SMTP,
 * a webhook as a signed POST — and marks it `sent` only after the server accepted it; a failure is
 * retried with back-off and, after the last attempt, left `failed` with the reason. A claim lapses
 * after `leaseMs` (a process that died mid-send), so nothing is lost on a crash.
 *
 * Without SMTP (no transport) e-mails wait queued; webhooks still go.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { RenderOutcome } from './messages.render';
import {
  type ClaimedMessage,
  claimDue,
  type DeliveryResponse,
  markFailed,
  markRetry,
  markSent,
  markSkipped,
  releaseClaim,
} from './messages.repository';
import { backoffMs, DEFAULT_RETRY, describeSendError, type RetryPolicy } from './messages.rules';
import type { MailTransport } from './messages.transport';
import { sendWebhook, type WebhookSendOptions } from './messages.webhooks';

export type MessageSenderOptions = {
  db: DbOrTx;
  /** SMTP (SMTP_URL); without it e-mails wait in the outbox and only webhooks go. */
  transport?: MailTransport;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Messages claimed at once (default 10). */
  batch?: number;
  /** How long a claim holds a message: longer than the transport's worst wait (default 5 min). */
  leaseMs?: number;
  retry?: Partial<RetryPolicy>;
  /**
   * Renders a claimed e-mail for sending (customer messages are rendered when they leave,
   * messages.render.ts); without it, messages go as they were written.
   */
  render?: (m: ClaimedMessage) => Promise<RenderOutcome>;
  /** Webhooks: `fetch` (tests may pass theirs) and the answer's time limit. */
  webhook?: WebhookSendOptions;
};

export type MessageSender = {
  /** Claims and sends one batch of what is due; the number of messages tried. */
  runOnce(signal?: AbortSignal): Promise<number>;
  /** Batches until the outbox has nothing due (or `signal` aborts); the number tried. */
  deliverDue(signal?: AbortSignal): Promise<number>;
  /** Whether e-mails go (SMTP configured). */
  readonly sendsEmail: boolean;
  /** Waits for the batch in hand and closes the SMTP connection. */
  stop(): Promise<void>;
};

/** The most batches one run sends before it lets the next look come (other tasks, other processes). */
const MAX_BATCHES_PER_RUN = 50;

export function createMessageSender(o: MessageSenderOptions): MessageSender {
  const batch = o.batch ?? 10;
  const leaseMs = o.leaseMs ?? 5 * 60_000;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...o.retry };
  const channels = o.transport ? (['email', 'webhook'] as const) : (['webhook'] as const);
  let stopped = false;

  const render: (m: ClaimedMessage) => Promise<RenderOutcome> =
    o.render ?? (async (m) => ({ subject: m.subject, html: m.html, text: m.text, attachments: [] }));

  async function failed(
    m: ClaimedMessage,
    reason: string,
    content: { html: string; text: string; locale?: string },
    response?: DeliveryResponse,
  ) {
    if (m.attempts >= retry.maxAttempts) {
      await markFailed(o.db, m.id, m.attempts, reason, content.html, content.text, content.locale, response);
      o.log?.error({ messageId: m.id, kind: m.kind, attempts: m.attempts, reason }, 'message failed for good');
    } else {
      const delay = backoffMs(m.attempts, retry);
      await markRetry(o.db, m.id, m.attempts, reason, delay, response);
      o.log?.warn({ messageId: m.id, kind: m.kind, attempts: m.attempts, reason, delay }, 'message send failed');
    }
  }

  async function deliverWebhook(m: ClaimedMessage) {
    const body = { html: m.html, text: m.text };
    let out: Awaited<ReturnType<typeof sendWebhook>>;
    try {
      out = await sendWebhook(
        o.db,
        { id: m.id, event: m.subject, body: m.text, endpointId: m.webhook_endpoint_id },
        o.webhook,
      );
    } catch (err) {
      await failed(m, describeSendError(err), body);
      return;
    }
    if ('skip' in out) {
      await markSkipped(o.db, m.id, m.attempts, out.skip);
      return;
    }
    const response = { status: out.status, excerpt: out.excerpt };
    if (!out.ok) {
      await failed(m, out.error, body, response);
      return;
    }
    await untilWritten(() => markSent(o.db, m.id, m.attempts, { subject: m.subject, ...body, response }), m.id);
    o.log?.info({ messageId: m.id, kind: m.kind, attempts: m.attempts, status: out.status }, 'webhook delivered');
  }

  async function deliverEmail(m: ClaimedMessage, transport: MailTransport) {
    let content: { subject: string; html: string; text: string; locale?: string } = {
      subject: m.subject,
      html: m.html,
      text: m.text,
    };
    try {
      const out = await render(m);
      if ('skip' in out) {
        await markSkipped(o.db, m.id, m.attempts, out.skip);
        o.log?.info({ messageId: m.id, kind: m.kind, reason: out.skip }, 'message not sent');
        return;
      }
      content = { subject: out.subject, html: out.html, text: out.text, locale: out.locale };
      await transport.send({
        id: m.id,
        to: m.recipient,
        toName: m.recipient_name,
        subject: content.subject,
        html: content.html,
        text: content.text,
        fromName: m.sender_name,
        replyTo: m.reply_to,
        attachments: out.attachments,
      });
    } catch (err) {
      await failed(m, describeSendError(err), content);
      return;
    }
    // The SMTP server has it: recording that must not be lost to a database blip (a restart, a
    // dropped connection), or the claim would lapse and the customer get it twice. Retried until
    // it is written, well inside the claim.
    await untilWritten(() => markSent(o.db, m.id, m.attempts, content), m.id);
    o.log?.info({ messageId: m.id, kind: m.kind, attempts: m.attempts }, 'message sent');
  }

  async function untilWritten(write: () => Promise<void>, messageId: string) {
    const deadline = Date.now() + leaseMs / 2;
    for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
      try {
        return await write();
      } catch (err) {
        if (Date.now() + wait > deadline) throw err;
        o.log?.warn({ err, messageId }, 'could not record a sent message yet; trying again');
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  const inFlight = new Set<Promise<number>>();

  /** Every batch is tracked, so `stop` closes the transport only after the message in hand. */
  function runOnce(signal?: AbortSignal): Promise<number> {
    const p = runBatch(signal).finally(() => inFlight.delete(p));
    inFlight.add(p);
    return p;
  }

  async function runBatch(signal?: AbortSignal): Promise<number> {
    if (stopped) return 0;
    const claimed = await claimDue(o.db, batch, leaseMs, channels);
    for (const m of claimed) {
      // Stopping (shutdown, restart): what was not tried yet goes back to the queue at once, for
      // this or another process, instead of waiting for its claim to lapse.
      if (stopped || signal?.aborted) await releaseClaim(o.db, m.id, m.attempts);
      else if (m.channel === 'webhook') await deliverWebhook(m);
      else if (o.transport) await deliverEmail(m, o.transport);
      else await releaseClaim(o.db, m.id, m.attempts);
    }
    return claimed.length;
  }

  return {
    runOnce,
    sendsEmail: Boolean(o.transport),
    async deliverDue(signal) {
      let total = 0;
      for (let i = 0; i < MAX_BATCHES_PER_RUN && !stopped && !signal?.aborted; i++) {
        const n = await runOnce(signal);
        total += n;
        if (n < batch) break;
      }
      return total;
    },
    async stop() {
      stopped = true;
      await Promise.allSettled([...inFlight]);
      o.transport?.close();
    },
  };
}

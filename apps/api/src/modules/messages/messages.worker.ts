/**
 * The mail worker (issue 14, docs/decisions/015-messages-outbox.md): every API process runs one
 * when SMTP_URL is set. It claims due messages in one short statement (`FOR UPDATE SKIP LOCKED`,
 * so two processes never take the same message), sends each outside any transaction, and marks it
 * `sent` only after the SMTP server accepted it; a failure is retried with back-off and, after the
 * last attempt, left `failed` with the reason. A claim lapses after `leaseMs` (a process that died
 * mid-send), so nothing is lost on a crash.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { RenderOutcome } from './messages.render';
import {
  type ClaimedMessage,
  claimDue,
  markFailed,
  markRetry,
  markSent,
  markSkipped,
  releaseClaim,
} from './messages.repository';
import { backoffMs, DEFAULT_RETRY, describeSendError, type RetryPolicy } from './messages.rules';
import type { MailTransport } from './messages.transport';

export type MailWorkerOptions = {
  db: DbOrTx;
  transport: MailTransport;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Pause between looks at the outbox when it is idle (default 3 s). */
  pollMs?: number;
  /** Messages claimed at once (default 10). */
  batch?: number;
  /** How long a claim holds a message: longer than the transport's worst wait (default 5 min). */
  leaseMs?: number;
  retry?: Partial<RetryPolicy>;
  /**
   * Renders a claimed message for sending (customer messages are rendered when they leave,
   * messages.render.ts); without it, messages go as they were written.
   */
  render?: (m: ClaimedMessage) => Promise<RenderOutcome>;
};

export type MailWorker = {
  /** Claims and sends what is due once; the number of messages tried. */
  runOnce(): Promise<number>;
  start(): void;
  /** Looks at the outbox soon (after a message was committed), without waiting for the poll. */
  kick(): void;
  /** Stops polling, finishes the message in hand, gives back the rest of the batch, closes the transport. */
  stop(): Promise<void>;
};

export function createMailWorker(o: MailWorkerOptions): MailWorker {
  const pollMs = o.pollMs ?? 3000;
  const batch = o.batch ?? 10;
  const leaseMs = o.leaseMs ?? 5 * 60_000;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...o.retry };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let started = false;
  let stopped = false;
  let kicked = false;

  const render: (m: ClaimedMessage) => Promise<RenderOutcome> =
    o.render ?? (async (m) => ({ subject: m.subject, html: m.html, text: m.text, attachments: [] }));

  async function deliver(m: ClaimedMessage) {
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
      await o.transport.send({
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
      const reason = describeSendError(err);
      if (m.attempts >= retry.maxAttempts) {
        await markFailed(o.db, m.id, m.attempts, reason, content.html, content.text, content.locale);
        o.log?.error({ messageId: m.id, kind: m.kind, attempts: m.attempts, reason }, 'message failed for good');
      } else {
        const delay = backoffMs(m.attempts, retry);
        await markRetry(o.db, m.id, m.attempts, reason, delay);
        o.log?.warn({ messageId: m.id, kind: m.kind, attempts: m.attempts, reason, delay }, 'message send failed');
      }
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
  function runOnce(): Promise<number> {
    const p = runBatch().finally(() => inFlight.delete(p));
    inFlight.add(p);
    return p;
  }

  async function runBatch(): Promise<number> {
    const claimed = await claimDue(o.db, batch, leaseMs);
    for (const m of claimed) {
      // Stopping (shutdown, restart): what was not tried yet goes back to the queue at once, for
      // this or another process, instead of waiting for its claim to lapse.
      if (stopped) await releaseClaim(o.db, m.id, m.attempts);
      else await deliver(m);
    }
    return claimed.length;
  }

  function schedule(ms: number) {
    if (stopped || !started) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  function tick() {
    if (running || stopped) return;
    running = (async () => {
      try {
        while (!stopped && (await runOnce()) === batch) {}
      } catch (err) {
        // The database is away (restart, network): try again at the next poll.
        o.log?.warn({ err }, 'mail worker could not read the outbox');
      }
    })().finally(() => {
      running = undefined;
      schedule(kicked ? 0 : pollMs);
      kicked = false;
    });
  }

  return {
    runOnce,
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    kick() {
      if (!started) return;
      if (running) kicked = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await Promise.allSettled([...inFlight]);
      o.transport.close();
    },
  };
}

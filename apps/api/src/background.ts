/**
 * What runs in the background, and which module function runs it (issue 31 item 3, STYLE.md
 * rules 11–12, docs/decisions/019-background-jobs.md). The one place above the modules that
 * registers periodic tasks and job handlers with the runner (`lib/jobs/`, which knows no module);
 * `app.ts` builds it for each API process, and every process shares the work through the database.
 *
 * Issues 32–34 add their job handlers here (the end of a payment hold or of a channel's
 * reservation, calling the bookings service as the system; a tax record's sender).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env';
import type { DbOrTx } from './db/client';
import { type FoldedQueue, vacuumFoldedQueue } from './db/maintenance';
import { purgeExpiredIdempotencyKeys } from './lib/idempotency';
import { purgeFinishedJobs } from './lib/jobs/jobs.repository';
import { createJobRunner, type JobHandler, type JobRunner, type PeriodicTask } from './lib/jobs/runner';
import { messageOrigin } from './lib/public-origin';
import { purgeExpiredHits } from './lib/rate-limit';
import { expireEndedHolds, expireHold, HOLD_EXPIRY_JOB, REFUND_EXCESS_JOB } from './modules/bookings/bookings.service';
import { purgeOldChannelRequests } from './modules/channels/channel-requests.service';
import { compactCommissionDue } from './modules/commissions/commissions.totals';
import { aeatSenderOptions, sendLeftPending, sendPendingRecords } from './modules/invoices/invoices.sender';
import { SEND_RECORDS_JOB } from './modules/invoices/invoices.service';
import { createMessageSender, type MessageSender } from './modules/messages/messages.delivery';
import type { BookingReads } from './modules/messages/messages.ports';
import { queueDueReminders } from './modules/messages/messages.reminders';
import { renderMessage } from './modules/messages/messages.render';
import type { RetryPolicy } from './modules/messages/messages.rules';
import { createSmtpTransport } from './modules/messages/messages.transport';
import type { FetchLike } from './modules/messages/messages.webhooks';
import { refundExcess } from './modules/payments/refunds';
import { compactBookingTotals } from './modules/reports/reports.totals';

/** The task names (shared/jobs names them in Spanish for the state screen). */
export const TASK = {
  DELIVER_MESSAGES: 'messages.deliver',
  REMINDERS: 'messages.reminders',
  PURGE_IDEMPOTENCY: 'idempotency.purge',
  PURGE_RATE_LIMIT: 'rate-limit.purge',
  PURGE_JOBS: 'jobs.purge',
  HOLD_SWEEP: 'payments.hold-sweep',
  PURGE_CHANNEL_REQUESTS: 'channels.purge-requests',
  SEND_PENDING_INVOICE_RECORDS: 'invoices.send-pending',
  COMPACT_BOOKING_TOTALS: 'reports.compact-totals',
  COMPACT_COMMISSION_DUE: 'commissions.compact-due',
} as const;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Bounded batches, repeated up to this many times per run: a purge never holds the database long. */
const PURGE_ROUNDS = 20;

export type BackgroundOptions = {
  db: DbOrTx;
  config: Config;
  log: FastifyBaseLogger;
  /** The mail delivery's pace (tests set short ones) and its retry policy. */
  mail?: { pollMs?: number; leaseMs?: number; retry?: Partial<RetryPolicy> };
  /** The VERI*FACTU sender's `fetch` and time limit (tests). */
  aeat?: { fetch?: FetchLike; timeoutMs?: number };
  /** Webhooks' `fetch` and time limit (tests). */
  webhook?: { fetch?: FetchLike; timeoutMs?: number };
  /** Tasks the loop leaves alone (tests run them with `runner.runTask(name, now)`). */
  paused?: readonly string[];
  /** How messages read a booking (the bookings and public modules' services, wired in app.ts). */
  reads: BookingReads;
};

export type Background = {
  runner: JobRunner;
  sender: MessageSender;
  /** Sends what a change just wrote to the outbox now rather than at the next look. */
  kickDelivery(): void;
};

async function purgeRounds(purge: () => Promise<number>, batch: number, signal: AbortSignal) {
  let total = 0;
  for (let i = 0; i < PURGE_ROUNDS && !signal.aborted; i++) {
    const n = await purge();
    total += n;
    if (n < batch) break;
  }
  return total;
}

/**
 * A queue's fold in bounded rounds of 5,000, then, when it folded anything, a VACUUM of the queue:
 * what the fold deleted is dead rows until one, and PGlite never runs autovacuum (ADR 049).
 */
async function foldQueue(db: DbOrTx, fold: () => Promise<number>, queue: FoldedQueue, signal: AbortSignal) {
  const folded = await purgeRounds(fold, 5000, signal);
  if (folded > 0) await vacuumFoldedQueue(db, queue);
  return folded;
}

/** The least time between two runs of the delivery that writes start (ADR 041). */
export const DELIVERY_KICK_GAP_MS = 200;

/** Builds this process's runner with every task and handler registered; `start()` is the caller's. */
export function createBackground(o: BackgroundOptions): Background {
  const { db, config, log } = o;
  const transport =
    config.SMTP_URL && config.MAIL_FROM
      ? createSmtpTransport({ url: config.SMTP_URL, from: config.MAIL_FROM })
      : undefined;
  const sender = createMessageSender({
    db,
    transport,
    log,
    leaseMs: o.mail?.leaseMs,
    retry: o.mail?.retry,
    // Webhooks reach public addresses only, unless the operator allows its own network.
    webhook: { allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS, ...o.webhook },
    // Customer messages are rendered as they leave, from the booking as it is then.
    render: (m) => renderMessage(db, m, { origin: messageOrigin(config), now: new Date(), reads: o.reads }),
  });
  const deliverEveryMs = o.mail?.pollMs ?? 3000;
  // ADR 025: where VERI*FACTU records go, with the operator's certificate (read once, here).
  const aeat = aeatSenderOptions(config, o.aeat);

  let runner: JobRunner | undefined;
  const kickDelivery = () => runner?.kick(TASK.DELIVER_MESSAGES);

  const list: PeriodicTask[] = [
    {
      // The outbox: e-mails (with SMTP) and webhooks. Short lease, kept alive while it sends: a
      // process that dies mid-batch holds the delivery up for half a minute at most (its messages
      // have their own claim).
      name: TASK.DELIVER_MESSAGES,
      everyMs: deliverEveryMs,
      leaseMs: 30_000,
      // Every write kicks the delivery (app.ts): a burst of sales looks at the outbox once per
      // gap, not once per sale (two job_tasks updates and a claim each, ADR 041). A lone sale's
      // message still leaves at once.
      kickGapMs: DELIVERY_KICK_GAP_MS,
      run: ({ signal }) => sender.deliverDue(signal),
    },
    {
      name: TASK.REMINDERS,
      everyMs: MINUTE,
      firstRunAfterMs: 1000,
      run: async ({ now }) => {
        const n = await queueDueReminders(db, now);
        if (n > 0) {
          log.info({ reminders: n }, 'reminders queued');
          kickDelivery();
        }
        return n;
      },
    },
    {
      name: TASK.PURGE_IDEMPOTENCY,
      everyMs: 10 * MINUTE,
      firstRunAfterMs: 10 * MINUTE,
      run: ({ signal }) => purgeRounds(() => purgeExpiredIdempotencyKeys(db, 500), 500, signal),
    },
    {
      name: TASK.PURGE_RATE_LIMIT,
      everyMs: 5 * MINUTE,
      firstRunAfterMs: 5 * MINUTE,
      run: ({ signal }) => purgeRounds(() => purgeExpiredHits(db, 500), 500, signal),
    },
    {
      name: TASK.PURGE_JOBS,
      everyMs: 60 * MINUTE,
      firstRunAfterMs: 60 * MINUTE,
      run: ({ now, signal }) =>
        purgeRounds(() => purgeFinishedJobs(db, now, { doneMs: 7 * DAY, failedMs: 30 * DAY, limit: 500 }), 500, signal),
    },
    {
      // ADR 022: the holds whose own job has not ended them (a process was down at the time, or the
      // job is still backing off) end here within a minute; each end locks its booking first.
      name: TASK.HOLD_SWEEP,
      everyMs: MINUTE,
      firstRunAfterMs: 5000,
      run: ({ now }) => expireEndedHolds(db, now),
    },
    {
      // ADR 023: the OCTO request log of the channels' keys is kept 90 days.
      name: TASK.PURGE_CHANNEL_REQUESTS,
      everyMs: 60 * MINUTE,
      firstRunAfterMs: 15 * MINUTE,
      run: ({ now, signal }) => purgeRounds(() => purgeOldChannelRequests(db, now, 500), 500, signal),
    },
    {
      // ADR 026: what each booking change added to the report totals, folded in (reports read both).
      name: TASK.COMPACT_BOOKING_TOTALS,
      everyMs: MINUTE,
      firstRunAfterMs: 20_000,
      run: ({ signal }) => foldQueue(db, () => compactBookingTotals(db, 5000), 'booking_totals_change', signal),
    },
    {
      // ADR 037: what each sale, change or statement added to the commissions due, folded in.
      name: TASK.COMPACT_COMMISSION_DUE,
      everyMs: MINUTE,
      firstRunAfterMs: 25_000,
      run: ({ signal }) => foldQueue(db, () => compactCommissionDue(db, 5000), 'commission_due_delta', signal),
    },
    {
      // ADR 025: VERI*FACTU records their jobs left pending (the AEAT away for long, the URL set later).
      name: TASK.SEND_PENDING_INVOICE_RECORDS,
      everyMs: 15 * MINUTE,
      firstRunAfterMs: 5 * MINUTE,
      run: ({ signal }) => sendLeftPending(db, aeat, signal),
    },
  ];
  const tasks = list.map((t) => ({ ...t, paused: o.paused?.includes(t.name) ?? false }));

  /** One-off jobs by kind (issues 32–34). */
  const handlers: JobHandler[] = [
    {
      // A payment hold that ends (ADR 022): cancels the booking as the system if still unpaid.
      kind: HOLD_EXPIRY_JOB,
      run: async ({ job, now }) => {
        await expireHold(db, String(job.payload.booking_id ?? ''), now);
      },
    },
    {
      // ADR 025: an invoice's VERI*FACTU record (and its operator's earlier pending ones) to the AEAT.
      kind: SEND_RECORDS_JOB,
      backoff: { baseMs: MINUTE, maxMs: 60 * MINUTE },
      run: async ({ job }) => {
        await sendPendingRecords(db, aeat, job);
      },
    },
    {
      // What an online payment brought above what was owed, given back through its provider.
      kind: REFUND_EXCESS_JOB,
      backoff: { baseMs: MINUTE, maxMs: 60 * MINUTE },
      run: async ({ job, now }) => {
        await refundExcess(db, job.payload, now);
        kickDelivery();
      },
    },
  ];

  runner = createJobRunner({
    db,
    tasks,
    handlers,
    log,
    // Look at least as often as the most frequent task runs.
    pollMs: Math.min(2000, deliverEveryMs),
  });
  return { runner, sender, kickDelivery };
}

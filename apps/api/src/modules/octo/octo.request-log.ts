/**
 * The channel's request log ("Canales": what a reseller's system asked and what it was answered),
 * written in batches (ADR 044). Each authenticated OCTO request leaves one line once its answer has
 * gone out; the lines of the requests answered within {@link REQUEST_LOG_DELAY_MS} of each other are
 * written by one INSERT, and the keys they used touched (at most once a minute each) after it. Under
 * a reseller's load (ten reserves in flight) that is one statement for several requests instead of
 * one per request; a line shows in the log a few milliseconds later than it used to.
 *
 * A batch the database refuses is written again line by line, so a line it cannot take (a
 * constraint, a trigger) loses only itself; a failure is a warning in the server's log and never
 * reaches the answer, which has long gone. `close()` writes what is waiting (the server shutting down).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import * as repo from './octo.repository';
import type { RequestRecord } from './octo.service';

/** How long a line waits for others to join its batch. */
export const REQUEST_LOG_DELAY_MS = 20;
/** The most lines one INSERT writes (a larger backlog goes in several). */
export const REQUEST_LOG_BATCH = 200;
/** A key's last use is written at most this often. */
const KEY_TOUCH_MS = 60_000;

export type RequestLog = {
  /** Queues the line of a request answered `now` (never throws, never waits). */
  add(caller: repo.OctoCaller, record: RequestRecord, now: Date): void;
  /** Writes every line queued so far and waits for the writes in flight (the server's `preClose`). */
  close(): Promise<void>;
};

export function requestLog(db: DbOrTx, log: FastifyBaseLogger): RequestLog {
  let lines: repo.RequestLogEntry[] = [];
  /** The keys to touch with the lines queued, and the moment of their last request. */
  let touches = new Map<string, Date>();
  let timer: NodeJS.Timeout | undefined;
  const writing = new Set<Promise<void>>();

  const take = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = { lines, touches };
    lines = [];
    touches = new Map();
    return batch;
  };

  const start = () => {
    const batch = take();
    if (batch.lines.length === 0) return;
    const write = writeBatch(db, log, batch.lines, batch.touches).finally(() => writing.delete(write));
    writing.add(write);
  };

  return {
    add(caller, record, now) {
      lines.push(lineOf(caller, record, now));
      if (!caller.keyLastUsedAt || now.getTime() - caller.keyLastUsedAt.getTime() >= KEY_TOUCH_MS) {
        touches.set(caller.keyId, now);
      }
      if (lines.length >= REQUEST_LOG_BATCH) start();
      else timer ??= setTimeout(start, REQUEST_LOG_DELAY_MS);
    },
    async close() {
      start();
      await Promise.allSettled([...writing]);
    },
  };
}

function lineOf(caller: repo.OctoCaller, record: RequestRecord, now: Date): repo.RequestLogEntry {
  return {
    tourOperatorId: caller.operator.id,
    channelId: caller.channel.id,
    keyId: caller.keyId,
    method: record.method.slice(0, 16),
    path: record.path.slice(0, 500),
    status: record.status,
    durationMs: Math.max(0, Math.round(record.durationMs)),
    errorCode: record.errorCode,
    at: now,
  };
}

async function writeBatch(
  db: DbOrTx,
  log: FastifyBaseLogger,
  lines: repo.RequestLogEntry[],
  touches: Map<string, Date>,
): Promise<void> {
  try {
    await repo.insertRequestLogs(db, lines);
  } catch (err) {
    if (lines.length === 1) {
      log.warn({ err }, 'OCTO API: the request log could not be written');
    } else {
      // One line the database refuses must not take the others with it.
      for (const line of lines) {
        await repo
          .insertRequestLogs(db, [line])
          .catch((e) => log.warn({ err: e, path: line.path }, 'OCTO API: the request log could not be written'));
      }
    }
  }
  for (const [keyId, at] of touches) {
    await repo
      .touchKey(db, keyId, at)
      .catch((err) => log.warn({ err }, "OCTO API: the key's last use could not be written"));
  }
}

/**
 * Large list answers (availability, the bookings calendar: up to thousands of departures) sent as
 * a JSON array in chunks: each item is written by its schema's writer (so nothing outside the
 * contract can leak, ADR 002; compiled, and checked against zod's in tests: ADR 038), but the server
 * goes back to its other requests between chunks instead of encoding megabytes in one go (issue 12:
 * /health waited seconds behind them).
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { itemWriter, serializerCheckOn } from './response-serializer';

/** Items per chunk: a few milliseconds of encoding. */
const JSON_CHUNK_ITEMS = 500;

/** `[item,item,…]` as a stream of text chunks, each item encoded by `item` (its response schema). */
function jsonArrayStream<T>(
  items: readonly T[],
  write: (item: unknown) => string,
  chunkItems = JSON_CHUNK_ITEMS,
): Readable {
  async function* chunks() {
    yield '[';
    for (let i = 0; i < items.length; i += chunkItems) {
      if (i > 0) await nextTurn();
      const part = items.slice(i, i + chunkItems).map(write);
      yield (i > 0 ? ',' : '') + part.join(',');
    }
    yield ']';
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Sends `items` as a streamed JSON array (200, application/json). */
export const sendJsonArray = <T>(reply: FastifyReply, items: readonly T[], item: z.ZodType) =>
  reply
    .type('application/json; charset=utf-8')
    .send(jsonArrayStream(items, itemWriter(item, serializerCheckOn(reply.server.config))));

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

/** Items per chunk of a streamed answer: a few milliseconds of encoding. */
const JSON_CHUNK_ITEMS = 500;

/**
 * The most items an answer is written in one piece (a calendar entry takes ~1 µs to encode, an
 * availability slot less): a stream's own machinery cost more than encoding a calendar week's
 * 2,200 departures (issue 35, twenty-fourth session, three runs: −10 to −17 % of the API's CPU
 * per request on the availability answers, −1 to −11 % on the calendar's week).
 */
const ONE_PIECE_MAX_ITEMS = 2500;

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

/** Sends `items` as a JSON array (200, application/json): in one piece up to ONE_PIECE_MAX_ITEMS, else streamed. */
export function sendJsonArray<T>(reply: FastifyReply, items: readonly T[], item: z.ZodType) {
  const write = itemWriter(item, serializerCheckOn(reply.server.config));
  reply.type('application/json; charset=utf-8');
  if (items.length <= ONE_PIECE_MAX_ITEMS) return reply.send(`[${items.map(write).join(',')}]`);
  return reply.send(jsonArrayStream(items, write));
}

/**
 * Large list answers (availability, the bookings calendar: up to thousands of departures) sent as
 * a JSON array, in chunks when long: the server goes back to its other requests between chunks
 * instead of encoding megabytes in one go (issue 12: /health waited seconds behind them). Nothing
 * outside the contract can leak (ADR 002): the items are built to their schema's type, and the
 * tests compare every answer with the schema's own writer (ADR 038).
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { firstDifference, itemWriter, ResponseWriterMismatch, serializerCheckOn } from './response-serializer';

/** Items per chunk of a streamed answer: a few milliseconds of encoding. */
const JSON_CHUNK_ITEMS = 500;

/**
 * The most items an answer is written in one piece (a calendar entry takes ~1 µs to encode, an
 * availability slot less): a stream's own machinery cost more than encoding a calendar week's
 * 2,200 departures (issue 35, twenty-fourth session, three runs: −10 to −17 % of the API's CPU
 * per request on the availability answers, −1 to −11 % on the calendar's week).
 */
const ONE_PIECE_MAX_ITEMS = 2500;

/** The JSON array of some items: `[item,item,…]`. */
type ArrayWriter = (items: readonly unknown[]) => string;

/** `[item,item,…]` as a stream of text chunks, each chunk an array written by `write`, without its brackets. */
function jsonArrayStream<T>(items: readonly T[], write: ArrayWriter, chunkItems = JSON_CHUNK_ITEMS): Readable {
  async function* chunks() {
    yield '[';
    for (let i = 0; i < items.length; i += chunkItems) {
      if (i > 0) await nextTurn();
      yield (i > 0 ? ',' : '') + write(items.slice(i, i + chunkItems)).slice(1, -1);
    }
    yield ']';
  }
  return Readable.from(chunks(), { objectMode: false });
}

function sendArray<T>(reply: FastifyReply, items: readonly T[], write: ArrayWriter) {
  reply.type('application/json; charset=utf-8');
  if (items.length <= ONE_PIECE_MAX_ITEMS) return reply.send(write(items));
  return reply.send(jsonArrayStream(items, write));
}

/**
 * Sends `items` as a JSON array (200, application/json): in one piece up to ONE_PIECE_MAX_ITEMS,
 * else streamed. The items are ones the service built itself as object literals of the schema's own
 * type (TypeScript refuses a key the type lacks, so nothing outside the contract can be in them),
 * and V8's own JSON.stringify writes them: on a calendar week (2,200 entries) in 0.6 of the compiled
 * writer's time, as one flat string that the socket encodes in a third of the time of the compiled
 * writer's joined pieces (issue 35, twenty-fifth session). In check mode (the tests) the schema's
 * writer must give the very same JSON, so an item that strays from its schema is an error there,
 * as for every other answer (ADR 038).
 */
export function sendBuiltJsonArray<T>(reply: FastifyReply, items: readonly T[], item: z.ZodType<T>) {
  const check = serializerCheckOn(reply.server.config);
  const schemaWrite = check ? itemWriter(item, true) : undefined;
  return sendArray(reply, items, (part) => {
    const json = JSON.stringify(part);
    if (schemaWrite) sameAsSchema(reply, `[${part.map(schemaWrite).join(',')}]`, json);
    return json;
  });
}

/**
 * Sends one value the service built itself as an object literal of the schema's own type (200,
 * application/json), written by JSON.stringify in one piece: for answers of long arrays of numbers
 * (the calendar's columns, ADR 057), which V8 writes several times faster than the compiled writer's
 * loop over each. In check mode the schema's writer must give the very same JSON (ADR 038).
 */
export function sendBuiltJson<T>(reply: FastifyReply, value: T, schema: z.ZodType<T>) {
  const json = JSON.stringify(value);
  if (serializerCheckOn(reply.server.config)) sameAsSchema(reply, itemWriter(schema, true)(value), json);
  reply.type('application/json; charset=utf-8');
  return reply.send(json);
}

/** Check mode: JSON.stringify's text must be the schema writer's (a 500 with where they part otherwise). */
function sameAsSchema(reply: FastifyReply, expected: string, json: string) {
  if (json !== expected)
    throw new ResponseWriterMismatch(
      `${reply.request.method} ${reply.request.routeOptions.url} (JSON.stringify)`,
      firstDifference(expected, json),
    );
}

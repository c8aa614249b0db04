/**
 * ADR 044: the channel's request log written in batches. Requests answered together leave their
 * lines in fewer INSERTs than requests (counted by a statement-level trigger in the database), every
 * line is there, a line the database refuses loses only itself, the key's last use is written, and
 * closing writes what is waiting at once.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { channelKeys, channelRequests } from '../../db/schema';
import type { World } from '../bookings/bookings.test-helpers';
import type { OctoCaller } from './octo.repository';
import { requestLog } from './octo.request-log';
import { mkChannel, mkKey, OCTO, octoApi, refusingLogLinesOf } from './octo.test-helpers';

let app: FastifyInstance;
let w: World;

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  // Counts the INSERT statements into the log (not its rows).
  await app.db.execute(sql`create table test_log_inserts (n int not null)`);
  await app.db.execute(sql`
    create function test_count_log_insert() returns trigger language plpgsql as $$
    begin insert into test_log_inserts values (1); return null; end $$`);
  await app.db.execute(sql`
    create trigger test_count_log_insert after insert on channel_requests
    for each statement execute function test_count_log_insert()`);
});
afterAll(async () => {
  await app?.close();
});

const lines = (keyId: string) => app.db.select().from(channelRequests).where(eq(channelRequests.keyId, keyId));
const inserts = async () =>
  Number((await app.db.execute<{ n: number }>(sql`select count(*)::int as n from test_log_inserts`)).rows[0]?.n);

describe('the OCTO request log, in batches (ADR 044)', () => {
  it('ten requests answered together: ten lines in fewer statements, and the key’s last use', async () => {
    const ch = await mkChannel(app, w.A.op.id);
    const { key, row } = await mkKey(app, ch);
    const api = octoApi(app, key);
    const before = await inserts();
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.get('/supplier')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    await vi.waitFor(async () => expect(await lines(row.id)).toHaveLength(10));
    const statements = (await inserts()) - before;
    expect(statements).toBeGreaterThanOrEqual(1);
    expect(statements).toBeLessThan(10);
    for (const line of await lines(row.id)) {
      expect(line).toMatchObject({ channelId: ch.id, tourOperatorId: w.A.op.id, method: 'GET', status: 200 });
      expect(line.path).toBe(`${OCTO}/supplier`);
    }
    const [k] = await app.db.select().from(channelKeys).where(eq(channelKeys.id, row.id));
    expect(k.lastUsedAt).toBeInstanceOf(Date);
  });

  it('a line the database refuses loses only itself, not the batch it was in', async () => {
    const ch = await mkChannel(app, w.A.op.id);
    const { key, row } = await mkKey(app, ch);
    const api = octoApi(app, key);
    await refusingLogLinesOf(app, `${OCTO}/capabilities`, async () => {
      const answers = await Promise.all([
        api.get('/supplier'),
        api.get('/capabilities'),
        api.get('/supplier'),
        api.get('/supplier'),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      await vi.waitFor(async () => expect(await lines(row.id)).toHaveLength(3));
      await new Promise((r) => setTimeout(r, 100));
      expect((await lines(row.id)).map((l) => l.path)).toEqual(Array(3).fill(`${OCTO}/supplier`));
    });
  });

  it('closing writes the lines waiting at once; a key used within the minute is not written again', async () => {
    const ch = await mkChannel(app, w.A.op.id);
    const { row } = await mkKey(app, ch);
    const used = new Date(Date.now() - 5_000);
    await app.db.update(channelKeys).set({ lastUsedAt: used }).where(eq(channelKeys.id, row.id));
    const caller = {
      keyId: row.id,
      keyLastUsedAt: used,
      channel: { id: ch.id },
      operator: { id: w.A.op.id },
    } as OctoCaller;
    const log = requestLog(app.db, app.log);
    const record = { method: 'POST', path: `${OCTO}/bookings`, status: 200, durationMs: 12.4, errorCode: null };
    log.add(caller, record, new Date());
    log.add(caller, { ...record, status: 400, errorCode: 'INVALID_UNIT_ID' }, new Date());
    await log.close();
    const written = await lines(row.id);
    expect(written.map((l) => [l.status, l.errorCode, l.durationMs])).toEqual(
      expect.arrayContaining([
        [200, null, 12],
        [400, 'INVALID_UNIT_ID', 12],
      ]),
    );
    const [k] = await app.db.select().from(channelKeys).where(eq(channelKeys.id, row.id));
    expect(k.lastUsedAt?.getTime()).toBe(used.getTime());
  });
});

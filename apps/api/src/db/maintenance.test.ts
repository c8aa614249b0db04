/**
 * ADR 049: the minute's folds VACUUM the queue they emptied (PGlite has no autovacuum, and a server
 * may run without it), and only when they folded something.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app';
import { createWorld } from '../../test/factories';
import { booked, bookingBody, mkProduct, type World } from '../modules/bookings/bookings.test-helpers';
import { autovacuumWarning, type FoldedQueue, vacuumFoldedQueue } from './maintenance';
import { users } from './schema';
import { inTransaction } from './transaction';

let app: FastifyInstance;
let w: World;

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
});
afterAll(async () => {
  await app?.close();
});

/** How many times the table was vacuumed by hand (PostgreSQL's statistics, kept by VACUUM itself). */
const vacuums = async (table: FoldedQueue) =>
  Number(
    (
      await app.db.execute<{ n: number }>(
        sql`select vacuum_count::int as n from pg_stat_user_tables where relname = ${table}`,
      )
    ).rows[0]?.n ?? 0,
  );
const queued = async (table: FoldedQueue) =>
  Number((await app.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n ?? 0);

describe('the folded queues are vacuumed (ADR 049)', () => {
  it("a sale's changes folded: the report totals' queue is emptied and vacuumed; nothing folded: no VACUUM", async () => {
    const product = await mkProduct(app, w.tokens.A1, { name: 'Teide', capacity: 20 });
    await booked(app, w.tokens.A1, bookingBody(product.id, { pax: { adult: 2 } }));
    expect(await queued('booking_totals_change')).toBeGreaterThan(0);
    const before = await vacuums('booking_totals_change');

    const run = await app.background.runner.runTask('reports.compact-totals');
    expect(run).toMatchObject({ ran: true });
    expect(run.result).toBeGreaterThan(0);
    expect(await queued('booking_totals_change')).toBe(0);
    expect(await vacuums('booking_totals_change')).toBe(before + 1);

    // A minute with nothing to fold costs no VACUUM.
    expect(await app.background.runner.runTask('reports.compact-totals')).toMatchObject({ ran: true, result: 0 });
    expect(await vacuums('booking_totals_change')).toBe(before + 1);
  });

  it("the commissions' fold does the same with its queue", async () => {
    // A Vendedor on commission: their sale owes it, a change in the commissions' queue.
    await app.db.update(users).set({ commissionPct: 10 }).where(eq(users.id, w.A.l2.id));
    const product = await mkProduct(app, w.tokens.A1, { name: 'Cetáceos', capacity: 20 });
    await booked(app, w.tokens.A2, bookingBody(product.id, { pax: { adult: 1 } }));
    const pending = await queued('commission_due_delta');
    expect(pending).toBeGreaterThan(0);
    const before = await vacuums('commission_due_delta');
    const run = await app.background.runner.runTask('commissions.compact-due');
    expect(run).toMatchObject({ ran: true, result: pending });
    expect(await queued('commission_due_delta')).toBe(0);
    expect(await vacuums('commission_due_delta')).toBe(before + 1);
  });

  it('refuses to run inside a transaction (VACUUM cannot), so no caller can make it part of one', async () => {
    const err = await inTransaction(app.db, (tx) => vacuumFoldedQueue(tx, 'booking_totals_change')).catch((e) => e);
    expect(String((err as { cause?: Error }).cause?.message ?? err)).toMatch(
      /VACUUM cannot run inside a transaction block/,
    );
  });
});

describe('a server without autovacuum is told of (ADR 049)', () => {
  it('warns exactly when the server runs with autovacuum off', async () => {
    const setting = (await app.db.execute<{ autovacuum: string }>(sql.raw('show autovacuum'))).rows[0]?.autovacuum;
    const warning = await autovacuumWarning(app.db);
    // CI's PostgreSQL runs without it; the embedded database says on; a production server should.
    if (setting === 'off') expect(warning).toMatch(/autovacuum = off.*docs\/deployment\.md/);
    else expect(warning).toBeUndefined();
  });
});

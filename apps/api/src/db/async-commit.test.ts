/**
 * ADR 048: the statements whose rows may be lost in a server crash (an idempotency key's claim, a
 * rate-limit window's count) commit asynchronously, and only their own transaction does: the sale
 * that follows on the same connection still waits for its WAL to reach the disk.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { claimStatement } from '../lib/idempotency';
import { hit } from '../lib/rate-limit';
import type { Database } from './client';
import { ASYNC_COMMIT } from './pg-session';
import { inTransaction } from './transaction';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ durableCommits: true });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

type Setting = { synchronous_commit: string };
const SHOW = sql.raw('show synchronous_commit');

describe('asynchronous commit (ADR 048)', () => {
  it('the fragment turns synchronous_commit off for the transaction of the statement it is in', async () => {
    const inTx = await inTransaction(database.db, async (tx) => {
      const before = (await tx.execute<Setting>(SHOW)).rows[0]?.synchronous_commit;
      await tx.execute(sql`select 1 from ${ASYNC_COMMIT}`);
      return [before, (await tx.execute<Setting>(SHOW)).rows[0]?.synchronous_commit];
    });
    expect(inTx).toEqual(['on', 'off']);
  });

  it("an idempotency key's claim and a rate-limit count commit asynchronously", async () => {
    const afterClaim = await inTransaction(database.db, async (tx) => {
      const claim = await tx.execute<{ created_at: string }>(claimStatement('async-commit', 'k-1', 'hash'));
      expect(claim.rows).toHaveLength(1);
      return (await tx.execute<Setting>(SHOW)).rows[0]?.synchronous_commit;
    });
    const afterHit = await inTransaction(database.db, async (tx) => {
      expect(await hit(tx, 'async-commit:1', 60_000)).toMatchObject({ current: 1 });
      return (await tx.execute<Setting>(SHOW)).rows[0]?.synchronous_commit;
    });
    expect([afterClaim, afterHit]).toEqual(['off', 'off']);
  });

  it('on their own they leave every connection committing synchronously, as the sale that follows must', async () => {
    // As a request runs them: each its own transaction on a pooled connection, then other statements.
    for (let i = 0; i < 5; i++) {
      await database.db.execute(claimStatement('async-commit', `k-own-${i}`, 'hash'));
      await hit(database.db, `async-commit:own-${i}`, 60_000);
    }
    const reads = await Promise.all(Array.from({ length: 5 }, () => database.db.execute<Setting>(SHOW)));
    expect(reads.map((r) => r.rows[0]?.synchronous_commit)).toEqual(['on', 'on', 'on', 'on', 'on']);
    const inTx = await inTransaction(database.db, (tx) => tx.execute<Setting>(SHOW));
    expect(inTx.rows[0]?.synchronous_commit).toBe('on');
    // The claims and counts were written (committed), as before.
    const written = await database.db.execute<{ keys: number; hits: number }>(sql`
      select (select count(*)::int from idempotency_keys where scope = 'async-commit' and key like 'k-own-%') as keys,
             (select count(*)::int from rate_limit_hits where key like 'async-commit:own-%') as hits`);
    expect(written.rows[0]).toEqual({ keys: 5, hits: 5 });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from './client';

// PGlite is built without JIT; on PostgreSQL every connection of the API's pool runs with it off.
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL session settings (pg-session.ts)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('every connection of the pool has jit off, inside a transaction and out of one', async () => {
    const reads = await Promise.all(
      Array.from({ length: 5 }, () => database.db.execute<{ jit: string }>(sql.raw('show jit'))),
    );
    expect(reads.map((r) => r.rows[0]?.jit)).toEqual(['off', 'off', 'off', 'off', 'off']);
    const inTx = await database.db.transaction((tx) => tx.execute<{ jit: string }>(sql.raw('show jit')));
    expect(inTx.rows[0]?.jit).toBe('off');
    // Set by the connection's start-up options, not by the server's configuration (left as it is).
    const other = await database.db.execute<{ setting: string; source: string }>(
      sql.raw(`select setting, source from pg_settings where name = 'jit'`),
    );
    expect(other.rows[0]).toEqual({ setting: 'off', source: 'client' });
  });
});

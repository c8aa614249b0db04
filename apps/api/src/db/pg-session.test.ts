import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from './client';
import { inTransaction } from './transaction';

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

  it('every connection waits at most 3 s for a lock, a booking transaction too, and the migrator as long as it takes', async () => {
    const reads = await Promise.all(
      Array.from({ length: 5 }, () => database.db.execute<{ lock_timeout: string }>(sql.raw('show lock_timeout'))),
    );
    expect(reads.map((r) => r.rows[0]?.lock_timeout)).toEqual(['3s', '3s', '3s', '3s', '3s']);
    const inTx = await inTransaction(database.db, (tx) =>
      tx.execute<{ lock_timeout: string }>(sql.raw('show lock_timeout')),
    );
    expect(inTx.rows[0]?.lock_timeout).toBe('3s');
    // The migrator lifts it on its connection and gives the connection back as it found it.
    await database.migrate();
    const after = await Promise.all(
      Array.from({ length: 5 }, () => database.db.execute<{ lock_timeout: string }>(sql.raw('show lock_timeout'))),
    );
    expect(after.map((r) => r.rows[0]?.lock_timeout)).toEqual(['3s', '3s', '3s', '3s', '3s']);
  });

  it('a write that waits for a lock longer than that is refused (55P03), not left hanging', async () => {
    await database.db.execute(sql.raw('create table lock_probe (id int primary key, n int)'));
    await database.db.execute(sql.raw('insert into lock_probe values (1, 0)'));
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('select * from lock_probe where id = 1 for update'));
      locked();
      await held;
    });
    // The row is held before the write asks for it.
    await isLocked;
    try {
      const waited = await inTransaction(database.db, (tx) =>
        tx.execute(sql.raw('update lock_probe set n = n + 1 where id = 1')),
      ).then(
        () => 'done',
        (err: { code?: string; cause?: { code?: string } }) => err.cause?.code ?? err.code,
      );
      expect(waited).toBe('55P03');
    } finally {
      release();
      await holder;
    }
    const rows = await database.db.execute<{ n: number }>(sql.raw('select n from lock_probe'));
    expect(rows.rows[0]?.n).toBe(0);
  });
});

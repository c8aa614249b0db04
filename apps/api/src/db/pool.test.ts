/**
 * ADR 043: an error PostgreSQL answers outside a transaction — a sale's seats refusal, a key taken
 * over, a unique key — leaves the pool's connection open, with what was prepared on it; a connection
 * the server ended is replaced. On a pool of ONE connection, so "the same connection" is its backend's pid.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from './client';
import { withPreparedStatements } from './prepared-statements';

describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL pool keeps a connection after an ERROR (pool.ts)', () => {
  let database: Database;
  const pid = async () =>
    Number((await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]?.pid);
  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 1 });
    await database.db.execute(sql`create table pool_probe (id int primary key, taken int not null)`);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('a refusal answered by the server: the same connection after it, the next statement answered', async () => {
    const before = await pid();
    await database.db.execute(sql`insert into pool_probe values (1, 1)`);
    await expect(database.db.execute(sql`insert into pool_probe values (1, 2)`)).rejects.toMatchObject({
      cause: { code: '23505' },
    });
    // The seats refusal's shape (ADR 041): a data-modifying CTE that finds nothing, NOT NULL refusing the row.
    await expect(
      database.db.execute(sql`with t as (update pool_probe set taken = taken + 1 where id = 2 returning id)
        insert into pool_probe values ((select id from t), 1)`),
    ).rejects.toMatchObject({ cause: { code: '23502' } });
    await expect(database.db.execute(sql`select 1 / 0`)).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await pid()).toBe(before);
    expect((await database.db.execute(sql`select count(*)::int as n from pool_probe`)).rows[0]).toEqual({ n: 1 });
    expect(database.stats()?.total).toBe(1);
  });

  it('a statement prepared on the connection stays prepared after one of its executions was refused', async () => {
    const before = await pid();
    const divide = (n: number) =>
      withPreparedStatements(() => database.db.execute(sql`select 10 / ${n}::int as q from pool_probe where id = 1`));
    expect((await divide(2)).rows[0]).toEqual({ q: 5 });
    await expect(divide(0)).rejects.toMatchObject({ cause: { code: '22012' } });
    expect((await divide(5)).rows[0]).toEqual({ q: 2 });
    const prepared = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_prepared_statements where statement like '%10 / $1::int%'`,
    );
    expect(prepared.rows[0]?.n).toBe(1);
    expect(await pid()).toBe(before);
  });

  it('a connection the server ended (FATAL) is not kept: the next statement runs on a new one', async () => {
    const before = await pid();
    await expect(database.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`)).rejects.toBeTruthy();
    const after = await pid();
    expect(after).not.toBe(before);
    expect(database.stats()?.total).toBe(1);
  });
});

/**
 * ADR 040: the sale path's statements are prepared on the server (named), nothing else is. The
 * naming is checked on a stand-in client (what is named, what is left alone), then on PostgreSQL:
 * a staff sale's statements are in the connection's `pg_prepared_statements`, a list's are not,
 * the sale still writes and answers the same, and `preparedStatements: false` names nothing.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app';
import { createWorld } from '../../test/factories';
import type { Actor } from '../lib/tenant';
import { createBooking } from '../modules/bookings/bookings.sale';
import { bookingBody, mkProduct } from '../modules/bookings/bookings.test-helpers';
import { namePreparedStatements, statementName, withPreparedStatements } from './prepared-statements';
import { bookings } from './schema';
import { inTransaction } from './transaction';

describe('naming (a stand-in client)', () => {
  const sent: unknown[] = [];
  // As pg's clients: `query` on the prototype.
  class StandIn {
    query(...args: unknown[]) {
      sent.push(args[0]);
      return Promise.resolve({ rows: [] });
    }
  }
  const client = new StandIn() as unknown as pg.Client;
  namePreparedStatements(client);
  const select = { text: 'select id from products where id = $1', values: ['x'] };

  it('names what is sent inside the scope, by its text, and nothing outside it', async () => {
    sent.length = 0;
    await client.query(select as never);
    await withPreparedStatements(async () => {
      await client.query(select as never);
      await client.query({ ...select, values: ['y'] } as never);
      await client.query({ text: 'insert into t (a) values ($1)', values: [1] } as never);
    });
    await client.query(select as never);
    const names = sent.map((c) => (c as { name?: string }).name);
    const selectName = statementName(select.text);
    expect(names).toEqual([
      undefined,
      selectName,
      selectName,
      statementName('insert into t (a) values ($1)'),
      undefined,
    ]);
    expect(selectName).toMatch(/^trayecto_\d+$/);
    expect(statementName('insert into t (a) values ($1)')).not.toBe(selectName);
    // The caller's config is not changed (drizzle reuses its prepared queries' configs).
    expect(select).toEqual({ text: 'select id from products where id = $1', values: ['x'] });
  });

  it('names what a lazy thenable sends when awaited (drizzle’s db.execute and builders send nothing until then)', async () => {
    sent.length = 0;
    // Sends its statement only when `then` is called, as drizzle's PgRaw does.
    const lazy: PromiseLike<unknown> = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable is what is tested
      then: (ok, ko) => (client.query(select as never) as unknown as Promise<unknown>).then(ok, ko),
    };
    await withPreparedStatements(() => lazy);
    expect(sent.map((c) => (c as { name?: string }).name)).toEqual([statementName(select.text)]);
  });

  it('leaves BEGIN/COMMIT, plain strings and statements already named alone', async () => {
    sent.length = 0;
    await withPreparedStatements(async () => {
      await client.query({ text: 'begin' } as never);
      await client.query('select 1' as never);
      await client.query({ text: 'select 2', name: 'mine' } as never);
      await client.query({ text: 'commit' } as never);
      // Nested scopes are the same scope.
      await withPreparedStatements(() => client.query({ text: 'with x as (select 1) select * from x' } as never));
    });
    expect(sent.map((c) => (typeof c === 'string' ? c : (c as { name?: string }).name))).toEqual([
      undefined,
      'select 1',
      'mine',
      undefined,
      statementName('with x as (select 1) select * from x'),
    ]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: a sale is prepared, a list is not', () => {
  let app: FastifyInstance;
  let actor: Actor;
  let productId: string;
  beforeAll(async () => {
    app = await buildTestApp();
    const w = await createWorld(app);
    productId = (await mkProduct(app, w.tokens.A1)).id;
    actor = { id: w.A.l1.id, level: 1, tourOperatorId: w.A.op.id, fullName: w.A.l1.fullName };
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  /** The statements prepared on the transaction's own connection. */
  const preparedOn = async (tx: Parameters<Parameters<typeof inTransaction>[1]>[0]) =>
    (
      await tx.execute<{ name: string; statement: string }>(
        sql.raw(`select name, statement from pg_prepared_statements where name like 'trayecto\\_%'`),
      )
    ).rows;

  it('a staff sale sends its reads and writes named; they stay prepared for the next sale on that connection', async () => {
    const ids: string[] = [];
    await inTransaction(app.db, async (tx) => {
      for (let i = 0; i < 3; i++) {
        const sold = await createBooking(
          tx,
          actor,
          bookingBody(productId, { customer_name: `Preparada ${i}` }),
          new Date(),
        );
        ids.push(sold.id);
      }
      // A list read outside the scope, on the same connection.
      await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.productId, productId));
      const prepared = await preparedOn(tx);
      const texts = prepared.map((p) => p.statement.replace(/\s+/g, ' ').trim());
      expect(texts.some((t) => t.startsWith('select "products"."id"'))).toBe(true);
      // The booking, its history, its audit entry and its customer's message: one statement.
      const insert = texts.find((t) => t.startsWith('with "sold" as (insert into "bookings"'));
      expect(insert).toContain('insert into messages');
      expect(texts.some((t) => t.startsWith('update "departures" set "seats_taken"'))).toBe(true);
      expect(texts.some((t) => t.startsWith('select "bookings"."id" from "bookings"'))).toBe(false);
      expect(texts.some((t) => /^(begin|commit)/i.test(t))).toBe(false);
      // Three sales, one preparation each: every name stands for one text.
      expect(new Set(prepared.map((p) => p.name)).size).toBe(prepared.length);
    });
    const rows = await app.db
      .select({ name: bookings.customerName })
      .from(bookings)
      .where(eq(bookings.productId, productId));
    expect(rows.map((r) => r.name).sort()).toEqual(['Preparada 0', 'Preparada 1', 'Preparada 2']);
    expect(ids).toHaveLength(3);
  });

  it('DATABASE_PREPARED_STATEMENTS=false (a pooler that cannot keep them): a sale prepares nothing', async () => {
    const off = await buildTestApp({ env: { DATABASE_PREPARED_STATEMENTS: 'false' } });
    try {
      const w = await createWorld(off);
      const product = (await mkProduct(off, w.tokens.A1)).id;
      const who: Actor = { id: w.A.l1.id, level: 1, tourOperatorId: w.A.op.id, fullName: w.A.l1.fullName };
      await inTransaction(off.db, async (tx) => {
        const sold = await createBooking(tx, who, bookingBody(product), new Date());
        expect(sold.customer_name).toBe('Lucía Pérez');
        expect(await preparedOn(tx)).toEqual([]);
      });
    } finally {
      await off.close();
    }
  }, 120_000);
});

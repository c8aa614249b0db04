/**
 * ADR 045: a statement of data-modifying CTEs built as plain SQL answers its table's rows exactly as
 * drizzle's `db.with(cte).select().from(cte)` and a read of the table map them (numbers, arrays,
 * JSON, timestamps as dates), with every CTE run (a write over the new row exists exactly when it
 * does), on the pool and inside a transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app';
import { returningAll, runCteStatement } from './cte-statement';
import { auditLog, tourOperators } from './schema';
import { inTransaction } from './transaction';
import type { DbOrTx } from './types';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** An operator's insert with an audit entry over the new row, in one statement. */
function createOperator(db: DbOrTx, name: string) {
  const made = sql`${sql.identifier('made')}`;
  return runCteStatement(
    db,
    tourOperators,
    [
      ['made', returningAll(db.insert(tourOperators).values({ name, defaultCommissionPct: 12.5 }))],
      [
        'made_audit',
        sql`insert into ${auditLog} (tour_operator_id, actor_kind, actor_label, entity_type, entity_id, action, changes, summary)
          select m.id, 'system', 'test', 'channel', m.id, 'create', '{}'::jsonb, m.name from ${made} m`,
      ],
    ],
    'made',
  );
}

describe('runCteStatement', () => {
  it('answers the new row as drizzle reads it, and runs every CTE', async () => {
    const [row] = await createOperator(app.db, `CTE ${Math.random()}`);
    const [read] = await app.db.select().from(tourOperators).where(eq(tourOperators.id, row.id));
    expect(row).toEqual(read);
    expect(row.defaultCommissionPct).toBe(12.5);
    expect(row.publicLanguages).toContain('es');
    expect(row.createdAt).toBeInstanceOf(Date);
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(entries.map((e) => [e.action, e.summary])).toEqual([['create', row.name]]);
  });

  it('answers as `db.with(cte).select().from(cte)` for an update', async () => {
    const [row] = await createOperator(app.db, `CTE ${Math.random()}`);
    const update = (db: DbOrTx, phone: string) =>
      db.update(tourOperators).set({ phone }).where(eq(tourOperators.id, row.id));
    const [ours] = await runCteStatement(
      app.db,
      tourOperators,
      [['changed', returningAll(update(app.db, '1'))]],
      'changed',
    );
    const changed = app.db.$with('changed').as(update(app.db, '1').returning());
    const [theirs] = await app.db.with(changed).select().from(changed);
    expect(ours).toEqual({ ...theirs, updatedAt: ours.updatedAt });
    expect(ours.phone).toBe('1');
  });

  it('sees and is undone with its transaction', async () => {
    const name = `CTE ${Math.random()}`;
    await expect(
      inTransaction(app.db, async (tx) => {
        const [row] = await createOperator(tx, name);
        expect(await tx.select().from(tourOperators).where(eq(tourOperators.id, row.id))).toHaveLength(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await app.db.select().from(tourOperators).where(eq(tourOperators.name, name))).toHaveLength(0);
  });
});

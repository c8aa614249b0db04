/**
 * ADR 040: a select built once per shape answers exactly as drizzle's own builder — nested objects,
 * a left join that finds nothing read as null — on the pool and inside a transaction (where it
 * sees that transaction's own uncommitted rows: it ran on its connection), and its text is built
 * once however many handles run it. It reads drizzle internals: this fails if an upgrade moves them.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app';
import { createWorld } from '../../test/factories';
import { tourOperators, users } from './schema';
import { checkSelectTemplates, runSelectTemplate, ShapeBinder } from './select-template';
import { inTransaction } from './transaction';
import type { DbOrTx } from './types';

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;
beforeAll(async () => {
  // These tests count the builds: the suite's comparison of every use would add one each.
  checkSelectTemplates(false);
  app = await buildTestApp();
  w = await createWorld(app);
}, 120_000);
afterAll(async () => {
  checkSelectTemplates(true);
  await app?.close();
});

let builds = 0;
const userWithOperator = (db: DbOrTx) => {
  builds++;
  return db
    .select({
      user: { id: users.id, fullName: users.fullName, level: users.level },
      operator: { id: tourOperators.id, name: tourOperators.name },
    })
    .from(users)
    .leftJoin(tourOperators, eq(tourOperators.id, users.tourOperatorId))
    .where(eq(users.id, sql.placeholder('id')));
};
const direct = (db: DbOrTx, id: string) =>
  db
    .select({
      user: { id: users.id, fullName: users.fullName, level: users.level },
      operator: { id: tourOperators.id, name: tourOperators.name },
    })
    .from(users)
    .leftJoin(tourOperators, eq(tourOperators.id, users.tourOperatorId))
    .where(eq(users.id, id));

describe('runSelectTemplate', () => {
  it('answers as the builder does, a missing left join as null, built once for the pool and every transaction', async () => {
    const key = `test:user-with-operator:${Math.random()}`;
    builds = 0;
    for (const id of [w.A.l1.id, w.admin.id, w.B.l2.id]) {
      expect(await runSelectTemplate(app.db, key, userWithOperator, { id })).toEqual(await direct(app.db, id));
    }
    const [admin] = await runSelectTemplate(app.db, key, userWithOperator, { id: w.admin.id });
    expect(admin).toEqual({ user: { id: w.admin.id, fullName: 'Admin Global', level: 0 }, operator: null });
    const [ana] = await runSelectTemplate(app.db, key, userWithOperator, { id: w.A.l1.id });
    expect(ana.operator).toEqual({ id: w.A.op.id, name: 'Operador A' });

    // Inside a transaction: its own uncommitted change is what it reads (it runs on that connection).
    await inTransaction(app.db, async (tx) => {
      await tx.update(users).set({ fullName: 'Ana (sin confirmar)' }).where(eq(users.id, w.A.l1.id));
      const [inside] = await runSelectTemplate(tx, key, userWithOperator, { id: w.A.l1.id });
      expect(inside.user.fullName).toBe('Ana (sin confirmar)');
      expect(await runSelectTemplate(tx, key, userWithOperator, { id: w.A.l1.id })).toEqual(
        await direct(tx, w.A.l1.id),
      );
      throw new Error('rollback');
    }).catch((e: Error) => expect(e.message).toBe('rollback'));
    const [after] = await runSelectTemplate(app.db, key, userWithOperator, { id: w.A.l1.id });
    expect(after.user.fullName).toBe('Ana Admin A');
    // A row that is not there: none.
    expect(
      await runSelectTemplate(app.db, key, userWithOperator, { id: '00000000-0000-4000-8000-000000000000' }),
    ).toEqual([]);
    expect(builds).toBe(1);
  });

  it('another key is another shape: built on its own', async () => {
    builds = 0;
    await runSelectTemplate(app.db, `test:other:${Math.random()}`, userWithOperator, { id: w.A.l1.id });
    await runSelectTemplate(app.db, `test:other2:${Math.random()}`, userWithOperator, { id: w.A.l1.id });
    expect(builds).toBe(2);
  });

  it('strict: a build that keeps a value of its own is not kept (built every time, each with its value)', async () => {
    builds = 0;
    const key = `test:strict:${Math.random()}`;
    const own = (id: string) => (db: DbOrTx) => {
      builds++;
      return db.select({ id: users.id, fullName: users.fullName }).from(users).where(eq(users.id, id));
    };
    const [a] = await runSelectTemplate(app.db, key, own(w.A.l1.id), {}, { strict: true });
    const [b] = await runSelectTemplate(app.db, key, own(w.B.l2.id), {}, { strict: true });
    // Kept, the second would have answered the first's row: a forgotten placeholder, another tenant's data.
    expect([a.id, b.id]).toEqual([w.A.l1.id, w.B.l2.id]);
    expect(builds).toBe(3); // the first build looked at, then one per use
  });

  it('strict: the values of a binder are placeholders, filled through their columns; the key names the choices', async () => {
    const select = (ids: string[]) => {
      const binder = new ShapeBinder(`test:binder:${Math.random()}`).shape(ids.length);
      const where = sql`${users.id} in (${sql.join(
        ids.map((id) => binder.bind(id, users.id)),
        sql`, `,
      )}) and ${users.createdAt} < ${binder.bind(new Date('2999-01-01T00:00:00Z'), users.createdAt)}`;
      return { binder, build: (db: DbOrTx) => db.select({ id: users.id }).from(users).where(where).orderBy(users.id) };
    };
    const { binder, build } = select([w.A.l1.id, w.B.l2.id]);
    expect(binder.key).toMatch(/\|2$/);
    expect(binder.values).toEqual({ v0: w.A.l1.id, v1: w.B.l2.id, v2: new Date('2999-01-01T00:00:00Z') });
    const rows = await runSelectTemplate(app.db, binder.key, build, binder.values, { strict: true });
    expect(rows.map((r) => r.id).sort()).toEqual([w.A.l1.id, w.B.l2.id].sort());
  });

  it('in the tests, a key that names two shapes throws instead of answering the first shape', async () => {
    checkSelectTemplates(true);
    try {
      const key = `test:two-shapes:${Math.random()}`;
      const byId = (db: DbOrTx) =>
        db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, sql.placeholder('id')));
      const byEmail = (db: DbOrTx) =>
        db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, sql.placeholder('id')));
      await runSelectTemplate(app.db, key, byId, { id: w.A.l1.id });
      await expect(runSelectTemplate(app.db, key, byEmail, { id: w.A.l1.id })).rejects.toThrow(/names two shapes/);
    } finally {
      checkSelectTemplates(false);
    }
  });
});

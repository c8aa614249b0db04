/** The idempotency store on a real database: claims, replays, failures, takeovers and expiry. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../db/client';
import { runSelectTemplate } from '../db/select-template';
import { AppError } from './app-error';
import {
  canonicalJson,
  type KeyProbe,
  keyInUseColumn,
  parseIdempotencyKey,
  purgeExpiredIdempotencyKeys,
  requestHash,
  runIdempotent,
} from './idempotency';

let database: Database;
let n = 0;
const key = () => `k-${n++}`;
const scope = 'test';

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table effects (id serial primary key, note text not null)`);
});
afterAll(async () => {
  await database?.close();
});

const effects = async () =>
  Number((await database.db.execute<{ n: number }>(sql`select count(*)::int as n from effects`)).rows[0].n);
const row = async (k: string) =>
  (
    await database.db.execute<{ state: string; response_status: number | null }>(
      sql`select state, response_status from idempotency_keys where scope = ${scope} and key = ${k}`,
    )
  ).rows[0];

/** A handler that writes one effect and stores its answer in the same transaction. */
const writeOnce =
  (note = 'x') =>
  async (complete: Parameters<Parameters<typeof runIdempotent>[2]>[0]) =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into effects (note) values (${note})`);
      const response = { status: 201, body: { note } };
      await complete(tx, response);
      return response;
    });

/** One effect and the key's answer in ONE statement: the effect only if the key's write returns its row. */
async function writeInOneStatement(complete: Parameters<Parameters<typeof runIdempotent>[2]>[0], note: string) {
  const response = { status: 201, body: { note } };
  const res = await database.db.execute(sql`
    with stored as (${complete.inStatement(response)})
    insert into effects (note) select ${note} from stored returning id`);
  if (res.rows.length === 0) throw complete.lost();
  complete.stored();
  return response;
}

/**
 * A claim-first request that has claimed key `k` and hangs until `release()`: `request` is its
 * promise (its handler then writes `note` once).
 */
async function holdingKey(k: string, note: string) {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let started: () => void = () => {};
  const isRunning = new Promise<void>((r) => {
    started = r;
  });
  const request = runIdempotent(database.db, { scope, key: k, payload: {} }, async (complete) => {
    started();
    await gate;
    return writeOnce(note)(complete);
  });
  await isRunning;
  return { request, release };
}

describe('keys and requests', () => {
  it('canonical JSON sorts keys at every level and drops undefined; the hash follows it', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"y":2,"z":1}]},"b":1}',
    );
    expect(requestHash({ a: 1, b: [2] })).toBe(requestHash({ b: [2], a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });

  it('Idempotency-Key: 1–255 printable characters', () => {
    expect(parseIdempotencyKey('4f1c2d1e-aaaa-4bbb-8ccc-123456789abc')).toBe('4f1c2d1e-aaaa-4bbb-8ccc-123456789abc');
    expect(parseIdempotencyKey('x'.repeat(255))).toHaveLength(255);
    for (const bad of [undefined, '', ' ', 'x'.repeat(256), 'a\nb', 'clé', ['a', 'b']]) {
      expect(() => parseIdempotencyKey(bad as string)).toThrow(AppError);
    }
  });
});

describe('runIdempotent', () => {
  it('runs once; the same request replays the stored answer; another request with the key is 422', async () => {
    const k = key();
    const first = await runIdempotent(database.db, { scope, key: k, payload: { a: 1 } }, writeOnce());
    expect(first).toEqual({ status: 201, body: { note: 'x' }, replayed: false });
    const again = await runIdempotent(database.db, { scope, key: k, payload: { a: 1 } }, writeOnce());
    expect(again).toEqual({ status: 201, body: { note: 'x' }, replayed: true });
    await expect(runIdempotent(database.db, { scope, key: k, payload: { a: 2 } }, writeOnce())).rejects.toMatchObject({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Esta clave de idempotencia ya se usó con otra petición',
    });
    expect(await row(k)).toEqual({ state: 'done', response_status: 201 });
  });

  it("issue 13: a refusal stored before answers carried a code is replayed with its status's generic code", async () => {
    const k = key();
    await database.db.execute(sql`
      insert into idempotency_keys (scope, key, request_hash, state, response_status, response_body, created_at)
      values (${scope}, ${k}, ${requestHash({})}, 'done', 409,
              ${JSON.stringify({ message: 'No quedan plazas suficientes' })}::jsonb, now())`);
    const replay = await runIdempotent(database.db, { scope, key: k, payload: {} }, writeOnce());
    expect(replay).toEqual({
      status: 409,
      body: { code: 'CONFLICT', message: 'No quedan plazas suficientes' },
      replayed: true,
    });
  });

  it('a business refusal (4xx) is stored and replayed; an unexpected error frees the key for a retry', async () => {
    const refused = key();
    const refuse = async () => {
      throw new AppError({
        code: 'NO_SEATS',
        message: 'No quedan plazas suficientes',
        errors: { pax: ['La salida está completa'] },
      });
    };
    await expect(runIdempotent(database.db, { scope, key: refused, payload: {} }, refuse)).rejects.toThrow(AppError);
    const replay = await runIdempotent(database.db, { scope, key: refused, payload: {} }, writeOnce());
    expect(replay).toEqual({
      status: 409,
      body: { code: 'NO_SEATS', message: 'No quedan plazas suficientes', errors: { pax: ['La salida está completa'] } },
      replayed: true,
    });

    const crashed = key();
    const before = await effects();
    const crash = () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into effects (note) values ('rolled back')`);
        throw new Error('boom');
      });
    await expect(runIdempotent(database.db, { scope, key: crashed, payload: {} }, crash)).rejects.toThrow('boom');
    expect(await row(crashed)).toBeUndefined();
    expect(await effects()).toBe(before);
    const retried = await runIdempotent(database.db, { scope, key: crashed, payload: {} }, writeOnce());
    expect(retried.replayed).toBe(false);
    expect(await effects()).toBe(before + 1);
  });

  it('while the first request runs, a retry answers 409 "Tu reserva se está procesando…"', async () => {
    const k = key();
    const { request: slow, release } = await holdingKey(k, 'x');
    await expect(runIdempotent(database.db, { scope, key: k, payload: {} }, writeOnce())).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_IN_PROGRESS',
      headers: { 'Retry-After': '1' },
      message: 'Tu reserva se está procesando, espera un momento',
    });
    release();
    expect((await slow).replayed).toBe(false);
  });

  it('a key left running by a dead request (> 60 s) is taken over, and the old request can no longer complete it', async () => {
    const k = key();
    const before = await effects();
    // The "dead" request: it claimed the key, then hangs.
    const { request: stale, release } = await holdingKey(k, 'stale');
    await database.db.execute(
      sql`update idempotency_keys set created_at = created_at - interval '2 minutes' where scope = ${scope} and key = ${k}`,
    );
    const retry = await runIdempotent(database.db, { scope, key: k, payload: {} }, writeOnce('retry'));
    expect(retry).toMatchObject({ status: 201, body: { note: 'retry' }, replayed: false });
    release();
    // Its transaction rolls back: exactly one effect for the key.
    await expect(stale).rejects.toMatchObject({ status: 409 });
    expect(await effects()).toBe(before + 1);
    expect((await runIdempotent(database.db, { scope, key: k, payload: {} }, writeOnce())).body).toEqual({
      note: 'retry',
    });
  });

  it("ADR 042: the answer stored by a part of the result's own statement; after a takeover that statement writes nothing", async () => {
    /** A handler whose result is ONE statement: the effect is written only if the key's store returns its row. */
    const inOneStatement =
      (note: string, before?: () => Promise<void>) =>
      async (complete: Parameters<Parameters<typeof runIdempotent>[2]>[0]) => {
        await before?.();
        return writeInOneStatement(complete, note);
      };
    const k = key();
    const before = await effects();
    const first = await runIdempotent(database.db, { scope, key: k, payload: {} }, inOneStatement('una'));
    expect(first).toMatchObject({ status: 201, body: { note: 'una' }, replayed: false });
    expect(await row(k)).toEqual({ state: 'done', response_status: 201 });
    const replay = await runIdempotent(database.db, { scope, key: k, payload: {} }, inOneStatement('otra'));
    expect(replay).toMatchObject({ body: { note: 'una' }, replayed: true });
    expect(await effects()).toBe(before + 1);

    // Taken over while it ran (its claim is no longer the key's): the statement writes nothing, 409.
    const lost = key();
    const takeover = () =>
      database.db
        .execute(
          sql`update idempotency_keys set created_at = created_at - interval '1 second' where scope = ${scope} and key = ${lost}`,
        )
        .then(() => undefined);
    await expect(
      runIdempotent(database.db, { scope, key: lost, payload: {} }, inOneStatement('perdida', takeover)),
    ).rejects.toMatchObject({ status: 409, code: 'IDEMPOTENCY_IN_PROGRESS' });
    expect(await effects()).toBe(before + 1);
  });

  it('keys live 24 h: an expired one is replaced by a new request; purging deletes only expired rows', async () => {
    const k = key();
    await runIdempotent(database.db, { scope, key: k, payload: { v: 1 } }, writeOnce());
    await database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where scope = ${scope} and key = ${k}`,
    );
    const fresh = await runIdempotent(database.db, { scope, key: k, payload: { v: 2 } }, writeOnce('nuevo'));
    expect(fresh).toMatchObject({ replayed: false, body: { note: 'nuevo' } });

    const old = key();
    await runIdempotent(database.db, { scope, key: old, payload: {} }, writeOnce());
    await database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '30 hours' where scope = ${scope} and key = ${old}`,
    );
    expect(await purgeExpiredIdempotencyKeys(database.db)).toBe(1);
    expect(await row(old)).toBeUndefined();
    expect(await row(k)).toMatchObject({ state: 'done' });
  });
});

describe("ADR 050: the key claimed by the result's own write (claimWithResult)", () => {
  type Complete = Parameters<Parameters<typeof runIdempotent>[2]>[0];
  /** The handler's first read, as the public sale's: the probe's column in a select template. */
  const readProbe = async (probe: KeyProbe) => {
    const [read] = await runSelectTemplate(
      database.db,
      'test:key-probe',
      (d) => d.select({ inUse: keyInUseColumn }).from(sql`(values (1)) as one (x)`),
      probe.values,
    );
    probe.check(read.inUse);
  };
  /**
   * A handler whose result is ONE statement with the key's write in it (as the public sale's):
   * `runs` records each run, `probe` when it ran without a claim; `afterRead` is awaited between
   * the read and the write; `refuse` throws that refusal after the read.
   */
  const oneStatement =
    (note: string, runs: string[], opts: { afterRead?: () => Promise<void>; refuse?: AppError } = {}) =>
    async (complete: Complete, probe?: KeyProbe) => {
      runs.push(probe ? 'probe' : 'claimed');
      if (probe) await readProbe(probe);
      await opts.afterRead?.();
      if (opts.refuse) throw opts.refuse;
      return writeInOneStatement(complete, note);
    };
  const claimWithResult = { claimWithResult: true };
  const claims = async (k: string) =>
    Number(
      (
        await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from idempotency_keys where scope = ${scope} and key = ${k}`,
        )
      ).rows[0].n,
    );

  it('runs once with no claim of its own, the key written done by its statement; a retry replays without running again', async () => {
    const k = key();
    const before = await effects();
    const runs: string[] = [];
    const req = { scope, key: k, payload: { a: 1 } };
    const first = await runIdempotent(database.db, req, oneStatement('una', runs), undefined, claimWithResult);
    expect(first).toEqual({ status: 201, body: { note: 'una' }, replayed: false });
    expect(runs).toEqual(['probe']);
    expect(await row(k)).toEqual({ state: 'done', response_status: 201 });

    // The retry's read finds the key: it writes nothing and the claim-first path replays.
    const again = await runIdempotent(database.db, req, oneStatement('otra', runs), undefined, claimWithResult);
    expect(again).toEqual({ status: 201, body: { note: 'una' }, replayed: true });
    expect(runs).toEqual(['probe', 'probe']);
    await expect(
      runIdempotent(database.db, { ...req, payload: { a: 2 } }, oneStatement('otra', runs), undefined, claimWithResult),
    ).rejects.toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await effects()).toBe(before + 1);
    expect(await claims(k)).toBe(1);
  });

  it('a business refusal is stored as the answer and replayed; an unexpected error leaves no key behind', async () => {
    const k = key();
    const runs: string[] = [];
    const noSeats = new AppError({ code: 'NO_SEATS', message: 'No quedan plazas suficientes' });
    const req = { scope, key: k, payload: {} };
    await expect(
      runIdempotent(database.db, req, oneStatement('x', runs, { refuse: noSeats }), undefined, claimWithResult),
    ).rejects.toBe(noSeats);
    expect(await row(k)).toEqual({ state: 'done', response_status: 409 });
    await expect(runIdempotent(database.db, req, oneStatement('x', runs), undefined, claimWithResult)).resolves.toEqual(
      {
        status: 409,
        body: { code: 'NO_SEATS', message: 'No quedan plazas suficientes' },
        replayed: true,
      },
    );

    const crashed = key();
    const before = await effects();
    const boom = new Error('boom');
    await expect(
      runIdempotent(
        database.db,
        { scope, key: crashed, payload: {} },
        async (_complete, probe) => {
          if (probe) await readProbe(probe);
          throw boom;
        },
        undefined,
        claimWithResult,
      ),
    ).rejects.toBe(boom);
    expect(await claims(crashed)).toBe(0);
    const retried = await runIdempotent(
      database.db,
      { scope, key: crashed, payload: {} },
      oneStatement('y', runs),
      undefined,
      claimWithResult,
    );
    expect(retried.replayed).toBe(false);
    expect(await effects()).toBe(before + 1);
  });

  it('two at once with one key, both past their read: the second write writes nothing and replays the first (statement and transaction)', async () => {
    for (const inTransaction of [false, true]) {
      const k = key();
      const before = await effects();
      const runs: string[] = [];
      let open: () => void = () => {};
      const gate = new Promise<void>((r) => {
        open = r;
      });
      // Neither writes before both have read the key as free.
      let reads = 0;
      const afterRead = () => {
        if (++reads === 2) open();
        return gate;
      };
      const req = { scope, key: k, payload: { k } };
      const handler = (note: string) =>
        inTransaction
          ? async (complete: Complete, probe?: KeyProbe) => {
              runs.push(probe ? 'probe' : 'claimed');
              if (probe) await readProbe(probe);
              await afterRead();
              return writeOnce(note)(complete);
            }
          : oneStatement(note, runs, { afterRead });
      const first = runIdempotent(database.db, req, handler('primera'), undefined, claimWithResult);
      const second = runIdempotent(database.db, req, handler('segunda'), undefined, claimWithResult);
      const answers = await Promise.all([first, second]);
      expect(answers.map((a) => a.replayed).sort()).toEqual([false, true]);
      expect(answers[0].body).toEqual(answers[1].body);
      expect(await effects()).toBe(before + 1);
      expect(await claims(k)).toBe(1);
    }
  });

  it('a key a claim-first request holds (running) answers 409; a refusal found before the read answers the stored answer', async () => {
    const k = key();
    const { request: slow, release } = await holdingKey(k, 'lenta');
    const runs: string[] = [];
    await expect(
      runIdempotent(database.db, { scope, key: k, payload: {} }, oneStatement('x', runs), undefined, claimWithResult),
    ).rejects.toMatchObject({ status: 409, code: 'IDEMPOTENCY_IN_PROGRESS' });
    release();
    await slow;

    // A 404 thrown before the read could say the key is used: its store finds the key, and the
    // first answer is replayed.
    const notFound = new AppError({ code: 'NOT_FOUND', message: 'Producto no encontrado' });
    const replay = await runIdempotent(
      database.db,
      { scope, key: k, payload: {} },
      async (_complete, probe) => {
        if (probe) throw notFound;
        throw new Error('the claim-first path must replay, not run');
      },
      undefined,
      claimWithResult,
    );
    expect(replay).toEqual({ status: 201, body: { note: 'lenta' }, replayed: true });
  });
});

/**
 * Issue 35, goal 5 (ADR 033): lag-tolerant reads go to a PostgreSQL read replica
 * (DATABASE_REPLICA_URL); writes and read-your-own-writes stay on the primary.
 *
 * The configuration and the pure rules run everywhere. The replica itself runs only on PostgreSQL
 * (TEST_DATABASE_URL; CI sets it): a private primary and a real streaming standby started on this
 * machine (test/replicated-cluster.ts), the app built on both. Which server answered a list is seen
 * by pausing the standby's replay: a row written on the primary then is missing from a list read
 * on the replica and present in one read on the primary. The standby logs every statement, so the
 * test also reads that no write ever reached it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config/env';
import { type Database, openDatabase } from '../src/db/client';
import { isReplicaFault, parseLsn, type ReadReplica } from '../src/db/replica';
import { WRITTEN_AT_COOKIE } from '../src/plugins/read-routing';
import { buildTestApp, checkAnswersAgainstDocument, TEST_JWT_SECRET } from './build-app';
import { bearer, createOperator, createUser, login } from './factories';
import { PG_BIN, type ReplicatedCluster, startReplicatedCluster } from './replicated-cluster';

const PG = { DATABASE_URL: 'postgres://u@primary/db', JWT_SECRET: 'x'.repeat(32) };
const load = (env: Record<string, string>) => loadConfig(env, { readDotenv: false });
const problemsOf = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
};

describe('DATABASE_REPLICA_URL', () => {
  it('takes a postgres:// URL beside DATABASE_URL; empty means none', () => {
    expect(load({ ...PG, DATABASE_REPLICA_URL: 'postgresql://u@replica/db' }).DATABASE_REPLICA_URL).toBe(
      'postgresql://u@replica/db',
    );
    expect(load({ ...PG, DATABASE_REPLICA_URL: '' }).DATABASE_REPLICA_URL).toBeUndefined();
    expect(load(PG).DATABASE_REPLICA_URL).toBeUndefined();
  });

  it('is refused with the embedded database, as another scheme, or as the primary itself', () => {
    expect(problemsOf({ DATABASE_REPLICA_URL: 'postgres://u@replica/db' })).toEqual([
      'DATABASE_REPLICA_URL: solo se usa con DATABASE_URL (PostgreSQL): la base de datos embebida no tiene réplicas; define DATABASE_URL o quita DATABASE_REPLICA_URL',
    ]);
    expect(problemsOf({ ...PG, DATABASE_REPLICA_URL: 'mysql://u@replica/db' })).toEqual([
      'DATABASE_REPLICA_URL: debe empezar por postgres:// o postgresql://',
    ]);
    expect(problemsOf({ ...PG, DATABASE_REPLICA_URL: PG.DATABASE_URL })).toEqual([
      'DATABASE_REPLICA_URL: debe ser una réplica en espera de DATABASE_URL, no la misma base de datos',
    ]);
  });
});

describe('replica rules', () => {
  it('reads WAL positions as numbers', () => {
    expect(parseLsn('0/3000028')).toBe(0x3000028n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(() => parseLsn('nada')).toThrow();
  });

  it('runs a statement again on the primary only when the replica, not the statement, failed', () => {
    const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    // Down, restarting, refusing: the replica's fault.
    expect(
      isReplicaFault(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isReplicaFault(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isReplicaFault(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isReplicaFault(new Error('Connection terminated unexpectedly'))).toBe(true);
    // Recovery cancelled the query; a write reached a read-only server (drizzle wraps it in cause).
    expect(isReplicaFault(pgError('40001', 'canceling statement due to conflict with recovery'))).toBe(true);
    expect(isReplicaFault(Object.assign(new Error('Failed query'), { cause: pgError('25006') }))).toBe(true);
    // The statement's own errors stay errors.
    expect(isReplicaFault(pgError('40001', 'could not serialize access due to concurrent update'))).toBe(false);
    expect(isReplicaFault(pgError('42703', 'column "nope" does not exist'))).toBe(false);
    expect(isReplicaFault(pgError('57014', 'canceling statement due to statement timeout'))).toBe(false);
  });

  it('without a replica every read is the primary and readiness says nothing of one', async () => {
    const app = await buildTestApp();
    try {
      expect(app.dbRead).toBe(app.db);
      expect(app.database.replica).toBeUndefined();
      const ready = await app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().replica).toBeUndefined();
      // And no read-after-write cookie is handed out.
      const op = await createOperator(app);
      const user = await createUser(app, { level: 1, tourOperatorId: op.id });
      const token = await login(app, user.email);
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/persons',
        headers: bearer(token),
        payload: { full_name: 'Sin réplica', role: 'guide' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

const BASE_URL = process.env.TEST_DATABASE_URL;
const SKIP_NOTE = 'skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it (CI does)';
/** The test's lag limit: wide enough that a busy CI machine answers two requests within it. */
const MAX_LAG_MS = 2000;

describe.skipIf(!BASE_URL)(`a real streaming replica${BASE_URL ? '' : ` (${SKIP_NOTE})`}`, () => {
  let cluster: ReplicatedCluster | undefined;
  let database: Database;
  let replica: ReadReplica;
  let app: FastifyInstance;
  let tokenA: string;
  let tokenB: string;

  const names = async (token: string, cookie?: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/persons?per_page=500',
      headers: { ...bearer(token), ...(cookie ? { cookie } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { full_name: string }[]).map((p) => p.full_name);
  };
  const createPerson = async (token: string, fullName: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/persons',
      headers: bearer(token),
      payload: { full_name: fullName, role: 'guide' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res;
  };
  const ready = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    return { statusCode: res.statusCode, body: res.json() };
  };
  const pauseReplay = async () => {
    await cluster?.onReplica('select pg_wal_replay_pause()');
    for (let i = 0; i < 100; i++) {
      const [row] =
        (await cluster?.onReplica<{ state: string }>('select pg_get_wal_replay_pause_state() as state')) ?? [];
      if (row?.state === 'paused') return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('replay did not pause');
  };
  const resumeReplay = () => cluster?.onReplica('select pg_wal_replay_resume()');
  /** Checks the replica until it is in use and has replayed everything up to now. */
  const untilCaughtUp = async () => {
    const since = Date.now();
    for (let i = 0; i < 200; i++) {
      const state = await replica.check();
      if (state.status === 'ok' && replica.caughtUpTo(since)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`the replica did not catch up: ${JSON.stringify(replica.state())}`);
  };

  beforeAll(async () => {
    if (!existsSync(path.join(PG_BIN, 'initdb'))) {
      throw new Error(`PostgreSQL 15's programs are needed in ${PG_BIN} (initdb, pg_ctl, pg_basebackup): set PG_BIN`);
    }
    cluster = await startReplicatedCluster();
    const admin = new pg.Client({ connectionString: cluster.primaryUrl() });
    await admin.connect();
    await admin.query('create database trayecto');
    await admin.end();
    database = await openDatabase({
      kind: 'postgres',
      url: cluster.primaryUrl('trayecto'),
      replicaUrl: cluster.replicaUrl('trayecto'),
      // The test measures the replica by hand (replica.check()): no timing races.
      replica: { checkMs: 0, maxLagMs: MAX_LAG_MS },
      poolSize: 5,
    });
    replica = database.replica as ReadReplica;
    await database.migrate();
    const config = load({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: cluster.primaryUrl('trayecto'),
      DATABASE_REPLICA_URL: cluster.replicaUrl('trayecto'),
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: '/tmp/trayecto-test-unused',
      WEB_DIST: '/nonexistent',
    });
    app = checkAnswersAgainstDocument(
      await buildApp({
        config,
        database,
        jwtSecret: TEST_JWT_SECRET,
        logger: false,
        loginThrottle: { accountLimit: 1000, addressLimit: 1000 },
        reminders: false,
        background: false,
      }),
    );
    const op = await createOperator(app);
    const a = await createUser(app, { level: 1, tourOperatorId: op.id, fullName: 'Ana Lectora' });
    const b = await createUser(app, { level: 1, tourOperatorId: op.id, fullName: 'Bruno Escritor' });
    tokenA = await login(app, a.email);
    tokenB = await login(app, b.email);
    await untilCaughtUp();
  }, 90_000);

  afterAll(async () => {
    try {
      await app?.close();
    } finally {
      await cluster?.destroy();
    }
  }, 60_000);

  it('a list reads from the replica; the writer sees their write at once, others once the replica has it', async () => {
    expect(app.dbRead).toBe(replica.db);
    expect(app.dbRead).not.toBe(app.db);
    await pauseReplay();
    const written = await createPerson(tokenB, 'Uno en pausa');
    // The browser carries the write's time to whichever process answers next.
    const cookie = String(written.headers['set-cookie']);
    expect(cookie).toMatch(
      new RegExp(`^${WRITTEN_AT_COOKIE}=\\d{13}; Path=/api; Max-Age=10; HttpOnly; SameSite=Strict$`),
    );
    expect((await replica.check()).status).toBe('ok');

    // Another user's list comes from the replica, which has not replayed the write yet.
    expect(await names(tokenA)).not.toContain('Uno en pausa');
    // The writer's own list comes from the primary (this process remembers the write)…
    expect(await names(tokenB)).toContain('Uno en pausa');
    // …and so does any list that carries a recent write's cookie (a write in another process).
    expect(await names(tokenA, `otra=1; ${WRITTEN_AT_COOKIE}=${Date.now()}`)).toContain('Uno en pausa');
    const { statusCode, body } = await ready();
    expect(statusCode).toBe(200);
    expect(body.replica).toMatchObject({ status: 'ok', reads: 'replica' });

    // Once the replica has replayed it, everyone's list shows it — from the replica.
    await resumeReplay();
    await untilCaughtUp();
    expect(await names(tokenA)).toContain('Uno en pausa');

    // The writer is back on the replica once it has their write: now B misses A's new row.
    await pauseReplay();
    await createPerson(tokenA, 'Dos en pausa');
    expect((await replica.check()).status).toBe('ok');
    expect(await names(tokenB)).not.toContain('Dos en pausa');
    expect(await names(tokenA)).toContain('Dos en pausa');
    await resumeReplay();
    await untilCaughtUp();
    expect(await names(tokenB)).toContain('Dos en pausa');
  });

  it('a replica further behind than the limit is left aside: lists read the primary, /ready says so with 200', async () => {
    await pauseReplay();
    try {
      await createPerson(tokenB, 'Tres con retraso');
      // A check soon after the write samples the primary's position that holds it…
      expect((await replica.check()).status).toBe('ok');
      // …and that position's age is the lag, once the replica has not replayed it for too long.
      await new Promise((r) => setTimeout(r, MAX_LAG_MS + 200));
      const state = await replica.check();
      expect(state.status).toBe('lagging');
      expect(state.lagMs).toBeGreaterThan(MAX_LAG_MS);
      // A, who wrote nothing lately, reads the primary now: the row is there.
      expect(await names(tokenA)).toContain('Tres con retraso');
      const { statusCode, body } = await ready();
      expect(statusCode).toBe(200);
      expect(body.status).toBe('ok');
      expect(body.replica).toMatchObject({ status: 'lagging', reads: 'primary' });
      expect(body.replica.problem).toMatch(/^La réplica de lectura va \d+ ms por detrás \(límite 2000 ms\)/);
    } finally {
      await resumeReplay();
    }
    await untilCaughtUp();
    expect((await ready()).body.replica).toMatchObject({ status: 'ok', reads: 'replica' });
  });

  it('with the replica stopped, lists still answer (from the primary) and /ready says so with 200', async () => {
    expect(replica.usable()).toBe(true);
    await cluster?.stopReplica();
    try {
      // No check has noticed yet: the replica's failure sends the statement to the primary.
      expect(await names(tokenA)).toContain('Tres con retraso');
      expect(replica.state().status).toBe('down');
      await createPerson(tokenB, 'Cuatro sin réplica');
      expect(await names(tokenA)).toContain('Cuatro sin réplica');
      expect((await replica.check()).status).toBe('down');
      const { statusCode, body } = await ready();
      expect(statusCode).toBe(200);
      expect(body.replica).toMatchObject({ status: 'down', reads: 'primary' });
      expect(body.replica.problem).toMatch(/^La réplica de lectura no responde/);
    } finally {
      await cluster?.startReplica();
    }
    // Back: it catches up and takes the reads again.
    await untilCaughtUp();
    expect(replica.usable()).toBe(true);
    expect(await names(tokenA)).toContain('Cuatro sin réplica');
  });

  it('each process measures the replica by itself, every check interval', async () => {
    const other = await openDatabase({
      kind: 'postgres',
      url: cluster?.primaryUrl('trayecto') as string,
      replicaUrl: cluster?.replicaUrl('trayecto'),
      replica: { checkMs: 50 },
      poolSize: 1,
    });
    try {
      expect(other.replica?.state().status).toBe('starting');
      for (let i = 0; i < 200 && !other.replica?.usable(); i++) await new Promise((r) => setTimeout(r, 25));
      expect(other.replica?.state()).toMatchObject({ status: 'ok' });
    } finally {
      await other.close();
    }
  });

  it('no write ever reached the replica, and the lists did', () => {
    const statements = (cluster?.replicaLog() ?? '')
      .split('\n')
      .filter((line) => line.startsWith('trayecto-replica|') && /LOG: {2}(statement|execute [^:]*):/.test(line))
      .map((line) => line.replace(/^trayecto-replica\|LOG: {2}(statement|execute [^:]*): /, ''));
    expect(statements.some((s) => /^select .* from "persons"/i.test(s))).toBe(true);
    const writes = statements.filter((s) =>
      /^\s*(insert|update|delete|merge|begin|start transaction|set|lock|copy|create|alter|drop|truncate)\b/i.test(s),
    );
    expect(writes).toEqual([]);
    expect(cluster?.replicaLog()).not.toMatch(/read-only transaction/);
  });
});

/** WEB_CONCURRENCY parsing and the workers' restart backoff. */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { restartDelay } from './cluster';
import { ConfigError, loadConfig } from './config/env';

const PG = { DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'x'.repeat(32) };
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

describe('WEB_CONCURRENCY', () => {
  it('defaults to 1; takes a number or "auto" (one per CPU) with PostgreSQL', () => {
    expect(load({}).WEB_CONCURRENCY).toBe(1);
    expect(load({ WEB_CONCURRENCY: '' }).WEB_CONCURRENCY).toBe(1);
    expect(load({ ...PG, WEB_CONCURRENCY: '4' }).WEB_CONCURRENCY).toBe(4);
    expect(load({ ...PG, WEB_CONCURRENCY: 'AUTO' }).WEB_CONCURRENCY).toBe(availableParallelism());
  });

  it('refuses anything else with a Spanish message', () => {
    for (const bad of ['0', '-2', 'dos', '1.5', '1000']) {
      expect(problemsOf({ ...PG, WEB_CONCURRENCY: bad }), bad).toEqual([
        'WEB_CONCURRENCY: debe ser un número de procesos (1, 2, 4…) o "auto" (uno por CPU)',
      ]);
    }
  });

  it('refuses more than one process on the embedded database (PGlite lives in one process)', () => {
    expect(problemsOf({ WEB_CONCURRENCY: '2' })).toEqual([
      'WEB_CONCURRENCY: con la base de datos embebida solo puede haber 1 proceso (pediste 2); define DATABASE_URL (PostgreSQL) para usar varios',
    ]);
    expect(load({ WEB_CONCURRENCY: '1' }).WEB_CONCURRENCY).toBe(1);
  });
});

describe('restart backoff', () => {
  it('starts at half a second and doubles for each quick death in a row, up to 30 s', () => {
    expect([0, 1, 2, 3, 6, 7, 20].map(restartDelay)).toEqual([500, 1000, 2000, 4000, 30_000, 30_000, 30_000]);
  });
});

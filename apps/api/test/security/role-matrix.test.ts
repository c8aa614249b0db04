/**
 * Role matrix (issue 7, PRODUCT.md §3): levels 0–5 of operator A × every /api/v1 route, table-driven
 * from matrix.ts. No token → 401; a level the table does not list → 403 (or 404 where the role only
 * reads its own rows); a listed level → a 2xx (or the exact status the row names).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageOf, type SecurityWorld, send, setupSecurityWorld } from './fixtures';
import { type Expect, LEVELS, type Level, PUBLIC_ROWS, ROLE_ROWS, tokenOf } from './matrix';

let app: FastifyInstance;
let w: SecurityWorld;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, world: w, close } = await setupSecurityWorld({ images: true }));
}, 120_000);
afterAll(async () => {
  await close?.();
});

const outcome = (status: number): Expect => (status >= 200 && status < 300 ? 'ok' : status);

describe('without a token', () => {
  it('every protected route answers 401 with a Spanish JSON message, before reading anything', async () => {
    const seen = new Set<string>();
    const wrong: string[] = [];
    for (const row of ROLE_ROWS) {
      if (seen.has(row.route)) continue;
      seen.add(row.route);
      const req = await row.request({ app, w, level: 1, token: w.tokens.A1 });
      const res = await send(app, { ...req, token: null });
      if (res.statusCode !== 401 || !errorMessageOf(res)) wrong.push(`${row.route}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
    expect(seen.size).toBeGreaterThan(55);
  });

  it('public routes work without one (and ignore a bad one)', async () => {
    const wrong: string[] = [];
    for (const row of PUBLIC_ROWS) {
      for (const token of [null, 'not-a-token']) {
        const res = await send(app, { ...row.request(w), token });
        if (outcome(res.statusCode) !== row.expect)
          wrong.push(`${row.route} (${token}): ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('levels 0–5 × every route', () => {
  for (const row of ROLE_ROWS) {
    it(`${row.route}${row.label ? ` — ${row.label}` : ''}`, async () => {
      const expected: Partial<Record<Level, Expect>> = {};
      const actual: Partial<Record<Level, Expect>> = {};
      for (const level of LEVELS) {
        expected[level] = row.expect[level] ?? 403;
        const token = tokenOf(w, level);
        const req = await row.request({ app, w, level, token });
        const res = await send(app, { token, ...req });
        actual[level] = outcome(res.statusCode);
        if (res.statusCode >= 400) expect(errorMessageOf(res), `${level}: ${res.body}`).toBeTruthy();
        if (res.statusCode >= 500) throw new Error(`${row.route} level ${level}: ${res.statusCode} ${res.body}`);
      }
      expect(actual).toEqual(expected);
    });
  }

  it('a refused level gets the generic Spanish 403', async () => {
    const res = await send(app, { method: 'POST', url: '/api/v1/tour-operators', token: w.tokens.A1, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No tienes permiso para realizar esta acción');
  });
});

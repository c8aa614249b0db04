/**
 * GET /api/v1/audit-log: who may read it (levels 0 and 1), the tenant scope, the list conventions
 * (filters, q, sort, paging headers).
 */
import type { TAuditEntryResponse } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createWorld } from '../../../test/factories';
import { api, type World } from '../bookings/bookings.test-helpers';
import { recordAudit, SYSTEM_AUDIT, staffAudit } from './audit.service';

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let send: ReturnType<typeof api>['send'];
/** Users created by each operator's admin (one audit entry each). */
const made: { A: string[]; B: string[] } = { A: [], B: [] };
const T0 = Date.parse('2026-03-01T08:00:00Z');

const list = async (query: string, token = w.tokens.admin) => {
  const res = await get(`/api/v1/audit-log${query}`, token);
  return { res, body: res.json() as TAuditEntryResponse[] };
};

beforeAll(async () => {
  app = await buildTestApp();
  ({ get, send } = api(app));
  w = await createWorld(app);
  for (const [who, token, n] of [
    ['A', w.tokens.A1, 3],
    ['B', w.tokens.B1, 2],
  ] as const) {
    for (let i = 0; i < n; i++) {
      const res = await send('POST', '/api/v1/users', token, {
        full_name: `Persona ${who}${i}`,
        email: `persona.${who.toLowerCase()}${i}@example.com`,
        level: 4,
        password: 'Secreta123',
        re_password: 'Secreta123',
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      made[who].push(res.json().id);
    }
  }
  // Older entries at known times, for the date filters and the order.
  await app.db.transaction((tx) =>
    recordAudit(
      tx,
      SYSTEM_AUDIT,
      [0, 1, 2].map((k) => ({
        tourOperatorId: w.A.op.id,
        entityType: 'booking' as const,
        entityId: made.A[0],
        action: 'cancel' as const,
        summary: `TRY-OLD00${k} · Cliente antiguo`,
        at: new Date(T0 + k * 3_600_000),
      })),
    ),
  );
  await app.db.transaction((tx) =>
    recordAudit(tx, staffAudit({ id: w.admin.id, level: 0, tourOperatorId: null, fullName: 'Admin Global' }), {
      tourOperatorId: null,
      entityType: 'user',
      entityId: w.admin.id,
      action: 'update',
      summary: 'Una cuenta sin operador',
      changes: { phone: ['', '+34 600'] },
    }),
  );
}, 180_000);
afterAll(async () => {
  await app?.close();
});

describe('who may read it', () => {
  it('the administrator reads every operator and the entries of no operator', async () => {
    const { res, body } = await list('?per_page=500');
    expect(res.statusCode).toBe(200);
    const ops = new Set(body.map((e) => e.tour_operator_id));
    expect(ops).toEqual(new Set([w.A.op.id, w.B.op.id, null]));
    expect(Number(res.headers['x-total-count'])).toBe(body.length);
  });

  it("an operator's admin reads only its operator's entries, even when asking for another's", async () => {
    const { res, body } = await list('?per_page=500', w.tokens.A1);
    expect(res.statusCode).toBe(200);
    expect(body.length).toBe(6);
    expect(body.every((e) => e.tour_operator_id === w.A.op.id)).toBe(true);
    expect(body.some((e) => made.B.includes(e.entity_id))).toBe(false);
    const theirs = await list(`?tour_operator_id[eq]=${w.B.op.id}`, w.tokens.A1);
    expect(theirs.res.statusCode).toBe(200);
    expect(theirs.body).toEqual([]);
    const byId = await list(`?entity_id[eq]=${made.B[0]}`, w.tokens.A1);
    expect(byId.body).toEqual([]);
    const other = await list('?per_page=500', w.tokens.B1);
    expect(other.body.map((e) => e.entity_id).sort()).toEqual([...made.B].sort());
  });

  it('levels 2 to 5 are refused (403); no token is 401', async () => {
    for (const token of [w.tokens.A2, w.tokens.A3, w.tokens.A4, w.tokens.A5]) {
      const { res } = await list('', token);
      expect(res.statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/audit-log' })).statusCode).toBe(401);
  });
});

describe('the list conventions', () => {
  it('an entry as the API gives it', async () => {
    const { body } = await list(`?entity_id[eq]=${made.A[1]}`);
    expect(body).toEqual([
      {
        id: expect.any(String),
        tour_operator_id: w.A.op.id,
        timezone: 'Europe/Madrid',
        actor_id: w.A.l1.id,
        actor_kind: 'staff',
        actor_label: `Ana Admin A <${w.A.l1.email}>`,
        entity_type: 'user',
        entity_id: made.A[1],
        action: 'create',
        changes: expect.objectContaining({ full_name: [null, 'Persona A1'], level: [null, 4] }),
        summary: 'Persona A1 <persona.a1@example.com>',
        request_id: expect.any(String),
        ip: '127.0.0.1',
        created_at: expect.stringMatching(/Z$/),
      },
    ]);
  });

  it('newest first by default; sort=created_at reverses it', async () => {
    const { body } = await list('?per_page=500');
    const times = body.map((e) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const asc = await list('?per_page=500&sort=created_at');
    expect(asc.body.map((e) => e.id)).toEqual(body.map((e) => e.id).reverse());
    expect(asc.body[0].summary).toBe('TRY-OLD000 · Cliente antiguo');
  });

  it('filters: entity type and id, actor, action eq and in, dates, q over summary and who', async () => {
    const ids = (r: { body: TAuditEntryResponse[] }) => r.body.map((e) => e.entity_id);
    expect((await list('?entity_type[eq]=booking')).body).toHaveLength(3);
    expect(ids(await list(`?entity_type[eq]=user&entity_id[eq]=${made.B[1]}`))).toEqual([made.B[1]]);
    expect(ids(await list(`?actor_id[eq]=${w.B.l1.id}`)).sort()).toEqual([...made.B].sort());
    expect((await list('?action[eq]=cancel')).body).toHaveLength(3);
    expect((await list('?action[in]=cancel,update')).body).toHaveLength(4);
    expect((await list('?actor_kind[eq]=system')).body).toHaveLength(3);
    const window = await list(`?created_at[gte]=${new Date(T0 + 3_600_000).toISOString()}&created_at[lt]=2026-03-02`);
    expect(window.body.map((e) => e.summary)).toEqual(['TRY-OLD002 · Cliente antiguo', 'TRY-OLD001 · Cliente antiguo']);
    expect(ids(await list('?q=persona.b0'))).toEqual([made.B[0]]);
    expect((await list('?q=bruno admin')).body).toHaveLength(2);
    expect((await list(`?tour_operator_id[eq]=${w.B.op.id}`)).body).toHaveLength(2);
  });

  it('paging: per_page and page, X-Total-Count and Link; pages never overlap', async () => {
    const all = await list('?per_page=500');
    const total = all.body.length;
    const p1 = await list('?per_page=3&page=1');
    const p2 = await list('?per_page=3&page=2');
    expect(p1.res.headers['x-total-count']).toBe(String(total));
    expect(p1.body.map((e) => e.id)).toEqual(all.body.slice(0, 3).map((e) => e.id));
    expect(p2.body.map((e) => e.id)).toEqual(all.body.slice(3, 6).map((e) => e.id));
    const link = String(p2.res.headers.link);
    expect(link).toContain('</api/v1/audit-log?per_page=3&page=1>; rel="first"');
    expect(link).toContain('rel="prev"');
    expect(link).toContain(`page=${Math.ceil(total / 3)}>; rel="last"`);
  });

  it('bad input answers 400, never 500', async () => {
    for (const q of [
      '?per_page=501',
      '?page=0',
      '?entity_type[eq]=product',
      '?action[eq]=drop',
      '?entity_id[eq]=nope',
      '?created_at[gte]=ayer',
      '?password[eq]=x',
      '?sort=summary',
      `?q=${'x'.repeat(201)}`,
    ]) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/audit-log${q}`, headers: bearer(w.tokens.admin) });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

/**
 * GET /api/v1/audit-log: who may read it (levels 0 and 1), the tenant scope, the list conventions
 * (filters, q, sort, paging headers).
 */
import { LIST_COUNT_CAP, type TAuditEntryResponse } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createWorld } from '../../../test/factories';
import { auditLog } from '../../db/schema';
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

/** The `<…>` of a Link header's relation, or undefined. */
const linkOf = (res: { headers: Record<string, unknown> }, rel: string) =>
  String(res.headers.link ?? '').match(new RegExp(`<([^>]+)>; rel="${rel}"`))?.[1];

/** Every page of `url`, following Link rel="next" (the keyset cursor); the ids in order and the pages. */
async function walk(url: string, token: string) {
  const ids: string[] = [];
  const pages: Awaited<ReturnType<typeof get>>[] = [];
  const urls: string[] = [];
  let next: string | undefined = url;
  while (next) {
    const res = await get(next, token);
    expect(res.statusCode, next).toBe(200);
    pages.push(res);
    urls.push(next);
    ids.push(...(res.json() as TAuditEntryResponse[]).map((e) => e.id));
    next = linkOf(res, 'next');
    expect(pages.length).toBeLessThan(100);
  }
  return { ids, pages, urls };
}

describe('keyset paging (ADR 028)', () => {
  /** Entries of operator A that share one instant to the microsecond, and two a microsecond apart. */
  const tied: string[] = [];
  beforeAll(async () => {
    const at = (s: string) => sql`${s}::timestamptz`;
    const rows = await app.db
      .insert(auditLog)
      .values([
        ...[0, 1, 2, 3, 4, 5].map((k) => ({
          tourOperatorId: w.A.op.id,
          actorKind: 'system',
          entityType: 'booking',
          entityId: made.A[2],
          action: 'payment',
          summary: `TRY-TIE00${k} · Empate`,
          createdAt: at('2026-02-01 10:00:00.123456+00'),
        })),
        ...['2026-02-01 10:00:00.123455+00', '2026-02-01 10:00:00.123457+00'].map((t) => ({
          tourOperatorId: w.A.op.id,
          actorKind: 'system',
          entityType: 'booking',
          entityId: made.A[2],
          action: 'payment',
          summary: `TRY-MICRO · ${t}`,
          createdAt: at(t),
        })),
      ])
      .returning({ id: auditLog.id });
    tied.push(...rows.map((r) => r.id));
  });

  it('following rel="next" walks the whole list once, in order, across equal created_at, without counting again', async () => {
    for (const [token, sort] of [
      [w.tokens.A1, ''],
      [w.tokens.A1, '&sort=created_at'],
      [w.tokens.admin, ''],
      [w.tokens.admin, '&sort=-created_at'],
    ] as const) {
      const whole = (await list(`?per_page=500${sort}`, token)).body.map((e) => e.id);
      const { ids, pages, urls } = await walk(`/api/v1/audit-log?per_page=2${sort}`, token);
      expect(ids).toEqual(whole);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of tied) expect(ids).toContain(id);
      expect(pages.length).toBe(Math.ceil(whole.length / 2));
      // Page one counts; the cursor pages do not (no OFFSET, no count), and carry their cursor.
      expect(pages[0].headers['x-total-count']).toBe(String(whole.length));
      for (const p of pages.slice(1)) expect(p.headers['x-total-count']).toBeUndefined();
      for (const [k, p] of pages.slice(0, -1).entries()) {
        expect(urls[k + 1]).toBe(`/api/v1/audit-log?per_page=2${sort}&cursor=${String(p.headers['x-next-cursor'])}`);
      }
      // The last page says there is nothing after it.
      expect(pages.at(-1)?.headers['x-next-cursor']).toBeUndefined();
      expect(linkOf(pages.at(-1) as never, 'next')).toBeUndefined();
    }
  });

  it('cursor pages are the offset pages, and page numbers keep working beside them', async () => {
    const first = await list('?per_page=3', w.tokens.A1);
    expect(first.res.headers['x-next-cursor']).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(linkOf(first.res, 'last')).toBe(`/api/v1/audit-log?per_page=3&page=${Math.ceil(14 / 3)}`);
    const byPage = await list('?per_page=3&page=2', w.tokens.A1);
    const byCursor = await list(`?per_page=3&cursor=${first.res.headers['x-next-cursor']}`, w.tokens.A1);
    expect(byCursor.body.map((e) => e.id)).toEqual(byPage.body.map((e) => e.id));
    // A page-number page offers its next page as a cursor, and first/prev/last as page numbers.
    expect(linkOf(byPage.res, 'next')).toBe(
      `/api/v1/audit-log?per_page=3&cursor=${byPage.res.headers['x-next-cursor']}`,
    );
    expect(linkOf(byPage.res, 'prev')).toBe('/api/v1/audit-log?per_page=3&page=1');
    expect(byPage.res.headers['x-total-count']).toBe('14');
    // An empty cursor is the first page.
    expect((await list('?per_page=3&cursor=', w.tokens.A1)).body).toEqual(first.body);
    // Deeper page numbers (read by id after an index-only OFFSET) are the same slices, both ways, filtered.
    for (const q of [
      '',
      '&sort=created_at',
      '&entity_type[eq]=booking',
      '&sort=created_at&action[in]=payment,cancel',
    ]) {
      const whole = (await list(`?per_page=500${q}`, w.tokens.A1)).body.map((e) => e.id);
      for (const page of [2, 3, 4]) {
        const { body } = await list(`?per_page=3&page=${page}${q}`, w.tokens.A1);
        expect(body.map((e) => e.id)).toEqual(whole.slice((page - 1) * 3, page * 3));
      }
    }
  });

  it('a cursor keeps the filters', async () => {
    const filter = `entity_type[eq]=booking&entity_id[eq]=${made.A[2]}`;
    const whole = (await list(`?${filter}&per_page=500`)).body;
    expect(whole).toHaveLength(8);
    const { ids, pages } = await walk(`/api/v1/audit-log?${filter}&per_page=3`, w.tokens.admin);
    expect(ids).toEqual(whole.map((e) => e.id));
    for (const p of pages.slice(0, -1)) expect(linkOf(p, 'next')).toContain(`?${filter}&per_page=3&cursor=`);
    const actions = await walk(
      `/api/v1/audit-log?action[in]=payment,cancel&created_at[lt]=2026-02-02&per_page=2`,
      w.tokens.A1,
    );
    expect(actions.ids.sort()).toEqual([...tied].sort());
  });

  it("an operator's cursor never shows another operator's entries", async () => {
    // Cursors taken from the administrator's list (every operator) position A's list, nothing more.
    const { pages } = await walk('/api/v1/audit-log?per_page=2', w.tokens.admin);
    for (const p of pages.slice(0, -1)) {
      const cursor = String(p.headers['x-next-cursor']);
      const theirs = await walk(`/api/v1/audit-log?per_page=500&cursor=${cursor}`, w.tokens.B1);
      expect(theirs.ids.every((id) => !tied.includes(id))).toBe(true);
      for (const r of theirs.pages) {
        expect((r.json() as TAuditEntryResponse[]).every((e) => e.tour_operator_id === w.B.op.id)).toBe(true);
      }
      const mine = await list(`?per_page=500&tour_operator_id[eq]=${w.B.op.id}&cursor=${cursor}`, w.tokens.A1);
      expect(mine.body).toEqual([]);
    }
  });

  it('a bad cursor answers 400 in Spanish, never 500', async () => {
    const forged = (createdAt: string, id = '00000000-0000-4000-8000-000000000000') =>
      Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
    expect((await list(`?cursor=${forged('2026-02-01 10:00:00.123456+00')}`)).res.statusCode).toBe(200);
    for (const bad of [
      'nope!',
      'x'.repeat(201),
      Buffer.from('["x"]').toString('base64url'),
      Buffer.from('{}').toString('base64url'),
      Buffer.from('not json').toString('base64url'),
      forged('2026-02-30 10:00:00+00'),
      forged('0000-01-01 10:00:00+00'),
      forged('2026-02-01 10:00:00'),
      forged('2026-02-01 10:00:00+00', 'nope'),
      Buffer.from(JSON.stringify(['2026-02-01 10:00:00+00', 7])).toString('base64url'),
    ]) {
      const { res } = await list(`?cursor=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('Cursor no válido');
      expect(res.json().errors.cursor).toEqual(['Cursor no válido']);
    }
    const first = await list('?per_page=1');
    const cursor = String(first.res.headers['x-next-cursor']);
    const mixed = await list(`?sort=created_at,-created_at&cursor=${cursor}`);
    expect(mixed.res.statusCode).toBe(400);
    expect(mixed.res.json().errors.cursor[0]).toMatch(/^El cursor solo sirve ordenando por fecha/);
    const twice = await list(`?cursor=${cursor}&cursor=${cursor}`);
    expect(twice.res.statusCode).toBe(400);
  });

  it('the OpenAPI document describes `cursor` in Spanish', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const op = doc.paths['/api/v1/audit-log'].get;
    const param = op.parameters.find((p: { name: string }) => p.name === 'cursor');
    expect(param.description).toMatch(/^Cursor opaco de la página siguiente/);
    expect(op.summary).toContain('X-Next-Cursor');
  });
});

describe('a log of more than 10,000 entries (ADR 027)', () => {
  const MANY = LIST_COUNT_CAP + 1;
  beforeAll(async () => {
    await app.db.execute(sql`
      insert into audit_log (tour_operator_id, actor_kind, actor_label, entity_type, entity_id, action, summary, created_at)
      select ${w.B.op.id}::uuid, 'system', 'Sistema', 'booking', gen_random_uuid(), 'payment', 'Masivo ' || g,
             timestamptz '2025-06-01 00:00:00+00' + (g / 3) * interval '1 second'
      from generate_series(1, ${MANY}::int) as g`);
  }, 120_000);

  it('counts up to the cap and says so; no last page; the next page is a cursor', async () => {
    const first = await list('?per_page=50', w.tokens.B1);
    expect(first.res.headers['x-total-count']).toBe(String(LIST_COUNT_CAP));
    expect(first.res.headers['x-total-count-capped']).toBe('true');
    expect(linkOf(first.res, 'last')).toBeUndefined();
    expect(linkOf(first.res, 'next')).toBe(
      `/api/v1/audit-log?per_page=50&cursor=${first.res.headers['x-next-cursor']}`,
    );
    // A page number inside the cap: capped total, prev as a page number, next as a cursor.
    const deep = await list('?per_page=50&page=150', w.tokens.B1);
    expect(deep.res.headers['x-total-count-capped']).toBe('true');
    expect(linkOf(deep.res, 'prev')).toBe('/api/v1/audit-log?per_page=50&page=149');
    expect(deep.res.headers['x-next-cursor']).toBeDefined();
    // A cursor page carries no count at all.
    const next = await get(linkOf(deep.res, 'next') as string, w.tokens.B1);
    expect(next.headers['x-total-count']).toBeUndefined();
    expect(next.headers['x-total-count-capped']).toBeUndefined();
    const page151 = await list('?per_page=50&page=151', w.tokens.B1);
    expect((next.json() as TAuditEntryResponse[]).map((e) => e.id)).toEqual(page151.body.map((e) => e.id));
    // A filter under the cap is counted exactly.
    const users = await list('?entity_type[eq]=user', w.tokens.B1);
    expect(users.res.headers['x-total-count']).toBe('2');
    expect(users.res.headers['x-total-count-capped']).toBeUndefined();
    // The administrator's whole log is capped too.
    expect((await list('?per_page=1')).res.headers['x-total-count-capped']).toBe('true');
  });

  it('the CSV export walks every entry once, in order, batch after batch', async () => {
    const res = await get('/api/v1/audit-log/export.csv', w.tokens.B1);
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + MANY + made.B.length);
    const bulk = lines.slice(1).filter((l) => l.includes('Masivo '));
    expect(new Set(bulk).size).toBe(MANY);
    const numbers = bulk.map((l) => Number(/Masivo (\d+)/.exec(l)?.[1]));
    // Newest first: the generated numbers go down (ties in time broken by id, so only per second).
    const seconds = numbers.map((g) => Math.floor(g / 3));
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
  }, 60_000);
});

/**
 * "Canales" through the API (issue 33 items 2 and 8, ADR 023): channels, their keys and their request
 * log, for levels 0–1 on a real database. Every answer is checked against the OpenAPI document
 * (build-app.ts). The key is answered once and only its hash is stored; the webhook secret is
 * sealed, never answered nor audited.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createWorld } from '../../../test/factories';
import { auditLog, channelKeys, channelRequests, channels } from '../../db/schema';
import { mkProduct, type World } from '../bookings/bookings.test-helpers';
import { purgeOldChannelRequests } from './channel-requests.service';

const SECRET = 'whsec-channel-Trayecto-0123456789';

let app: FastifyInstance;
let w: World;
/** Operator A's products (adults, children, babies) and one of B's. */
let productA: { id: string };
let productA2: { id: string };
let productB: { id: string };

beforeAll(async () => {
  app = await buildTestApp({ env: { APP_ENCRYPTION_KEY: 'cd'.repeat(32) } });
  w = await createWorld(app);
  productA = await mkProduct(app, w.tokens.A1);
  productA2 = await mkProduct(app, w.tokens.A1, {
    prices: [{ pax_type: 'adult', amount_cents: 6000, min_age: 12 }],
    seasons: [
      {
        name: 'Verano',
        from: '2026-07-01',
        to: '2026-08-31',
        prices: [{ pax_type: 'senior', amount_cents: 5000, min_age: 65 }],
      },
    ],
  });
  productB = await mkProduct(app, w.tokens.B1);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

let seq = 0;
const uniqueName = (prefix = 'Canal') => `${prefix} ${++seq} ${Date.now().toString(36)}`;

/** A channel of operator A (by its admin) or of B, answered. */
async function mkChannel(token: string, over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/v1/channels', token, { name: uniqueName(), ...over });
  if (res.statusCode !== 201) throw new Error(`channel: ${res.statusCode} ${res.body}`);
  return res.json();
}
async function mkKey(token: string, channelId: string, label?: string) {
  const res = await call('POST', `/api/v1/channels/${channelId}/keys`, token, label === undefined ? {} : { label });
  if (res.statusCode !== 201) throw new Error(`key: ${res.statusCode} ${res.body}`);
  return res.json();
}
const auditOf = (channelId: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'channel'), eq(auditLog.entityId, channelId)));
const expectFields = (res: { statusCode: number; json: () => { errors?: object } }, ...fields: string[]) => {
  expect(res.statusCode).toBe(422);
  const named = Object.keys(res.json().errors ?? {});
  for (const f of fields) expect(named, JSON.stringify(res.json())).toContain(f);
};

describe('POST /api/v1/channels', () => {
  it('creates an OCTO channel of the manager’s operator: defaults, the secret sealed and never answered, audited as "(cambiado)"', async () => {
    const name = uniqueName('Tenerife Tours');
    const res = await call('POST', '/api/v1/channels', w.tokens.A1, {
      name: `  ${name}  `,
      commission_pct: 20.5,
      allotment: 8,
      webhook_url: 'https://reservas.example.com/webhooks/trayecto',
      webhook_secret: SECRET,
      contact_email: ' Integraciones@Example.com ',
      notes: 'Contrato 2026',
      // A manager's tour_operator_id is ignored: the channel is its operator's.
      tour_operator_id: w.B.op.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      tour_operator_id: w.A.op.id,
      tour_operator: { id: w.A.op.id, name: 'Operador A' },
      name,
      kind: 'octo',
      commission_pct: 20.5,
      net_rates: [],
      collects: 'operator',
      all_products: true,
      product_ids: null,
      allotment: 8,
      webhook_url: 'https://reservas.example.com/webhooks/trayecto',
      webhook_secret_set: true,
      contact_email: 'integraciones@example.com',
      notes: 'Contrato 2026',
      active: true,
      keys_active: 0,
    });
    expect(res.body).not.toContain(SECRET);
    expect(c).not.toHaveProperty('webhook_secret');
    const [row] = await app.db.select().from(channels).where(eq(channels.id, c.id));
    expect(row.webhookSecret).toMatch(/^v1:/);
    expect(row.webhookSecret).not.toContain(SECRET);
    expect(row.createdBy).toBe(w.A.l1.id);

    const [entry] = await auditOf(c.id);
    expect(entry).toMatchObject({ action: 'create', tourOperatorId: w.A.op.id, actorId: w.A.l1.id });
    expect(entry.changes).toMatchObject({ name: [null, name], webhook_secret: [null, '(cambiado)'] });
    expect(JSON.stringify(entry)).not.toContain(SECRET);
    // The same answer on a read.
    expect((await call('GET', `/api/v1/channels/${c.id}`, w.tokens.A1)).json()).toEqual(c);
  });

  it('an agency with some products and net rates (a season’s pax type counts), collecting itself', async () => {
    const res = await call('POST', '/api/v1/channels', w.tokens.A1, {
      name: uniqueName('Agencia Sol'),
      kind: 'agency',
      collects: 'agency',
      product_ids: [productA.id, productA2.id],
      net_rates: [
        { product_id: productA.id, pax_type: 'adult', net_cents: 3600 },
        { product_id: productA.id, pax_type: 'child', net_cents: 2000 },
        { product_id: productA2.id, pax_type: 'senior', net_cents: 4000 },
      ],
      commission_pct: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({ kind: 'agency', collects: 'agency', all_products: false, commission_pct: null });
    expect([...c.product_ids].sort()).toEqual([productA.id, productA2.id].sort());
    expect(c.net_rates).toHaveLength(3);
    expect(c.net_rates).toContainEqual({ product_id: productA2.id, pax_type: 'senior', net_cents: 4000 });
    expect(c.webhook_secret_set).toBe(false);
    const [entry] = await auditOf(c.id);
    expect(Object.keys(entry.changes)).toEqual(expect.arrayContaining(['product_ids', 'net_rates', 'kind']));
    // Products named as they were: the log keeps reading "Excursión de prueba…" after a rename.
    expect(JSON.stringify(entry.changes.product_ids)).toContain('Excursión de prueba');
    expect(JSON.stringify(entry.changes.net_rates)).toContain('36,00');
  });

  it('the administrator must name the operator (422), an existing one; it may create for any', async () => {
    const none = await call('POST', '/api/v1/channels', w.tokens.admin, { name: uniqueName() });
    expectFields(none, 'tour_operator_id');
    const unknown = await call('POST', '/api/v1/channels', w.tokens.admin, {
      name: uniqueName(),
      tour_operator_id: '00000000-0000-4000-8000-000000000000',
    });
    expectFields(unknown, 'tour_operator_id');
    const forB = await mkChannel(w.tokens.admin, { tour_operator_id: w.B.op.id, product_ids: [productB.id] });
    expect(forB).toMatchObject({ tour_operator_id: w.B.op.id, product_ids: [productB.id] });
    // B's product is not A's: 422 naming the field.
    const wrongProduct = await call('POST', '/api/v1/channels', w.tokens.admin, {
      name: uniqueName(),
      tour_operator_id: w.A.op.id,
      product_ids: [productB.id],
    });
    expectFields(wrongProduct, 'product_ids.0');
  });

  it('422 naming each field that breaks a rule (schema and service), in Spanish; nothing written', async () => {
    const [{ n: before }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(channels);
    const bad = async (body: Record<string, unknown>, ...fields: string[]) => {
      const res = await call('POST', '/api/v1/channels', w.tokens.A1, { name: uniqueName(), ...body });
      expectFields(res, ...fields);
      return res.json();
    };
    const missing = await call('POST', '/api/v1/channels', w.tokens.A1, {});
    expectFields(missing, 'name');
    expect(missing.json().errors.name).toEqual(['Campo requerido']);
    await bad({ name: '   ' }, 'name');
    await bad({ kind: 'ota' }, 'kind');
    await bad({ collects: 'nadie' }, 'collects');
    expect((await bad({ commission_pct: 12.345 }, 'commission_pct')).errors.commission_pct).toEqual([
      'Como máximo 2 decimales',
    ]);
    await bad({ commission_pct: 100.5 }, 'commission_pct');
    await bad({ commission_pct: -1 }, 'commission_pct');
    await bad({ allotment: -1 }, 'allotment');
    await bad({ allotment: 2.5 }, 'allotment');
    await bad({ webhook_url: 'http://reservas.example.com/hook', webhook_secret: SECRET }, 'webhook_url');
    await bad({ webhook_url: 'ftp://example.com', webhook_secret: SECRET }, 'webhook_url');
    await bad({ webhook_url: 'https://user:pass@example.com/', webhook_secret: SECRET }, 'webhook_url');
    await bad({ webhook_secret: 'corto' }, 'webhook_secret');
    await bad({ webhook_secret: 'con espacios dentro del secreto' }, 'webhook_secret');
    expect((await bad({ webhook_url: 'https://example.com/hook' }, 'webhook_secret')).errors.webhook_secret).toEqual([
      'Indica el secreto con el que se firman los avisos al webhook',
    ]);
    await bad({ contact_email: 'no-es-correo' }, 'contact_email');
    await bad({ product_ids: ['no-es-un-uuid'] }, 'product_ids.0');
    await bad({ product_ids: [productA.id, productA.id] }, 'product_ids');
    await bad({ product_ids: [productA.id, productB.id] }, 'product_ids.1');
    await bad(
      { net_rates: [{ product_id: productB.id, pax_type: 'adult', net_cents: 100 }] },
      'net_rates.0.product_id',
    );
    // productA2 has adults (base) and seniors (summer) only.
    expect(
      (
        await bad(
          { net_rates: [{ product_id: productA2.id, pax_type: 'child', net_cents: 100 }] },
          'net_rates.0.pax_type',
        )
      ).errors['net_rates.0.pax_type'],
    ).toEqual(['El producto no tiene tarifa para este tipo de pasajero']);
    await bad({ net_rates: [{ product_id: productA.id, pax_type: 'adult', net_cents: -5 }] }, 'net_rates.0.net_cents');
    await bad(
      {
        net_rates: [
          { product_id: productA.id, pax_type: 'adult', net_cents: 100 },
          { product_id: productA.id, pax_type: 'adult', net_cents: 200 },
        ],
      },
      'net_rates.1.pax_type',
    );
    const [{ n: after }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(channels);
    expect(after).toBe(before);
  });

  it('a webhook on this machine may be http (a receiver under test); a number as a form sends it is read', async () => {
    const c = await mkChannel(w.tokens.A1, {
      webhook_url: 'http://127.0.0.1:8080/hook?x=1',
      webhook_secret: SECRET,
      commission_pct: '12.5',
    });
    expect(c).toMatchObject({ webhook_url: 'http://127.0.0.1:8080/hook?x=1', commission_pct: 12.5 });
    const local = await mkChannel(w.tokens.A1, { webhook_url: 'http://localhost/hook', webhook_secret: SECRET });
    expect(local.webhook_url).toBe('http://localhost/hook');
  });

  it('409 CHANNEL_NAME_TAKEN for a name the operator already has, whatever the case; another operator may use it', async () => {
    const name = uniqueName('Viajes Ñandú');
    await mkChannel(w.tokens.A1, { name });
    const again = await call('POST', '/api/v1/channels', w.tokens.A1, { name: name.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CHANNEL_NAME_TAKEN',
      message: 'Ya existe un canal con ese nombre en este tour operador',
      errors: { name: ['Ya existe un canal con ese nombre en este tour operador'] },
    });
    expect((await call('POST', '/api/v1/channels', w.tokens.B1, { name })).statusCode).toBe(201);
  });
});

describe('who may: levels 0–1, each on the channels they see', () => {
  it('levels 2–5 get 403 on every operation; no token 401', async () => {
    const c = await mkChannel(w.tokens.A1);
    const key = await mkKey(w.tokens.A1, c.id);
    const ops: [Method, string, object?][] = [
      ['GET', '/api/v1/channels'],
      ['POST', '/api/v1/channels', { name: uniqueName() }],
      ['GET', `/api/v1/channels/${c.id}`],
      ['PUT', `/api/v1/channels/${c.id}`, { notes: 'x' }],
      ['POST', `/api/v1/channels/${c.id}/keys`, {}],
      ['GET', `/api/v1/channels/${c.id}/keys`],
      ['DELETE', `/api/v1/channels/${c.id}/keys/${key.id}`],
      ['GET', `/api/v1/channels/${c.id}/requests`],
    ];
    for (const [method, url, body] of ops) {
      for (const t of [w.tokens.A2, w.tokens.A3, w.tokens.A4, w.tokens.A5]) {
        const res = await call(method, url, t, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    }
    const [row] = await app.db.select().from(channelKeys).where(eq(channelKeys.id, key.id));
    expect(row.revokedAt).toBeNull();
  });

  it('another operator’s channel is 404 on every operation (as one that does not exist); the administrator reaches it', async () => {
    const c = await mkChannel(w.tokens.A1);
    const key = await mkKey(w.tokens.A1, c.id);
    const missing = '00000000-0000-4000-8000-000000000000';
    const ops: [Method, (id: string) => string, object?][] = [
      ['GET', (id) => `/api/v1/channels/${id}`],
      ['PUT', (id) => `/api/v1/channels/${id}`, { name: 'Hackeado', active: false }],
      ['POST', (id) => `/api/v1/channels/${id}/keys`, {}],
      ['GET', (id) => `/api/v1/channels/${id}/keys`],
      ['DELETE', (id) => `/api/v1/channels/${id}/keys/${key.id}`],
      ['GET', (id) => `/api/v1/channels/${id}/requests`],
    ];
    for (const [method, url, body] of ops) {
      const theirs = await call(method, url(c.id), w.tokens.B1, body);
      const none = await call(method, url(missing), w.tokens.B1, body);
      expect(theirs.statusCode, `${method} ${url(c.id)}`).toBe(404);
      expect([theirs.statusCode, theirs.body]).toEqual([none.statusCode, none.body]);
    }
    expect((await call('GET', '/api/v1/channels/no-es-un-uuid', w.tokens.A1)).statusCode).toBe(404);
    const [row] = await app.db.select().from(channels).where(eq(channels.id, c.id));
    expect(row).toMatchObject({ name: c.name, active: true });
    expect((await call('GET', `/api/v1/channels/${c.id}/keys`, w.tokens.A1)).json()[0].active).toBe(true);
    expect((await call('GET', `/api/v1/channels/${c.id}`, w.tokens.admin)).statusCode).toBe(200);
    const patched = await call('PUT', `/api/v1/channels/${c.id}`, w.tokens.admin, { notes: 'Revisado' });
    expect(patched.json().notes).toBe('Revisado');
  });
});

describe('GET /api/v1/channels', () => {
  it('the list conventions: q by name, kind, active, paging headers; a manager sees their operator’s only', async () => {
    const tag = `Lista${Date.now().toString(36)}`;
    const octo = await mkChannel(w.tokens.A1, { name: `${tag} Ócéano` });
    const agency = await mkChannel(w.tokens.A1, { name: `${tag} Bahía`, kind: 'agency', active: false });
    await mkChannel(w.tokens.B1, { name: `${tag} de B` });

    const res = await call('GET', `/api/v1/channels?q=${encodeURIComponent(tag)}`, w.tokens.A1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers.link).toContain('rel="first"');
    // Sorted by name, accents aside: Bahía before Ócéano.
    expect(res.json().map((c: { id: string }) => c.id)).toEqual([agency.id, octo.id]);

    const ids = async (qs: string, token = w.tokens.A1) =>
      (await call('GET', `/api/v1/channels?q=${encodeURIComponent(tag)}&${qs}`, token))
        .json()
        .map((c: { id: string }) => c.id);
    expect(await ids('kind=agency')).toEqual([agency.id]);
    expect(await ids('kind[eq]=octo')).toEqual([octo.id]);
    expect(await ids('active=true')).toEqual([octo.id]);
    expect(await ids('active=false')).toEqual([agency.id]);
    expect((await ids('per_page=1&page=2')).length).toBe(1);
    // Accent- and case-insensitive search.
    const accents = await call('GET', `/api/v1/channels?q=${encodeURIComponent(`${tag} oceano`)}`, w.tokens.A1);
    expect(accents.json().map((c: { id: string }) => c.id)).toEqual([octo.id]);
    // B's admin and the administrator.
    expect(await ids('', w.tokens.B1)).toHaveLength(1);
    expect(await ids('', w.tokens.admin)).toHaveLength(3);
    expect(await ids(`tour_operator_id=${w.B.op.id}`, w.tokens.admin)).toHaveLength(1);
    expect(await ids(`tour_operator_id=${w.B.op.id}`, w.tokens.A1)).toHaveLength(0);

    expect((await call('GET', '/api/v1/channels?kind=ota', w.tokens.A1)).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/channels?secreto=1', w.tokens.A1)).json().errors).toHaveProperty('secreto');
    expect((await call('GET', '/api/v1/channels?sort=-created_at', w.tokens.A1)).statusCode).toBe(200);
  });
});

describe('PUT /api/v1/channels/{id}', () => {
  it('changes only what is sent; product_ids and net_rates replace the stored sets; null product_ids is all', async () => {
    const c = await mkChannel(w.tokens.A1, {
      product_ids: [productA.id],
      net_rates: [{ product_id: productA.id, pax_type: 'adult', net_cents: 3000 }],
      commission_pct: 15,
    });
    const url = `/api/v1/channels/${c.id}`;
    const res = await call('PUT', url, w.tokens.A1, {
      product_ids: [productA2.id],
      net_rates: [{ product_id: productA2.id, pax_type: 'adult', net_cents: 5000 }],
      allotment: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: c.name,
      commission_pct: 15,
      product_ids: [productA2.id],
      net_rates: [{ product_id: productA2.id, pax_type: 'adult', net_cents: 5000 }],
      allotment: null,
    });
    expect(Date.parse(res.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(c.updated_at));

    const all = await call('PUT', url, w.tokens.A1, { product_ids: null, net_rates: [] });
    expect(all.json()).toMatchObject({ all_products: true, product_ids: null, net_rates: [] });
    const back = await call('PUT', url, w.tokens.A1, { product_ids: [productA.id] });
    expect(back.json().product_ids).toEqual([productA.id]);

    const entries = await auditOf(c.id);
    const updates = entries.filter((e) => e.action === 'update');
    expect(updates).toHaveLength(3);
    expect(Object.keys(updates[0]?.changes ?? {}).sort()).toEqual(['net_rates', 'product_ids']);
    // Nothing changed: no entry.
    await call('PUT', url, w.tokens.A1, { notes: c.notes, commission_pct: 15 });
    expect((await auditOf(c.id)).filter((e) => e.action === 'update')).toHaveLength(3);
  });

  it('the webhook secret: kept when omitted, replaced, gone with its address (webhook_url null); audited as "(cambiado)"', async () => {
    const c = await mkChannel(w.tokens.A1, { webhook_url: 'https://example.com/a', webhook_secret: SECRET });
    const url = `/api/v1/channels/${c.id}`;
    const [{ webhookSecret: sealed }] = await app.db.select().from(channels).where(eq(channels.id, c.id));
    const kept = await call('PUT', url, w.tokens.A1, { webhook_url: 'https://example.com/b' });
    expect(kept.json()).toMatchObject({ webhook_url: 'https://example.com/b', webhook_secret_set: true });
    expect((await app.db.select().from(channels).where(eq(channels.id, c.id)))[0].webhookSecret).toBe(sealed);
    // The same secret again: nothing changes, nothing is logged about it.
    await call('PUT', url, w.tokens.A1, { webhook_secret: SECRET });
    expect((await app.db.select().from(channels).where(eq(channels.id, c.id)))[0].webhookSecret).toBe(sealed);

    const other = 'otro-secreto-de-webhook-123456';
    const replaced = await call('PUT', url, w.tokens.A1, { webhook_secret: other });
    expect(replaced.json().webhook_secret_set).toBe(true);
    expect(replaced.body).not.toContain(other);
    // The secret is not removed on its own (null is no secret).
    expectFields(await call('PUT', url, w.tokens.A1, { webhook_secret: null }), 'webhook_secret');
    const removed = await call('PUT', url, w.tokens.A1, { webhook_url: null });
    expect(removed.json()).toMatchObject({ webhook_url: null, webhook_secret_set: false });
    expect((await app.db.select().from(channels).where(eq(channels.id, c.id)))[0].webhookSecret).toBeNull();
    // A new address needs a secret again, sent with it.
    expectFields(await call('PUT', url, w.tokens.A1, { webhook_url: 'https://example.com/c' }), 'webhook_secret');
    // A secret without an address is not kept.
    const alone = await call('PUT', url, w.tokens.A1, { webhook_secret: SECRET });
    expect(alone.json().webhook_secret_set).toBe(false);

    const entries = await auditOf(c.id);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(other);
    const secretChanges = entries.map((e) => e.changes.webhook_secret).filter(Boolean);
    expect(secretChanges).toEqual([
      [null, '(cambiado)'],
      ['(cambiado)', '(cambiado)'],
      ['(cambiado)', null],
    ]);
    const created = await mkChannel(w.tokens.A1, { webhook_secret: SECRET });
    expect(created.webhook_secret_set).toBe(false);
  });

  it('409 for a name the operator has; 422 for another operator or its products; a manager’s tour_operator_id is ignored', async () => {
    const a = await mkChannel(w.tokens.A1);
    const b = await mkChannel(w.tokens.A1);
    const taken = await call('PUT', `/api/v1/channels/${b.id}`, w.tokens.A1, { name: a.name.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('CHANNEL_NAME_TAKEN');
    // Its own name in another case: fine.
    const own = await call('PUT', `/api/v1/channels/${b.id}`, w.tokens.A1, { name: b.name.toUpperCase() });
    expect(own.json().name).toBe(b.name.toUpperCase());

    expectFields(
      await call('PUT', `/api/v1/channels/${b.id}`, w.tokens.admin, { tour_operator_id: w.B.op.id }),
      'tour_operator_id',
    );
    const ignored = await call('PUT', `/api/v1/channels/${b.id}`, w.tokens.A1, { tour_operator_id: w.B.op.id });
    expect(ignored.json().tour_operator_id).toBe(w.A.op.id);
    expectFields(
      await call('PUT', `/api/v1/channels/${b.id}`, w.tokens.A1, {
        net_rates: [{ product_id: productB.id, pax_type: 'adult', net_cents: 1 }],
      }),
      'net_rates.0.product_id',
    );
    expectFields(await call('PUT', `/api/v1/channels/${b.id}`, w.tokens.A1, { name: '' }), 'name');
  });

  it('a channel with live keys does not become an agency (409 CHANNEL_KIND_CONFLICT) until they are revoked', async () => {
    const c = await mkChannel(w.tokens.A1);
    const key = await mkKey(w.tokens.A1, c.id);
    const refused = await call('PUT', `/api/v1/channels/${c.id}`, w.tokens.A1, { kind: 'agency' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CHANNEL_KIND_CONFLICT',
      message: 'El canal tiene claves activas: revócalas antes de convertirlo en agencia',
    });
    expect((await call('DELETE', `/api/v1/channels/${c.id}/keys/${key.id}`, w.tokens.A1)).statusCode).toBe(204);
    const agency = await call('PUT', `/api/v1/channels/${c.id}`, w.tokens.A1, { kind: 'agency' });
    expect(agency.json()).toMatchObject({ kind: 'agency', keys_active: 0 });
  });
});

describe('keys', () => {
  it('a new key is answered once (its prefix, label and date) and only its SHA-256 is stored', async () => {
    const c = await mkChannel(w.tokens.A1);
    const res = await call('POST', `/api/v1/channels/${c.id}/keys`, w.tokens.A1, { label: ' Producción ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json();
    expect(Object.keys(created).sort()).toEqual(['created_at', 'id', 'key', 'key_prefix', 'label']);
    expect(created.key).toMatch(/^trk_[A-Za-z0-9_-]{40}$/);
    expect(created).toMatchObject({ key_prefix: created.key.slice(0, 12), label: 'Producción' });

    const rows = await app.db.execute<Record<string, unknown>>(
      sql`select * from channel_keys where id = ${created.id}`,
    );
    const row = rows.rows[0];
    expect(row.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(rows.rows)).not.toContain(created.key);
    expect(row).toMatchObject({
      channel_id: c.id,
      tour_operator_id: w.A.op.id,
      created_by: w.A.l1.id,
      revoked_at: null,
    });

    // Never again: not in the list, not in the channel, not in the audit log.
    const list = await call('GET', `/api/v1/channels/${c.id}/keys`, w.tokens.A1);
    expect(list.body).not.toContain(created.key);
    expect(list.json()).toEqual([
      {
        id: created.id,
        label: 'Producción',
        key_prefix: created.key_prefix,
        active: true,
        created_at: created.created_at,
        created_by: { id: w.A.l1.id, name: 'Ana Admin A' },
        last_used_at: null,
        revoked_at: null,
        revoked_by: null,
      },
    ]);
    expect((await call('GET', `/api/v1/channels/${c.id}`, w.tokens.A1)).json().keys_active).toBe(1);
    const entries = await auditOf(c.id);
    const keyEntry = entries.find((e) => e.action === 'key_create');
    expect(keyEntry?.changes).toEqual({ label: [null, 'Producción'], key_prefix: [null, created.key_prefix] });
    expect(JSON.stringify(entries)).not.toContain(created.key);

    // Two live keys (rotation), each different; an empty body is a key without a label.
    const second = await mkKey(w.tokens.A1, c.id);
    expect(second.key).not.toBe(created.key);
    expect(second.label).toBe('');
    expect((await call('GET', `/api/v1/channels/${c.id}`, w.tokens.A1)).json().keys_active).toBe(2);
  });

  it('an agency has no keys: 409 CHANNEL_KIND_CONFLICT, nothing stored', async () => {
    const c = await mkChannel(w.tokens.A1, { kind: 'agency' });
    const res = await call('POST', `/api/v1/channels/${c.id}/keys`, w.tokens.A1, { label: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CHANNEL_KIND_CONFLICT',
      message: 'Una agencia no tiene claves de API: solo los canales OCTO se conectan con una clave',
    });
    expect(await app.db.select().from(channelKeys).where(eq(channelKeys.channelId, c.id))).toHaveLength(0);
  });

  it('revoking: 204, revoked by whom and when, once in the log; again 204; another channel’s key 404', async () => {
    const c = await mkChannel(w.tokens.A1);
    const other = await mkChannel(w.tokens.A1);
    const key = await mkKey(w.tokens.A1, c.id, 'Pruebas');
    const otherKey = await mkKey(w.tokens.A1, other.id);
    const url = `/api/v1/channels/${c.id}/keys/${key.id}`;

    const res = await call('DELETE', url, w.tokens.A1);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [row] = await app.db.select().from(channelKeys).where(eq(channelKeys.id, key.id));
    expect(row.revokedBy).toBe(w.A.l1.id);
    expect(row.revokedAt).toBeInstanceOf(Date);
    const [listed] = (await call('GET', `/api/v1/channels/${c.id}/keys`, w.tokens.A1)).json();
    expect(listed).toMatchObject({ active: false, revoked_by: { id: w.A.l1.id, name: 'Ana Admin A' } });
    expect(listed.revoked_at).toBe(row.revokedAt?.toISOString());
    expect((await call('GET', `/api/v1/channels/${c.id}`, w.tokens.A1)).json().keys_active).toBe(0);

    expect((await call('DELETE', url, w.tokens.admin)).statusCode).toBe(204);
    const [again] = await app.db.select().from(channelKeys).where(eq(channelKeys.id, key.id));
    expect(again.revokedAt?.toISOString()).toBe(row.revokedAt?.toISOString());
    expect(again.revokedBy).toBe(w.A.l1.id);
    const revokes = (await auditOf(c.id)).filter((e) => e.action === 'key_revoke');
    expect(revokes).toHaveLength(1);
    expect(revokes[0]?.changes).toEqual({ key_prefix: [key.key_prefix, null], label: ['Pruebas', null] });

    const crossed = await call('DELETE', `/api/v1/channels/${c.id}/keys/${otherKey.id}`, w.tokens.A1);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe('La clave no existe');
    expect((await call('DELETE', `/api/v1/channels/${c.id}/keys/no-es-un-uuid`, w.tokens.A1)).statusCode).toBe(404);
    const [untouched] = await app.db.select().from(channelKeys).where(eq(channelKeys.id, otherKey.id));
    expect(untouched.revokedAt).toBeNull();
  });
});

describe('GET /api/v1/channels/{id}/requests', () => {
  it('the channel’s request log, latest first, paginated, with each key’s prefix', async () => {
    const c = await mkChannel(w.tokens.A1);
    const other = await mkChannel(w.tokens.A1);
    const key = await mkKey(w.tokens.A1, c.id);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await app.db.insert(channelRequests).values([
      {
        tourOperatorId: w.A.op.id,
        channelId: c.id,
        keyId: key.id,
        method: 'GET',
        path: '/api/octo/v1/products',
        status: 200,
        durationMs: 12,
        at: at(30),
      },
      {
        tourOperatorId: w.A.op.id,
        channelId: c.id,
        keyId: key.id,
        method: 'POST',
        path: '/api/octo/v1/bookings',
        status: 400,
        durationMs: 8,
        errorCode: 'INVALID_PRODUCT_ID',
        at: at(10),
      },
      {
        tourOperatorId: w.A.op.id,
        channelId: c.id,
        keyId: null,
        method: 'POST',
        path: '/api/octo/v1/availability',
        status: 200,
        durationMs: 40,
        at: at(20),
      },
      {
        tourOperatorId: w.A.op.id,
        channelId: other.id,
        method: 'GET',
        path: '/api/octo/v1/supplier',
        status: 200,
        at: at(5),
      },
    ]);
    const res = await call('GET', `/api/v1/channels/${c.id}/requests`, w.tokens.A1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const list = res.json();
    expect(list.map((r: { path: string }) => r.path)).toEqual([
      '/api/octo/v1/bookings',
      '/api/octo/v1/availability',
      '/api/octo/v1/products',
    ]);
    expect(list[0]).toMatchObject({
      key_id: key.id,
      key_prefix: key.key_prefix,
      method: 'POST',
      status: 400,
      duration_ms: 8,
      error_code: 'INVALID_PRODUCT_ID',
    });
    expect(list[1]).toMatchObject({ key_id: null, key_prefix: null, error_code: null });

    const page2 = await call('GET', `/api/v1/channels/${c.id}/requests?per_page=2&page=2`, w.tokens.A1);
    expect(page2.json().map((r: { path: string }) => r.path)).toEqual(['/api/octo/v1/products']);
    expect(page2.headers.link).toContain('rel="prev"');
    expect((await call('GET', `/api/v1/channels/${c.id}/requests?page=&per_page=`, w.tokens.A1)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/channels/${c.id}/requests?per_page=0`, w.tokens.A1)).statusCode).toBe(400);
    expect((await call('GET', `/api/v1/channels/${c.id}/requests?status=500`, w.tokens.A1)).statusCode).toBe(400);
  });

  it('requests older than 90 days are purged by the channels.purge-requests task; newer ones stay', async () => {
    const c = await mkChannel(w.tokens.A1);
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    await app.db.insert(channelRequests).values([
      { tourOperatorId: w.A.op.id, channelId: c.id, method: 'GET', path: '/old', status: 200, at: daysAgo(91) },
      { tourOperatorId: w.A.op.id, channelId: c.id, method: 'GET', path: '/older', status: 200, at: daysAgo(400) },
      { tourOperatorId: w.A.op.id, channelId: c.id, method: 'GET', path: '/recent', status: 200, at: daysAgo(89) },
      { tourOperatorId: w.A.op.id, channelId: c.id, method: 'GET', path: '/today', status: 200, at: now },
    ]);
    const run = await app.background.runner.runTask('channels.purge-requests', now);
    expect(run).toMatchObject({ ran: true });
    expect(run.result).toBeGreaterThanOrEqual(2);
    const left = await app.db.select().from(channelRequests).where(eq(channelRequests.channelId, c.id));
    expect(left.map((r) => r.path).sort()).toEqual(['/recent', '/today']);
    // Bounded batches: one row at a time still gets there.
    await app.db.insert(channelRequests).values([
      { tourOperatorId: w.A.op.id, channelId: c.id, method: 'GET', path: '/a', status: 200, at: daysAgo(100) },
      { tourOperatorId: w.A.op.id, channelId: c.id, method: 'GET', path: '/b', status: 200, at: daysAgo(100) },
    ]);
    expect(await purgeOldChannelRequests(app.db, now, 1)).toBe(1);
    expect(await purgeOldChannelRequests(app.db, now, 1)).toBe(1);
    expect(await purgeOldChannelRequests(app.db, now, 1)).toBe(0);
  });
});

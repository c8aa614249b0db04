import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app';
import { bearer, createOperator, createUser, login } from '../../test/factories';
import { seedResources } from './resources';

let app: FastifyInstance;
let seeded: Awaited<ReturnType<typeof seedResources>>;
let ops: { teide: string; atlantico: string };
let tokens: { admin: string; teide: string; atlantico: string };
beforeAll(async () => {
  app = await buildTestApp();
  const teide = await createOperator(app, { name: 'Teide Aventura', timezone: 'Atlantic/Canary' });
  const atlantico = await createOperator(app, { name: 'Atlántico Sur', timezone: 'Atlantic/Canary' });
  ops = { teide: teide.id, atlantico: atlantico.id };
  seeded = await app.db.transaction((tx) => seedResources(tx, ops));
  const admin = await createUser(app, { level: 0 });
  const t1 = await createUser(app, { level: 1, tourOperatorId: teide.id });
  const a3 = await createUser(app, { level: 3, tourOperatorId: atlantico.id });
  tokens = {
    admin: await login(app, admin.email),
    teide: await login(app, t1.email),
    atlantico: await login(app, a3.email),
  };
});
afterAll(async () => {
  await app?.close();
});

const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });

describe('seedResources (demo data)', () => {
  it('a shared catalogue of ~25 Tenerife places in the five zones, plus a few own ones per operator', async () => {
    const shared = seeded.accommodations.filter((a) => a.tourOperatorId === null);
    expect(shared.length).toBeGreaterThanOrEqual(20);
    expect(new Set(shared.map((a) => a.zone))).toEqual(
      new Set([
        'Costa Adeje',
        'Playa de las Américas',
        'Los Cristianos',
        'Puerto de la Cruz',
        'Santa Cruz de Tenerife',
      ]),
    );
    for (const op of [ops.teide, ops.atlantico]) {
      expect(seeded.accommodations.filter((a) => a.tourOperatorId === op).length).toBeGreaterThanOrEqual(2);
    }
    const list = (await get('/api/v1/accommodations?per_page=500', tokens.teide)).json();
    expect(list).toHaveLength(seeded.accommodations.filter((a) => a.tourOperatorId !== ops.atlantico).length);
    for (const a of list) {
      expect(a.lat_lng).toMatch(/^28\.\d+,-16\.\d+$/);
      expect(a.pickup_point).not.toBe('');
    }
  });

  it('"recoger en" redirections follow the API rules: visible target, one level deep', async () => {
    const list = (await get('/api/v1/accommodations?per_page=500', tokens.admin)).json() as {
      id: string;
      tour_operator_id: string | null;
      pickup_at_id: string | null;
      pickup_at: { name: string } | null;
    }[];
    const byId = new Map(list.map((a) => [a.id, a]));
    const redirected = list.filter((a) => a.pickup_at_id);
    expect(redirected.length).toBeGreaterThanOrEqual(2);
    for (const a of redirected) {
      const target = byId.get(a.pickup_at_id as string);
      expect(target).toBeDefined();
      expect(target?.pickup_at_id).toBeNull();
      expect([null, a.tour_operator_id]).toContain(target?.tour_operator_id);
      expect(a.pickup_at).not.toBeNull();
    }
  });

  it('each operator has a fleet (bus, minibus, van; a boat for Atlántico Sur) with one vehicle in the workshop today', async () => {
    for (const [token, types] of [
      [tokens.teide, ['bus', 'minibus', 'van']],
      [tokens.atlantico, ['bus', 'minibus', 'van', 'boat']],
    ] as const) {
      const list = (await get('/api/v1/vehicles', token)).json() as {
        type: string;
        state: number;
        seats: number;
        transport_authorization: string;
        unavailable_today: boolean;
      }[];
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.length).toBeLessThanOrEqual(5);
      for (const t of types) expect(list.map((v) => v.type)).toContain(t);
      expect(list.every((v) => v.transport_authorization !== '')).toBe(true);
      const workshop = list.filter((v) => v.state === 3);
      expect(workshop).toHaveLength(1);
      expect(workshop[0].unavailable_today).toBe(true);
    }
  });

  it('each operator has 3–5 persons: freelance guides with languages, an assistant and a subcontracted driver with licence', async () => {
    for (const token of [tokens.teide, tokens.atlantico]) {
      const list = (await get('/api/v1/persons', token)).json() as {
        role: string;
        languages: string[];
        license_number: string;
      }[];
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.length).toBeLessThanOrEqual(5);
      const guides = list.filter((p) => p.role === 'guide');
      expect(guides.length).toBeGreaterThanOrEqual(1);
      expect(guides.every((g) => g.languages.length >= 2)).toBe(true);
      expect(list.some((p) => p.role === 'assistant')).toBe(true);
      expect(list.some((p) => p.role === 'driver' && p.license_number !== '')).toBe(true);
    }
    const germanSpeakers = (await get('/api/v1/persons?languages[eq]=de', tokens.teide)).json();
    expect(germanSpeakers.length).toBeGreaterThanOrEqual(1);
  });
});

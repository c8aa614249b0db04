/**
 * Route inventory (issue 7, security suite): every route the application registers, captured with
 * an onRoute hook on the real app, must be in the security matrices. A new /api/v1 route without a
 * role-matrix row (or an explicit public entry) and a cross-tenant row (or a stated exemption) fails
 * here, so nobody adds an endpoint the suite does not attack.
 */
import { API_PATHS, API_PREFIX } from '@trayecto/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../build-app';
import { PUBLIC_ROWS, ROLE_ROWS, TENANT_EXEMPT, TENANT_LISTS, TENANT_ROWS } from './matrix';

const seen = vi.hoisted(() => [] as { method: string; url: string }[]);

// The real Fastify, with an onRoute hook added to the instance buildApp creates (nothing is replaced).
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const real = mod.default as unknown as (opts?: object) => FastifyInstance;
  const withInventory = (opts?: object) => {
    const app = real(opts);
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) seen.push({ method: String(method), url: route.url });
    });
    return app;
  };
  return { ...mod, default: withInventory, fastify: withInventory };
});

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Every /api/v1 route as "METHOD /path" (HEAD is Fastify's automatic twin of GET). */
const apiRoutes = () =>
  [
    ...new Set(
      seen
        .filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD' && r.url !== '/api/v1/openapi.json')
        .map((r) => `${r.method} ${r.url}`),
    ),
  ].sort();

describe('route inventory', () => {
  it('captures the real routes (more than 60 under /api/v1)', () => {
    expect(apiRoutes().length).toBeGreaterThan(60);
    expect(apiRoutes()).toContain('POST /api/v1/bookings/:id/payments');
  });

  it('every /api/v1 route has a role-matrix row or is listed as public', () => {
    const covered = new Set([...ROLE_ROWS.map((r) => r.route), ...PUBLIC_ROWS.map((r) => r.route)]);
    expect(apiRoutes().filter((r) => !covered.has(r))).toEqual([]);
  });

  it('every non-public /api/v1 route has a cross-tenant attack (or a stated exemption)', () => {
    const publicRoutes = new Set(PUBLIC_ROWS.map((r) => r.route));
    const covered = new Set([
      ...TENANT_ROWS.map((r) => r.route),
      ...TENANT_LISTS.map((r) => r.route),
      ...Object.keys(TENANT_EXEMPT),
    ]);
    expect(apiRoutes().filter((r) => !publicRoutes.has(r) && !covered.has(r))).toEqual([]);
  });

  it('the matrices name no route that does not exist (no stale rows)', () => {
    const real = new Set(apiRoutes());
    const named = [
      ...ROLE_ROWS.map((r) => r.route),
      ...PUBLIC_ROWS.map((r) => r.route),
      ...TENANT_ROWS.map((r) => r.route),
      ...TENANT_LISTS.map((r) => r.route),
      ...Object.keys(TENANT_EXEMPT),
    ];
    expect([...new Set(named)].filter((r) => !real.has(r))).toEqual([]);
  });

  it('public routes are exactly the public API, health, readiness, login, the password reset and the payment providers’ notifications', () => {
    const publicRoutes = PUBLIC_ROWS.map((r) => r.route);
    for (const route of publicRoutes) {
      // The providers' notifications carry no token: their signature is verified instead (ADR 022).
      expect(route).toMatch(
        /^(GET|POST|PUT) \/api\/v1\/(public\/|health$|ready$|auth\/login$|auth\/password-reset(\/confirm)?$|payments\/redsys\/notification$|payments\/stripe\/webhook$)/,
      );
    }
    // And everything under /api/v1/public is in that list.
    expect(apiRoutes().filter((r) => r.includes('/api/v1/public/') && !publicRoutes.includes(r))).toEqual([]);
  });

  it('the shared API_PATHS table (what the web calls) names exactly the paths the server registers', () => {
    const registered = [...new Set(apiRoutes().map((r) => r.split(' ')[1]))].sort();
    const table = Object.values(API_PATHS)
      .map((p) => `${API_PREFIX}${p}`)
      .sort();
    expect(table).toEqual(registered);
  });

  it('the OpenAPI document lists the same /api/v1 routes (nothing hidden from the docs)', async () => {
    const doc = (await app.inject({ url: '/api/v1/openapi.json' })).json() as { paths: Record<string, object> };
    const documented = Object.entries(doc.paths)
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`))
      .filter((r) => r.split(' ')[1].startsWith('/api/v1/'))
      .sort();
    expect(documented).toEqual(apiRoutes());
  });
});

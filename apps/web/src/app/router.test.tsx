import { screen, waitFor } from '@testing-library/react';
import { ROUTES } from '@trayecto/shared';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../lib/auth-storage';
import { fakeJwt } from '../test/jwt';
import { renderRoutes } from '../test/render';
import { appRoutes, privateRoutes } from './router';

function flatten(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((r) => [r, ...flatten(r.children ?? [])]);
}

const loginAs = (level: number) =>
  saveSession(fakeJwt({ sub: `u-${level}`, level, tour_operator_id: null, ver: 1 }), {
    id: `u-${level}`,
    name: 'Ana García',
    level,
  });

describe('back-office router', () => {
  beforeEach(() => {
    // The shell asks for /auth/me; answer as the API would.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ id: 'u', full_name: 'Ana García', level: 0, tour_operator: null }), {
            status: 200,
            headers: { 'Content-Type': 'application/json', 'X-Total-Count': '0' },
          }),
      ),
    );
    window.scrollTo = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('spec §2 private routes: every route is registered with its spec name and loaded on demand', () => {
    const routes = privateRoutes();
    const byId = new Map(routes.map((r) => [r.id, r]));
    for (const name of [
      'booking-index',
      'booking-create',
      'booking-edit',
      'scheduleSheets-index',
      'schedule-edit',
      'product-index',
      'product-create',
      'product-edit',
    ]) {
      const route = byId.get(name);
      expect(route, name).toBeDefined();
      expect((route!.handle as { name: string }).name).toBe(name);
      expect(typeof route!.lazy).toBe('function');
    }
    const paths = routes.map((r) => (r.index ? '/' : r.path));
    expect(paths).toEqual(
      Object.values(ROUTES)
        .filter((r) => r.auth)
        .map((r) => r.path),
    );
  });

  it('spec §2 "/login: login page" is registered and unknown paths have a catch-all', () => {
    const all = flatten(appRoutes());
    expect(all.find((r) => r.path === '/login')?.id).toBe('login');
    expect(all.some((r) => r.path === '*')).toBe(true);
  });

  it('spec §2 "login required, otherwise redirect to /login"', async () => {
    const { router } = renderRoutes(appRoutes(), '/booking/edit/42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirectTo=%2Fbooking%2Fedit%2F42');
  });

  it('spec §2 "Any other path shows a not-found page"', async () => {
    renderRoutes(appRoutes(), '/esto/no/existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
  });

  it('spec §6 permission check: a seller opening /tour-operator gets "Sin permiso"', async () => {
    loginAs(2);
    renderRoutes(appRoutes(), '/tour-operator');
    expect(await screen.findByRole('heading', { name: 'Sin permiso' })).toBeInTheDocument();
  });

  it('issue 12: every level opens "Mi cuenta" (/account, route name "account")', () => {
    const route = privateRoutes().find((r) => r.path === '/account');
    expect(route?.id).toBe('account');
    const guard = route?.loader as (args: { request: Request }) => unknown;
    for (const level of [0, 1, 2, 3, 4, 5]) {
      loginAs(level);
      expect(guard({ request: new Request('http://localhost/account') })).toBeNull();
    }
  });

  it('spec §2 "Every navigation scrolls to the top"', async () => {
    loginAs(0);
    const { router } = renderRoutes(appRoutes(), '/booking');
    await screen.findByRole('heading', { name: 'Reservas', level: 1 });
    vi.mocked(window.scrollTo).mockClear();
    await router.navigate('/products');
    await screen.findByRole('heading', { name: 'Productos', level: 1 });
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    // The main layout loads on demand now (the login screen does not download it): its first
    // import (and vitest's transform of it) happens inside this test.
  }, 20_000);
});

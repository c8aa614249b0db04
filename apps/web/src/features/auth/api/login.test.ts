import { MSG } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { getCurrentUser, getRoles, isLoggedIn } from '../../../lib/auth-storage';
import { fakeJwt } from '../../../test/jwt';
import { json } from '../../../test/session';
import { LoginError, login, loginErrorFor } from './login';

describe('login', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const onUnauthorized = vi.fn();
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(onUnauthorized);
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  it('spec §7 "POST /api/v1/auth/login credentials → token, user.id, user.name": stores the session and the level of the login', async () => {
    const token = fakeJwt({ sub: 'u-7', level: 1, tour_operator_id: 'op', ver: 1 });
    fetchMock.mockResolvedValue(
      json(200, { token, user: { id: 'u-7', name: 'Marta Díaz', level: 1, tour_operator_id: 'op' } }),
    );
    await login({ email: 'gerencia@teideaventura.demo', password: 'Demo2026!' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'gerencia@teideaventura.demo', password: 'Demo2026!' });
    expect(isLoggedIn()).toBe(true);
    expect(getCurrentUser()).toEqual({ id: 'u-7', name: 'Marta Díaz', roles: [1] });
    expect(getRoles()).toEqual([1]);
  });

  it('issue 13: the roles are the `user.level` of the login response; the browser never decodes the token', async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        token: 'opaque.server.token',
        user: { id: 'u-3', name: 'Olga Ruiz', level: 3, tour_operator_id: 'op' },
      }),
    );
    await login({ email: 'operaciones@teideaventura.demo', password: 'Demo2026!' });
    expect(getRoles()).toEqual([3]);
    expect(localStorage.getItem('token')).toBe('opaque.server.token');
  });

  it('spec §4/§8 "A login whose response has no token yields an invalid-credentials error": shows "Invalid credentials"', async () => {
    fetchMock.mockResolvedValue(json(200, { user: { id: 'u', name: 'x' } }));
    const err = await login({ email: 'a@b.es', password: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LoginError);
    expect((err as LoginError).message).toBe('Invalid credentials');
    expect(MSG.invalidCredentials).toBe('Invalid credentials');
    expect(isLoggedIn()).toBe(false);
  });

  it('spec §8 + PRODUCT §2: a 401 (wrong e-mail or password, no token) shows "Invalid credentials" and is not treated as an expired session', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(json(401, { message: 'Email o contraseña incorrectos' }));
    await expect(login({ email: 'a@b.es', password: 'bad' })).rejects.toThrow('Invalid credentials');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['429 too many attempts', () => json(429, { message: 'Demasiados intentos' })],
    ['500 server error', () => json(500, { message: 'Error interno' })],
    ['502 without JSON', () => new Response('Bad gateway', { status: 502 })],
  ])('spec §8 "Any other login request failure shows An error occurred": %s', async (_name, reply) => {
    fetchMock.mockResolvedValue(reply());
    await expect(login({ email: 'a@b.es', password: 'x' })).rejects.toThrow('An error occurred');
  });

  it('spec §8 "Any other login request failure shows An error occurred": network down', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = (await login({ email: 'a@b.es', password: 'x' }).catch((e: unknown) => e)) as LoginError;
    expect(err.message).toBe(MSG.anErrorOccurred);
    expect(err.message).toBe('An error occurred');
    expect(err.status).toBe(0);
  });

  it('loginErrorFor maps anything unexpected to "An error occurred"', () => {
    expect(loginErrorFor(new Error('boom')).message).toBe('An error occurred');
  });
});

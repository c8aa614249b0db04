import { MSG } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setUnauthorizedHandler, totalCappedOf, totalCountOf } from './api-client';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('api-client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    onUnauthorized.mockReset();
    setUnauthorizedHandler(onUnauthorized);
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  it('spec §7 "The stored token is sent as a Bearer Authorization header on every request"', async () => {
    localStorage.setItem('token', 'abc.def.ghi');
    fetchMock.mockImplementation(async () => json(200, []));
    await apiRequest('/users', { query: '?level[eq]=4' });
    await apiRequest('/users/1', { method: 'PUT', body: { full_name: 'X' } });
    await apiRequest('/users/1', { method: 'DELETE' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    for (const [, init] of fetchMock.mock.calls as [string, RequestInit][]) {
      expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc.def.ghi');
    }
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/users?level[eq]=4');
  });

  it('spec §7 "All calls go to a base API host": paths are under /api/v1, JSON bodies are sent as JSON', async () => {
    fetchMock.mockResolvedValue(json(201, { id: 'x' }));
    const res = await apiRequest<{ id: string }>('/users', { method: 'POST', body: { email: 'a@b.es' } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/users');
    expect(init.body).toBe('{"email":"a@b.es"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(res.data).toEqual({ id: 'x' });
    expect(res.status).toBe(201);
  });

  it('spec §8 "Any 401 response: the token is removed, the browser goes to /login, and a Spanish console note says the token expired or is invalid"', async () => {
    localStorage.setItem('token', 'expired.token.x');
    localStorage.setItem('userId', 'u-1');
    localStorage.setItem('userName', 'Ana');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(json(401, { message: 'Token caducado' }));

    await expect(apiRequest('/users')).rejects.toMatchObject({ status: 401 });

    expect(localStorage.getItem('token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(MSG.tokenExpiredConsole);
    expect(MSG.tokenExpiredConsole).toMatch(/caducado|no es válido/);
  });

  it('spec §8 any 401 without a registered router handler does a full navigation to /login', async () => {
    setUnauthorizedHandler(null);
    const assign = vi.fn();
    const original = window.location;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...original, pathname: '/users', assign },
    });
    try {
      localStorage.setItem('token', 't.t.t');
      fetchMock.mockResolvedValue(json(401, { message: 'x' }));
      await expect(apiRequest('/users')).rejects.toBeInstanceOf(ApiError);
      expect(assign).toHaveBeenCalledWith('/login');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('PRODUCT §2: the login call handles its own 401 (wrong credentials) without the session-expired treatment', async () => {
    localStorage.setItem('token', 'old.token.x');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(json(401, { message: 'Credenciales no válidas' }));
    await expect(
      apiRequest('/auth/login', { method: 'POST', body: {}, handleUnauthorized: false }),
    ).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('PRODUCT §2 errors {message, errors:{field:[...]}} become an ApiError with field errors (422 mapping)', async () => {
    fetchMock.mockResolvedValue(json(422, { message: 'Datos no válidos', errors: { email: ['Campo requerido'] } }));
    const err = await apiRequest('/users', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 422,
      message: 'Datos no válidos',
      fieldErrors: { email: ['Campo requerido'] },
    });
  });

  it("issue 13: the answer's machine code rides on the ApiError (unknown or missing: null)", async () => {
    fetchMock.mockResolvedValueOnce(json(409, { code: 'NO_SEATS', message: 'No quedan plazas suficientes' }));
    const known = (await apiRequest('/bookings', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(known).toMatchObject({ status: 409, code: 'NO_SEATS' });
    fetchMock.mockResolvedValueOnce(json(409, { code: 'SOMETHING_NEW', message: 'x' }));
    const unknown = (await apiRequest('/bookings', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(unknown.code).toBeNull();
    fetchMock.mockResolvedValueOnce(json(409, { message: 'x' }));
    const none = (await apiRequest('/bookings', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(none.code).toBeNull();
  });

  it('a network failure becomes ApiError status 0 with a Spanish message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = (await apiRequest('/users').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(0);
    expect(err.isNetworkError).toBe(true);
    expect(err.code).toBeNull();
    expect(err.message).toMatch(/conectar/);
  });

  it('204 answers have no body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const res = await apiRequest('/users/1', { method: 'DELETE' });
    expect(res.data).toBeUndefined();
  });

  it('ADR 027: a capped total says so (X-Total-Count-Capped)', () => {
    expect(totalCappedOf(new Headers({ 'X-Total-Count': '10000', 'X-Total-Count-Capped': 'true' }))).toBe(true);
    expect(totalCappedOf(new Headers({ 'X-Total-Count': '10000' }))).toBe(false);
  });

  it('PRODUCT §2 list total comes from X-Total-Count', () => {
    expect(totalCountOf(new Headers({ 'X-Total-Count': '123' }), 5)).toBe(123);
    expect(totalCountOf(new Headers(), 5)).toBe(5);
    expect(totalCountOf(new Headers({ 'X-Total-Count': 'abc' }), 7)).toBe(7);
  });
});

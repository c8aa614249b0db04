import { MSG } from '@trayecto/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../test/jwt';
import {
  clearSession,
  getCurrentUser,
  getRoles,
  getToken,
  isLoggedIn,
  logout,
  STORAGE_KEYS,
  saveSession,
} from './auth-storage';

const token = fakeJwt({ sub: 'u-1', level: 2, tour_operator_id: 'op-1', ver: 1 });

describe('auth-storage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('spec §3 "Browser storage keys: token, userId, userName, roles (list of levels)": stores exactly those keys', () => {
    saveSession(token, { id: 'u-1', name: 'Ana García', level: 2 });
    expect(STORAGE_KEYS).toEqual({ token: 'token', userId: 'userId', userName: 'userName', roles: 'roles' });
    expect(Object.keys(localStorage).sort()).toEqual(['roles', 'token', 'userId', 'userName']);
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('userId')).toBe('u-1');
    expect(localStorage.getItem('userName')).toBe('Ana García');
    expect(JSON.parse(localStorage.getItem('roles') ?? 'null')).toEqual([2]);
  });

  it('spec §6 "The role is read from the level in the login token and kept as the user\'s permission list": the level the login answers beside the token', () => {
    saveSession(fakeJwt({ sub: 'u-0', level: 0 }), { id: 'u-0', name: 'Admin', level: 0 });
    expect(getRoles()).toEqual([0]);
    // The browser does not decode the token: the level comes with the response.
    saveSession('opaque-token', { id: 'u-3', name: 'Olga', level: 3 });
    expect(getRoles()).toEqual([3]);
    saveSession(fakeJwt({ sub: 'u-1', level: 1 }), { id: 'u-1', name: 'Y', level: 2 });
    expect(getRoles()).toEqual([2]);
    saveSession(fakeJwt({ sub: 'u-9', level: 1 }), { id: 'u-9', name: 'X' });
    expect(getRoles()).toEqual([]);
  });

  it('spec §4 "logged in once a token is stored"', () => {
    expect(isLoggedIn()).toBe(false);
    localStorage.setItem('token', token);
    expect(isLoggedIn()).toBe(true);
    expect(getToken()).toBe(token);
  });

  it('spec §8 "Reading the logged-in user with no stored id and name fails with Not logged in"', () => {
    expect(() => getCurrentUser()).toThrowError(new Error(MSG.notLoggedIn));
    expect(MSG.notLoggedIn).toBe('Not logged in');
    localStorage.setItem('token', token);
    expect(() => getCurrentUser()).toThrow('Not logged in');
    saveSession(token, { id: 'u-1', name: 'Ana García', level: 2 });
    expect(getCurrentUser()).toEqual({ id: 'u-1', name: 'Ana García', roles: [2] });
  });

  it('spec §4 "Logging out clears the token, user id and user name" (and the roles), and tells the API best-effort', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    saveSession(token, { id: 'u-1', name: 'Ana García', level: 2 });
    await logout();
    for (const key of ['token', 'userId', 'userName', 'roles']) expect(localStorage.getItem(key)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/logout');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
  });

  it('spec §4 logout still clears the session when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    saveSession(token, { id: 'u-1', name: 'Ana García', level: 2 });
    await expect(logout()).resolves.toBeUndefined();
    expect(isLoggedIn()).toBe(false);
    expect(() => getCurrentUser()).toThrow('Not logged in');
  });

  it('clearSession removes every session key', () => {
    saveSession(token, { id: 'u-1', name: 'Ana', level: 2 });
    localStorage.setItem('other', 'kept');
    clearSession();
    expect(Object.keys(localStorage)).toEqual(['other']);
  });
});

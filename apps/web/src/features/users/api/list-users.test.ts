import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { deleteUser } from './delete-user';
import { listUsers, usersListQueryString } from './list-users';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('users API', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  it('spec §7 "GET /api/v1/users: optional query built from a filter object"', () => {
    expect(
      usersListQueryString({ level: '4', state: '1', q: ' ana ', page: 2, per_page: 50, sort: '-created_at' }),
    ).toBe('?level[eq]=4&state[eq]=1&q=ana&page=2&per_page=50&sort=-created_at');
    expect(usersListQueryString({ level: '', page: 1, per_page: 50 })).toBe('?page=1&per_page=50');
  });

  it('PRODUCT §2: the total comes from X-Total-Count', async () => {
    fetchMock.mockResolvedValue(json(200, [{ id: 'u1' }], { 'X-Total-Count': '120' }));
    await expect(listUsers({ page: 1, per_page: 50 })).resolves.toMatchObject({ total: 120, failed: false });
  });

  it('spec §8 "User list failure returns an empty list"', async () => {
    fetchMock.mockResolvedValue(json(500, { message: 'Error interno' }));
    await expect(listUsers({ page: 1, per_page: 50 })).resolves.toEqual({ items: [], total: 0, failed: true });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(listUsers({ page: 1, per_page: 50 })).resolves.toEqual({ items: [], total: 0, failed: true });
  });

  it('spec §8 "User delete failure: silently ignored"', async () => {
    fetchMock.mockResolvedValue(json(403, { message: 'No permitido' }));
    await expect(deleteUser('u-1')).resolves.toBe(false);
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(deleteUser('u-1')).resolves.toBe(true);
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/v1/users/u-1');
    expect(init.method).toBe('DELETE');
  });
});

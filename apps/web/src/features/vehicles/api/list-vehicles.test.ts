import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { deleteVehicle } from './delete-vehicle';
import { listVehicles, vehiclesListQueryString } from './list-vehicles';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('vehicles API', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => setUnauthorizedHandler(null));

  it('PRODUCT §2: filters as field[op]=value, then q, paging and sort', () => {
    expect(
      vehiclesListQueryString({ type: 'bus', state: '1', q: ' 1234 ', page: 2, per_page: 25, sort: '-seats' }),
    ).toBe('?type[eq]=bus&state[eq]=1&q=1234&page=2&per_page=25&sort=-seats');
    expect(vehiclesListQueryString({ type: '', state: '', tour_operator_id: '', page: 1, per_page: 50 })).toBe(
      '?page=1&per_page=50',
    );
  });

  it('reads the bare array and X-Total-Count', async () => {
    fetchMock.mockResolvedValue(json(200, [{ id: 'v1' }], { 'X-Total-Count': '31' }));
    await expect(listVehicles({ page: 1, per_page: 25 })).resolves.toEqual({ items: [{ id: 'v1' }], total: 31 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/vehicles?page=1&per_page=25');
  });

  it('a failing list or delete throws, so the screen can say so', async () => {
    fetchMock.mockResolvedValue(json(500, { message: 'Error interno' }));
    await expect(listVehicles({ page: 1, per_page: 25 })).rejects.toThrow('Error interno');
    fetchMock.mockResolvedValue(json(409, { message: 'Está asignado a una hoja de hoy' }));
    await expect(deleteVehicle('v1')).rejects.toMatchObject({ status: 409 });
  });
});

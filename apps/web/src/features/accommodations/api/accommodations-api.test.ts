import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { json } from '../../../test/session';
import { listAccommodationZones } from './list-accommodation-zones';
import { usableAccommodations, usableAccommodationsQueryString } from './search-usable-accommodations';

const OP = '99999999-2222-4333-8444-555555555555';
const OTHER = '11111111-2222-4333-8444-555555555555';

describe('accommodations API as the booking and product forms read it', () => {
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

  it('zones come as strings (or { zone } objects) and are offered once, in order', async () => {
    fetchMock.mockResolvedValue(json(200, ['Puerto de la Cruz', 'Costa Adeje', 'Costa Adeje', '']));
    await expect(listAccommodationZones(OP)).resolves.toEqual(['Costa Adeje', 'Puerto de la Cruz']);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/v1/accommodations/zones?tour_operator_id=${OP}`);
    fetchMock.mockResolvedValue(json(200, [{ zone: 'Los Cristianos', count: 4 }]));
    await expect(listAccommodationZones()).resolves.toEqual(['Los Cristianos']);
    fetchMock.mockResolvedValue(json(200, null));
    await expect(listAccommodationZones()).resolves.toEqual([]);
  });

  it("hotels and pickup places: active ones, the operator's own or shared", () => {
    expect(usableAccommodationsQueryString(' duque ')).toBe('?state[eq]=1&q=duque&per_page=50&sort=name');
    const place = (id: string, over: object) => ({
      id,
      name: id,
      zone: '',
      lat_lng: '',
      shared: false,
      type: 'hotel',
      state: 1,
      tour_operator_id: OP,
      ...over,
    });
    const rows = [
      place('own', {}),
      place('shared', { shared: true, tour_operator_id: null }),
      place('other', { tour_operator_id: OTHER }),
      place('off', { state: 2 }),
    ];
    expect(usableAccommodations(rows, OP).map((a) => a.id)).toEqual(['own', 'shared']);
    expect(usableAccommodations(rows, null).map((a) => a.id)).toEqual(['own', 'shared', 'other']);
  });
});

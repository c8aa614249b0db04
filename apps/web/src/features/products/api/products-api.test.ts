import { PRODUCT_LIST_SCREEN_FIELDS } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { getProductAvailability } from './get-product-availability';
import { listProducts, productsListQueryString } from './list-products';
import { reorderProductImages } from './reorder-product-images';
import { updateDeparture } from './update-departure';
import { uploadProductImage } from './upload-product-image';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const OP = '11111111-2222-4333-8444-555555555555';

describe('products API', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
    localStorage.setItem('token', 'abc.def.ghi');
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  it('PRODUCT §2: filters as field[eq]=value, free text, sort and paging', () => {
    expect(
      productsListQueryString({
        state: 'active',
        pickup_enabled: 'true',
        tour_operator_id: OP,
        q: ' teide ',
        page: 2,
        per_page: 25,
        sort: '-capacity',
      }),
    ).toBe(
      `?state[eq]=active&pickup_enabled[eq]=true&tour_operator_id[eq]=${OP}&q=teide&page=2&per_page=25&sort=-capacity`,
    );
    expect(productsListQueryString({ state: '', page: 1, per_page: 50 })).toBe('?page=1&per_page=50');
  });

  it('PRODUCT §2: a bare array with the total in X-Total-Count; only the fields the screen shows (ADR 054)', async () => {
    fetchMock.mockResolvedValue(json(200, [{ id: 'p1' }], { 'X-Total-Count': '31' }));
    await expect(listProducts({ page: 1, per_page: 50 })).resolves.toEqual({ items: [{ id: 'p1' }], total: 31 });
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(url.pathname).toBe('/api/v1/products');
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('per_page')).toBe('50');
    expect(url.searchParams.get('fields')?.split(',')).toEqual([...PRODUCT_LIST_SCREEN_FIELDS]);
    expect(PRODUCT_LIST_SCREEN_FIELDS).not.toContain('pickups');
  });

  it('GET /products/{id}/availability?from=&to=', async () => {
    fetchMock.mockResolvedValue(json(200, [{ date: '2026-07-01', time: '09:00' }]));
    await getProductAvailability('p-1', '2026-06-29', '2026-08-02');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/products/p-1/availability?from=2026-06-29&to=2026-08-02');
  });

  it('PUT /products/{id}/departures {date, time, capacity|null, closed, notes}', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await updateDeparture('p-1', { date: '2026-07-01', time: '09:00', capacity: null, closed: true, notes: '' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/products/p-1/departures');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({
      date: '2026-07-01',
      time: '09:00',
      capacity: null,
      closed: true,
      notes: '',
    });
  });

  it('POST /products/{id}/images: multipart with `file` and `alt`, the browser sets the boundary', async () => {
    fetchMock.mockResolvedValue(json(201, { id: 'img-1' }));
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'teide.png', { type: 'image/png' });
    await uploadProductImage('p-1', file, 'Cráter del Teide');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/products/p-1/images');
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer abc.def.ghi');
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('alt')).toBe('Cráter del Teide');
    expect((body.get('file') as File).name).toBe('teide.png');
  });

  it('PUT /products/{id}/images/order {ids}', async () => {
    fetchMock.mockResolvedValue(json(200, []));
    await reorderProductImages('p-1', ['b', 'a']);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/products/p-1/images/order');
    expect(JSON.parse(String(init.body))).toEqual({ ids: ['b', 'a'] });
  });
});

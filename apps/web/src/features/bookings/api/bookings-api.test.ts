import { apiPath, countCsvRecords } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiDownload, setUnauthorizedHandler } from '../../../lib/api-client';
import { exportQuery, fileNameOf } from '../../../lib/csv';
import { cancelBooking } from './cancel-booking';
import { createBookingPayment } from './create-booking-payment';
import { bookingsApiSort, bookingsListQueryString, listBookings, type TBookingListItem } from './list-bookings';
import { sellersQueryString } from './list-seller-options';
import { quoteBookingOnServer } from './quote-booking';
import { updateBooking } from './update-booking';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const P = '11111111-2222-4333-8444-555555555555';

const row = (over: Partial<TBookingListItem> = {}): TBookingListItem => ({
  id: 'b1',
  locator: 'TRY-7K2QF9',
  product_id: P,
  product: { id: P, code: 'TEI-01', name: 'Subida al Teide' },
  date: '2026-11-26',
  time: '09:00',
  lines: [
    { pax_type: 'adult', quantity: 2, unit_cents: 4900, total_cents: 9800, occupies_seat: true },
    { pax_type: 'child', quantity: 1, unit_cents: 2500, total_cents: 2500, occupies_seat: true },
  ],
  pax_total: 3,
  total_cents: 12300,
  paid_cents: 5000,
  refunded_cents: 0,
  pending_cents: 7300,
  currency: 'EUR',
  customer_name: 'Lucía Pérez',
  customer_country: 'ES',
  accommodation: { id: 'h1', name: 'Hotel Fañabé', zone: 'Costa Adeje', pickup_point: '' },
  pickup_time: '07:25',
  channel: 'office',
  seller: null,
  state: 'confirmed',
  payment_state: 'partial',
  ...over,
});

describe('bookings API', () => {
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

  it('filters as field[op]=value: date range, one state or several (in), q, sort and paging', () => {
    expect(
      decodeURIComponent(
        bookingsListQueryString({
          from: '2026-11-22',
          to: '2026-11-29',
          product_id: P,
          state: 'pending,confirmed',
          payment_state: 'partial',
          seller_id: 'u2',
          channel: 'seller',
          accommodation_id: 'h1',
          q: ' TRY-7K ',
          page: 2,
          per_page: 50,
          sort: 'date',
        }),
      ),
    ).toBe(
      `?date[gte]=2026-11-22&date[lte]=2026-11-29&product_id[eq]=${P}&state[in]=pending,confirmed&payment_state[eq]=partial&seller_id[eq]=u2&channel[eq]=seller&accommodation_id[eq]=h1&q=TRY-7K&page=2&per_page=50&sort=date,time,created_at`,
    );
    expect(bookingsListQueryString({ state: 'cancelled', page: 1, per_page: 25 })).toBe(
      '?state[eq]=cancelled&page=1&per_page=25',
    );
    expect(bookingsApiSort('-date')).toBe('-date,-time,-created_at');
    expect(bookingsApiSort('-total_cents')).toBe('-total_cents');
  });

  it('a bare array with the total in X-Total-Count', async () => {
    fetchMock.mockResolvedValue(json(200, [row()], { 'X-Total-Count': '31' }));
    const page = await listBookings({ page: 1, per_page: 50 });
    expect(page.total).toBe(31);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/bookings?page=1&per_page=50');
  });

  it('"Exportar CSV" asks the server for the file with the list\'s filters and sort, no paging, with the token', async () => {
    fetchMock.mockResolvedValue(
      new Response('\uFEFFLocalizador\r\nTRY-1\r\nTRY-2\r\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="reservas-2026-11-22.csv"',
        },
      }),
    );
    const query = exportQuery(
      bookingsListQueryString({
        from: '2026-11-22',
        to: '2026-11-29',
        q: 'Lucía',
        page: 3,
        per_page: 50,
        sort: 'date',
      }),
    );
    const { blob, contentDisposition } = await apiDownload(apiPath('bookingsExport'), { query });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(decodeURIComponent(url)).toBe(
      '/api/v1/bookings/export.csv?date[gte]=2026-11-22&date[lte]=2026-11-29&q=Lucía&sort=date,time,created_at',
    );
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc.def.ghi');
    expect(fileNameOf(contentDisposition)).toBe('reservas-2026-11-22.csv');
    expect(countCsvRecords(await blob.text())).toBe(2);
  });

  it('a refused export is an ApiError (the screen says it could not export)', async () => {
    fetchMock.mockResolvedValue(json(403, { code: 'FORBIDDEN', message: 'No tienes permiso' }));
    await expect(apiDownload(apiPath('bookingsExport'))).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
  it('POST /bookings/quote, PUT with version, cancel with a reason, payments', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await quoteBookingOnServer({ product_id: P, date: '2026-11-26', time: '09:00', pax: { adult: 2 } });
    await updateBooking('b1', { state: 'confirmed', version: 4 });
    await cancelBooking('b1', 'Enfermedad');
    await createBookingPayment('b1', { kind: 'payment', amount_cents: 5000, method: 'cash' });
    const calls = fetchMock.mock.calls.map(([url, init]) => [
      url,
      (init as RequestInit).method,
      JSON.parse(String((init as RequestInit).body)),
    ]);
    expect(calls).toEqual([
      ['/api/v1/bookings/quote', 'POST', { product_id: P, date: '2026-11-26', time: '09:00', pax: { adult: 2 } }],
      ['/api/v1/bookings/b1', 'PUT', { state: 'confirmed', version: 4 }],
      ['/api/v1/bookings/b1/cancel', 'POST', { reason: 'Enfermedad' }],
      ['/api/v1/bookings/b1/payments', 'POST', { kind: 'payment', amount_cents: 5000, method: 'cash' }],
    ]);
  });

  it('sellers are users of level 2 (spec §7)', () => {
    expect(sellersQueryString()).toBe('?level[eq]=2&per_page=500&sort=full_name');
  });
});

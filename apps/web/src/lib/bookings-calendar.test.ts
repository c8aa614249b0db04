import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from './api-client';
import { bookingsCalendarKey, calendarQueryString, getBookingsCalendar } from './bookings-calendar';
import { BOOKINGS_QUERY_KEY } from './query-keys';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const P = '11111111-2222-4333-8444-555555555555';

describe('the departures calendar query (GET /bookings/calendar)', () => {
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

  it('GET /bookings/calendar?from=&to=&product_id=', async () => {
    expect(calendarQueryString('2026-11-23', '2026-11-29', null)).toBe('?from=2026-11-23&to=2026-11-29');
    fetchMock.mockResolvedValue(json(200, []));
    await getBookingsCalendar('2026-10-26', '2026-12-06', P);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `/api/v1/bookings/calendar?from=2026-10-26&to=2026-12-06&product_id=${P}`,
    );
  });

  it('its keys sit under the bookings root, so a change of bookings anywhere reads it again', () => {
    const key = bookingsCalendarKey('2026-11-23', '2026-11-29', P);
    expect(key.slice(0, BOOKINGS_QUERY_KEY.length)).toEqual([...BOOKINGS_QUERY_KEY]);
    expect(key).toEqual(['bookings', 'calendar', '2026-11-23', '2026-11-29', P]);
  });
});

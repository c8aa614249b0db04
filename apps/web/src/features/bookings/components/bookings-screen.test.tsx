import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TBookingCalendarEntry } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { todayIso } from '../../../lib/dates';
import { fakeJwt } from '../../../test/jwt';
import { renderRoutes } from '../../../test/render';
import type { TBookingListItem } from '../api/list-bookings';
import { addDays } from '../utils/booking-calendar';
import { BookingsScreen } from './bookings-screen';

// These screens load several queries; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 10_000 });
const P = '11111111-2222-4333-8444-555555555555';

const booking: TBookingListItem = {
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
  total_cents: 123450,
  paid_cents: 5000,
  pending_cents: 118450,
  currency: 'EUR',
  customer_name: 'Hans Müller',
  customer_country: 'DE',
  accommodation: { id: 'h1', name: 'Hotel Fañabé', zone: 'Costa Adeje', pickup_point: '' },
  pickup_time: '07:25',
  channel: 'seller',
  seller: { id: 'u2', full_name: 'Javier Morales' },
  state: 'pending',
  payment_state: 'partial',
};

const departure: TBookingCalendarEntry = {
  departure_id: 'd1',
  product_id: P,
  product_name: 'Subida al Teide',
  date: todayIso(),
  time: '23:59',
  capacity: 50,
  seats_taken: 38,
  seats_left: 12,
  bookings_count: 9,
  pax_total: 40,
  closed: false,
  available: true,
};

/** The month view's day of one departure (GET /bookings/calendar/days). */
const dayOf = (e: TBookingCalendarEntry) => ({
  date: e.date,
  departures: 1,
  closed: 0,
  capacity: e.capacity,
  seats_taken: e.seats_taken,
  seats_left: e.seats_left,
  bookings: e.bookings_count,
  pax: e.pax_total,
  first_departures: [e],
});

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });

const loginAs = (level: number) =>
  localStorage.setItem('roles', JSON.stringify([level])) ??
  localStorage.setItem('token', fakeJwt({ sub: `u-${level}`, level }));

function renderList(path: string) {
  return renderRoutes([{ path: '/booking', element: <BookingsScreen /> }], path);
}

describe('bookings list (PRODUCT §5 /booking)', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async (url: string) => {
      // The month view: its days added up (ADR 031); the week and a day: the departures.
      if (url.includes('/bookings/calendar/days')) return json([dayOf(departure)]);
      if (url.includes('/bookings/calendar')) return json([departure]);
      if (url.startsWith('/api/v1/bookings')) return json([booking], { 'X-Total-Count': '1' });
      if (url.startsWith('/api/v1/products'))
        return json([{ id: P, code: 'TEI-01', name: 'Subida al Teide', state: 'active' }]);
      if (url.startsWith('/api/v1/users')) return json([{ id: 'u2', full_name: 'Javier Morales', state: 1 }]);
      return json([]);
    });
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
    localStorage.setItem('token', fakeJwt({ sub: 'u', level: 3 }));
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  const bookingCalls = () =>
    fetchMock.mock.calls.map(([u]) => decodeURIComponent(String(u))).filter((u) => u.startsWith('/api/v1/bookings?'));

  it('shows the row (locator, date, pax "2 A · 1 N", amounts, badges) for today → +7 days by default', async () => {
    loginAs(3);
    renderList('/booking');
    const row = await screen.findByRole('row', { name: /TRY-7K2QF9/ });
    for (const text of [
      'jue, 26 nov 2026',
      '09:00',
      'Subida al Teide',
      'Hans Müller',
      'DE',
      '2 A · 1 N',
      '1.234,50 €',
      'debe 1.184,50 €',
      'Pendiente',
      'Parcial',
    ]) {
      expect(row).toHaveTextContent(text);
    }
    // The rest is behind "Columnas" (issue 12: the essential columns fit a 1280 px screen).
    for (const text of ['Hotel Fañabé', 'Recogida 07:25', 'Javier Morales']) expect(row).not.toHaveTextContent(text);
    const today = todayIso();
    expect(bookingCalls()[0]).toBe(
      `/api/v1/bookings?date[gte]=${today}&date[lte]=${addDays(today, 7)}&page=1&per_page=50&sort=date,time,created_at`,
    );
    expect(screen.getByRole('link', { name: 'Nueva reserva' })).toBeInTheDocument();
    expect(screen.getAllByLabelText('Vendedor').length).toBeGreaterThan(0);
  });

  it('"Columnas": the optional columns the user chose show, and a new choice is saved to their own preferences', async () => {
    loginAs(3);
    let saved: unknown = { columns: { bookings: ['accommodation', 'seller'] } };
    const base = fetchMock.getMockImplementation() as (url: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/v1/auth/me/preferences')) {
        if (init?.method === 'PUT') saved = JSON.parse(String(init.body));
        return json(saved);
      }
      return base(url, init);
    });
    renderList('/booking');
    const row = await screen.findByRole('row', { name: /TRY-7K2QF9/ });
    await waitFor(() => expect(row).toHaveTextContent('Hotel Fañabé'));
    expect(row).toHaveTextContent('Recogida 07:25');
    expect(row).toHaveTextContent('Javier Morales');
    expect(screen.queryByRole('columnheader', { name: 'Canal' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Columnas' }));
    const channel = await screen.findByRole('checkbox', { name: 'Canal' });
    expect(screen.getByLabelText('Localizador (siempre)')).toBeDisabled();
    fireEvent.click(channel);
    // Checked in the click's own render, not a timer later (a CI journey once saw the click undone).
    expect(channel).toBeChecked();
    expect(await screen.findByRole('columnheader', { name: 'Canal' })).toBeInTheDocument();
    await waitFor(() => expect(saved).toEqual({ columns: { bookings: ['accommodation', 'channel', 'seller'] } }));
    const put = fetchMock.mock.calls.find(
      ([u, i]) => String(u).includes('/auth/me/preferences') && i?.method === 'PUT',
    );
    expect(put).toBeDefined();
    // Nothing of it in the browser's storage (the spec lists the keys).
    expect(Object.keys(localStorage).sort()).toEqual(['roles', 'token']);
  });

  it('filters come from the URL (bookmarkable)', async () => {
    loginAs(1);
    renderList(
      `/booking?from=2026-12-01&to=2026-12-31&state=confirmed&payment_state=pending&channel=public&q=lucia&sort=-created_at&page=2`,
    );
    await screen.findByRole('row', { name: /TRY-7K2QF9/ });
    expect(bookingCalls()[0]).toBe(
      '/api/v1/bookings?date[gte]=2026-12-01&date[lte]=2026-12-31&state[eq]=confirmed&payment_state[eq]=pending&channel[eq]=public&q=lucia&page=2&per_page=50&sort=-created_at',
    );
  });

  it('ADR 023: levels 0–1 filter by one agency or reseller (a revoked one too); a seller neither sees nor sends it', async () => {
    const CH = '99999999-2222-4333-8444-555555555555';
    const base = fetchMock.getMockImplementation() as (url: string) => Promise<Response>;
    fetchMock.mockImplementation(async (url: string) =>
      url.startsWith('/api/v1/channels')
        ? json([
            { id: CH, name: 'Agencia Sol', active: true, tour_operator_id: 'o1' },
            { id: 'c2', name: 'Viajes Luna', active: false, tour_operator_id: 'o1' },
          ])
        : base(url),
    );
    loginAs(1);
    const { unmount } = renderList(`/booking?all_dates=1&channel_id=${CH}`);
    await screen.findByRole('row', { name: /TRY-7K2QF9/ });
    expect(bookingCalls()[0]).toBe(
      `/api/v1/bookings?channel_id[eq]=${CH}&page=1&per_page=50&sort=date,time,created_at`,
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Agencia o revendedor' })).toHaveValue('Agencia Sol'),
    );
    unmount();
    const second = renderList('/booking?all_dates=1');
    fireEvent.click(await screen.findByRole('combobox', { name: 'Agencia o revendedor' }));
    expect(await screen.findByRole('option', { name: 'Viajes Luna (inactivo)', hidden: true })).toBeInTheDocument();
    second.unmount();

    fetchMock.mockClear();
    loginAs(2);
    renderList(`/booking?all_dates=1&channel_id=${CH}`);
    await screen.findByRole('row', { name: /TRY-7K2QF9/ });
    expect(bookingCalls()[0]).toBe('/api/v1/bookings?page=1&per_page=50&sort=date,time,created_at');
    expect(screen.queryByRole('combobox', { name: 'Agencia o revendedor' })).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/v1/channels'))).toBe(false);
  });

  it('PRODUCT §3: a seller has no seller filter; drivers read without "Nueva reserva" nor calendar', async () => {
    loginAs(2);
    const { unmount } = renderList('/booking?all_dates=1&seller_id=u9');
    await screen.findByRole('row', { name: /TRY-7K2QF9/ });
    expect(screen.queryAllByLabelText('Vendedor')).toHaveLength(0);
    expect(bookingCalls()[0]).toBe('/api/v1/bookings?page=1&per_page=50&sort=date,time,created_at');
    unmount();

    loginAs(4);
    renderList('/booking?view=calendar');
    await screen.findByRole('row', { name: /TRY-7K2QF9/ });
    expect(screen.queryByRole('link', { name: 'Nueva reserva' })).toBeNull();
    expect(screen.queryByRole('radio', { name: /Calendario/ })).toBeNull();
  });

  it('calendar view: departures with seats sold/left; a click filters the list to that date and product', async () => {
    loginAs(3);
    const { router } = renderList('/booking?view=calendar');
    const entry = await screen.findByRole('button', {
      name: /Subida al Teide, .* 23:59: 38 plazas vendidas, 12 libres de 50/,
    });
    expect(within(entry).getByText('38/50')).toBeInTheDocument();
    expect(entry).toHaveAttribute('data-tone', 'mid');
    // The month grid: the departure is reached through its day (one Tab stop), which says what it holds.
    expect(entry).toHaveAttribute('tabindex', '-1');
    const day = screen.getByRole('button', { name: /, 1 salida, 38 plazas vendidas$/ });
    expect(day).toHaveAttribute('tabindex', '0');
    expect(day).toHaveAttribute('data-date', todayIso());
    fireEvent.click(entry);
    await waitFor(() => expect(router.state.location.search).toContain(`product_id=${P}`));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('from')).toBe(todayIso());
    expect(params.get('to')).toBe(todayIso());
    expect(params.get('view')).toBeNull();
    await screen.findByRole('row', { name: /TRY-7K2QF9/ });
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TSheetPassenger, TSheetResponse, TSheetSummary } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/auth-storage';
import { fakeJwt } from '../../../test/jwt';
import { renderRoutes } from '../../../test/render';
import { ScheduleEditScreen, ScheduleSheetsScreen } from './schedule-sheets-screens';

const OP = '11111111-2222-4333-8444-555555555555';

const summary: TSheetSummary = {
  id: 's1',
  tour_operator_id: OP,
  product: { id: 'p1', code: 'TEI-01', name: 'Subida al Teide', duration_minutes: 480 },
  departure_id: 'd1',
  date: '2026-11-24',
  time: '09:00',
  starts_at: '2099-11-24T09:00:00Z',
  ends_at: '2099-11-24T17:00:00Z',
  state: 'ready',
  vehicle: { id: 'v1', plate: '2156MCD', name: 'Furgoneta Anaga', seats: 8 },
  driver: { id: 'u4', full_name: 'Antonio González', phone: '+34 622 110 004' },
  guide: null,
  persons: [],
  bookings_count: 2,
  pax: 10,
  seats: 9,
  capacity: 50,
  checked_in_pax: 0,
  warnings: [
    {
      kind: 'over_capacity',
      message: 'Hay 9 plazas ocupadas y el vehículo 2156MCD solo tiene 8',
      resource_id: null,
      other_sheet_id: null,
    },
  ],
  version: 3,
  created_at: '',
  updated_at: '',
};

const passenger = (over: Partial<TSheetPassenger>): TSheetPassenger => ({
  booking_id: 'b1',
  locator: 'TRY-AAAAAA',
  customer_name: 'Lucía Pérez',
  customer_phone: '+34 600 000 000',
  language: 'es',
  pax: { adult: 2 },
  pax_total: 2,
  seats: 2,
  state: 'confirmed',
  payment_state: 'partial',
  pending_cents: 4100,
  room: '214',
  pickup_time: '08:20',
  pickup_place: 'Hotel Fañabé',
  notes: '',
  passengers: [],
  checked_in_at: null,
  checked_in_by: null,
  ...over,
});

const lucia = passenger({});
const hans = passenger({
  booking_id: 'b2',
  locator: 'TRY-BBBBBB',
  customer_name: 'Hans Becker',
  pax: { adult: 8 },
  pax_total: 8,
  seats: 7,
  pending_cents: 0,
});

const detail: TSheetResponse = {
  ...summary,
  origin: 'Costa Adeje',
  destination: 'Teide',
  notes: '',
  meeting_point: 'Oficina',
  company: { name: 'Teide Aventura', legal_name: 'Teide Aventura S.L.', tax_id: 'B38123456', phone: '', address: '' },
  vehicle_detail: { plate: '2156MCD', transport_authorization: 'VD-1', type: 'van', model: 'Vito' },
  stops: [
    {
      accommodation_id: 'h1',
      name: 'Hotel Fañabé',
      address: '',
      zone: 'Costa Adeje',
      pickup_point: 'Puerta principal',
      lat_lng: '',
      phone: '',
      pickup_time: '08:20',
      pax: 10,
      running_pax: 10,
      bookings: [lucia, hans],
    },
  ],
  passengers: [hans, lucia],
  started_at: null,
  finished_at: null,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const loginAs = (level: number) =>
  saveSession(fakeJwt({ sub: `u-${level}`, level, tour_operator_id: OP, ver: 1 }), {
    id: `u-${level}`,
    name: 'Sara Martín',
  });

describe('schedule sheets screens', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // The server's sheet: a check-in changes it, as the API does.
    let sheet = detail;
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (u.includes('/check-in')) {
        const body = JSON.parse(String(init?.body));
        const answer = { ...lucia, checked_in_at: body.present ? '2026-11-24T08:21:00Z' : null };
        sheet = { ...sheet, state: 'in_progress', passengers: [hans, answer] };
        return json(answer);
      }
      if (u.includes('/schedule-sheets/s1')) return json(sheet);
      if (u.includes('/schedule-sheets')) return json([summary]);
      return json([]);
    });
    vi.stubGlobal('fetch', fetchMock);
    window.scrollTo = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the office: the day of the URL, with state, vehicle seats, the over-capacity warning and "Crear hojas del día"', async () => {
    loginAs(3);
    renderRoutes([{ path: '/schedule-sheets', element: <ScheduleSheetsScreen /> }], '/schedule-sheets?date=2026-11-24');
    const row = await screen.findByRole('row', { name: /Subida al Teide/ });
    expect(row).toHaveTextContent('Confirmada');
    expect(row).toHaveTextContent('2156MCD');
    expect(row).toHaveTextContent('Antonio González');
    expect(within(row).getByRole('group', { name: /Exceso de plazas/ })).toBeInTheDocument();
    expect(within(row).getByLabelText(/^1 aviso/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear hojas del día' })).toBeInTheDocument();
    expect(decodeURIComponent(String(fetchMock.mock.calls[0]?.[0]))).toContain(
      '/api/v1/schedule-sheets?date[eq]=2026-11-24&per_page=500&sort=time',
    );
  });

  it('Chofer and Guía: their own sheets as cards, no planning', async () => {
    loginAs(5);
    renderRoutes([{ path: '/schedule-sheets', element: <ScheduleSheetsScreen /> }], '/schedule-sheets');
    expect(await screen.findByRole('heading', { name: 'Mis hojas de hoy' })).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: /09:00 Subida al Teide, 10 pax/ });
    expect(card).toHaveAttribute('href', '/schedule-sheets/s1');
    await waitFor(() => expect(card).toHaveTextContent('Primera recogida 08:20 · Hotel Fañabé'));
    expect(screen.queryByRole('button', { name: 'Crear hojas del día' })).toBeNull();
  });

  it('a guide checks a passenger in with one tap; no assignment controls', async () => {
    loginAs(5);
    renderRoutes([{ path: '/schedule-sheets/:id', element: <ScheduleEditScreen /> }], '/schedule-sheets/s1');
    const tap = await screen.findByRole('button', {
      name: /^Lucía Pérez, TRY-AAAAAA, 2 pax, pendiente de cobro 41,00 €/,
    });
    expect(tap).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Guardar asignación' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Iniciar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Volver a borrador' })).toBeNull();
    fireEvent.click(tap);
    await waitFor(() => expect(tap).toHaveAttribute('aria-pressed', 'true'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/check-in'));
    expect(JSON.parse(String((call?.[1] as RequestInit | undefined)?.body))).toEqual({
      booking_id: 'b1',
      present: true,
      method: 'tap',
    });
    expect(screen.getByRole('link', { name: 'Llamar a Lucía Pérez: +34 600 000 000' })).toHaveAttribute(
      'href',
      'tel:+34600000000',
    );
  }, 20_000);
});

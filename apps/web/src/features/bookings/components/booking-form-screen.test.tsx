import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TBookingResponse, TProductResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { fakeJwt } from '../../../test/jwt';
import { renderRoutes } from '../../../test/render';
import { BookingEditScreen } from './booking-form-screen';

// These screens load several queries; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 10_000 });
const P = '11111111-2222-4333-8444-555555555555';
const OP = '99999999-2222-4333-8444-555555555555';

const product = {
  id: P,
  tour_operator_id: OP,
  code: 'TEI-01',
  name: 'Subida al Teide',
  state: 'active',
  currency: 'EUR',
  capacity: 50,
  booking_cutoff_hours: 12,
  pickup_enabled: true,
  meeting_point: '',
  prices: [{ pax_type: 'adult', amount_cents: 4900, min_age: 12, max_age: null, occupies_seat: true }],
  seasons: [],
  pickups: [],
} as unknown as TProductResponse;

const base = {
  id: 'b1',
  locator: 'TRY-7K2QF9',
  tour_operator_id: OP,
  product_id: P,
  product: { id: P, code: 'TEI-01', name: 'Subida al Teide' },
  departure_id: 'd1',
  date: '2026-01-15',
  time: '09:00',
  lines: [{ pax_type: 'adult', quantity: 2, unit_cents: 4900, total_cents: 9800, occupies_seat: true }],
  pax_total: 2,
  seats: 2,
  subtotal_cents: 9800,
  discount_cents: 0,
  discount_reason: '',
  total_cents: 9800,
  paid_cents: 0,
  pending_cents: 9800,
  currency: 'EUR',
  customer_name: 'Hans Müller',
  customer_email: '',
  customer_phone: '',
  customer_country: 'DE',
  language: 'de',
  accommodation_id: null,
  accommodation: null,
  room: '',
  pickup_time: null,
  pickup_time_overridden: false,
  notes: '',
  internal_notes: '',
  channel: 'office',
  seller_id: null,
  seller: null,
  commission_pct: null,
  commission_cents: 0,
  created_by: null,
  state: 'pending',
  payment_state: 'pending',
  passengers: [],
  checked_in_at: null,
  cancel_reason: '',
  cancelled_at: null,
  version: 4,
  public_urls: { booking: '/public/booking/b1', voucher: '/public/landing/booking-voucher/b1' },
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
} satisfies TBookingResponse;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function loginAs(level: number) {
  localStorage.setItem('token', fakeJwt({ sub: 'u-1', level }));
  localStorage.setItem('userId', 'u-1');
  localStorage.setItem('userName', 'Prueba');
  localStorage.setItem('roles', JSON.stringify([level]));
}

describe('booking edit screen', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let current: TBookingResponse;
  let putAnswer: () => Response;
  beforeEach(() => {
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => {}, removeEventListener: () => {} },
      });
    }
    current = base;
    putAnswer = () => json(200, { ...current, state: 'confirmed', version: 5 });
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') return putAnswer();
      if (url.includes('/payments') || url.includes('/events') || url.includes('/availability')) return json(200, []);
      if (url.startsWith('/api/v1/bookings/b1')) return json(200, current);
      if (url.startsWith(`/api/v1/products/${P}`)) return json(200, product);
      return json(200, []);
    });
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  const renderEdit = () =>
    renderRoutes([{ path: '/booking/edit/:id', element: <BookingEditScreen /> }], '/booking/edit/b1');

  it('state actions follow the machine: Confirmar sends {state, version}', async () => {
    loginAs(3);
    renderEdit();
    await screen.findByRole('heading', { name: 'Reserva TRY-7K2QF9', level: 1 });
    expect(screen.queryByRole('button', { name: 'Marcar realizada' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, i]) => (i as RequestInit | undefined)?.method === 'PUT')).toBe(true),
    );
    const put = fetchMock.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'PUT') as [
      string,
      RequestInit,
    ];
    expect(put[0]).toBe('/api/v1/bookings/b1');
    expect(JSON.parse(String(put[1].body))).toEqual({ state: 'confirmed', version: 4 });
    expect(screen.getByRole('button', { name: 'Cancelar reserva' })).toBeInTheDocument();
  });

  it('a stale save (409) says so clearly and offers to reload', async () => {
    loginAs(1);
    putAnswer = () =>
      json(409, {
        message: 'La reserva ha cambiado; recarga los datos',
        errors: { version: ['La reserva ha cambiado; recarga los datos'] },
      });
    renderEdit();
    const phone = await screen.findByLabelText('Teléfono');
    fireEvent.change(phone, { target: { value: '+49 170 1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Otra persona ha modificado esta reserva')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recargar la reserva' })).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'PUT') as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(put[1].body))).toMatchObject({ customer_phone: '+49 170 1234567', version: 4 });
    expect(JSON.parse(String(put[1].body))).not.toHaveProperty('pax');
  });

  it('server 422 errors go next to their fields', async () => {
    loginAs(1);
    putAnswer = () =>
      json(422, {
        message: 'Revisa los campos',
        errors: { customer_email: ['Por favor, introduce una dirección de correo electrónico válida'] },
      });
    renderEdit();
    const phone = await screen.findByLabelText('Teléfono');
    fireEvent.change(phone, { target: { value: '600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Por favor, introduce una dirección de correo electrónico válida'),
    ).toBeInTheDocument();
  });

  it('a cancelled booking is read-only', async () => {
    loginAs(1);
    current = { ...base, state: 'cancelled', cancel_reason: 'Enfermedad', cancelled_at: '2026-01-10T09:00:00Z' };
    renderEdit();
    expect(await screen.findByText('Reserva cancelada')).toBeInTheDocument();
    expect(screen.getByText(/Motivo: Enfermedad/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar reserva' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Registrar cobro' })).toBeNull();
  });

  it('PRODUCT §3: a seller edits without seller or discount; a driver only reads', async () => {
    loginAs(2);
    const { unmount } = renderEdit();
    await screen.findByRole('heading', { name: 'Reserva TRY-7K2QF9', level: 1 });
    expect(screen.queryAllByLabelText('Descuento')).toHaveLength(0);
    expect(screen.queryAllByLabelText('Vendedor')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    unmount();

    loginAs(4);
    renderEdit();
    await screen.findByRole('heading', { name: 'Reserva TRY-7K2QF9', level: 1 });
    expect(screen.getByText('Tu rol permite consultar esta reserva, no modificarla.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirmar' })).toBeNull();
  });
});

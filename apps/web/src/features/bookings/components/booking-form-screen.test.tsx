import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TBookingResponse, TProductResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { json, loginAs } from '../../../test/session';
import { BookingEditScreen } from './booking-form-screen';

// These screens load several queries; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 10_000 });
const P = '11111111-2222-4333-8444-555555555555';
const OP = '99999999-2222-4333-8444-555555555555';

const product = {
  id: P,
  tour_operator_id: OP,
  tour_operator: { id: OP, name: 'Teide Aventura' },
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
  timezone: 'Atlantic/Canary',
  tour_operator: { id: OP, name: 'Teide Aventura' },
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
  refunded_cents: 0,
  pending_cents: 9800,
  currency: 'EUR',
  customer_name: 'Hans Müller',
  customer_email: '',
  customer_phone: '',
  customer_country: 'DE',
  language: 'de',
  accommodation_id: null,
  accommodation: null,
  pickup_at: null,
  room: '',
  pickup_time: null,
  pickup_time_overridden: false,
  notes: '',
  internal_notes: '',
  channel: 'office',
  seller_id: null,
  seller: null,
  sales_channel: null,
  reseller_reference: null,
  commission_pct: null,
  commission_cents: 0,
  tax_rate: 7,
  tax_cents: 0,
  created_by: null,
  state: 'pending',
  payment_state: 'pending',
  passengers: [],
  answers: [],
  checked_in_at: null,
  cancel_reason: '',
  cancelled_at: null,
  version: 4,
  hold_expires_at: null,
  due_now_cents: 0,
  payment_mode: 'on_the_day',
  online_payments_enabled: false,
  payment_links: [],
  public_urls: { booking: '/public/booking/b1', voucher: '/public/landing/booking-voucher/b1' },
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
} satisfies TBookingResponse;

const WA_URL = 'https://wa.me/34600000000?text=Hola';

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
      if (url === '/api/v1/bookings/b1/whatsapp' && init?.method === 'POST') {
        return json(201, { url: WA_URL, phone: '+34600000000', text: 'Hola', message: {} });
      }
      if (url.startsWith('/api/v1/bookings/b1/messages')) return json(200, []);
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

  it("seats left on its own departure: the free ones, and this booking's own said apart (not added up)", async () => {
    loginAs(1);
    // 16 seats; this booking holds 2 of them and others 1: 13 are free.
    const slot = {
      date: base.date,
      time: base.time,
      capacity: 16,
      seats_taken: 3,
      seats_left: 13,
      available: true,
      closed: false,
      departure_id: 'd1',
    };
    fetchMock.mockImplementation(async (url: string) => {
      if (url.includes('/availability'))
        return json(200, [slot, { ...slot, time: '15:00', seats_left: 16, seats_taken: 0 }]);
      if (url.includes('/payments') || url.includes('/events')) return json(200, []);
      if (url.startsWith('/api/v1/bookings/b1')) return json(200, current);
      if (url.startsWith(`/api/v1/products/${P}`)) return json(200, product);
      return json(200, []);
    });
    renderEdit();
    const seats = await screen.findByTestId('seats-left');
    expect(seats).toHaveTextContent('Quedan 13 plazas libres (más las 2 de esta reserva) en esta salida');
    expect(screen.queryByText(/Quedan 15 plazas/)).toBeNull();
    // The time cards: its own departure says the same; another departure only its free seats.
    expect(
      await screen.findByRole('radio', { name: '09:00: 13 plazas libres + 2 de esta reserva' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '15:00: 16 plazas libres' })).toBeInTheDocument();
  });

  it('a stale save (409) says so clearly and offers to reload', async () => {
    loginAs(1);
    putAnswer = () =>
      json(409, {
        code: 'STALE_VERSION',
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

  it("an agency's booking says who sold it, its reference, its commission and who collects (ADR 023)", async () => {
    loginAs(1);
    current = {
      ...base,
      channel: 'channel',
      sales_channel: { id: 'c1', name: 'Viajes Teide', kind: 'agency', collects: 'agency' },
      reseller_reference: 'VT-7',
      commission_pct: 15,
      commission_cents: 1470,
    };
    renderEdit();
    expect(await screen.findByTestId('sales-channel')).toHaveTextContent(
      'Vendida por el canal Viajes Teide · su referencia VT-7 · comisión 15 % (14,70 €) · cobra el canal (pago en agencia)',
    );
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

  describe('issue 14: the booking’s messages and WhatsApp', () => {
    const posts = (path: string) =>
      fetchMock.mock.calls.filter(([u, i]) => u === path && (i as RequestInit | undefined)?.method === 'POST');

    it('without a phone, "Enviar por WhatsApp" stays beside the links but says why it cannot be used', async () => {
      loginAs(3);
      renderEdit();
      const links = await screen.findByRole('region', { name: 'Enlaces para el cliente' });
      const button = within(links).getByRole('button', { name: 'Enviar por WhatsApp' });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(
        'La reserva no tiene teléfono: añádelo en «Cliente» y guarda para enviarla por WhatsApp.',
      );
      fireEvent.click(button);
      expect(posts('/api/v1/bookings/b1/whatsapp')).toHaveLength(0);
      // The Operador reads what was sent to the customer.
      const messages = await screen.findByRole('region', { name: 'Mensajes' });
      expect(await within(messages).findByText(/Aún no se ha enviado ningún mensaje/)).toBeInTheDocument();
    });

    it('with a phone, it opens the WhatsApp chat the API prepared (in a tab opened by the click)', async () => {
      loginAs(1);
      current = { ...base, customer_phone: '+34 600 000 000' };
      const tab = { closed: false, opener: {}, document: { body: {} }, location: { href: '' }, close: vi.fn() };
      const open = vi.fn(() => tab);
      vi.stubGlobal('open', open);
      renderEdit();
      const links = await screen.findByRole('region', { name: 'Enlaces para el cliente' });
      const button = within(links).getByRole('button', { name: 'Enviar por WhatsApp' });
      expect(button).not.toHaveAttribute('aria-disabled');
      fireEvent.click(button);
      expect(open).toHaveBeenCalledWith('', '_blank');
      await waitFor(() => expect(tab.location.href).toBe(WA_URL));
      expect(posts('/api/v1/bookings/b1/whatsapp')).toHaveLength(1);
    });

    it('a driver can send WhatsApp too, but the booking’s messages are for levels 0–3', async () => {
      loginAs(4);
      current = { ...base, customer_phone: '+34 600 000 000' };
      renderEdit();
      const links = await screen.findByRole('region', { name: 'Enlaces para el cliente' });
      expect(within(links).getByRole('button', { name: 'Enviar por WhatsApp' })).not.toHaveAttribute('aria-disabled');
      expect(screen.queryByRole('region', { name: 'Mensajes' })).toBeNull();
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/messages'))).toBe(false);
    });
  });

  // Issue 12: the demo operator is Atlantic/Canary; Madrid was fixed in the web code, so a payment
  // made at 02:44 in Tenerife read "03:44" here while check-in and the printed sheet read 02:44.
  describe("times in the booking's operator's zone", () => {
    // 01:44 UTC in July: 02:44 in Tenerife, 03:44 in Madrid (and 01:44 in this test's browser).
    const paidAt = '2026-07-15T01:44:00Z';
    const withPayment = (zone: string) => {
      current = { ...base, timezone: zone, paid_cents: 2000, pending_cents: 7800, payment_state: 'partial' };
      fetchMock.mockImplementation(async (url: string) => {
        if (url.includes('/payments')) {
          return json(200, [
            {
              id: 'pay1',
              booking_id: 'b1',
              kind: 'payment',
              amount_cents: 2000,
              method: 'cash',
              paid_at: paidAt,
              reference: '',
              notes: '',
              recorded_by: { id: 'u-1', full_name: 'Carmen Díaz' },
              created_at: paidAt,
            },
          ]);
        }
        if (url.includes('/events')) {
          return json(200, [
            {
              id: 'ev1',
              type: 'payment',
              data: { amount_cents: 2000, method: 'cash' },
              actor: { id: 'u-1', full_name: 'Carmen Díaz' },
              actor_kind: 'staff',
              actor_label: 'Carmen Díaz',
              created_at: paidAt,
            },
            {
              id: 'ev2',
              type: 'updated',
              summary: 'El cliente modificó: habitación',
              data: { changes: { room: { from: '', to: '12' } } },
              actor: null,
              actor_kind: 'customer',
              actor_label: 'Lucía Pérez',
              created_at: paidAt,
            },
          ]);
        }
        if (url.includes('/availability')) return json(200, []);
        if (url.startsWith('/api/v1/bookings/b1')) return json(200, current);
        if (url.startsWith(`/api/v1/products/${P}`)) return json(200, product);
        return json(200, []);
      });
    };

    it('a payment at 02:44 in Tenerife reads 02:44 in Cobros and Historial', async () => {
      loginAs(1);
      withPayment('Atlantic/Canary');
      renderEdit();
      const payments = await screen.findByRole('table', { name: 'Cobros registrados' });
      expect(within(payments).getByText('15/07/2026 02:44')).toBeInTheDocument();
      const history = await screen.findByRole('region', { name: 'Historial' });
      // Who acted, in Spanish (issue 31): the user, and the customer named as such.
      await within(history).findByText('15/07/2026 02:44 · Carmen Díaz');
      expect(within(history).getByText('15/07/2026 02:44 · Lucía Pérez (cliente)')).toBeInTheDocument();
      expect(screen.queryByText(/03:44/)).toBeNull();
      // The operator's own staff read their own zone: nothing to name.
      expect(screen.queryByText(/hora de Canarias/)).toBeNull();
    });

    it('the administrator reads the same time and which zone it is in', async () => {
      loginAs(0);
      withPayment('Atlantic/Canary');
      renderEdit();
      const payments = await screen.findByRole('table', { name: 'Cobros registrados' });
      expect(within(payments).getByText('15/07/2026 02:44')).toBeInTheDocument();
      expect(within(payments).getByRole('columnheader', { name: 'Fecha (hora de Canarias)' })).toBeInTheDocument();
      const history = await screen.findByRole('region', { name: 'Historial' });
      expect(await within(history).findByText('15/07/2026 02:44 (hora de Canarias) · Carmen Díaz')).toBeInTheDocument();
    });
  });
});

/**
 * «Preguntas» of the booking form and «Respuestas» of the booking screen (issue 33 item 3): the
 * product's questions once per booking and per passenger («Pasajero 3 · Niño»), following the pax,
 * an input per kind, required ones marked but not blocking, what is sent, 422s on their field, and
 * answers to questions the product no longer asks kept read-only.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TBookingResponse, TProductResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { json, loginAs } from '../../../test/session';
import { BookingEditScreen } from './booking-form-screen';

configure({ asyncUtilTimeout: 10_000 });
const P = '11111111-2222-4333-8444-555555555555';
const OP = '99999999-2222-4333-8444-555555555555';
const SWIM = '0a6f1c6e-1d0b-4c58-9d44-6f1b6c9f2a01';
const HEARD = '0a6f1c6e-1d0b-4c58-9d44-6f1b6c9f2a02';
const WEIGHT = '0a6f1c6e-1d0b-4c58-9d44-6f1b6c9f2a03';
const ARRIVAL = '0a6f1c6e-1d0b-4c58-9d44-6f1b6c9f2a04';
const OLD = '0a6f1c6e-1d0b-4c58-9d44-6f1b6c9f2a09';

const q = (over: Record<string, unknown>) => ({
  help: '',
  required: false,
  options: [],
  translations: {},
  ...over,
});

const product = {
  id: P,
  tour_operator_id: OP,
  tour_operator: { id: OP, name: 'Atlántico Sur' },
  code: 'CAT-01',
  name: 'Avistamiento de cetáceos en catamarán',
  state: 'active',
  currency: 'EUR',
  capacity: 60,
  booking_cutoff_hours: 2,
  pickup_enabled: true,
  meeting_point: '',
  prices: [
    { pax_type: 'adult', amount_cents: 3500, min_age: 12, max_age: null, occupies_seat: true },
    { pax_type: 'child', amount_cents: 2000, min_age: 2, max_age: 11, occupies_seat: true },
  ],
  seasons: [],
  pickups: [],
  questions: [
    q({
      id: SWIM,
      scope: 'passenger',
      kind: 'yes_no',
      label: '¿Sabe nadar?',
      help: 'Para organizar la parada de baño.',
      required: true,
    }),
    q({ id: WEIGHT, scope: 'passenger', kind: 'number', label: 'Peso (kg)' }),
    q({
      id: HEARD,
      scope: 'booking',
      kind: 'choice',
      label: '¿Cómo nos has conocido?',
      options: ['Internet', 'En el hotel', 'Otro'],
    }),
    q({ id: ARRIVAL, scope: 'booking', kind: 'date', label: 'Llegada a la isla' }),
  ],
} as unknown as TProductResponse;

const booking = {
  id: 'b1',
  locator: 'TRY-CAT001',
  tour_operator_id: OP,
  timezone: 'Atlantic/Canary',
  tour_operator: { id: OP, name: 'Atlántico Sur' },
  product_id: P,
  product: { id: P, code: 'CAT-01', name: 'Avistamiento de cetáceos en catamarán' },
  departure_id: 'd1',
  date: '2026-01-15',
  time: '10:00',
  lines: [
    { pax_type: 'adult', quantity: 2, unit_cents: 3500, total_cents: 7000, occupies_seat: true },
    { pax_type: 'child', quantity: 1, unit_cents: 2000, total_cents: 2000, occupies_seat: true },
  ],
  pax_total: 3,
  seats: 3,
  subtotal_cents: 9000,
  discount_cents: 0,
  discount_reason: '',
  total_cents: 9000,
  paid_cents: 0,
  refunded_cents: 0,
  pending_cents: 9000,
  currency: 'EUR',
  customer_name: 'Familia Pérez',
  customer_email: '',
  customer_phone: '',
  customer_country: 'ES',
  language: 'es',
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
  state: 'confirmed',
  payment_state: 'pending',
  passengers: [{ full_name: 'Ana Pérez', pax_type: 'adult', document_id: '' }],
  answers: [
    { question_id: SWIM, passenger: 1, label: '¿Sabe nadar?', kind: 'yes_no', value: 'yes' },
    { question_id: HEARD, passenger: null, label: '¿Cómo nos has conocido?', kind: 'choice', value: 'Internet' },
    { question_id: ARRIVAL, passenger: null, label: 'Llegada a la isla', kind: 'date', value: '2026-01-12' },
    // A question the product no longer asks: kept with its label then.
    { question_id: OLD, passenger: null, label: '¿Trae toalla?', kind: 'yes_no', value: 'no' },
  ],
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

describe('booking questions on the booking form (issue 33 item 3)', { timeout: 60_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let putAnswer: (body: Record<string, unknown>) => Response;
  beforeEach(() => {
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => {}, removeEventListener: () => {} },
      });
    }
    putAnswer = () => json(200, { ...booking, version: 5 });
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') return putAnswer(JSON.parse(String(init.body)));
      if (url.includes('/payments') || url.includes('/events') || url.includes('/availability')) return json(200, []);
      if (url.startsWith('/api/v1/bookings/b1')) return json(200, booking);
      if (url.startsWith(`/api/v1/products/${P}`)) return json(200, product);
      return json(200, []);
    });
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
    loginAs(1);
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  const renderEdit = () =>
    renderRoutes([{ path: '/booking/edit/:id', element: <BookingEditScreen /> }], '/booking/edit/b1');
  /** The «Preguntas» step's card (its anchor id), once the product's questions are drawn. */
  const section = async () => {
    await screen.findByRole('group', { name: 'Pasajero 1 · Adulto' });
    return document.getElementById('preguntas') as HTMLElement;
  };
  const passenger = (card: HTMLElement, name: string) => within(card).getByRole('group', { name });
  const puts = () =>
    fetchMock.mock.calls
      .filter(([, i]) => (i as RequestInit | undefined)?.method === 'PUT')
      .map(([, i]) => JSON.parse(String((i as RequestInit).body)));

  it('booking questions once, passenger questions per passenger in the order adult, child; the saved answers filled in', async () => {
    renderEdit();
    const card = await section();
    // One group per passenger: 2 adults, then the child.
    expect(
      within(card)
        .getAllByRole('group')
        .map((g) => g.querySelector('legend')?.textContent),
    ).toEqual(['Pasajero 1 · Adulto', 'Pasajero 2 · Adulto', 'Pasajero 3 · Niño']);
    // The name typed for passenger 1 is shown beside its answers.
    expect(within(passenger(card, 'Pasajero 1 · Adulto')).getByText('Ana Pérez')).toBeInTheDocument();
    const swim1 = within(passenger(card, 'Pasajero 1 · Adulto')).getByRole('radiogroup', { name: '¿Sabe nadar?' });
    expect(within(swim1).getByRole('radio', { name: 'Sí' })).toBeChecked();
    const swim2 = within(passenger(card, 'Pasajero 2 · Adulto')).getByRole('radiogroup', { name: '¿Sabe nadar?' });
    expect(within(swim2).getByRole('radio', { name: 'Sin responder' })).toBeChecked();
    // Its help under it.
    expect(within(passenger(card, 'Pasajero 1 · Adulto')).getByText('Para organizar la parada de baño.')).toBeVisible();
    // Booking questions: a choice and a date (es, dd/mm/aaaa).
    expect(within(card).getByRole('combobox', { name: '¿Cómo nos has conocido?' })).toHaveValue('Internet');
    expect(within(card).getByRole('textbox', { name: 'Llegada a la isla' })).toHaveValue('12/01/2026');
    // Two required answers missing (passengers 2 and 3): said, not blocking.
    expect(within(card).getByTestId('answers-missing')).toHaveTextContent('2 sin responder');
    // The answer to a question the product no longer asks, read-only with its label then.
    expect(within(card).getByTestId('orphan-answers')).toHaveTextContent('¿Trae toalla?: No');
  });

  it('the booking screen shows the saved answers at a glance and flags «Sin responder»', async () => {
    renderEdit();
    const panel = await screen.findByRole('region', { name: 'Respuestas' });
    // Flagged once the product's questions are known.
    expect(await within(panel).findByText('2 sin responder')).toBeInTheDocument();
    const list = within(panel).getByTestId('booking-answers');
    expect(list).toHaveTextContent(
      '¿Sabe nadar?Pasajero 1 · Adulto: SíPasajero 2 · Adulto: Sin responderPasajero 3 · Niño: Sin responder',
    );
    expect(list).toHaveTextContent('¿Cómo nos has conocido?Internet');
    expect(list).toHaveTextContent('¿Trae toalla?No');
  });

  it('answers typed are sent as the API stores them; the passenger rows follow the pax', async () => {
    renderEdit();
    const card = await section();
    fireEvent.click(
      within(within(passenger(card, 'Pasajero 2 · Adulto')).getByRole('radiogroup')).getByRole('radio', { name: 'No' }),
    );
    fireEvent.change(within(passenger(card, 'Pasajero 1 · Adulto')).getByRole('textbox', { name: 'Peso (kg)' }), {
      target: { value: '72,5' },
    });
    // One more child: «Pasajero 4 · Niño» is asked too.
    fireEvent.click(screen.getByRole('button', { name: 'Añadir niños' }));
    const fourth = await within(card).findByRole('group', { name: 'Pasajero 4 · Niño' });
    fireEvent.click(within(fourth).getByRole('radio', { name: 'Sí' }));
    expect(within(card).getByTestId('answers-missing')).toHaveTextContent('1 sin responder');

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const [body] = puts();
    expect(body.pax).toEqual({ adult: 2, child: 2 });
    // Only the questions asked now, answered ones; a number with a dot; passenger 3 left for later.
    expect(body.answers).toEqual([
      { question_id: SWIM, passenger: 1, value: 'yes' },
      { question_id: SWIM, passenger: 2, value: 'no' },
      { question_id: SWIM, passenger: 4, value: 'yes' },
      { question_id: WEIGHT, passenger: 1, value: '72.5' },
      { question_id: HEARD, value: 'Internet' },
      { question_id: ARRIVAL, value: '2026-01-12' },
    ]);
  });

  it('a save that does not touch the answers does not send them (answers to old questions stay)', async () => {
    renderEdit();
    await section();
    fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: '+34 600 111 222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ customer_phone: '+34 600 111 222', version: 4 });
    expect(puts()[0]).not.toHaveProperty('answers');
  });

  it("the server's 422 on answers.<question>.<passenger> shows on that passenger's question", async () => {
    putAnswer = () =>
      json(422, {
        code: 'VALIDATION_ERROR',
        message: 'Revisa los campos',
        errors: { [`answers.${SWIM}.2`]: ['Opción no válida'], [`answers.${HEARD}`]: ['Opción no válida'] },
      });
    renderEdit();
    const card = await section();
    fireEvent.click(
      within(within(passenger(card, 'Pasajero 2 · Adulto')).getByRole('radiogroup')).getByRole('radio', { name: 'No' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const swim2 = await within(passenger(card, 'Pasajero 2 · Adulto')).findByRole('radiogroup', {
      name: '¿Sabe nadar?',
    });
    await waitFor(() => expect(swim2).toHaveAccessibleDescription(/Opción no válida/));
    expect(within(passenger(card, 'Pasajero 1 · Adulto')).queryByText('Opción no válida')).toBeNull();
    expect(within(card).getByRole('combobox', { name: '¿Cómo nos has conocido?' })).toHaveAccessibleDescription(
      /Opción no válida/,
    );
    // The step counts its errors.
    expect(within(card).getByText('2 errores')).toBeInTheDocument();
  });

  it('a product without questions has no «Preguntas» step and no «Respuestas»', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url.includes('/payments') || url.includes('/events') || url.includes('/availability')) return json(200, []);
      if (url.startsWith('/api/v1/bookings/b1')) return json(200, { ...booking, answers: [] });
      if (url.startsWith(`/api/v1/products/${P}`)) return json(200, { ...product, questions: [] });
      return json(200, []);
    });
    renderEdit();
    await screen.findByRole('heading', { name: 'Reserva TRY-CAT001', level: 1 });
    await screen.findByLabelText('Teléfono');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith(`/api/v1/products/${P}`))).toBe(true),
    );
    expect(document.getElementById('venta')).not.toBeNull();
    expect(document.getElementById('preguntas')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Respuestas' })).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TSheetPassenger, TSheetResponse, TSheetSummary } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/auth-storage';
import { todayIso } from '../../../lib/dates';
import { fakeJwt } from '../../../test/jwt';
import { renderRoutes } from '../../../test/render';
import { shiftDay } from '../utils/sheet-view';
import { PrintSheetView } from './print-view';
import { ScheduleEditScreen, ScheduleSheetsScreen } from './schedule-sheets-screens';

const OP = '11111111-2222-4333-8444-555555555555';

const summary: TSheetSummary = {
  id: 's1',
  tour_operator_id: OP,
  timezone: 'Atlantic/Canary',
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
  check_in_window: 'open',
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
  collected_cents: 0,
  sales_channel: null,
  reseller_reference: null,
  room: '214',
  pickup_time: '08:20',
  pickup_place: 'Hotel Fañabé',
  notes: '',
  passengers: [],
  answers: [],
  unanswered: [],
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
    level,
  });

/** Tomorrow's Teide sheet of the demo (issue 12): a stop nobody gave a pickup time, check-in not open yet. */
const loro = passenger({
  booking_id: 'b3',
  locator: 'TRY-CCCCCC',
  customer_name: 'Luca Rossi',
  pickup_time: null,
  pickup_place: 'Parada Loro Parque',
  pending_cents: 0,
  room: '',
});
const meet = passenger({
  booking_id: 'b4',
  locator: 'TRY-DDDDDD',
  customer_name: 'Ana Abad',
  pickup_time: null,
  pickup_place: null,
  pending_cents: 0,
  room: '',
});
const NO_TIME = 'Sin hora de recogida en «Parada Loro Parque»: Luca Rossi (TRY-CCCCCC). Indícala en la reserva';
const future: TSheetResponse = {
  ...detail,
  id: 's2',
  date: '2026-11-26',
  starts_at: '2099-11-26T09:00:00Z',
  ends_at: '2099-11-26T17:00:00Z',
  check_in_window: 'before',
  bookings_count: 4,
  pax: 12,
  warnings: [{ kind: 'pickup_without_time', message: NO_TIME, resource_id: 'h9', other_sheet_id: null }],
  stops: [
    { ...detail.stops[0], pax: 10, running_pax: 10, bookings: [hans, lucia] },
    {
      accommodation_id: 'h9',
      name: 'Parada Loro Parque',
      address: 'Avenida Loro Parque',
      zone: 'Puerto de la Cruz',
      pickup_point: '',
      lat_lng: '',
      phone: '',
      pickup_time: null,
      pax: 2,
      running_pax: 12,
      bookings: [loro],
    },
    {
      accommodation_id: null,
      name: 'Punto de encuentro',
      address: 'Oficina',
      zone: '',
      pickup_point: '',
      lat_lng: '',
      phone: '',
      pickup_time: '09:00',
      pax: 2,
      running_pax: 14,
      bookings: [meet],
    },
  ],
  // The API's order: the route's (issue 12), not the alphabet.
  passengers: [hans, lucia, loro, meet],
};

/** The catamaran's family (issue 33 item 3): two adults and a child, the second adult's swim not answered yet. */
const SWIM = 'q-swim';
const family = passenger({
  booking_id: 'b5',
  locator: 'TRY-EEEEEE',
  customer_name: 'Familia Pérez',
  pax: { adult: 2, child: 1 },
  pax_total: 3,
  seats: 3,
  pending_cents: 0,
  answers: [
    { question_id: SWIM, passenger: 1, label: '¿Sabe nadar?', kind: 'yes_no', value: 'yes' },
    { question_id: SWIM, passenger: 3, label: '¿Sabe nadar?', kind: 'yes_no', value: 'no' },
    { question_id: 'q-heard', passenger: null, label: '¿Cómo nos has conocido?', kind: 'choice', value: 'Internet' },
  ],
  unanswered: [{ question_id: SWIM, passenger: 2, label: '¿Sabe nadar?', kind: 'yes_no' }],
});
const solo = passenger({
  booking_id: 'b6',
  locator: 'TRY-FFFFFF',
  customer_name: 'Hans Solo',
  pax: { adult: 1 },
  pax_total: 1,
  seats: 1,
  pending_cents: 0,
  answers: [],
  unanswered: [{ question_id: SWIM, passenger: 1, label: '¿Sabe nadar?', kind: 'yes_no' }],
  // Sold by a reseller: the crew checks its voucher's reference (ADR 023).
  sales_channel: 'Klook',
  reseller_reference: 'KL-1001',
});
const catamaran: TSheetResponse = {
  ...detail,
  id: 's4',
  stops: [{ ...detail.stops[0], pax: 4, running_pax: 4, bookings: [family, solo] }],
  passengers: [family, solo],
};

describe('schedule sheets screens', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // The server's sheets: a check-in changes them, as the API does.
    const sheets: Record<string, TSheetResponse> = {
      s1: detail,
      s2: future,
      s3: { ...detail, id: 's3', state: 'in_progress' },
      s4: catamaran,
    };
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const u = String(url);
      const id = /schedule-sheets\/(s\d)/.exec(u)?.[1];
      if (id && u.includes('/check-in')) {
        const body = JSON.parse(String(init?.body));
        // What the crew collected (issue 32) is recorded with the check-in.
        const collected = body.collected?.amount_cents ?? 0;
        const answer = {
          ...lucia,
          checked_in_at: body.present ? '2026-11-24T08:21:00Z' : null,
          pending_cents: lucia.pending_cents - collected,
          collected_cents: collected,
        };
        const swap = (p: TSheetPassenger) => (p.booking_id === answer.booking_id ? answer : p);
        const cur = sheets[id] as TSheetResponse;
        sheets[id] = {
          ...cur,
          state: cur.check_in_window === 'open' ? 'in_progress' : cur.state,
          passengers: cur.passengers.map(swap),
          stops: cur.stops.map((st) => ({ ...st, bookings: st.bookings.map(swap) })),
        };
        return json(answer);
      }
      if (id) return json(sheets[id]);
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
    // The API's default order (date, time, product): the one its keyset cursor serves (ADR 029).
    expect(decodeURIComponent(String(fetchMock.mock.calls[0]?.[0]))).toMatch(
      /\/api\/v1\/schedule-sheets\?date\[eq\]=2026-11-24&per_page=500$/,
    );
  });

  it('a day of more than one page follows the keyset cursor, and shows every sheet', async () => {
    const later = { ...summary, id: 's9', time: '17:30', product: { ...summary.product, name: 'Masca al atardecer' } };
    const pages = fetchMock.getMockImplementation() as (url: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      const u = decodeURIComponent(String(url));
      if (!u.includes('/schedule-sheets?')) return pages(url, init);
      if (u.includes('cursor=c2')) return json([later]);
      return new Response(JSON.stringify([summary]), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '2', 'X-Next-Cursor': 'c2' },
      });
    });
    loginAs(3);
    renderRoutes([{ path: '/schedule-sheets', element: <ScheduleSheetsScreen /> }], '/schedule-sheets?date=2026-11-24');
    expect(await screen.findByRole('row', { name: /Masca al atardecer/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Subida al Teide/ })).toBeInTheDocument();
    const lists = fetchMock.mock.calls
      .map(([u]) => decodeURIComponent(String(u)))
      .filter((u) => u.includes('/schedule-sheets?'));
    expect(lists).toEqual([
      expect.stringMatching(/\?date\[eq\]=2026-11-24&per_page=500$/),
      expect.stringMatching(/\?date\[eq\]=2026-11-24&per_page=500&cursor=c2$/),
    ]);
    expect(screen.getByText('2 hojas')).toBeInTheDocument();
  });

  it('Chofer and Guía: their own sheets as cards, no planning', async () => {
    loginAs(5);
    renderRoutes([{ path: '/schedule-sheets', element: <ScheduleSheetsScreen /> }], '/schedule-sheets');
    expect(await screen.findByRole('heading', { name: 'Mis hojas de hoy' })).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: /^09:00 .*Subida al Teide.*10 pax/ });
    expect(card).toHaveAttribute('href', '/schedule-sheets/s1');
    await waitFor(() => expect(card).toHaveTextContent('Primera recogida 08:20 · Hotel Fañabé'));
    expect(screen.queryByRole('button', { name: 'Crear hojas del día' })).toBeNull();
  });

  it('a guide checks a passenger in with one tap; no assignment controls', async () => {
    loginAs(5);
    renderRoutes([{ path: '/schedule-sheets/:id', element: <ScheduleEditScreen /> }], '/schedule-sheets/s1');
    const tap = await screen.findByRole('button', {
      name: /^Lucía Pérez\s*TRY-AAAAAA\s*2 pax.*Pendiente 41,00 €/,
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

  it('issue 33: each booking shows its answers per question and passenger, «Sin responder» for a required one', async () => {
    loginAs(5);
    renderRoutes([{ path: '/schedule-sheets/:id', element: <ScheduleEditScreen /> }], '/schedule-sheets/s4');
    const list = await screen.findByRole('region', { name: 'Pasajeros y embarque' });
    const tap = await within(list).findByRole('button', { name: /^Familia Pérez/ });
    const answers = within(tap).getByTestId('sheet-answers');
    expect(answers).toHaveTextContent('¿Sabe nadar? P1 Sí · P2 Sin responder · P3 No');
    expect(answers).toHaveTextContent('¿Cómo nos has conocido? Internet');
    // Who "P3" is: the child (passengers are numbered adults first).
    expect(within(answers).getByText(/^P3/)).toHaveAttribute('title', 'Pasajero 3 · Niño');
    expect(within(answers).getByText('Sin responder')).toBeInTheDocument();
    // One passenger: no number needed.
    const soloRow = within(list).getByRole('button', { name: /^Hans Solo/ });
    expect(within(soloRow).getByTestId('sheet-answers')).toHaveTextContent(/^¿Sabe nadar\? Sin responder$/);
    // A booking of a product that asks nothing shows nothing.
    expect(screen.queryAllByTestId('sheet-answers')).toHaveLength(2);
  }, 20_000);

  it('issue 33: the printed sheet lists the answers under each customer', async () => {
    loginAs(3);
    renderRoutes([{ path: '/print', element: <PrintSheetView sheet={catamaran} /> }], '/print');
    const row = (await screen.findByText('Familia Pérez')).closest('tr') as HTMLElement;
    expect(within(row).getByTestId('sheet-answers')).toHaveTextContent('¿Sabe nadar? P1 Sí · P2 Sin responder · P3 No');
    // A reseller's booking names the channel and its reference under the locator.
    const soloRow = screen.getByText('Hans Solo').closest('tr') as HTMLElement;
    expect(within(soloRow).getAllByRole('cell')[0]).toHaveTextContent('TRY-FFFFFFKlook · KL-1001');
  });

  it('a guide collects what is pending with «Cobrar» (cash or card), sent with the check-in (issue 32)', async () => {
    loginAs(5);
    renderRoutes([{ path: '/schedule-sheets/:id', element: <ScheduleEditScreen /> }], '/schedule-sheets/s1');
    const list = await screen.findByRole('region', { name: 'Pasajeros y embarque' });
    // Hans owes nothing: no «Cobrar» for him.
    expect(within(list).queryByRole('button', { name: /^Cobrar a Hans Becker/ })).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: 'Cobrar a Lucía Pérez: 41,00 € pendientes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar a Lucía Pérez' });
    const amount = within(dialog).getByRole('textbox', { name: 'Importe cobrado' });
    expect(amount).toHaveValue('41,00 €');
    // Not above what is pending.
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Cobrar/ }));
    expect(await within(dialog).findByText('No puede superar lo pendiente (41,00 €)')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/check-in'))).toBe(false);
    fireEvent.change(amount, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Tarjeta' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cobrar 30,00 €' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cobrar a Lucía Pérez' })).toBeNull());
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/check-in'));
    expect(JSON.parse(String((call?.[1] as RequestInit | undefined)?.body))).toEqual({
      booking_id: 'b1',
      present: true,
      method: 'tap',
      collected: { amount_cents: 3000, method: 'card' },
    });
    // The row shows what was collected and what is still pending.
    const tap = within(list).getByRole('button', { name: /^Lucía Pérez/ });
    await waitFor(() => expect(tap).toHaveTextContent('Cobrado 30,00 €'));
    expect(tap).toHaveTextContent('Pendiente 11,00 €');
    expect(tap).toHaveAttribute('aria-pressed', 'true');
  }, 20_000);

  it('a driver on tomorrow’s sheet: the route first, passengers in pickup order by stop, read-only with the reason in words', async () => {
    loginAs(4);
    renderRoutes([{ path: '/schedule-sheets/:id', element: <ScheduleEditScreen /> }], '/schedule-sheets/s2');
    const route = await screen.findByRole('region', { name: 'Ruta de recogida' });
    const list = screen.getByRole('region', { name: 'Pasajeros y embarque' });
    // The route at the top (issue 12 item 5).
    expect(route.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The passengers in pickup order, under their stop.
    const names = within(list)
      .getAllByRole('button', { pressed: false })
      .map((b) => b.querySelector('p')?.textContent);
    expect(names).toEqual(['Hans Becker', 'Lucía Pérez', 'Luca Rossi', 'Ana Abad']);
    expect(within(list).getByRole('heading', { name: /Parada Loro Parque/ })).toHaveTextContent('Sin hora');
    // Not the day yet: said in words, nothing to tap, no scanning.
    expect(within(list).getByText(/El embarque se abre el jue, 26 nov 2026, el día de la salida/)).toBeInTheDocument();
    for (const b of within(list).getAllByRole('button', { pressed: false })) expect(b).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Escanear bono' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Localizador' })).toBeNull();
    expect(screen.queryByRole('button', { name: /fuera de fecha|antes de tiempo/ })).toBeNull();
    // «Iniciar» is shown but not usable, and the reason is visible text (no tooltip on a phone).
    const start = screen.getByRole('button', { name: 'Iniciar' });
    expect(start).toHaveAttribute('aria-disabled', 'true');
    expect(start).toHaveAccessibleDescription('Iniciar: se podrá iniciar el jue, 26 nov 2026, el día de la salida');
    expect(screen.getByTestId('state-reasons')).toBeVisible();
    fireEvent.click(start);
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(false);
    // The stop without a time warns, on the route and in the warnings.
    expect(within(route).getByText('Sin hora')).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'Un aviso en esta hoja' })).toHaveTextContent(NO_TIME);
  }, 20_000);

  it('the Operador checks in before the day only after giving a reason, sent with each check-in', async () => {
    loginAs(3);
    renderRoutes([{ path: '/schedule-sheets/:id', element: <ScheduleEditScreen /> }], '/schedule-sheets/s2');
    const list = await screen.findByRole('region', { name: 'Pasajeros y embarque' });
    const tap = within(list).getByRole('button', { name: /^Lucía Pérez/ });
    expect(tap).toBeDisabled();
    fireEvent.click(within(list).getByRole('button', { name: 'Embarcar antes de tiempo…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embarcar antes del día de la salida' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Embarcar con este motivo' }));
    expect(await within(dialog).findByText('Campo requerido')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'Excursión de dos días: embarcan en la víspera' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Embarcar con este motivo' }));
    await waitFor(() => expect(tap).toBeEnabled());
    expect(within(list).getByText(/Excursión de dos días: embarcan en la víspera/)).toBeInTheDocument();
    fireEvent.click(tap);
    await waitFor(() => expect(tap).toHaveAttribute('aria-pressed', 'true'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/check-in'));
    expect(JSON.parse(String((call?.[1] as RequestInit | undefined)?.body))).toEqual({
      booking_id: 'b1',
      present: true,
      method: 'tap',
      override_reason: 'Excursión de dos días: embarcan en la víspera',
    });
  }, 20_000);

  it('issue 14: a driver WhatsApps a missing customer from the row; the row keeps its name and its state', async () => {
    loginAs(4);
    const withoutPhone = { ...hans, customer_phone: '' };
    const base = fetchMock.getMockImplementation() as (url: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/bookings/b1/whatsapp')) {
        return json({ url: 'https://wa.me/34600000000?text=Hola', phone: '+34600000000', text: 'Hola', message: {} });
      }
      if (String(url).endsWith('/schedule-sheets/s1')) {
        return json({
          ...detail,
          passengers: [withoutPhone, lucia],
          stops: [{ ...detail.stops[0], bookings: [lucia, withoutPhone] }],
        });
      }
      return base(url, init);
    });
    const tab = { closed: false, opener: {}, document: { body: {} }, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    renderRoutes([{ path: '/schedule-sheets/:id', element: <ScheduleEditScreen /> }], '/schedule-sheets/s1');
    const list = await screen.findByRole('region', { name: 'Pasajeros y embarque' });
    // The tap target is still named by what it shows, with its state (label in name, 2.5.3).
    const tap = within(list).getByRole('button', { name: /^Lucía Pérez\s*TRY-AAAAAA/ });
    expect(tap).toHaveAttribute('aria-pressed', 'false');
    const whatsapp = within(list).getByRole('button', { name: 'Enviar por WhatsApp a Lucía Pérez' });
    expect(whatsapp).not.toHaveAttribute('aria-pressed');
    // Beside the call, outside the tap target.
    expect(tap.contains(whatsapp)).toBe(false);
    expect(within(list).getByRole('link', { name: 'Llamar a Lucía Pérez: +34 600 000 000' })).toBeInTheDocument();
    // Nobody to write to without a phone.
    expect(within(list).queryByRole('button', { name: /WhatsApp a Hans Becker/ })).toBeNull();
    fireEvent.click(whatsapp);
    await waitFor(() => expect(tab.location.href).toBe('https://wa.me/34600000000?text=Hola'));
    const post = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/bookings/b1/whatsapp'));
    expect((post?.[1] as RequestInit | undefined)?.method).toBe('POST');
    // Messaging is not a check-in.
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/check-in'))).toBe(false);
  }, 20_000);

  it('the home\'s "Pasajeros" (#embarque) opens the sheet at its passenger list, with the focus on it', async () => {
    loginAs(3);
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    renderRoutes([{ path: '/schedule-sheets/:id', element: <ScheduleEditScreen /> }], '/schedule-sheets/s1#embarque');
    const heading = await screen.findByRole('heading', { name: 'Pasajeros y embarque', level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrollIntoView).toHaveBeenCalled();
    scrollIntoView.mockRestore();
  }, 20_000);

  it('Finalizar before the departure starts: disabled, and why is written under it (not a hover tooltip)', async () => {
    loginAs(5);
    renderRoutes([{ path: '/schedule-sheets/:id', element: <ScheduleEditScreen /> }], '/schedule-sheets/s3');
    const finish = await screen.findByRole('button', { name: 'Finalizar' });
    expect(finish).toHaveAttribute('aria-disabled', 'true');
    expect(finish).toHaveAccessibleDescription('Finalizar: se puede finalizar cuando empiece la salida (09:00)');
    expect(screen.getByText('se puede finalizar cuando empiece la salida (09:00)')).toBeVisible();
  }, 20_000);

  it('Chofer and Guía move through their week: yesterday to seven days ahead, with the sheets of each day', async () => {
    loginAs(4);
    const { router } = renderRoutes(
      [{ path: '/schedule-sheets', element: <ScheduleSheetsScreen /> }],
      '/schedule-sheets',
    );
    const days = await screen.findByRole('group', { name: 'Días' });
    const buttons = within(days).getAllByRole('button');
    expect(buttons).toHaveLength(9);
    const today = todayIso();
    expect(buttons[0]).toHaveAccessibleName(expect.stringMatching(/^\S+ \d+, .*ayer, /));
    expect(buttons[1]).toHaveAccessibleName(expect.stringMatching(/^Hoy/));
    expect(buttons[1]).toHaveAttribute('aria-pressed', 'true');
    expect(buttons[8]?.getAttribute('aria-label')).toContain(String(Number(shiftDay(today, 7).slice(8))));
    // One request for the whole week, for the counts.
    const weekCall = fetchMock.mock.calls
      .map(([u]) => decodeURIComponent(String(u)))
      .find((u) => u.includes('date[gte]'));
    expect(weekCall).toContain(`date[gte]=${shiftDay(today, -1)}`);
    expect(weekCall).toContain(`date[lte]=${shiftDay(today, 7)}`);
    fireEvent.click(buttons[6] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(`?date=${shiftDay(today, 5)}`));
    expect(buttons[6]).toHaveAttribute('aria-pressed', 'true');
  });
});

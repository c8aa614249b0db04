import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TCommissionDueResponse, TCommissionStatementDetailResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { json, loginAs } from '../../../test/session';
import { CommissionsScreen } from './commissions-screen';

const SELLER = '11111111-2222-4333-8444-555555555555';
const line = {
  booking_id: '22222222-2222-4333-8444-555555555555',
  locator: 'TRY-ABC123',
  date: '2026-11-17',
  time: '09:00',
  product_name: 'Teide al atardecer',
  customer_name: 'Lena Fischer',
  booking_state: 'confirmed',
  booking_total_cents: 123450,
  commission_cents: 12345,
  counted_cents: 0,
  amount_cents: 12345,
};
const due: TCommissionDueResponse = {
  from: '2026-11-01',
  to: '2026-11-30',
  parties: [
    {
      party_kind: 'seller',
      party_id: SELLER,
      party_name: 'Javier Morales',
      tour_operator_id: 'op',
      booking_count: 1,
      amount_cents: 12345,
      lines: [line],
    },
  ],
};
const statement: TCommissionStatementDetailResponse = {
  id: '33333333-2222-4333-8444-555555555555',
  party_kind: 'seller',
  party_id: SELLER,
  party_name: 'Javier Morales',
  tour_operator_id: 'op',
  period_from: '2026-11-01',
  period_to: '2026-11-30',
  total_cents: 12345,
  line_count: 1,
  state: 'open',
  settled_on: null,
  method: null,
  reference: '',
  settled_at: null,
  settled_by: null,
  created_at: '2026-11-26T09:00:00Z',
  created_by: { id: 'u1', name: 'Carmen Díaz' },
  timezone: 'Atlantic/Canary',
  lines: [line],
};

describe('"Comisiones" (issue 34)', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST' && url.endsWith('/settle')) {
        return json(200, { ...statement, state: 'settled', settled_on: '2026-11-26', method: 'transfer' });
      }
      if (init?.method === 'POST') return json(201, statement);
      // «Pendiente» opens with each party's total; a card's bookings come when it is opened (ADR 037).
      if (url.includes('/commissions/due/summary'))
        return json(200, { ...due, parties: due.parties.map(({ lines: _l, ...p }) => p) });
      if (url.includes('/commissions/due')) return json(200, due);
      if (url.includes(`/commissions/statements/${statement.id}`)) return json(200, statement);
      if (url.includes('/commissions/statements')) {
        return new Response(JSON.stringify([statement]), {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-total-count': '1' },
        });
      }
      return json(404, { code: 'NOT_FOUND', message: 'No' });
    });
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });
  const posts = () => fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST') as [string, RequestInit][];
  const renderScreen = () => renderRoutes([{ path: '/commissions', element: <CommissionsScreen /> }], '/commissions');

  it('shows what each party is owed (1.234,50 € style), its bookings, and makes a statement for the period', async () => {
    loginAs(1);
    renderScreen();
    const card = await screen.findByRole('region', { name: 'Javier Morales' });
    expect(card).toHaveTextContent('123,45 €');
    expect(card).toHaveTextContent('1 reserva');
    fireEvent.click(within(card).getByRole('button', { name: 'Ver reservas' }));
    expect(await within(card).findByText('TRY-ABC123')).toBeInTheDocument();
    const linesCall = fetchMock.mock.calls.find(([u]) => String(u).includes('/commissions/due?'));
    expect(String(linesCall?.[0])).toContain(`party=seller&party_id=${SELLER}`);
    expect(within(card).getByText('17/11/2026')).toBeInTheDocument();
    expect(within(card).getByText('1.234,50 €')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Crear liquidación' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0];
    expect(url).toBe('/api/v1/commissions/statements');
    expect(JSON.parse(String(init.body))).toMatchObject({ party_kind: 'seller', seller_id: SELLER });
    // Then «Liquidaciones» shows the statement, with the focus on it (the button pressed is gone).
    expect(await screen.findByRole('tab', { name: 'Liquidaciones', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Javier Morales' })).toHaveFocus());
  });

  it('opens a statement and marks it paid with date, method and reference', async () => {
    loginAs(1);
    renderScreen();
    fireEvent.click(await screen.findByRole('tab', { name: 'Liquidaciones' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Javier Morales' }));
    const drawer = await screen.findByRole('dialog', { name: /Liquidación · Javier Morales/ });
    expect(await within(drawer).findByText('01/11/2026 – 30/11/2026')).toBeInTheDocument();
    const settle = within(drawer).getByRole('button', { name: 'Marcar como pagada' });
    // Escape closes the dialog only: the drawer stays, the focus back on the button that opened it.
    fireEvent.click(settle);
    fireEvent.keyDown(
      within(await screen.findByRole('dialog', { name: 'Marcar como pagada' })).getByRole('textbox', {
        name: 'Referencia',
      }),
      { key: 'Escape' },
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Marcar como pagada' })).toBeNull());
    expect(screen.getByRole('dialog', { name: /Liquidación · Javier Morales/ })).toBeInTheDocument();
    await waitFor(() => expect(settle).toHaveFocus());

    fireEvent.click(settle);
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como pagada' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Referencia' }), { target: { value: 'TRF-77' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como pagada' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0];
    expect(url).toBe(`/api/v1/commissions/statements/${statement.id}/settle`);
    expect(JSON.parse(String(init.body))).toMatchObject({ method: 'transfer', reference: 'TRF-77' });
    expect(JSON.parse(String(init.body)).settled_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Paid: the dialog goes and the focus stays in the drawer, on its title.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Marcar como pagada' })).toBeNull());
    await waitFor(() => expect(within(drawer).getByText('Liquidación · Javier Morales')).toHaveFocus());
  });

  it('a Vendedor reads their own, without «Crear liquidación» nor «Marcar como pagada»', async () => {
    loginAs(2);
    renderScreen();
    const card = await screen.findByRole('region', { name: 'Javier Morales' });
    expect(within(card).queryByRole('button', { name: 'Crear liquidación' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Quién' })).toBeNull();
    expect(fetchMock.mock.calls[0][0]).toContain('/commissions/due/summary');
    expect(fetchMock.mock.calls[0][0]).toContain('party=seller');
    fireEvent.click(screen.getByRole('tab', { name: 'Liquidaciones' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Javier Morales' }));
    const drawer = await screen.findByRole('dialog', { name: /Liquidación/ });
    await within(drawer).findByText('01/11/2026 – 30/11/2026');
    expect(within(drawer).queryByRole('button', { name: 'Marcar como pagada' })).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Descargar CSV' })).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TCashHolderDetailResponse, TCashHolderResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { json, loginAs } from '../../../test/session';
import { CashScreen } from './cash-screen';

const GUIDE = '11111111-2222-4333-8444-555555555555';
const holder: TCashHolderResponse = {
  user_id: GUIDE,
  name: 'Gema Guía',
  level: 5,
  tour_operator_id: 'op',
  cash_cents: 123450,
  card_cents: 2000,
  total_cents: 125450,
  payment_count: 2,
  oldest_at: '2026-11-20T08:00:00Z',
  timezone: 'Atlantic/Canary',
};
const payment = (id: string, amount: number, method: 'cash' | 'card') => ({
  id,
  booking_id: `b-${id}`,
  locator: `TRY-${id}`,
  date: '2026-11-20',
  customer_name: 'Lena Fischer',
  kind: 'payment' as const,
  method,
  amount_cents: amount,
  signed_cents: amount,
  paid_at: '2026-11-20T08:00:00Z',
  collected_at_check_in: true,
});
const detail: TCashHolderDetailResponse = {
  holder,
  payments: [payment('P1', 123450, 'cash'), payment('P2', 2000, 'card')],
};

describe('"Caja" (issue 34)', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    loginAs(3);
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        return json(201, {
          id: 'h1',
          tour_operator_id: 'op',
          holder: { id: GUIDE, name: 'Gema Guía' },
          expected_cents: 123450,
          received_cents: body.received_cents,
          difference_cents: body.received_cents - 123450,
          payment_count: 1,
          notes: body.notes,
          received_by: { id: 'u3', name: 'Olga' },
          created_at: '2026-11-26T10:00:00Z',
          timezone: 'Atlantic/Canary',
          payments: [],
        });
      }
      if (url.includes(`/cash/holders/${GUIDE}`)) return json(200, detail);
      if (url.includes('/cash/holders')) return json(200, [holder]);
      return json(200, []);
    });
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });
  const posts = () => fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST') as [string, RequestInit][];

  it('lists who holds money; a handover of the payments chosen with a difference needs notes', async () => {
    renderRoutes([{ path: '/cash', element: <CashScreen /> }], '/cash');
    const row = await screen.findByRole('row', { name: /Gema Guía/ });
    expect(row).toHaveTextContent('1.254,50 €');
    expect(row).toHaveTextContent('Guía');
    fireEvent.click(within(row).getByRole('button', { name: 'Gema Guía' }));

    const drawer = await screen.findByRole('dialog', { name: /Gema Guía/ });
    await within(drawer).findByText('TRY-P1');
    // Only the cash payment goes: untick the card one.
    fireEvent.click(within(drawer).getByRole('checkbox', { name: /TRY-P2/ }));
    expect(within(drawer).getByText(/1 de 2 cobros/)).toHaveTextContent('1.234,50 €');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Recibir entrega' }));

    const dialog = await screen.findByRole('dialog', { name: 'Recibir entrega' });
    const counted = within(dialog).getByRole('textbox', { name: 'Importe contado' });
    fireEvent.change(counted, { target: { value: '1.200,00 €' } });
    expect(await within(dialog).findByText(/Faltan 34,50 €/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recibir entrega' }));
    expect(await within(dialog).findByText('Explica la diferencia entre lo contado y lo esperado')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    expect(within(dialog).getByRole('textbox', { name: 'Notas' })).toHaveFocus();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notas' }), { target: { value: 'Faltan monedas' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recibir entrega' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0];
    expect(url).toBe('/api/v1/cash/handovers');
    expect(JSON.parse(String(init.body))).toEqual({
      holder_id: GUIDE,
      payment_ids: ['P1'],
      received_cents: 120000,
      notes: 'Faltan monedas',
    });
    // Received: the dialog goes and the focus stays in the drawer, on its title.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Recibir entrega' })).toBeNull());
    await waitFor(() => expect(within(drawer).getByText('Gema Guía · Guía')).toHaveFocus());
  });

  it('Escape in «Recibir entrega» closes that dialog only; the focus goes back to its button', async () => {
    renderRoutes([{ path: '/cash', element: <CashScreen /> }], '/cash');
    fireEvent.click(within(await screen.findByRole('row', { name: /Gema Guía/ })).getByRole('button'));
    const drawer = await screen.findByRole('dialog', { name: /Gema Guía/ });
    const receive = await within(drawer).findByRole('button', { name: 'Recibir entrega' });
    fireEvent.click(receive);
    const dialog = await screen.findByRole('dialog', { name: 'Recibir entrega' });
    fireEvent.keyDown(within(dialog).getByRole('textbox', { name: 'Importe contado' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Recibir entrega' })).toBeNull());
    expect(screen.getByRole('dialog', { name: /Gema Guía/ })).toBeInTheDocument();
    await waitFor(() => expect(receive).toHaveFocus());
  });
});

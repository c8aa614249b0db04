import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CHANNEL_MSG, MSG, type TChannelResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { json, loginAs } from '../../../test/session';
import { ChannelFormDrawer } from './channel-form-drawer';

const OP = '11111111-2222-4333-8444-555555555555';

const saved: TChannelResponse = {
  id: '44444444-2222-4333-8444-555555555555',
  tour_operator_id: OP,
  tour_operator: { id: OP, name: 'Teide Aventura' },
  name: 'Tenerife Tours OTA',
  kind: 'octo',
  commission_pct: 12.5,
  net_rates: [],
  collects: 'operator',
  all_products: true,
  product_ids: null,
  allotment: null,
  webhook_url: null,
  webhook_secret_set: false,
  contact_email: '',
  notes: '',
  active: true,
  keys_active: 0,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

describe('"Nuevo canal" drawer (issue 33)', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let postAnswer: () => Response;
  beforeEach(() => {
    loginAs(1);
    postAnswer = () => json(201, saved);
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return postAnswer();
      if (String(url).startsWith('/api/v1/products')) return json(200, []);
      return json(200, saved);
    });
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  const posts = () => fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST') as [string, RequestInit][];

  const renderDrawer = (onCreated = vi.fn()) => {
    renderRoutes(
      [
        {
          path: '/channels',
          element: (
            <ChannelFormDrawer
              opened
              channel={null}
              isAdmin={false}
              operators={[]}
              onClose={() => {}}
              onCreated={onCreated}
            />
          ),
        },
      ],
      '/channels',
    );
    return onCreated;
  };

  it('checks in the browser first: the name is required and gets the focus; nothing is sent', async () => {
    renderDrawer();
    const name = await screen.findByRole('textbox', { name: 'Nombre' });
    expect(name).toHaveAttribute('aria-required', 'true');
    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    expect(await screen.findByText(MSG.required)).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());
    expect(posts()).toHaveLength(0);
  });

  it('sends the commission typed with a decimal comma; «Cobra la agencia» explained; a 409 on the name lands on it', async () => {
    postAnswer = () =>
      json(409, {
        code: 'CHANNEL_NAME_TAKEN',
        message: CHANNEL_MSG.nameTaken,
        errors: { name: [CHANNEL_MSG.nameTaken] },
      });
    renderDrawer();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Nombre' }), {
      target: { value: 'Tenerife Tours OTA' },
    });
    expect(screen.getByRole('radio', { name: 'Revendedor OCTO' })).toBeChecked();
    const commission = screen.getByRole('textbox', { name: 'Comisión (%)' });
    fireEvent.change(commission, { target: { value: '12,5' } });
    expect(screen.getByText(/te paga a ti el neto/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /Cobra la agencia/ }));
    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));

    expect(await screen.findByText(CHANNEL_MSG.nameTaken)).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    const [url, init] = posts()[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/channels');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Tenerife Tours OTA',
      kind: 'octo',
      commission_pct: 12.5,
      net_rates: [],
      collects: 'agency',
      product_ids: null,
      allotment: null,
      contact_email: '',
      notes: '',
      active: true,
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveFocus());
  });

  it('an agency has no webhook; a new OCTO channel is handed on (its connection opens)', async () => {
    const onCreated = renderDrawer();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Nombre' }), {
      target: { value: 'Tenerife Tours OTA' },
    });
    expect(screen.getByRole('textbox', { name: 'URL del webhook' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Agencia' }));
    expect(screen.queryByRole('textbox', { name: 'URL del webhook' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Revendedor OCTO' }));
    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(saved));
  });
});

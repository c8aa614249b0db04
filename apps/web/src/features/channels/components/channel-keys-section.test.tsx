import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TChannelKeyCreatedResponse, TChannelKeyResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { timesIn } from '../../../lib/time-zone';
import { renderRoutes } from '../../../test/render';
import { json, loginAs } from '../../../test/session';
import { ChannelKeysSection } from './channel-keys-section';

const CHANNEL = { id: '44444444-2222-4333-8444-555555555555', name: 'Tenerife Tours OTA', active: true };
const KEY = `trk_${'A'.repeat(8)}${'b'.repeat(32)}`;

const live: TChannelKeyResponse = {
  id: '55555555-2222-4333-8444-555555555555',
  label: 'Producción',
  key_prefix: 'trk_Zx9Qa1Bc',
  active: true,
  created_at: '2026-11-20T10:00:00Z',
  created_by: { id: 'u-1', name: 'Gerencia Teide' },
  last_used_at: '2026-11-24T08:15:00Z',
  revoked_at: null,
  revoked_by: null,
};
const revoked: TChannelKeyResponse = {
  ...live,
  id: '66666666-2222-4333-8444-555555555555',
  label: '',
  key_prefix: 'trk_Old00000',
  active: false,
  last_used_at: null,
  revoked_at: '2026-11-21T10:00:00Z',
  revoked_by: { id: 'u-1', name: 'Gerencia Teide' },
};
const created: TChannelKeyCreatedResponse = {
  id: '77777777-2222-4333-8444-555555555555',
  key: KEY,
  key_prefix: KEY.slice(0, 12),
  label: 'Pruebas',
  created_at: '2026-11-25T10:00:00Z',
};

describe('"Claves de API" of a channel (issue 33)', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    loginAs(1);
    fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return json(201, created);
      if (init?.method === 'DELETE') return new Response(null, { status: 204 });
      return json(200, [live, revoked]);
    });
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  const calls = (method: string) =>
    fetchMock.mock.calls.filter(([, i]) => i?.method === method) as [string, RequestInit][];

  const renderSection = () =>
    renderRoutes(
      [{ path: '/channels', element: <ChannelKeysSection channel={CHANNEL} times={timesIn('Atlantic/Canary')} /> }],
      '/channels',
    );

  it('lists the keys by name and first characters, live or revoked, never a whole key', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: 'Claves de API' });
    const row = await within(table).findByRole('row', { name: /Producción/ });
    expect(row).toHaveTextContent('trk_Zx9Qa1Bc…');
    expect(row).toHaveTextContent('Activa');
    expect(row).toHaveTextContent('Gerencia Teide');
    const old = within(table).getByRole('row', { name: /trk_Old00000/ });
    expect(old).toHaveTextContent('Revocada');
    expect(old).toHaveTextContent('Nunca');
    expect(within(old).queryByRole('button', { name: /Revocar/ })).toBeNull();
    expect(screen.getByText('1 clave activa')).toBeInTheDocument();
  });

  it('«Nueva clave» shows the key once, with a warning and a copy button; reopened, it is gone', async () => {
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva clave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva clave de API' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nombre de la clave' }), {
      target: { value: ' Pruebas ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear clave' }));

    const shown = await screen.findByRole('dialog', { name: 'Clave creada' });
    expect(within(shown).getByRole('textbox', { name: 'Clave de API' })).toHaveValue(KEY);
    expect(within(shown).getByText('Cópiala ahora: no se volverá a mostrar')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copiar clave de api' })).toBeInTheDocument();
    const [url, init] = calls('POST')[0] as [string, RequestInit];
    expect(url).toBe(`/api/v1/channels/${CHANNEL.id}/keys`);
    expect(JSON.parse(String(init.body))).toEqual({ label: 'Pruebas' });

    fireEvent.click(within(shown).getByRole('button', { name: 'He copiado la clave' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Clave creada' })).toBeNull());
    expect(screen.queryByDisplayValue(KEY)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Nueva clave' }));
    const again = await screen.findByRole('dialog', { name: 'Nueva clave de API' });
    expect(within(again).queryByDisplayValue(KEY)).toBeNull();
    expect(within(again).getByRole('textbox', { name: 'Nombre de la clave' })).toHaveValue('');
  });

  it('«Revocar» asks first: nothing is revoked on «Cancelar»; confirmed, the key is revoked', async () => {
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Revocar Producción' }));
    let confirm = await screen.findByRole('dialog', { name: 'Revocar la clave' });
    expect(confirm).toHaveTextContent('dejará de funcionar al momento');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revocar la clave' })).toBeNull());
    expect(calls('DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Revocar Producción' }));
    confirm = await screen.findByRole('dialog', { name: 'Revocar la clave' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    expect(calls('DELETE')[0]?.[0]).toBe(`/api/v1/channels/${CHANNEL.id}/keys/${live.id}`);
  });
});

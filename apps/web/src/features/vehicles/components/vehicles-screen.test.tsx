import { screen, within } from '@testing-library/react';
import type { TVehicleResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/auth-storage';
import { fakeJwt } from '../../../test/jwt';
import { renderRoutes } from '../../../test/render';
import { VehiclesScreen } from './vehicles-screen';

const OP = '11111111-2222-4333-8444-555555555555';
const vehicle: TVehicleResponse = {
  id: 'v1',
  tour_operator_id: OP,
  plate: '7712KJH',
  name: 'Bus 2',
  model: 'Setra S 515 HD',
  type: 'bus',
  seats: 49,
  transport_authorization: 'VD-381205',
  state: 3,
  notes: '',
  unavailable_periods: [{ id: 'p', from: '2026-01-01', to: '2026-01-03', reason: 'ITV' }],
  unavailable_today: true,
  created_at: '',
  updated_at: '',
};

const loginAs = (level: number) =>
  saveSession(fakeJwt({ sub: `u-${level}`, level, tour_operator_id: OP, ver: 1 }), {
    id: `u-${level}`,
    name: 'Ana',
    level,
  });

describe('vehicles screen', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify([vehicle]), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'X-Total-Count': '1' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows type, seats, state and the "no disponible hoy" marker; filters come from the URL', async () => {
    loginAs(1);
    renderRoutes(
      [{ path: '/resources/vehicles', element: <VehiclesScreen /> }],
      '/resources/vehicles?type=bus&state=3',
    );
    const row = await screen.findByRole('row', { name: /7712KJH/ });
    expect(row).toHaveTextContent('Autobús');
    expect(row).toHaveTextContent('49');
    expect(row).toHaveTextContent('En taller');
    expect(row).toHaveTextContent('No disponible hoy');
    expect(fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/v1/vehicles'))).toContain(
      '/api/v1/vehicles?type[eq]=bus&state[eq]=3&page=1',
    );
    expect(within(row).getByRole('button', { name: 'Editar 7712KJH' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo vehículo' })).toBeInTheDocument();
  });

  it('PRODUCT §3: a driver (level 4) reads the fleet without write actions', async () => {
    loginAs(4);
    renderRoutes([{ path: '/resources/vehicles', element: <VehiclesScreen /> }], '/resources/vehicles');
    const row = await screen.findByRole('row', { name: /7712KJH/ });
    expect(within(row).getByRole('button', { name: 'Ver 7712KJH' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Editar|Eliminar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nuevo vehículo' })).toBeNull();
  });
});

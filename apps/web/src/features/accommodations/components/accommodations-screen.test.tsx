import { screen, within } from '@testing-library/react';
import type { TAccommodationResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/auth-storage';
import { fakeJwt } from '../../../test/jwt';
import { renderRoutes } from '../../../test/render';
import { AccommodationsScreen } from './accommodations-screen';

const OP = '11111111-2222-4333-8444-555555555555';
const base = {
  type: 'hotel',
  address: '',
  lat_lng: '',
  phone: '',
  pickup_point: 'Puerta principal',
  pickup_at_id: null,
  pickup_at: null,
  state: 1,
  notes: '',
  created_at: '',
  updated_at: '',
};
const rows: TAccommodationResponse[] = [
  { ...base, id: 'a1', tour_operator_id: OP, shared: false, name: 'Hotel Arona Gran', zone: 'Los Cristianos' },
  { ...base, id: 'a2', tour_operator_id: null, shared: true, name: 'Hotel Bahía del Duque', zone: 'Costa Adeje' },
];

const loginAs = (level: number) =>
  saveSession(fakeJwt({ sub: `u-${level}`, level, tour_operator_id: level ? OP : null, ver: 1 }), {
    id: `u-${level}`,
    name: 'Ana García',
    level,
  });

function renderScreen() {
  return renderRoutes(
    [{ path: '/resources/accommodations', element: <AccommodationsScreen /> }],
    '/resources/accommodations',
  );
}

describe('accommodations screen: actions by role (PRODUCT §3)', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = String(url).includes('/zones')
          ? ['Costa Adeje', 'Los Cristianos']
          : String(url).includes('/tour-operators')
            ? [{ id: OP, name: 'Teide Aventura', state: 1 }]
            : rows;
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: {
            'Content-Type': 'application/json',
            'X-Total-Count': String(Array.isArray(body) ? body.length : 0),
          },
        });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('an operator (level 3) edits its own rows; the shared catalogue is read-only and marked', async () => {
    loginAs(3);
    renderScreen();
    const own = await screen.findByRole('row', { name: /Hotel Arona Gran/ });
    const shared = screen.getByRole('row', { name: /Hotel Bahía del Duque/ });
    expect(within(own).getByRole('button', { name: 'Editar Hotel Arona Gran' })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Eliminar Hotel Arona Gran' })).toBeInTheDocument();
    expect(within(shared).getByText('Catálogo compartido')).toBeInTheDocument();
    expect(within(shared).getByRole('button', { name: 'Ver Hotel Bahía del Duque' })).toBeInTheDocument();
    expect(within(shared).queryByRole('button', { name: /Editar|Eliminar/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Nuevo alojamiento' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importar CSV' })).toBeInTheDocument();
  });

  it('the administrator edits shared rows too', async () => {
    loginAs(0);
    renderScreen();
    const shared = await screen.findByRole('row', { name: /Hotel Bahía del Duque/ });
    expect(within(shared).getByRole('button', { name: 'Editar Hotel Bahía del Duque' })).toBeInTheDocument();
    expect(within(shared).getByRole('button', { name: 'Eliminar Hotel Bahía del Duque' })).toBeInTheDocument();
  });

  it('a seller (level 2) only reads: no create, import, edit or delete', async () => {
    loginAs(2);
    renderScreen();
    await screen.findByRole('row', { name: /Hotel Arona Gran/ });
    expect(screen.queryByRole('button', { name: 'Nuevo alojamiento' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Importar CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Editar|Eliminar) / })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Ver / })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TUserResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/auth-storage';
import { fakeJwt } from '../../../test/jwt';
import { renderRoutes } from '../../../test/render';
import { UserFormModal } from './user-form-modal';

const user = (id: string, name: string): TUserResponse => ({
  id,
  full_name: name,
  email: `${id}@teideaventura.demo`,
  phone: '',
  level: 1,
  state: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  tour_operator: { id: 'op-1', name: 'Teide Aventura', timezone: 'Atlantic/Canary' },
  tour_operator_id: 'op-1',
  address: '',
  lat_lng: '',
  commission_pct: null,
});

const renderModal = (record: TUserResponse) =>
  renderRoutes(
    [
      {
        path: '/users',
        element: (
          <UserFormModal opened user={record} ctx={{ actorLevel: 1, actorOperatorId: 'op-1' }} onClose={() => {}} />
        ),
      },
    ],
    '/users',
  );

describe('user form: one’s own password', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
    saveSession(fakeJwt({ sub: 'me', level: 1, tour_operator_id: 'op-1', ver: 1 }), {
      id: 'me',
      name: 'Carmen',
      level: 1,
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('issue 12: editing oneself sends the password to "Mi cuenta" (here it would end this very session)', async () => {
    renderModal(user('me', 'Carmen Díaz'));
    const link = await screen.findByRole('link', { name: 'Mi cuenta' });
    expect(link).toHaveAttribute('href', '/account');
    expect(screen.queryByLabelText('Contraseña', { selector: 'input' })).toBeNull();
  });

  it("another user's password can still be set here", async () => {
    renderModal(user('other', 'Lucía Rodríguez'));
    expect(await screen.findByLabelText('Contraseña', { selector: 'input' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mi cuenta' })).toBeNull();
  });
});

describe('user form: a 409 goes onto the e-mail field by its code (issue 13)', () => {
  const answerPut = (body: object) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'PUT'
          ? new Response(JSON.stringify(body), { status: 409, headers: { 'Content-Type': 'application/json' } })
          : new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
  beforeEach(() => {
    saveSession(fakeJwt({ sub: 'me', level: 1, tour_operator_id: 'op-1', ver: 1 }), { id: 'me', name: 'Carmen' });
  });
  afterEach(() => vi.unstubAllGlobals());

  const save = async () => {
    // A user of an operator with a real id (the form checks the operator id's shape).
    const op = { id: '0b6c2b1e-3c1a-4a57-9d0e-6f1d2c3b4a59', name: 'Teide Aventura', timezone: 'Atlantic/Canary' };
    renderModal({ ...user('other', 'Lucía Rodríguez'), tour_operator: op, tour_operator_id: op.id });
    const email = await screen.findByLabelText('Email', { selector: 'input' });
    fireEvent.change(screen.getByLabelText('Teléfono', { selector: 'input' }), {
      target: { value: '+34 600 111 222' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(
        true,
      ),
    );
    return email;
  };

  it('EMAIL_TAKEN, in any wording and with no field named, marks the e-mail', async () => {
    answerPut({ code: 'EMAIL_TAKEN', message: 'Address already in use' });
    const email = await save();
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Address already in use').length).toBeGreaterThan(0);
  });

  it('another conflict that mentions the e-mail in its text does not', async () => {
    answerPut({ code: 'CONFLICT', message: 'Conflicto con el correo electrónico' });
    const email = await save();
    expect((await screen.findAllByText('Conflicto con el correo electrónico')).length).toBeGreaterThan(0);
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });
});

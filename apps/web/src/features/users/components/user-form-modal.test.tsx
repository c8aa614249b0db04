import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TUserResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/auth-storage';
import { fakeJwt } from '../../../test/jwt';
import { renderRoutes } from '../../../test/render';
import { UserFormModal } from './user-form-modal';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify', async (original) => ({
  ...(await original<typeof import('../../../lib/notify')>()),
  notifySuccess: notify.success,
  notifyError: notify.error,
}));

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

// The actor's operator (a real id: a new user is created in it, and the form checks the id's shape).
const MY_OPERATOR = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

const renderModal = (record: TUserResponse | null) =>
  renderRoutes(
    [
      {
        path: '/users',
        element: (
          <UserFormModal
            opened
            user={record}
            ctx={{ actorLevel: 1, actorOperatorId: MY_OPERATOR }}
            onClose={() => {}}
          />
        ),
      },
    ],
    '/users',
  );

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const callsTo = (method: string, path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.filter(
      ([url, init]) => (init as RequestInit | undefined)?.method === method && String(url).endsWith(path),
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

describe('user form: the invitation (issue 14)', () => {
  beforeEach(() => {
    notify.success.mockClear();
    notify.error.mockClear();
    saveSession(fakeJwt({ sub: 'me', level: 1, tour_operator_id: 'op-1', ver: 1 }), { id: 'me', name: 'Carmen' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a new user can be saved without a password: none is sent, and the notice says the invitation goes by e-mail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST' ? json({ ...user('new', 'Ana García'), level: 4 }, 201) : json([]),
      ),
    );
    renderModal(null);
    const password = await screen.findByLabelText('Contraseña', { selector: 'input' });
    expect(password).not.toHaveAttribute('aria-required');
    expect(
      screen.getByText('Opcional: el usuario recibirá por correo una invitación para elegir su contraseña.'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Nombre completo', { selector: 'input' }), {
      target: { value: 'Ana García' },
    });
    fireEvent.change(screen.getByLabelText('Email', { selector: 'input' }), { target: { value: 'ana@teide.es' } });
    fireEvent.click(screen.getByLabelText('Rol', { selector: 'input' }));
    // The dropdown opens in a portal the open modal hides from the accessibility tree in happy-dom.
    fireEvent.click(await screen.findByRole('option', { name: 'Chofer', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsTo('POST', '/api/v1/users')).toHaveLength(1));
    const [[, init]] = callsTo('POST', '/api/v1/users') as [[string, RequestInit]];
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({ full_name: 'Ana García', email: 'ana@teide.es', level: 4 });
    expect(body).not.toHaveProperty('password');
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Usuario creado',
        'Ana García recibirá por correo una invitación para elegir su contraseña.',
      ),
    );
  });

  it('"Reenviar invitación" posts to /users/{id}/invitation and tells it like a save', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST' ? json({ message: 'Invitación enviada' }, 202) : json([]),
      ),
    );
    renderModal(user('other', 'Lucía Rodríguez'));
    const button = await screen.findByRole('button', { name: 'Reenviar invitación' });
    expect(button).not.toHaveAttribute('aria-disabled');
    fireEvent.click(button);
    await waitFor(() => expect(callsTo('POST', '/api/v1/users/other/invitation')).toHaveLength(1));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Invitación enviada', expect.stringContaining('Lucía Rodríguez')),
    );
  });

  it('an inactive user cannot be invited: the button says why (aria-disabled, described) and sends nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json([])),
    );
    renderModal({ ...user('other', 'Lucía Rodríguez'), state: 2 });
    const button = await screen.findByRole('button', { name: 'Reenviar invitación' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('El usuario está inactivo: actívalo y guarda antes de invitarlo.');
    fireEvent.click(button);
    expect(callsTo('POST', '/api/v1/users/other/invitation')).toHaveLength(0);
  });

  it('a 409 from the API (the user was deactivated meanwhile) is told as an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? json({ code: 'STATE_CONFLICT', message: 'El usuario está inactivo: actívalo antes de invitarlo' }, 409)
          : json([]),
      ),
    );
    renderModal(user('other', 'Lucía Rodríguez'));
    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar invitación' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'No se ha enviado la invitación',
        'El usuario está inactivo: actívalo antes de invitarlo',
      ),
    );
  });

  it('oneself is never invited from here', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json([])),
    );
    renderModal(user('me', 'Carmen Díaz'));
    await screen.findByRole('link', { name: 'Mi cuenta' });
    expect(screen.queryByRole('button', { name: 'Reenviar invitación' })).toBeNull();
  });
});

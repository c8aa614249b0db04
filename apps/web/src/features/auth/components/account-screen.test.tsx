import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/auth-storage';
import { fakeJwt } from '../../../test/jwt';
import { renderRoutes } from '../../../test/render';
import { json } from '../../../test/session';
import { AccountScreen } from './account-screen';

const USER = {
  id: 'u-2',
  full_name: 'Javier Morales Pérez',
  email: 'ventas@teideaventura.demo',
  phone: '+34 622 110 002',
  level: 2,
  state: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  tour_operator: { id: 'op-1', name: 'Teide Aventura' },
  tour_operator_id: 'op-1',
  address: '',
  lat_lng: '',
  commission_pct: 10,
};
const OLD_TOKEN = fakeJwt({ sub: 'u-2', level: 2, tour_operator_id: 'op-1', ver: 1 });
const NEW_TOKEN = fakeJwt({ sub: 'u-2', level: 2, tour_operator_id: 'op-1', ver: 2 });

type Call = { method: string; url: string; body: unknown; auth: string | null };

describe('"Mi cuenta" (issue 12)', () => {
  let calls: Call[];
  let answers: Record<string, (body: unknown) => Response>;

  beforeEach(() => {
    calls = [];
    answers = {
      'GET /api/v1/auth/me': () => json(200, USER),
      'PUT /api/v1/auth/me': (body) =>
        json(200, { ...USER, ...(body as object), updated_at: '2026-02-01T00:00:00.000Z' }),
      'POST /api/v1/auth/me/password': () =>
        json(200, { token: NEW_TOKEN, user: { id: 'u-2', name: USER.full_name, level: 2, tour_operator_id: 'op-1' } }),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        const headers = (init.headers ?? {}) as Record<string, string>;
        calls.push({ method, url, body, auth: headers.Authorization ?? null });
        const answer = answers[`${method} ${url}`];
        return answer ? answer(body) : json(404, { message: 'No encontrado' });
      }),
    );
    saveSession(OLD_TOKEN, { id: 'u-2', name: USER.full_name, level: 2 });
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderAccount = () => renderRoutes([{ path: '/account', element: <AccountScreen /> }], '/account');
  const passwordForm = async () => within(await screen.findByRole('form', { name: 'Cambiar la contraseña' }));
  const posts = () => calls.filter((c) => c.method === 'POST');

  it('shows the name, e-mail, role, operator and phone', async () => {
    renderAccount();
    const card = await screen.findByTestId('account-summary');
    for (const text of ['Javier Morales Pérez', 'Vendedor', 'Teide Aventura', '+34 622 110 002']) {
      expect(within(card).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(card).toHaveTextContent('ventas@teideaventura.demo');
  });

  it('spec §5: an empty password form says "Campo requerido" next to each field and sends nothing', async () => {
    renderAccount();
    const form = await passwordForm();
    fireEvent.click(form.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await form.findAllByText(MSG.required)).toHaveLength(3);
    expect(posts()).toEqual([]);
  });

  it('spec §3: the confirmation must match; at least 8 characters', async () => {
    renderAccount();
    const form = await passwordForm();
    fireEvent.change(form.getByLabelText('Contraseña actual'), { target: { value: 'Demo2026!' } });
    fireEvent.change(form.getByLabelText('Nueva contraseña'), { target: { value: 'corta' } });
    fireEvent.change(form.getByLabelText('Repetir la nueva contraseña'), { target: { value: 'otra' } });
    fireEvent.click(form.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await form.findByText(MSG.passwordMin)).toBeInTheDocument();
    expect(form.getByText(MSG.passwordMismatch)).toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it("a wrong current password: the server's 422 shows under that field; the session is kept", async () => {
    answers['POST /api/v1/auth/me/password'] = () =>
      json(422, {
        message: 'La contraseña actual no es correcta',
        errors: { current_password: ['La contraseña actual no es correcta'] },
      });
    renderAccount();
    const form = await passwordForm();
    fireEvent.change(form.getByLabelText('Contraseña actual'), { target: { value: 'no-es-esta' } });
    fireEvent.change(form.getByLabelText('Nueva contraseña'), { target: { value: 'Nueva-clave-2026' } });
    fireEvent.change(form.getByLabelText('Repetir la nueva contraseña'), { target: { value: 'Nueva-clave-2026' } });
    fireEvent.click(form.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await form.findByText('La contraseña actual no es correcta')).toBeInTheDocument();
    // Said at the field, which takes the focus and is described by the message (issue 31 item 14).
    const current = form.getByLabelText('Contraseña actual');
    await waitFor(() => expect(current).toHaveFocus());
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription(/La contraseña actual no es correcta/);
    expect(localStorage.getItem('token')).toBe(OLD_TOKEN);
  });

  it('a password change sends the three fields and keeps this session with the fresh token', async () => {
    renderAccount();
    const form = await passwordForm();
    fireEvent.change(form.getByLabelText('Contraseña actual'), { target: { value: 'Demo2026!' } });
    fireEvent.change(form.getByLabelText('Nueva contraseña'), { target: { value: 'Nueva-clave-2026' } });
    fireEvent.change(form.getByLabelText('Repetir la nueva contraseña'), { target: { value: 'Nueva-clave-2026' } });
    fireEvent.click(form.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe(NEW_TOKEN));
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: '/api/v1/auth/me/password',
        body: { current_password: 'Demo2026!', password: 'Nueva-clave-2026', re_password: 'Nueva-clave-2026' },
        auth: `Bearer ${OLD_TOKEN}`,
      },
    ]);
    expect(localStorage.getItem('userId')).toBe('u-2');
    expect(JSON.parse(localStorage.getItem('roles') ?? '[]')).toEqual([2]);
    await waitFor(() => expect(form.getByLabelText('Contraseña actual')).toHaveValue(''));
  });

  it('own data: an empty name is "Campo requerido"; a new name is saved and becomes the stored userName', async () => {
    renderAccount();
    const form = within(await screen.findByRole('form', { name: 'Tus datos' }));
    const name = form.getByLabelText('Nombre completo');
    await waitFor(() => expect(name).toHaveValue('Javier Morales Pérez'));
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar cambios' }));
    expect(await form.findByText(MSG.required)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(name, { target: { value: 'Javier Morales' } });
    fireEvent.change(form.getByLabelText('Teléfono'), { target: { value: '+34 699 000 000' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(localStorage.getItem('userName')).toBe('Javier Morales'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { full_name: 'Javier Morales', phone: '+34 699 000 000', address: '' },
    ]);
  });
});

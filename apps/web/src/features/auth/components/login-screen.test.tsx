import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json } from '../../../test/session';
import { LoginScreen, validateLogin } from './login-screen';

function renderLogin(path = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '/users', element: <p>Pantalla de usuarios</p> },
      { path: '/', element: <p>Inicio</p> },
    ],
    path,
  );
}

describe('login screen', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('spec §5 required → "Campo requerido"; e-mail shape → "Por favor, introduce una dirección de correo electrónico válida"', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: MSG.required, password: MSG.required });
    expect(validateLogin({ email: 'ana@teide', password: 'x' })).toEqual({ email: MSG.email });
    expect(validateLogin({ email: 'ana@teide.es', password: 'x' })).toEqual({});
    expect(MSG.required).toBe('Campo requerido');
    expect(MSG.email).toBe('Por favor, introduce una dirección de correo electrónico válida');
  });

  it('spec §5: submitting an empty form shows "Campo requerido" next to both fields and calls nothing', async () => {
    renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findAllByText('Campo requerido')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('spec §8 "Login reply without token shows Invalid credentials" in an alert', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Credenciales incorrectas' }));
    renderLogin();
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'ventas@teideaventura.demo' } });
    fireEvent.change(screen.getByLabelText(/Contraseña/, { selector: 'input' }), { target: { value: 'mala' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    const alert = await screen.findByTestId('login-error');
    expect(alert).toHaveTextContent('Invalid credentials');
  });

  it("a refusal that names a field (422) says it at the field, which takes the focus; the alert keeps the spec's message", async () => {
    fetchMock.mockResolvedValue(
      json(422, {
        code: 'VALIDATION',
        message: 'Hay errores en los datos enviados',
        errors: { email: ['Máximo 254 caracteres'] },
      }),
    );
    renderLogin();
    const email = await screen.findByLabelText(/Email/);
    fireEvent.change(email, { target: { value: `${'a'.repeat(250)}@teide.es` } });
    fireEvent.change(screen.getByLabelText(/Contraseña/, { selector: 'input' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/Máximo 254 caracteres/);
    const alert = screen.getByTestId('login-error');
    expect(alert).toHaveTextContent('An error occurred');
    expect(alert).toHaveTextContent('Revisa los campos marcados.');
  });

  it('spec §8 "Any other login request failure shows An error occurred" (429)', async () => {
    fetchMock.mockResolvedValue(json(429, { message: 'Demasiados intentos' }));
    renderLogin();
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'ventas@teideaventura.demo' } });
    fireEvent.change(screen.getByLabelText(/Contraseña/, { selector: 'input' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('An error occurred');
  });

  it('after login, goes to the page asked for before', async () => {
    fetchMock.mockResolvedValue(
      json(200, { token: 'a.eyJzdWIiOiJ1IiwibGV2ZWwiOjB9.c', user: { id: 'u', name: 'Admin' } }),
    );
    const { router } = renderLogin('/login?redirectTo=%2Fusers%3Flevel%3D4');
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'admin@trayecto.demo' } });
    fireEvent.change(screen.getByLabelText(/Contraseña/, { selector: 'input' }), { target: { value: 'Demo2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(router.state.location.search).toBe('?level=4');
  });
});

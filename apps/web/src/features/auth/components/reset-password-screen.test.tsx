import { fireEvent, screen } from '@testing-library/react';
import { MSG, PASSWORD_RESET_MSG } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { json } from '../../../test/session';
import { ForgotPasswordScreen, validateForgot } from './forgot-password-screen';
import { ResetPasswordScreen, validateReset } from './reset-password-screen';

describe('forgot / reset password screens (issue 14)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('validates like the API: required e-mail, 8 characters, the confirmation', () => {
    expect(validateForgot({ email: '' })).toEqual({ email: MSG.required });
    expect(validateForgot({ email: 'ana@teide' })).toEqual({ email: MSG.email });
    expect(validateReset({ password: 'corta', re_password: 'corta' })).toEqual({ password: MSG.passwordMin });
    expect(validateReset({ password: 'Larga-clave-1', re_password: 'Otra-clave-22' })).toEqual({
      re_password: MSG.passwordMismatch,
    });
    expect(validateReset({ password: 'Larga-clave-1', re_password: 'Larga-clave-1' })).toEqual({});
  });

  it('the e-mail screen shows the API’s answer, whatever the address', async () => {
    fetchMock.mockResolvedValue(json(202, { message: PASSWORD_RESET_MSG.requested }));
    renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordScreen /> }], '/forgot-password');
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'ana@teide.es' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar el enlace' }));
    expect(await screen.findByText(PASSWORD_RESET_MSG.requested)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/\/api\/v1\/auth\/password-reset$/);
    expect(JSON.parse(init.body)).toEqual({ email: 'ana@teide.es' });
  });

  it('a used or expired link says so and offers a new one', async () => {
    fetchMock.mockResolvedValue(json(422, { code: 'RESET_TOKEN_INVALID', message: PASSWORD_RESET_MSG.invalidToken }));
    renderRoutes([{ path: '/reset-password', element: <ResetPasswordScreen /> }], '/reset-password?token=abc');
    fireEvent.change(await screen.findByLabelText(/^Nueva contraseña/), { target: { value: 'Larga-clave-1' } });
    fireEvent.change(screen.getByLabelText(/^Repetir la nueva contraseña/), { target: { value: 'Larga-clave-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));
    expect(await screen.findByText(PASSWORD_RESET_MSG.invalidToken, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({
      token: 'abc',
      password: 'Larga-clave-1',
      re_password: 'Larga-clave-1',
    });
  });

  it('without a token in the link: no form, a way to ask for a new one', async () => {
    renderRoutes([{ path: '/reset-password', element: <ResetPasswordScreen /> }], '/reset-password');
    expect(await screen.findByText('Enlace incompleto')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

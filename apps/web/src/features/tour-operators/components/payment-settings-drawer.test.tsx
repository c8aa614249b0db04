import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_SETTINGS_MSG } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { json, loginAs } from '../../../test/session';
import type { TPaymentSettingsResponse } from '../api/payment-settings-contract';
import { PaymentSettingsDrawer } from './payment-settings-drawer';

const OP = '11111111-2222-4333-8444-555555555555';

const stored: TPaymentSettingsResponse = {
  provider: 'redsys',
  mode: 'test',
  hold_minutes: 15,
  redsys: { merchant_code: '999008881', terminal: '1', bizum: false, secret_key_set: true },
  stripe: null,
  notification_urls: {
    redsys: 'https://trayecto.example/api/v1/payments/redsys/notification',
    stripe: 'https://trayecto.example/api/v1/payments/stripe/webhook',
  },
  updated_at: '2026-11-25T10:00:00Z',
};

describe('"Pagos en línea" of a tour operator (issue 32)', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let putAnswer: (body: unknown) => Response;
  beforeEach(() => {
    loginAs(1);
    putAnswer = () => json(200, stored);
    fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT' ? putAnswer(JSON.parse(String(init.body))) : json(200, stored),
    );
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  const renderDrawer = () =>
    renderRoutes(
      [
        {
          path: '/tour-operator',
          element: <PaymentSettingsDrawer opened operator={{ id: OP, name: 'Teide Aventura' }} onClose={() => {}} />,
        },
      ],
      '/tour-operator',
    );

  it('Redsys: the stored codes, the secret only as «Guardada», the notification URL; a new key is sent', async () => {
    renderDrawer();
    expect(await screen.findByRole('textbox', { name: 'Código de comercio (FUC)' })).toHaveValue('999008881');
    expect(screen.getByRole('radio', { name: 'Redsys' })).toBeChecked();
    expect(screen.getByLabelText('Clave secreta: guardada')).toHaveTextContent('Guardada');
    const secret = screen.getByLabelText('Nueva clave secreta');
    expect(secret).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'URL de notificación de Redsys' })).toHaveValue(
      stored.notification_urls.redsys,
    );
    // Saving without touching the key keeps it (not sent).
    fireEvent.click(screen.getByRole('switch', { name: /Bizum/ }));
    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') as [string, RequestInit];
    expect(put[0]).toBe(`/api/v1/tour-operators/${OP}/payment-settings`);
    expect(JSON.parse(String(put[1].body))).toEqual({
      provider: 'redsys',
      mode: 'test',
      hold_minutes: 15,
      redsys: { merchant_code: '999008881', terminal: '1', bizum: true },
    });
  });

  it('Stripe without keys stored: both asked for; a 422 naming a field lands on it', async () => {
    putAnswer = () =>
      json(422, {
        code: 'VALIDATION',
        message: 'Hay errores en los datos enviados',
        errors: { 'stripe.secret_key': ['Stripe no acepta esta clave'] },
      });
    renderDrawer();
    await screen.findByRole('textbox', { name: 'Código de comercio (FUC)' });
    fireEvent.click(screen.getByRole('radio', { name: 'Stripe' }));
    expect(await screen.findByRole('textbox', { name: 'URL del webhook de Stripe' })).toHaveValue(
      stored.notification_urls.stripe,
    );
    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    expect(await screen.findByText(PAYMENT_SETTINGS_MSG.webhookSecretMissing)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText('Clave secreta'), { target: { value: 'sk_test_51abcdefgh' } });
    fireEvent.change(screen.getByLabelText('Secreto del webhook'), { target: { value: 'whsec_xyz12345' } });
    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    expect(await screen.findByText('Stripe no acepta esta clave')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') as [string, RequestInit];
    expect(JSON.parse(String(put[1].body))).toEqual({
      provider: 'stripe',
      mode: 'test',
      hold_minutes: 15,
      stripe: { secret_key: 'sk_test_51abcdefgh', webhook_secret: 'whsec_xyz12345' },
    });
    const group = screen.getByRole('radiogroup', { name: 'Proveedor de pago' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TBookingResponse, TPaymentResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { json, loginAs } from '../../../test/session';
import { PaymentsPanel } from './payments-panel';

const BOOKING = 'b0000000-0000-4000-8000-000000000001';

/** A web booking with a deposit: 40 € paid by Redsys, 10 € collected by the guide, 50 € pending. */
const booking = (over: Partial<TBookingResponse> = {}) =>
  ({
    id: BOOKING,
    locator: 'TRY-PAY001',
    timezone: 'Atlantic/Canary',
    state: 'confirmed',
    payment_state: 'partial',
    currency: 'EUR',
    total_cents: 10_000,
    paid_cents: 5000,
    refunded_cents: 0,
    pending_cents: 5000,
    customer_email: 'ana@example.com',
    customer_phone: '+34 600 000 000',
    hold_expires_at: null,
    due_now_cents: 0,
    payment_mode: 'deposit',
    online_payments_enabled: true,
    payment_links: [],
    ...over,
  }) as unknown as TBookingResponse;

const payment = (over: Partial<TPaymentResponse>): TPaymentResponse => ({
  id: 'p1',
  booking_id: BOOKING,
  kind: 'payment',
  amount_cents: 4000,
  method: 'online',
  paid_at: '2026-11-25T10:00:00Z',
  reference: '',
  notes: '',
  recorded_by: null,
  provider: 'redsys',
  provider_ref: '1234AbCdEfGh',
  pay_method: 'card',
  reason: '',
  collected_at_check_in: false,
  created_at: '2026-11-25T10:00:00Z',
  ...over,
});

const PAYMENTS = [
  payment({}),
  payment({
    id: 'p2',
    amount_cents: 1000,
    method: 'cash',
    provider: null,
    provider_ref: null,
    pay_method: null,
    collected_at_check_in: true,
    recorded_by: { id: 'u-5', full_name: 'Marta Guía' },
    paid_at: '2026-11-26T08:00:00Z',
  }),
];

describe('booking screen: online payments (issue 32)', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    loginAs(1);
    fetchMock = vi.fn(async (url: string) => (url.endsWith('/payments') ? json(200, PAYMENTS) : json(200, booking())));
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  const renderPanel = (b = booking()) =>
    renderRoutes([{ path: '/', element: <PaymentsPanel booking={b} canPay canRefund /> }], '/');

  it('the hold, what is due now, the provider and the crew’s cash', async () => {
    const holdUntil = new Date(Date.now() + 10 * 60_000);
    renderPanel(
      booking({
        state: 'pending',
        hold_expires_at: holdUntil.toISOString(),
        due_now_cents: 3000,
        payment_links: [
          {
            id: 'l1',
            amount_cents: 5000,
            channel: 'email',
            expires_at: new Date(Date.now() + 86_400_000).toISOString(),
            paid_at: null,
            created_at: new Date().toISOString(),
          },
        ],
      }),
    );
    const time = new Intl.DateTimeFormat('es-ES', {
      timeZone: 'Atlantic/Canary',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(holdUntil);
    expect(await screen.findByText(`Plazas retenidas hasta las ${time}`)).toBeInTheDocument();
    expect(screen.getByTestId('due-now')).toHaveTextContent(
      'Señal en línea y resto el día o por enlace · a pagar ahora en línea 30,00 €',
    );
    const table = await screen.findByRole('table', { name: 'Cobros registrados' });
    expect(within(table).getByText('Redsys')).toBeInTheDocument();
    expect(within(table).getByText('Cobrado en el embarque por Marta Guía')).toBeInTheDocument();
    // Redsys' payment was recorded by its notification: the system, as the booking's history says.
    expect(within(table).getByText('Sistema · Pago en línea')).toBeInTheDocument();
    const links = screen.getByRole('region', { name: 'Enlaces de pago' });
    expect(within(links).getByText('Activo')).toBeInTheDocument();
  });

  it('"Reembolsar": up to what Redsys was paid, a reason required, one Idempotency-Key per opening', async () => {
    const refundCalls: RequestInit[] = [];
    let failNext = true;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/refunds')) {
        refundCalls.push(init as RequestInit);
        if (failNext) {
          failNext = false;
          throw new TypeError('Failed to fetch');
        }
        return json(201, {
          ...payment({ id: 'r1', kind: 'refund', amount_cents: 2500, reason: 'Mal tiempo' }),
          provider_status: 'succeeded',
        });
      }
      return url.endsWith('/payments') ? json(200, PAYMENTS) : json(200, booking());
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Reembolsar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reembolsar pago en línea' });
    const amount = within(dialog).getByRole('textbox', { name: 'Importe' });
    expect(amount).toHaveValue('40,00 €');

    // Above what Redsys took, and no reason: refused here, nothing sent.
    fireEvent.change(amount, { target: { value: '45' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(await within(dialog).findByText('No puede superar lo cobrado por Redsys (40,00 €)')).toBeInTheDocument();
    expect(within(dialog).getByText('Indica el motivo')).toBeInTheDocument();
    expect(refundCalls).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '25' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Motivo' }), { target: { value: 'Mal tiempo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    // The connection dropped: said so, and the retry carries the same key (refunded once at most).
    expect(await within(dialog).findByText(/no se reembolsará dos veces/)).toBeInTheDocument();
    const paymentReads = () =>
      fetchMock.mock.calls.filter(([u, i]) => String(u).endsWith('/payments') && (i?.method ?? 'GET') === 'GET').length;
    const readsBefore = paymentReads();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reembolsar pago en línea' })).toBeNull());
    // The booking's payments are read again (the refund is listed, the payment state follows).
    await waitFor(() => expect(paymentReads()).toBeGreaterThan(readsBefore));
    expect(refundCalls).toHaveLength(2);
    const keyOf = (c: RequestInit | undefined) => new Headers(c?.headers).get('Idempotency-Key');
    const headers = refundCalls.map(keyOf);
    expect(headers[0]).toMatch(/.{16,}/);
    expect(headers[1]).toBe(headers[0]);
    // By default the customer no longer owes what goes back: the total drops by it.
    expect(JSON.parse(String(refundCalls[1]?.body))).toEqual({
      amount_cents: 2500,
      reason: 'Mal tiempo',
      payment_id: 'p1',
      reduce_total: true,
    });

    // Opening it again is a new refund: a new key. Unticked, it corrects a payment (owed again).
    fireEvent.click(screen.getByRole('button', { name: 'Reembolsar' }));
    const again = await screen.findByRole('dialog', { name: 'Reembolsar pago en línea' });
    const owes = within(again).getByRole('checkbox', { name: /ya no lo debe/ });
    expect(owes).toBeChecked();
    fireEvent.click(owes);
    fireEvent.change(within(again).getByRole('textbox', { name: 'Motivo' }), { target: { value: 'Otra' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Reembolsar' }));
    await waitFor(() => expect(refundCalls).toHaveLength(3));
    expect(keyOf(refundCalls[2])).not.toBe(headers[0]);
    expect(JSON.parse(String(refundCalls[2]?.body))).not.toHaveProperty('reduce_total');
  });

  it('"Enviar enlace de pago": the pending amount by default, only to copy; the link shown', async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/payment-links') && init?.method === 'POST') {
        return json(201, {
          id: 'l9',
          url: `/public/booking/${BOOKING}`,
          amount_cents: 5000,
          expires_at: '2026-11-28T10:00:00Z',
          channel: 'none',
          message_id: null,
          whatsapp_url: null,
        });
      }
      return url.endsWith('/payments') ? json(200, PAYMENTS) : json(200, booking());
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar enlace de pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar enlace de pago' });
    expect(within(dialog).getByRole('textbox', { name: 'Importe' })).toHaveValue('50,00 €');
    expect(within(dialog).getByRole('radio', { name: /Correo electrónico/ })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Solo copiar el enlace/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));
    const link = await within(dialog).findByRole('textbox', { name: 'Enlace de pago' });
    // The server's link, as answered (its origin is whatever jsdom's was when the answer was made:
    // files share their worker, ADR 021).
    expect((link as HTMLInputElement).value.endsWith(`/public/booking/${BOOKING}`)).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Copiar enlace de pago' })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([u, i]) => String(u).endsWith('/payment-links') && i?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ channel: 'none', expires_in_hours: 72 });
  });

  it('no provider: no link button, and where to set one up', async () => {
    renderPanel(booking({ online_payments_enabled: false }));
    expect(await screen.findByText(/necesita un proveedor/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar enlace de pago' })).toBeNull();
  });
});

import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TBookingResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { CancelBookingModal } from './cancel-booking-modal';
import { PaymentModal } from './payment-modal';

configure({ asyncUtilTimeout: 10_000 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const renderAt = (element: React.ReactNode) => renderRoutes([{ path: '/', element }], '/');

/**
 * A refusal that names a field says it at the field (issue 31 item 14): the API's 422 `errors`
 * mapped onto the dialog's field, which is marked invalid, described by the message and focused.
 */
describe("the booking's dialogs when the API refuses a field", () => {
  let answer: () => Response;
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer()),
    );
    setUnauthorizedHandler(() => {});
    localStorage.setItem('token', 'abc.def.ghi');
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  it('"Registrar reembolso": more than was paid (paid changed meanwhile) → at «Importe», focused', async () => {
    answer = () =>
      json(422, {
        code: 'VALIDATION',
        message: 'El reembolso supera lo cobrado (20,00 €)',
        errors: { amount_cents: ['El reembolso supera lo cobrado (20,00 €)'] },
      });
    renderAt(
      <PaymentModal
        bookingId="b1"
        kind="refund"
        opened
        onClose={() => {}}
        pendingCents={0}
        paidCents={5000}
        currency="EUR"
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Registrar reembolso' });
    const submit = within(dialog).getByRole('button', { name: 'Registrar reembolso' });
    // The pointer's press leaves the focus on the button (the field had it when the dialog opened).
    submit.focus();
    fireEvent.click(submit);
    const amount = within(dialog).getByRole('textbox', { name: /Importe/ });
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('El reembolso supera lo cobrado (20,00 €)');
    // Said once, at the field: no alert above repeats it.
    expect(
      within(dialog).queryByText('El reembolso supera lo cobrado (20,00 €)', { selector: '.mantine-Alert-message *' }),
    ).toBeNull();
  });

  it('"Registrar cobro": its own rule refusing the amount (none) → at «Importe», focused, nothing sent', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt(
      <PaymentModal
        bookingId="b1"
        kind="payment"
        opened
        onClose={() => {}}
        pendingCents={0}
        paidCents={0}
        currency="EUR"
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Registrar cobro' });
    const submit = within(dialog).getByRole('button', { name: 'Registrar cobro' });
    submit.focus();
    fireEvent.click(submit);
    const amount = within(dialog).getByRole('textbox', { name: /Importe/ });
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAccessibleDescription('Indica el importe');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('"Cancelar reserva": the API refusing the reason → at «Motivo», focused', async () => {
    answer = () =>
      json(422, {
        code: 'VALIDATION',
        message: 'Hay errores en los datos enviados',
        errors: { reason: ['Máximo 500 caracteres'] },
      });
    const booking = {
      id: 'b1',
      locator: 'TRY-7K2QF9',
      customer_name: 'Hans Müller',
      product: { id: 'p1', code: 'TEI', name: 'Subida al Teide' },
      date: '2099-11-26',
      time: '09:00',
      seats: 2,
      paid_cents: 0,
      refunded_cents: 0,
      total_cents: 9800,
      currency: 'EUR',
      payments: [],
    } as unknown as TBookingResponse;
    renderAt(<CancelBookingModal booking={booking} opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar reserva' });
    const reason = within(dialog).getByRole('textbox', { name: /Motivo/ });
    fireEvent.change(reason, { target: { value: 'El cliente se ha puesto enfermo' } });
    const submit = within(dialog).getByRole('button', { name: 'Cancelar reserva' });
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/Máximo 500 caracteres/);
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { PaymentModal } from './payment-modal';

const renderModal = (kind: 'payment' | 'refund', pendingCents: number, paidCents: number) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <PaymentModal
            bookingId="b1"
            kind={kind}
            opened
            onClose={() => {}}
            pendingCents={pendingCents}
            paidCents={paidCents}
            currency="EUR"
          />
        ),
      },
    ],
    '/',
  );

describe('payment dialog amounts (STYLE.md "1.234,50 €")', () => {
  it('the suggested amount shows two decimals: "50,00 €", not "50 €"', async () => {
    renderModal('payment', 5000, 0);
    expect(await screen.findByLabelText(/Importe/)).toHaveValue('50,00 €');
    expect(screen.getByText('Pendiente de cobro: 50,00 €.')).toBeInTheDocument();
  });

  it('a refund of 1.234,5 € reads "1.234,50 €"', async () => {
    renderModal('refund', 0, 123450);
    expect(await screen.findByLabelText(/Importe/)).toHaveValue('1.234,50 €');
  });
});

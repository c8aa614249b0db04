import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TInvoiceResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDictionary } from '../i18n';
import de from '../i18n/dict/de';
import es from '../i18n/dict/es';
import { getInvoices, requestInvoice } from '../lib/api';
import { InvoicePanel } from './invoice-panel';
import { publicBooking } from './test-booking';

vi.mock('../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/api')>()),
  getInvoices: vi.fn(),
  requestInvoice: vi.fn(),
}));

const ID = '7d0f7c1e-8a55-4f7e-9d8e-0c3b1a2b3c4d';
const invoice = (over: Partial<TInvoiceResponse>): TInvoiceResponse =>
  ({
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    booking_id: ID,
    code: 'F2026-000042',
    type: 'F2',
    issue_date: '2026-11-26',
    total_cents: 9800,
    currency: 'EUR',
    ...over,
  }) as TInvoiceResponse;
const simplified = invoice({});
const full = invoice({ id: 'a1b2c3d4-0000-4000-8000-000000000002', code: 'F2026-000043', type: 'F3' });

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  setDictionary('es', es);
  vi.mocked(getInvoices).mockReset();
  vi.mocked(requestInvoice).mockReset();
});

describe('«Factura» on the customer’s booking page (issue 34)', () => {
  it('shows nothing while the booking is not paid', () => {
    render(<InvoicePanel booking={publicBooking({ payment_state: 'partial' })} />);
    expect(screen.queryByTestId('invoice-panel')).toBeNull();
    expect(getInvoices).not.toHaveBeenCalled();
  });

  it('a paid booking: «Descargar factura» issues the simplified invoice and opens its PDF', async () => {
    vi.mocked(getInvoices).mockResolvedValue([]);
    vi.mocked(requestInvoice).mockResolvedValue(simplified);
    render(<InvoicePanel booking={publicBooking({ payment_state: 'paid' })} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar factura' }));
    await waitFor(() => expect(requestInvoice).toHaveBeenCalledWith(ID, {}));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`/api/v1/public/bookings/${ID}/invoices/${simplified.id}/pdf`),
    );
    const link = await screen.findByRole('link', { name: /Factura simplificada F2026-000042/ });
    expect(link).toHaveAttribute('href', `/api/v1/public/bookings/${ID}/invoices/${simplified.id}/pdf`);
    expect(link).toHaveAttribute('download', 'F2026-000042.pdf');
    expect(screen.queryByRole('button', { name: 'Descargar factura' })).toBeNull();
  });

  it('in German: «vollständige Rechnung» with the customer’s tax data, checked before it is sent', async () => {
    setDictionary('de', de);
    vi.mocked(getInvoices).mockResolvedValue([simplified]);
    vi.mocked(requestInvoice).mockResolvedValue(full);
    render(<InvoicePanel booking={publicBooking({ payment_state: 'paid', customer_country: 'DE' })} />);
    expect(await screen.findByRole('link', { name: /Vereinfachte Rechnung F2026-000042/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ich brauche eine vollständige Rechnung' }));
    const form = screen.getByRole('form', { name: 'Ich brauche eine vollständige Rechnung' });
    fireEvent.input(within(form).getByLabelText(/Name oder Firma/), { target: { value: '' } });
    fireEvent.input(within(form).getByLabelText(/Steuernummer/), { target: { value: 'DE12' } });
    // A name, an address and a country are required; the tax id must have its country's shape.
    fireEvent.click(within(form).getByRole('button', { name: 'Vollständige Rechnung ausstellen' }));
    expect(await within(form).findAllByText('Für eine vollständige Rechnung erforderlich.')).toHaveLength(2);
    expect(within(form).getByText(/Bitte prüfen Sie die Nummer/)).toBeInTheDocument();
    expect(requestInvoice).not.toHaveBeenCalled();

    fireEvent.input(within(form).getByLabelText(/Name oder Firma/), { target: { value: 'Müller GmbH' } });
    fireEvent.input(within(form).getByLabelText(/Steuernummer/), { target: { value: 'DE123456789' } });
    fireEvent.input(within(form).getByLabelText(/Adresse/), { target: { value: 'Hauptstraße 1' } });
    fireEvent.input(within(form).getByLabelText(/Ort/), { target: { value: 'Berlin' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Vollständige Rechnung ausstellen' }));
    await waitFor(() =>
      expect(requestInvoice).toHaveBeenCalledWith(ID, {
        kind: 'full',
        customer: {
          name: 'Müller GmbH',
          tax_id: 'DE123456789',
          address: 'Hauptstraße 1',
          postcode: '',
          city: 'Berlin',
          country: 'DE',
        },
      }),
    );
    expect(
      await screen.findByText('Ihre Rechnung F2026-000043 kann jetzt heruntergeladen werden.'),
    ).toBeInTheDocument();
    // The full invoice replaces the simplified one: only it is offered.
    expect(screen.getByRole('link', { name: /Vollständige Rechnung F2026-000043/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Vereinfachte Rechnung/ })).toBeNull();
  });
});

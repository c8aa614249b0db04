import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { json, loginAs } from '../../../test/session';
import { BookingInvoicesSection, type TInvoicedBooking } from './booking-invoices-section';
import { BOOKING_ID, invoiceFixture } from './invoice-fixtures';

const paid: TInvoicedBooking = {
  id: BOOKING_ID,
  customer_name: 'Ana Pérez',
  payment_state: 'paid',
  state: 'confirmed',
};
const f2 = invoiceFixture();
const f3 = invoiceFixture({
  id: '66666666-2222-4333-8444-555555555555',
  code: 'F2026-000043',
  type: 'F3',
  type_name: 'Factura completa (sustituye a la simplificada)',
  customer: { name: 'Viajes Atlántico S.L.', tax_id: 'B12345674', address: 'Calle del Castillo 12', country: 'ES' },
});

describe('«Facturas» of a booking (issue 34)', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let invoices: unknown[];
  beforeEach(() => {
    invoices = [];
    fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { kind: string };
        const issued = body.kind === 'full' ? f3 : f2;
        invoices = [...invoices, issued];
        return json(201, issued);
      }
      return json(200, invoices);
    });
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  const posts = () => fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST') as [string, RequestInit][];
  const renderSection = (booking: TInvoicedBooking = paid) =>
    renderRoutes(
      [{ path: '/booking/edit/:id', element: <BookingInvoicesSection booking={booking} /> }],
      `/booking/edit/${booking.id}`,
    );

  it('is not there for a seller (level 2): invoices are levels 0, 1 and 3', () => {
    loginAs(2);
    renderSection();
    expect(screen.queryByRole('heading', { name: 'Facturas' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an unpaid booking has nothing to invoice yet', async () => {
    loginAs(3);
    renderSection({ ...paid, payment_state: 'partial' });
    expect(await screen.findByText('Se factura cuando la reserva esté pagada por completo.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Emitir/ })).toBeNull();
  });

  it('issues the simplified invoice of a paid booking and lists it with its PDF', async () => {
    loginAs(1);
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Emitir factura simplificada' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0] ?? [];
    expect(url).toMatch(new RegExp(`/bookings/${BOOKING_ID}/invoices$`));
    expect(JSON.parse(String(init?.body))).toEqual({ kind: 'simplified' });
    const row = await screen.findByTestId('booking-invoice');
    expect(row).toHaveTextContent('F2026-000042');
    expect(row).toHaveTextContent('Simplificada');
    expect(within(row).getByRole('link', { name: 'F2026-000042' })).toHaveAttribute(
      'href',
      `/invoices?invoice=${f2.id}`,
    );
    expect(within(row).getByRole('button', { name: 'Descargar PDF de la factura F2026-000042' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Emitir factura simplificada' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Emitir factura completa' })).toBeInTheDocument();
  });

  it('«Emitir factura completa»: the shared validators refuse a wrong NIF; a right one issues it', async () => {
    loginAs(1);
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Emitir factura completa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emitir factura completa' });
    expect(within(dialog).getByRole('textbox', { name: /Nombre o razón social/ })).toHaveValue('Ana Pérez');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nombre o razón social/ }), {
      target: { value: 'Viajes Atlántico S.L.' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /NIF/ }), { target: { value: 'B12345670' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir factura' }));
    expect(await within(dialog).findByText(/letra o el dígito de control no corresponde/)).toBeInTheDocument();
    expect(within(dialog).getByText('Campo requerido')).toBeInTheDocument(); // the address
    expect(posts()).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /NIF/ }), { target: { value: 'B12345674' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Dirección/ }), {
      target: { value: 'Calle del Castillo 12' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Código postal/ }), { target: { value: '38002' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir factura' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]?.[1].body))).toEqual({
      kind: 'full',
      customer: {
        name: 'Viajes Atlántico S.L.',
        tax_id: 'B12345674',
        address: 'Calle del Castillo 12',
        postcode: '38002',
        city: '',
        country: 'ES',
      },
    });
    expect(await screen.findByText('F2026-000043')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Emitir factura completa' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Emitir factura simplificada' })).toBeNull();
  });
});

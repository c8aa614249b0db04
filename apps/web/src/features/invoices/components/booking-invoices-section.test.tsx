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
    const simplified = await screen.findByRole('button', { name: 'Emitir factura simplificada' });
    simplified.focus();
    fireEvent.click(simplified);
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
    // The button pressed is gone: the focus is on the new invoice's number, not lost to <body>.
    await waitFor(() => expect(within(row).getByRole('link', { name: 'F2026-000042' })).toHaveFocus());
  });

  it('the buttons spin while busy but stay enabled and focused (a second press does nothing)', async () => {
    loginAs(1);
    invoices = [f2];
    const answers: ((r: Response) => void)[] = [];
    fetchMock.mockImplementation((url: string, init?: RequestInit) =>
      init?.method === 'POST' || String(url).endsWith('/pdf')
        ? new Promise<Response>((resolve) => answers.push(resolve))
        : Promise.resolve(json(200, invoices)),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderSection({ ...paid });
    // The F2 is there: «Emitir factura completa» only. Its PDF first.
    const pdf = await screen.findByRole('button', { name: 'Descargar PDF de la factura F2026-000042' });
    pdf.focus();
    fireEvent.click(pdf);
    await waitFor(() => expect(pdf).toHaveAttribute('aria-busy', 'true'));
    expect(pdf).toBeEnabled();
    expect(pdf).toHaveFocus();
    fireEvent.click(pdf);
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/pdf'))).toHaveLength(1);
    answers.shift()?.(new Response(new Blob(['%PDF-1.7']), { status: 200 }));
    await waitFor(() => expect(pdf).not.toHaveAttribute('aria-busy'));
    expect(pdf).toHaveFocus();
  });

  it('«Emitir factura simplificada» spins without losing the focus while it is issued', async () => {
    loginAs(1);
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation((_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(json(200, invoices)),
    );
    renderSection();
    const simplified = await screen.findByRole('button', { name: 'Emitir factura simplificada' });
    simplified.focus();
    fireEvent.click(simplified);
    await waitFor(() => expect(simplified).toHaveAttribute('aria-busy', 'true'));
    expect(simplified).toBeEnabled();
    expect(simplified).toHaveFocus();
    fireEvent.click(simplified);
    expect(posts()).toHaveLength(1);
    invoices = [f2];
    answer(json(201, f2));
    const row = await screen.findByTestId('booking-invoice');
    await waitFor(() => expect(within(row).getByRole('link', { name: 'F2026-000042' })).toHaveFocus());
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
    // The focus on the first field in error.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /NIF/ })).toHaveFocus());

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
    // Its button is gone: the focus is on the new invoice's number.
    await waitFor(() => expect(screen.getByRole('link', { name: 'F2026-000043' })).toHaveFocus());
  });
});

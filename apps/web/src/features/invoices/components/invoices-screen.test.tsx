import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { json, loginAs } from '../../../test/session';
import { F2_ID, invoiceFixture, R5_ID, recordFixture } from './invoice-fixtures';
import { InvoicesScreen } from './invoices-screen';

const f2 = invoiceFixture();
const r5 = invoiceFixture({
  id: R5_ID,
  series: 'R2026',
  number: 3,
  code: 'R2026-000003',
  type: 'R5',
  type_name: 'Factura rectificativa (simplificada)',
  corrects: { id: F2_ID, code: 'F2026-000042', type: 'F2', issue_date: '2026-11-26', total_cents: 10700 },
  correctable_cents: 0,
  reason: 'Cancelación por mal tiempo',
  base_cents: -5000,
  tax_cents: -350,
  total_cents: -5350,
  record: { ...invoiceFixture().record!, id: 'r', seq: 8, state: 'sent' },
});

describe('«Facturas» (issue 34)', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  /** The API's usual answers (a test may hold some back). */
  const answerOf = async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://x').pathname;
    if (init?.method === 'POST') return json(201, r5);
    if (path.endsWith('/record')) return json(200, recordFixture());
    if (path.endsWith(`/invoices/${F2_ID}`)) return json(200, f2);
    if (path.endsWith(`/invoices/${R5_ID}`)) return json(200, r5);
    if (path.endsWith('/invoices')) {
      return new Response(JSON.stringify([r5, f2]), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '2' },
      });
    }
    return json(200, []);
  };
  beforeEach(() => {
    loginAs(1);
    fetchMock = vi.fn(answerOf);
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  const renderScreen = (path = '/invoices') => renderRoutes([{ path: '/invoices', element: <InvoicesScreen /> }], path);
  const posts = () => fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST') as [string, RequestInit][];

  it('lists the invoices with number, date, type, customer, amounts and the VERI*FACTU state', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Facturas' });
    const row = await within(table).findByRole('row', { name: /F2026-000042/ });
    expect(row).toHaveTextContent('26/11/2026');
    expect(row).toHaveTextContent('Simplificada');
    expect(row).toHaveTextContent('Jürgen Groß');
    expect(row).toHaveTextContent('100,00 €');
    expect(row).toHaveTextContent('107,00 €');
    expect(row).toHaveTextContent('Pendiente de envío');
    const corrective = within(table).getByRole('row', { name: /R2026-000003/ });
    expect(corrective).toHaveTextContent('Rectificativa');
    expect(corrective).toHaveTextContent('-53,50 €');
    expect(corrective).toHaveTextContent('Enviado');
  });

  it('sends the year, series and type filters as the API reads them', async () => {
    renderScreen('/invoices?year=2026&series=R2026&type=R5');
    await screen.findByRole('table', { name: 'Facturas' });
    const listUrl = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => /\/invoices\?/.test(u));
    expect(listUrl).toMatch(/series=R2026/);
    expect(listUrl).toMatch(/year=2026/);
    expect(listUrl).toMatch(/type=R5/);
  });

  it('opens an invoice in a drawer: lines, taxes, total, the record with its fingerprints, and rectifies it', async () => {
    renderScreen(`/invoices?invoice=${F2_ID}`);
    const drawer = await screen.findByRole('dialog', { name: /Factura F2026-000042/ });
    expect(await within(drawer).findByRole('table', { name: 'Líneas de la factura' })).toHaveTextContent(
      'Excursión al Teide · Adulto',
    );
    expect(within(drawer).getByRole('table', { name: 'Desglose de impuestos' })).toHaveTextContent('IGIC 7 %');
    expect(within(drawer).getByTestId('invoice-total')).toHaveTextContent('107,00 €');
    expect(await within(drawer).findByLabelText('Huella')).toHaveValue('A'.repeat(64));
    expect(within(drawer).getByLabelText('Huella anterior')).toHaveValue('B'.repeat(64));
    expect(within(drawer).getByText('F2026-000041')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /Copiar huella$/ })).toBeInTheDocument();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Rectificar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rectificar la factura F2026-000042' });
    const amount = within(dialog).getByRole('textbox', { name: /Importe/ });
    expect(amount).toHaveValue('107,00 €');
    // No reason: refused here with the shared contract's message, nothing sent; the focus on the reason.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir rectificativa' }));
    expect(await within(dialog).findByText('Campo requerido')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Motivo/ })).toHaveFocus());
    // More than what is left to correct: refused too.
    fireEvent.change(amount, { target: { value: '200' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'Cancelación por mal tiempo' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir rectificativa' }));
    expect(await within(dialog).findByText(/supera lo que queda por rectificar/)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '53,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir rectificativa' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0] ?? [];
    expect(url).toMatch(new RegExp(`/invoices/${F2_ID}/corrections$`));
    expect(JSON.parse(String(init?.body))).toEqual({ amount_cents: 5350, reason: 'Cancelación por mal tiempo' });
    // The new corrective invoice opens in the drawer, the focus on its title (the button pressed is gone).
    const corrective = await screen.findByRole('dialog', { name: /Factura R2026-000003/ });
    await waitFor(() => expect(within(corrective).getByText('Factura R2026-000003')).toHaveFocus());
    expect(screen.queryByRole('dialog', { name: /Rectificar la factura/ })).toBeNull();
  });

  it('Escape in «Rectificar» closes that dialog only; the focus goes back to its button', async () => {
    const { router } = renderScreen(`/invoices?invoice=${F2_ID}`);
    const drawer = await screen.findByRole('dialog', { name: /Factura F2026-000042/ });
    const rectify = await within(drawer).findByRole('button', { name: 'Rectificar' });
    rectify.focus();
    fireEvent.click(rectify);
    const dialog = await screen.findByRole('dialog', { name: 'Rectificar la factura F2026-000042' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), { target: { value: 'Devolución' } });
    fireEvent.keyDown(within(dialog).getByRole('textbox', { name: /Motivo/ }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Rectificar la factura/ })).toBeNull());
    await waitFor(() => expect(rectify).toHaveFocus());
    // The drawer stayed open (closing it takes `?invoice=` off the URL).
    expect(router.state.location.search).toBe(`?invoice=${F2_ID}`);
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.getByRole('dialog', { name: /Factura F2026-000042/ })).toBeInTheDocument();
    expect(rectify).toHaveFocus();
    expect(posts()).toHaveLength(0);
    // A second Escape, now in the drawer, closes it.
    fireEvent.keyDown(rectify, { key: 'Escape' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Factura F2026-000042/ })).toBeNull());
  });

  it('«Emitir rectificativa» refused by the API: the button stays enabled and keeps the focus', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation((url: string, init?: RequestInit) =>
      init?.method === 'POST' ? new Promise<Response>((resolve) => (answer = resolve)) : answerOf(url, init),
    );
    renderScreen(`/invoices?invoice=${F2_ID}`);
    const drawer = await screen.findByRole('dialog', { name: /Factura F2026-000042/ });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Rectificar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rectificar la factura F2026-000042' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), { target: { value: 'Devolución' } });
    const submit = within(dialog).getByRole('button', { name: 'Emitir rectificativa' });
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    expect(submit).toBeEnabled();
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(submit).toHaveFocus();
    // A second press while it is sent sends nothing.
    fireEvent.click(submit);
    expect(posts()).toHaveLength(1);
    answer(json(409, { code: 'CONFLICT', message: 'La factura ya está rectificada por completo' }));
    expect(await within(dialog).findByText('La factura ya está rectificada por completo')).toBeInTheDocument();
    expect(submit).not.toHaveAttribute('aria-busy');
    expect(submit).toHaveFocus();
    // Refused naming a field: the focus goes to that field, beside its message.
    fireEvent.click(submit);
    await waitFor(() => expect(posts()).toHaveLength(2));
    answer(json(422, { code: 'VALIDATION', message: 'Revisa los campos', errors: { amount_cents: ['Demasiado'] } }));
    expect(await within(dialog).findByText('Demasiado')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Importe/ })).toHaveFocus());
  });

  it('«Descargar PDF» by keyboard: the button spins but stays enabled and focused; a second press is ignored', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation((url: string, init?: RequestInit) =>
      String(url).endsWith('/pdf') ? new Promise<Response>((resolve) => (answer = resolve)) : answerOf(url, init),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen(`/invoices?invoice=${F2_ID}`);
    const drawer = await screen.findByRole('dialog', { name: /Factura F2026-000042/ });
    const pdf = await within(drawer).findByRole('button', { name: 'Descargar PDF' });
    pdf.focus();
    fireEvent.click(pdf);
    await waitFor(() => expect(pdf).toHaveAttribute('aria-busy', 'true'));
    expect(pdf).toBeEnabled();
    expect(pdf).toHaveFocus();
    fireEvent.click(pdf);
    const pdfCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).endsWith(`/invoices/${F2_ID}/pdf`));
    expect(pdfCalls()).toHaveLength(1);
    answer(
      new Response(new Blob(['%PDF-1.7']), {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="F2026-000042.pdf"',
        },
      }),
    );
    await waitFor(() => expect(pdf).not.toHaveAttribute('aria-busy'));
    expect(saved).toHaveBeenCalledTimes(1);
    expect(pdf).toHaveFocus();
  });

  it('«Reenviar a la AEAT» a rejected record: queued through the API, the drawer shows it pending again', async () => {
    const reason = '1100: Valor o tipo incorrecto del campo: NIF';
    let state: 'rejected' | 'pending' = 'rejected';
    const summary = () => ({
      ...invoiceFixture().record!,
      state,
      attempts: 1,
      last_error: state === 'rejected' ? reason : '',
    });
    const record = () => recordFixture({ state, attempts: 1, last_error: state === 'rejected' ? reason : '' });
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      if (init?.method === 'POST' && path.endsWith(`/invoices/${F2_ID}/record/resend`)) {
        state = 'pending';
        return json(202, record());
      }
      if (path.endsWith('/record')) return json(200, record());
      if (path.endsWith(`/invoices/${F2_ID}`)) return json(200, invoiceFixture({ record: summary() }));
      return json(200, []);
    });
    renderScreen(`/invoices?invoice=${F2_ID}`);
    const drawer = await screen.findByRole('dialog', { name: /Factura F2026-000042/ });
    expect(await within(drawer).findByText(reason)).toBeInTheDocument();
    expect(within(drawer).getByTestId('record-state')).toHaveTextContent('Rechazado');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Reenviar a la AEAT' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0] ?? [];
    expect(url).toMatch(new RegExp(`/api/v1/invoices/${F2_ID}/record/resend$`));
    expect(init?.body).toBeUndefined();
    // The state changes where the office looks: the record's section and the drawer's header.
    await waitFor(() => expect(within(drawer).getByTestId('record-state')).toHaveTextContent('Pendiente de envío'));
    expect(within(drawer).queryByText(reason)).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Reenviar a la AEAT' })).toBeNull();
    await waitFor(() => expect(within(drawer).queryByText('Rechazado')).toBeNull());
  });

  it('an accepted record has nothing to send again', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      if (path.endsWith('/record')) return json(200, recordFixture({ state: 'sent', aeat_csv: 'A-1' }));
      if (path.endsWith(`/invoices/${F2_ID}`)) {
        return json(200, invoiceFixture({ record: { ...invoiceFixture().record!, state: 'sent' } }));
      }
      return json(200, []);
    });
    renderScreen(`/invoices?invoice=${F2_ID}`);
    const drawer = await screen.findByRole('dialog', { name: /Factura F2026-000042/ });
    await waitFor(() => expect(within(drawer).getByTestId('record-state')).toHaveTextContent('Enviado'));
    expect(within(drawer).queryByRole('button', { name: 'Reenviar a la AEAT' })).toBeNull();
  });

  it('a corrective invoice names the one it corrects and has nothing to rectify', async () => {
    renderScreen(`/invoices?invoice=${R5_ID}`);
    const drawer = await screen.findByRole('dialog', { name: /Factura R2026-000003/ });
    const related = await within(drawer).findByTestId('invoice-related');
    expect(related).toHaveTextContent('Rectifica la factura');
    expect(related).toHaveTextContent('Motivo: Cancelación por mal tiempo');
    expect(within(drawer).queryByRole('button', { name: 'Rectificar' })).toBeNull();
    fireEvent.click(within(related).getByRole('button', { name: 'F2026-000042' }));
    expect(await screen.findByRole('dialog', { name: /Factura F2026-000042/ })).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { json, loginAs } from '../../../test/session';
import { productFixture, TEST_OPERATOR_ID } from '../test-fixtures';
import { ProductEditScreen } from './product-form-screen';

const OP = TEST_OPERATOR_ID;

const product = productFixture();

const OP_TERMS = 'Enseña el bono al guía al subir al autocar.';

function renderEdit() {
  return renderRoutes([{ path: '/products/edit/:id', element: <ProductEditScreen /> }], '/products/edit/p-1');
}

describe('product edit screen: what each role may change (PRODUCT §3)', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // happy-dom has no FontFaceSet; Mantine's autosize textarea listens to it.
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => {}, removeEventListener: () => {} },
      });
    }
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/availability')) return json(200, []);
      if (url.includes('/tour-operators/'))
        return json(200, { id: OP, name: 'Teide Aventura', booking_terms: OP_TERMS });
      if (init?.method === 'PUT') return json(200, { ...product, updated_at: '2026-01-03T10:00:00Z' });
      return json(200, product);
    });
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  it('level 3 (Operador): general data read-only, the availability editable, and the PUT sends only it', async () => {
    loginAs(3);
    renderEdit();
    const name = await screen.findByLabelText('Nombre');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Código')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Plazas por salida')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Ofrecer tarifa Adulto')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Añadir temporada' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    expect(screen.queryByLabelText('Subir imágenes')).toBeNull();
    expect(screen.getByRole('button', { name: 'Añadir regla' })).toBeEnabled();

    const rule = screen.getByRole('group', { name: 'Regla 1' });
    const saturday = within(rule).getByLabelText('sábado');
    expect(saturday).toBeEnabled();
    fireEvent.click(saturday);
    expect(await screen.findByText('Cambios sin guardar')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') as [string, RequestInit];
    expect(url).toBe('/api/v1/products/p-1');
    expect(JSON.parse(String(init.body))).toEqual({
      availability_rules: [
        { weekdays: [1, 2, 3, 4, 5, 6], times: ['09:00'], valid_from: '2026-01-01', valid_to: null },
      ],
      closed_dates: [],
    });
  });

  it('level 2 (Vendedor): everything read-only and nothing to save', async () => {
    loginAs(2);
    renderEdit();
    expect(await screen.findByLabelText('Nombre')).toHaveAttribute('readonly');
    expect(screen.getByText('Tu rol permite consultar este producto, no modificarlo.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Añadir regla' })).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Regla 1' })).getByLabelText('sábado')).toBeDisabled();
  });

  it('issue 12: "Condiciones de la reserva" shows the operator\'s terms while empty and saves the product\'s own', async () => {
    loginAs(1);
    renderEdit();
    const terms = await screen.findByLabelText('Condiciones de la reserva');
    expect(screen.getByText(/Si lo dejas vacío se aplican las condiciones del tour operador/)).toBeInTheDocument();
    await waitFor(() => expect(terms).toHaveAttribute('placeholder', OP_TERMS));
    expect(fetchMock.mock.calls.some(([url]) => url === `/api/v1/tour-operators/${OP}`)).toBe(true);
    fireEvent.change(terms, { target: { value: '  Visita a pie de dos horas.\nCalzado cómodo.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') as [string, RequestInit];
    expect(JSON.parse(String(init.body)).booking_terms).toBe('Visita a pie de dos horas.\nCalzado cómodo.');
  });

  it('issue 12: a Vendedor reads the terms (no operator to ask: it may not read it)', async () => {
    loginAs(2);
    renderEdit();
    const terms = await screen.findByLabelText('Condiciones de la reserva');
    expect(terms).toHaveAttribute('readonly');
    expect(screen.getByText('Se aplican las condiciones del tour operador.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/tour-operators/'))).toBe(false);
  });

  it('level 1 (Admin Tour Operador): every field editable, delete offered', async () => {
    loginAs(1);
    renderEdit();
    const name = await screen.findByLabelText('Nombre');
    expect(name).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Ofrecer tarifa Adulto')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Añadir temporada' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
  });

  it('issue 34: «Impuesto incluido en los precios» offers the territory’s rates and saves the one chosen', async () => {
    loginAs(1);
    renderEdit();
    const tax = await screen.findByLabelText('Impuesto incluido en los precios', { selector: 'input' });
    expect(tax).toHaveValue('IGIC 7 % (general)');
    expect(screen.getByText('Canarias (IGIC): lo desglosan el bono y las facturas.')).toBeInTheDocument();
    fireEvent.click(tax);
    // This select's own list (Mantine keeps it in the DOM, hidden while it animates in happy-dom).
    const list = await waitFor(() => {
      const el = document.getElementById(tax.getAttribute('aria-controls') ?? '');
      if (!el) throw new Error('no list yet');
      return el;
    });
    const options = within(list)
      .getAllByRole('option', { hidden: true })
      .map((o) => o.textContent);
    expect(options).toEqual(['IGIC 7 % (general)', 'IGIC 3 %', 'IGIC 0 %', 'IGIC 9,5 %', 'IGIC 15 %', 'IGIC 20 %']);
    fireEvent.click(within(list).getByRole('option', { name: 'IGIC 3 %', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') as [string, RequestInit];
    expect(JSON.parse(String(init.body)).tax_rate).toBe(3);
  });
});

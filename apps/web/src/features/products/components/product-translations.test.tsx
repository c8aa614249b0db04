import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TProductResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { json, loginAs } from '../../../test/session';
import { productFixture, TEST_OPERATOR_ID } from '../test-fixtures';
import { ProductCreateScreen, ProductEditScreen } from './product-form-screen';

const OP = TEST_OPERATOR_ID;

const product = productFixture({
  short_description: 'El pico más alto de España.',
  description: '<p>Con <strong>teleférico</strong>.</p>',
  meeting_point: 'Parking del teleférico',
  includes: ['Autobús', 'Guía'],
  excludes: ['Teleférico'],
  what_to_bring: ['Ropa de abrigo'],
  // Italian is stored but no longer offered: it goes back untouched.
  translations: {
    de: { name: 'Auffahrt zum Teide', includes: ['Bus', 'Reiseleiter'] },
    it: { name: 'Salita al Teide' },
  },
  availability_rules: [],
});

describe('product form: "Idiomas y traducciones" (issue 15)', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let operator: Record<string, unknown>;
  let saved: TProductResponse;
  beforeEach(() => {
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => {}, removeEventListener: () => {} },
      });
    }
    operator = {
      id: OP,
      name: 'Teide Aventura',
      booking_terms: '',
      default_language: 'es',
      public_languages: ['es', 'fr', 'nl'],
    };
    saved = product;
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/availability')) return json(200, []);
      if (url.includes('/auth/me')) return json(200, { id: 'u-1', tour_operator_id: OP, full_name: 'Prueba' });
      if (url.includes('/tour-operators/')) return json(200, operator);
      if (init?.method === 'PUT' || init?.method === 'POST')
        return json(init.method === 'POST' ? 201 : 200, { ...saved, updated_at: '2026-01-03T10:00:00Z' });
      return json(200, product);
    });
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  const sentBody = () => {
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT' || i?.method === 'POST') as [
      string,
      RequestInit,
    ];
    return JSON.parse(String(init.body));
  };

  it('a tab per offered language but the default one, each with its completeness; typing updates it; saving sends it', async () => {
    loginAs(1);
    renderRoutes([{ path: '/products/edit/:id', element: <ProductEditScreen /> }], '/products/edit/p-1');
    const tabs = await screen.findByRole('tablist', { name: 'Idiomas de las traducciones' });
    // es is the default (the base texts): en and de are offered; it is stored but not offered.
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Inglés0/7', 'Alemán2/7']);
    expect(screen.getByRole('progressbar', { name: 'Traducción al inglés: 0 de 7 textos' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Traducción al alemán: 2 de 7 textos' })).toHaveAttribute(
      'aria-valuenow',
      '2',
    );
    expect(screen.getByText(/También hay textos en italiano/)).toBeInTheDocument();

    // The first tab (English) is open, with the source under each field.
    const enName = screen.getByLabelText('Nombre (inglés)');
    expect(enName).toHaveAttribute('placeholder', 'Sin traducir: se muestra en español');
    expect(screen.getByText('Original: Subida al Teide')).toBeInTheDocument();
    expect(screen.getByText('Original: Autobús · Guía')).toBeInTheDocument();
    // The product has no terms of its own: nothing to translate there.
    expect(screen.getByText(/usa las condiciones del tour operador/)).toBeInTheDocument();

    fireEvent.click(within(tabs).getByRole('tab', { name: /Alemán/ }));
    expect(await screen.findByLabelText('Nombre (alemán)')).toHaveValue('Auffahrt zum Teide');
    expect(screen.getByLabelText('Incluye (alemán) 2')).toHaveValue('Reiseleiter');
    fireEvent.change(screen.getByLabelText('Descripción corta (alemán)'), {
      target: { value: 'Der höchste Berg Spaniens.' },
    });
    const bring = screen.getByLabelText('Nuevo elemento: Qué llevar (alemán)');
    expect(bring).toHaveAttribute('placeholder', 'Traduce: Ropa de abrigo');
    fireEvent.change(bring, { target: { value: 'Warme Kleidung' } });
    fireEvent.keyDown(bring, { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Traducción al alemán: 4 de 7 textos' })).toBeInTheDocument(),
    );
    expect(within(tabs).getByRole('tab', { name: /Alemán/ })).toHaveTextContent('Alemán4/7');

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(true));
    const body = sentBody();
    expect(body.translations.de).toMatchObject({
      name: 'Auffahrt zum Teide',
      short_description: 'Der höchste Berg Spaniens.',
      includes: ['Bus', 'Reiseleiter'],
      what_to_bring: ['Warme Kleidung'],
    });
    expect(body.translations.it.name).toBe('Salita al Teide');
    expect(body.translations.en.name).toBe('');
  });

  it('an error in another language brings its tab forward', async () => {
    loginAs(1);
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.includes('/availability')) return json(200, []);
      if (url.includes('/tour-operators/')) return json(200, operator);
      if (init?.method === 'PUT')
        return json(422, {
          code: 'VALIDATION',
          message: 'Hay errores en los datos enviados',
          errors: { 'translations.de.name': ['Máximo 150 caracteres'] },
        });
      return json(200, product);
    });
    renderRoutes([{ path: '/products/edit/:id', element: <ProductEditScreen /> }], '/products/edit/p-1');
    fireEvent.change(await screen.findByLabelText('Nombre (inglés)'), { target: { value: 'Teide ascent' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Máximo 150 caracteres')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Alemán/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Nombre (alemán)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a new product asks its operator which languages it sells in', async () => {
    loginAs(1);
    saved = { ...product, id: 'p-2' };
    renderRoutes([{ path: '/products/create', element: <ProductCreateScreen /> }], '/products/create');
    const tabs = await screen.findByRole('tablist', { name: 'Idiomas de las traducciones' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Francés0/0', 'Neerlandés0/0']);
    expect(
      screen.getByRole('progressbar', { name: 'Traducción al francés: no hay textos que traducir' }),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Barranco de Masca' } });
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: /Francés/ })).toHaveTextContent('Francés0/1'));
    fireEvent.change(screen.getByLabelText('Nombre (francés)'), { target: { value: 'Ravin de Masca' } });
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: /Francés/ })).toHaveTextContent('Francés1/1'));
  });

  it('an operator that sells only in its own language: nothing to translate, and how to change it', async () => {
    loginAs(1);
    fetchMock.mockImplementation(async (url: string) => {
      if (url.includes('/availability')) return json(200, []);
      if (url.includes('/tour-operators/')) return json(200, operator);
      return json(200, { ...product, tour_operator: { ...product.tour_operator, public_languages: ['es'] } });
    });
    renderRoutes([{ path: '/products/edit/:id', element: <ProductEditScreen /> }], '/products/edit/p-1');
    expect(await screen.findByText(/solo se ofrecen en español/)).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Idiomas de las traducciones' })).toBeNull();
  });

  it('a Vendedor reads the translations but cannot change them', async () => {
    loginAs(2);
    renderRoutes([{ path: '/products/edit/:id', element: <ProductEditScreen /> }], '/products/edit/p-1');
    fireEvent.click(await screen.findByRole('tab', { name: /Alemán/ }));
    expect(await screen.findByLabelText('Nombre (alemán)')).toHaveAttribute('readonly');
  });
});

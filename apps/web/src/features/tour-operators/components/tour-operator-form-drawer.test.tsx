import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TTourOperatorResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { fakeJwt } from '../../../test/jwt';
import { renderRoutes } from '../../../test/render';
import { json } from '../../../test/session';
import { TourOperatorFormDrawer } from './tour-operator-form-drawer';
import {
  initialTourOperatorValues,
  toTourOperatorPayload,
  validateTourOperatorForm,
} from './tour-operator-form-values';

const OP = '11111111-2222-4333-8444-555555555555';

const operator: TTourOperatorResponse = {
  id: OP,
  name: 'Teide Aventura',
  legal_name: 'Teide Aventura S.L.',
  tax_territory: 'canarias',
  tax_id: 'B38123456',
  email: 'reservas@teideaventura.es',
  phone: '+34 922 000 000',
  address: 'Puerto de la Cruz',
  website: '',
  logo_url: '',
  brand_color: '#0b7285',
  timezone: 'Atlantic/Canary',
  currency: 'EUR',
  default_commission_pct: 10,
  booking_terms: 'Cancelación gratuita hasta 24 horas antes.',
  default_language: 'es',
  public_languages: ['es', 'en', 'de'],
  booking_terms_translations: { en: 'Free cancellation up to 24 hours before.' },
  state: 1,
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
};

describe('tour operator form: languages (issue 15)', () => {
  it('values ↔ payload: the default always offered, languages in order, every language’s terms trimmed', () => {
    const v = initialTourOperatorValues(operator);
    expect(v).toMatchObject({ default_language: 'es', public_languages: ['es', 'en', 'de'] });
    expect(v.booking_terms_translations).toEqual({
      es: '',
      en: 'Free cancellation up to 24 hours before.',
      de: '',
      fr: '',
      it: '',
      nl: '',
    });
    const payload = toTourOperatorPayload({
      ...v,
      default_language: 'fr',
      public_languages: ['de', 'en'],
      booking_terms_translations: { ...v.booking_terms_translations, de: '  Kostenlose Stornierung. ' },
    });
    expect(payload.default_language).toBe('fr');
    expect(payload.public_languages).toEqual(['en', 'de', 'fr']);
    expect(payload.booking_terms_translations?.de).toBe('Kostenlose Stornierung.');
    expect(payload.booking_terms_translations?.en).toBe('Free cancellation up to 24 hours before.');
    // A new operator: Spanish, offered in the six languages.
    expect(initialTourOperatorValues(null)).toMatchObject({
      default_language: 'es',
      public_languages: ['es', 'en', 'de', 'fr', 'it', 'nl'],
    });
    const errors = validateTourOperatorForm(
      { ...v, booking_terms_translations: { ...v.booking_terms_translations, de: 'a\u0000b' } },
      'edit',
    );
    expect(Object.keys(errors)).toEqual(['booking_terms_translations.de']);
  });

  describe('the drawer', { timeout: 30_000 }, () => {
    let fetchMock: ReturnType<typeof vi.fn>;
    beforeEach(() => {
      localStorage.setItem('token', fakeJwt({ sub: 'u-1', level: 1 }));
      localStorage.setItem('userId', 'u-1');
      localStorage.setItem('roles', JSON.stringify([1]));
      fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'PUT'
          ? json(200, { ...operator, ...JSON.parse(String(init.body)), updated_at: '2026-01-03T10:00:00Z' })
          : json(200, operator),
      );
      vi.stubGlobal('fetch', fetchMock);
      setUnauthorizedHandler(() => {});
    });
    afterEach(() => {
      setUnauthorizedHandler(null);
      vi.unstubAllGlobals();
    });

    const renderDrawer = (readOnly = false) =>
      renderRoutes(
        [
          {
            path: '/tour-operators',
            element: <TourOperatorFormDrawer opened operator={operator} readOnly={readOnly} onClose={() => {}} />,
          },
        ],
        '/tour-operators',
      );

    it('"Idioma principal", the public languages (the default checked and disabled) and the terms per language', async () => {
      renderDrawer();
      const main = await screen.findByRole('combobox', { name: 'Idioma principal' });
      expect(main).toHaveValue('Español');
      const group = screen.getByRole('group', { name: 'Idiomas de las páginas públicas' });
      const box = (name: string) => within(group).getByRole('checkbox', { name });
      expect(box('Español')).toBeChecked();
      expect(box('Español')).toBeDisabled();
      expect(box('Inglés')).toBeChecked();
      expect(box('Alemán')).toBeChecked();
      expect(box('Francés')).not.toBeChecked();
      expect(box('Francés')).toBeEnabled();

      // The terms: the base ones, then a tab per other offered language.
      const tabs = screen.getByRole('tablist', { name: 'Condiciones en otros idiomas' });
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual(['Inglés', 'AlemánSin traducir']);
      expect(screen.getByLabelText('Condiciones de reserva (inglés)')).toHaveValue(
        'Free cancellation up to 24 hours before.',
      );
      fireEvent.click(within(tabs).getByRole('tab', { name: /Alemán/ }));
      const de = await screen.findByLabelText('Condiciones de reserva (alemán)');
      expect(de).toHaveAttribute('placeholder', operator.booking_terms);
      fireEvent.change(de, { target: { value: 'Kostenlose Stornierung bis 24 Stunden vorher.' } });

      // Offering French adds its tab; Italian as the default is offered (and locked) at once.
      fireEvent.click(box('Francés'));
      await waitFor(() => expect(within(tabs).getAllByRole('tab')).toHaveLength(3));
      fireEvent.click(main);
      fireEvent.click(await screen.findByRole('option', { name: 'Italiano', hidden: true }));
      await waitFor(() => expect(box('Italiano')).toBeDisabled());
      expect(box('Italiano')).toBeChecked();
      expect(box('Español')).toBeEnabled();
      fireEvent.click(box('Español'));
      await waitFor(() => expect(box('Español')).not.toBeChecked());

      fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
      await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(true));
      const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') as [string, RequestInit];
      expect(url).toBe(`/api/v1/tour-operators/${OP}`);
      const body = JSON.parse(String(init.body));
      expect(body.default_language).toBe('it');
      expect(body.public_languages).toEqual(['en', 'de', 'fr', 'it']);
      expect(body.booking_terms_translations).toMatchObject({
        en: 'Free cancellation up to 24 hours before.',
        de: 'Kostenlose Stornierung bis 24 Stunden vorher.',
      });
    });

    it('a 422 on a language’s terms opens its tab and marks it', async () => {
      fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
        init?.method === 'PUT'
          ? json(422, {
              code: 'VALIDATION',
              message: 'Hay errores en los datos enviados',
              errors: { 'booking_terms_translations.de': ['Máximo 20000 caracteres'] },
            })
          : json(200, operator),
      );
      renderDrawer();
      fireEvent.change(await screen.findByLabelText('Condiciones de reserva (inglés)'), {
        target: { value: 'Free cancellation.' },
      });
      fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
      expect(await screen.findByText('Máximo 20000 caracteres')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: /Alemán/ })).toHaveAttribute('aria-selected', 'true');
    });

    it('read-only: the languages can be seen, not changed', async () => {
      renderDrawer(true);
      const group = await screen.findByRole('group', { name: 'Idiomas de las páginas públicas' });
      for (const box of within(group).getAllByRole('checkbox')) expect(box).toBeDisabled();
      expect(screen.getByRole('combobox', { name: 'Idioma principal' })).toHaveAttribute('readonly');
      expect(screen.getByLabelText('Condiciones de reserva (inglés)')).toHaveAttribute('readonly');
    });
  });
});

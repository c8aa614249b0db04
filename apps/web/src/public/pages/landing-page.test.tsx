import { fireEvent, render, screen, within } from '@testing-library/react';
import type { TPublicProduct } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANG_STORAGE_KEY, setDictionary } from '../i18n';
import de from '../i18n/dict/de';
import es from '../i18n/dict/es';
import { testProduct } from '../lib/test-product';
import { LandingPage } from './landing-page';

/** Serves one product as GET /api/v1/public/products/{id}; records the requests. */
function serve(product: TPublicProduct) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(product)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Every text a visitor reads or hears: the page's text and its labels, alt texts and placeholders. */
function everythingReadable(): string {
  const attrs = [...document.body.querySelectorAll('*')].flatMap((el) =>
    ['aria-label', 'alt', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
  );
  return [document.body.textContent ?? '', ...attrs].join('\n');
}

/** The Spanish texts of some namespaces that the active language says otherwise (≥ 4 characters). */
function spanishTexts(dict: Record<string, unknown>, source: Record<string, unknown>): string[] {
  const out: string[] = [];
  const walk = (s: unknown, o: unknown) => {
    if (typeof s === 'string') {
      if (s.length >= 4 && s !== o) out.push(s.split('{')[0].trim());
    } else if (s && typeof s === 'object' && o && typeof o === 'object') {
      for (const k of Object.keys(s)) walk((s as never)[k], (o as never)[k]);
    }
  };
  walk(source, dict);
  return out.filter((s) => s.length >= 4);
}

let n = 0;
/** A product id of its own per test (the pages keep the answers they have seen). */
const freshProduct = (overrides: Partial<TPublicProduct> = {}) =>
  testProduct({ id: `11111111-1111-4111-8111-${String(++n).padStart(12, '0')}`, ...overrides });

describe('landing page in German (issue 15)', () => {
  beforeEach(() => setDictionary('de', de));
  afterEach(() => {
    setDictionary('es', es);
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('speaks German: facts, prices in de-DE, tariffs, what to bring, the terms; no Spanish text', async () => {
    const product = freshProduct();
    const fetch = serve(product);
    render(<LandingPage productId={product.id} />);
    await screen.findByRole('heading', { level: 1, name: 'Teide bei Sonnenuntergang' });

    const facts = screen.getByRole('list', { name: 'Der Ausflug im Überblick' });
    expect(facts).toHaveTextContent('Dauer 5 Std. 30 Min.');
    expect(facts).toHaveTextContent('Sprachen Spanisch, Englisch, Deutsch');
    expect(facts).toHaveTextContent('Abholung an Ihrem Hotel');
    expect(facts).toHaveTextContent('Kostenlose Stornierung bis 24 Stunden vorher');
    expect(facts).toHaveTextContent('Sofortige Bestätigung');
    expect(facts).toHaveTextContent('Mindestteilnehmerzahl 2 Personen pro Abfahrt');
    expect(screen.getAllByTestId('price-from')[0]).toHaveTextContent('1.234,50 €');
    expect(screen.getAllByText('pro Person').length).toBeGreaterThan(0);

    const tariffs = screen.getByRole('complementary', { name: 'Buchung' });
    expect(tariffs).toHaveTextContent('Erwachsenerab 12 Jahren1.234,50 €');
    expect(tariffs).toHaveTextContent('Kind3–11 Jahre25,00 €');
    expect(tariffs).toHaveTextContent('Kleinkindbis 2 JahreKostenlos');
    expect(within(tariffs).getByText('Kostenlose Stornierung bis 24 Stunden vor der Abfahrt.')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Was Sie mitbringen sollten' })).toBeInTheDocument();
    expect(screen.getByText('Warme Jacke')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Leistungen' })).toBeInTheDocument();
    expect(screen.getByTestId('pickup-notes')).toHaveTextContent('Bitte warten Sie vor dem Haupteingang.');
    expect(screen.getByText('Buchungsbedingungen')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Jetzt buchen' })[0]).toHaveAttribute(
      'href',
      `/public/booking/product/${product.id}`,
    );
    expect(screen.getByRole('link', { name: 'Erklärung zur Barrierefreiheit' })).toBeInTheDocument();

    // The API is asked in the page's language.
    const init = fetch.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('de');

    const page = everythingReadable();
    const leaks = spanishTexts(de, es).filter((s) => page.includes(s));
    expect(leaks).toEqual([]);
    for (const spanish of ['desde', 'por persona', 'Reservar', 'Qué llevar', 'Duración', 'Cancelación']) {
      expect(page).not.toContain(spanish);
    }
  });

  it("a language switcher in the header: the operator's languages in their own words, keyboard-operable", async () => {
    const product = freshProduct();
    serve(product);
    render(<LandingPage productId={product.id} />);
    const select = await screen.findByRole('combobox', { name: 'Sprache der Seite' });
    expect(select).toHaveValue('de');
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => [o.textContent, o.getAttribute('lang')])).toEqual([
      ['Español', 'es'],
      ['English', 'en'],
      ['Deutsch', 'de'],
    ]);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, href: window.location.href, assign });
    fireEvent.change(select, { target: { value: 'en' } });
    expect(assign).toHaveBeenCalledWith(expect.stringContaining('lang=en'));
    expect(sessionStorage.getItem(LANG_STORAGE_KEY)).toBe('en');
  });

  it('links keep a language the visitor chose (?lang=)', async () => {
    window.history.replaceState(null, '', '/public/landing/x?lang=de');
    const product = freshProduct();
    serve(product);
    render(<LandingPage productId={product.id} />);
    const book = (await screen.findAllByRole('link', { name: 'Jetzt buchen' }))[0];
    expect(book).toHaveAttribute('href', `/public/booking/product/${product.id}?lang=de`);
  });

  it("texts that fell back to the operator's language carry its lang; the page says nothing about it", async () => {
    const product = freshProduct({
      description: '<p>Un viaje inolvidable por el parque nacional.</p>',
      what_to_bring: ['Chaqueta de abrigo'],
      content_locales: { description: 'es', what_to_bring: 'es' },
    });
    serve(product);
    render(<LandingPage productId={product.id} />);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Teide bei Sonnenuntergang' });
    expect(heading).not.toHaveAttribute('lang');
    expect(screen.getByText('Un viaje inolvidable por el parque nacional.').closest('[lang]')).toHaveAttribute(
      'lang',
      'es',
    );
    expect(screen.getByText('Chaqueta de abrigo').closest('ul')).toHaveAttribute('lang', 'es');
    expect(document.body.textContent).not.toMatch(/Übersetzung|übersetzt|translation|traducción/i);
  });
});

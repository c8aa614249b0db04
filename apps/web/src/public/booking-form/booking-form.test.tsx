import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TPublicProduct } from '@trayecto/shared';
import { timeZoneOf, todayIn } from '@trayecto/shared/time-zone';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDictionary } from '../i18n';
import de from '../i18n/dict/de';
import es from '../i18n/dict/es';
import { testAccommodations, testProduct, testSlots } from '../lib/test-product';
import { BookingPage } from '../pages/booking-page';

type TCall = { url: string; init: RequestInit };

/** The public API for one product: the product, its departures today, its pickup places, the booking. */
function serveApi(product: TPublicProduct) {
  const calls: TCall[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.includes('/availability')) {
      const from = new URL(url, 'http://x').searchParams.get('from') as string;
      return json(testSlots(from));
    }
    if (url.includes('/accommodations')) return json(testAccommodations());
    if (url.endsWith('/bookings') && init.method === 'POST') return json({ id: 'b-1', locator: 'TA-1' }, 201);
    return json(product);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

let n = 0;
const freshProduct = () => testProduct({ id: `33333333-3333-4333-8333-${String(++n).padStart(12, '0')}` });
const today = () => todayIn(timeZoneOf('Atlantic/Canary'));

describe('booking form in German (issue 15)', () => {
  beforeEach(() => setDictionary('de', de));
  afterEach(() => {
    setDictionary('es', es);
    window.history.replaceState(null, '', '/');
  });

  it('steps, calendar, times, passengers and summary in German; no Spanish text', async () => {
    const product = freshProduct();
    serveApi(product);
    render(<BookingPage productId={product.id} />);
    await screen.findByRole('heading', { level: 1, name: 'Teide bei Sonnenuntergang' });

    for (const step of ['Datum wählen', 'Uhrzeit wählen', 'Wie viele Personen?', 'Abholung', 'Ihre Angaben'])
      expect(screen.getByRole('heading', { name: new RegExp(step.replace('?', '\\?')) })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Zurück zum Ausflug/ })).toBeInTheDocument();
    expect(screen.getByText('Online buchen')).toBeInTheDocument();

    // The calendar: German weekdays, Monday first, and days named in German with their seats.
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((th) => th.getAttribute('abbr'))).toEqual([
      'Montag',
      'Dienstag',
      'Mittwoch',
      'Donnerstag',
      'Freitag',
      'Samstag',
      'Sonntag',
    ]);
    expect(headers.map((th) => th.firstChild?.textContent)).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    expect(screen.getByRole('button', { name: 'Vorheriger Monat' })).toBeDisabled();
    const day = await screen.findByRole('button', { name: /, 12 Plätze$/ });
    expect(day.getAttribute('aria-label')).toMatch(/^(Mo|Di|Mi|Do|Fr|Sa|So)\., \d{1,2}\. \S+ \d{4}, 12 Plätze$/);
    fireEvent.click(day);

    // Times of the day: the only open one is chosen; the full one says so.
    const times = await screen.findByRole('group', { name: /^Abfahrtszeiten am / });
    expect(within(times).getByText('noch 12 Plätze frei')).toBeInTheDocument();
    expect(within(times).getByText('Ausgebucht')).toBeInTheDocument();

    // Passengers, prices and ages; the summary.
    expect(screen.getByRole('group', { name: 'Erwachsener' })).toHaveTextContent('ab 12 Jahren');
    expect(screen.getByRole('group', { name: 'Kind' })).toHaveTextContent('3–11 Jahre');
    expect(screen.getByRole('group', { name: 'Kleinkind' })).toHaveTextContent('bis 2 Jahre · ohne eigenen Sitzplatz');
    expect(screen.getByRole('button', { name: 'Erwachsene hinzufügen' })).toBeInTheDocument();
    expect(screen.getByText('Für diese Abfahrt sind noch 12 Plätze frei.')).toBeInTheDocument();
    expect(screen.getByText('Die Abfahrt findet ab 2 Personen statt.')).toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: 'Ihre Buchung' });
    expect(within(summary).getByTestId('quote')).toHaveTextContent('1 × Erwachsener1.234,50 €');
    expect(within(summary).getByTestId('quote-total')).toHaveTextContent('1.234,50 €');
    expect(within(summary).getByText('Inklusive Steuern.')).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Buchung bestätigen' })).toBeInTheDocument();

    // The customer's fields, countries named in German, the tour language preset to the page's.
    expect(screen.getByLabelText(/^Vor- und Nachname/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-Mail-Adresse/)).toBeInTheDocument();
    const country = screen.getByLabelText(/^Land/) as HTMLSelectElement;
    expect(within(country).getByRole('option', { name: 'Deutschland' })).toHaveValue('DE');
    expect(within(country).getByRole('option', { name: 'Vereinigtes Königreich' })).toHaveValue('GB');
    const language = screen.getByLabelText(/^Sprache des Ausflugs/) as HTMLSelectElement;
    expect(language).toHaveValue('de');
    expect([...language.options].map((o) => o.textContent)).toEqual(['Spanisch', 'Englisch', 'Deutsch']);
    expect(screen.getByRole('combobox', { name: /^Hotel oder Unterkunft/ })).toHaveAttribute(
      'placeholder',
      'Hotel nach Name oder Gegend suchen',
    );
    expect(screen.getByTestId('pickup-notes')).toHaveTextContent('Bitte warten Sie vor dem Haupteingang.');

    const page = [
      document.body.textContent ?? '',
      ...[...document.body.querySelectorAll('[aria-label],[placeholder],[alt],[title]')].flatMap((el) =>
        ['aria-label', 'placeholder', 'alt', 'title'].map((a) => el.getAttribute(a) ?? ''),
      ),
    ].join('\n');
    for (const spanish of [
      'Elige la fecha',
      'Elige la hora',
      '¿Cuántas personas?',
      'Tus datos',
      'Recogida',
      'Confirmar reserva',
      'Impuestos incluidos',
      'plazas',
      'Adulto',
      'Alemania',
      'Mes anterior',
      'lunes',
      'Volver',
    ])
      expect(page).not.toContain(spanish);
  });

  it('errors in German; the booking is sent in the page language with Accept-Language and goes to the voucher', async () => {
    const product = freshProduct();
    const calls = serveApi(product);
    render(<BookingPage productId={product.id} />);
    fireEvent.click(await screen.findByRole('button', { name: /, 12 Plätze$/ }));
    await screen.findByRole('group', { name: /^Abfahrtszeiten am / });

    fireEvent.click(screen.getByRole('button', { name: 'Buchung bestätigen' }));
    expect(await screen.findAllByText('Pflichtfeld')).not.toHaveLength(0);
    expect(screen.getByText('Bitte akzeptieren Sie die Geschäftsbedingungen')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('Campo requerido');

    // The meeting point instead of a hotel, the customer's data, the terms.
    const pickup = await screen.findByRole('combobox', { name: /^Hotel oder Unterkunft/ });
    fireEvent.focus(pickup);
    fireEvent.click(screen.getByRole('option', { name: /Ich komme selbst zum Treffpunkt/ }));
    expect(screen.getByTestId('pickup-info')).toHaveTextContent(
      'Wir erwarten Sie am Treffpunkt: Busbahnhof Puerto de la Cruz',
    );
    // Typing fires `input` events (Preact's onChange of a text field listens to them, as browsers fire them).
    fireEvent.input(screen.getByLabelText(/^Vor- und Nachname/), { target: { value: 'Lena Schmidt' } });
    fireEvent.input(screen.getByLabelText(/^E-Mail-Adresse/), { target: { value: 'lena@example.com' } });
    fireEvent.input(screen.getByLabelText(/^Telefon/), { target: { value: '+49 170 000000' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Ich akzeptiere die Buchungs- und Stornierungsbedingungen/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Buchung bestätigen' }));
    });

    const post = calls.find((c) => c.init.method === 'POST') as TCall;
    expect(post).toBeDefined();
    const body = JSON.parse(post.init.body as string);
    expect(body).toMatchObject({ product_id: product.id, date: today(), time: '09:00', language: 'de' });
    expect((post.init.headers as Record<string, string>)['Accept-Language']).toBe('de');
    await waitFor(() => expect(window.location.pathname).toBe('/public/landing/booking-voucher/b-1'));
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicBooking, readableText, spanishFragments } from '../existing-booking/test-booking';
import { LANG_STORAGE_KEY, setDictionary } from '../i18n';
import de from '../i18n/dict/de';
import es from '../i18n/dict/es';
import fr from '../i18n/dict/fr';
import { getBooking, updateBooking } from '../lib/api';
import { ExistingBookingPage } from './existing-booking-page';

vi.mock('../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/api')>()),
  getBooking: vi.fn(),
  updateBooking: vi.fn(),
  getAccommodations: vi.fn(async () => []),
}));

/** A booking staff prepared for the customer, to confirm: every part of the page shows. */
const prepared = (id: string, over: Parameters<typeof publicBooking>[0] = {}) =>
  publicBooking({ id, can_confirm: true, state: 'pending', ...over });

async function renderPage(booking: ReturnType<typeof publicBooking>) {
  vi.mocked(getBooking).mockResolvedValue(booking);
  render(<ExistingBookingPage bookingId={booking.id} />);
  return screen.findByRole('heading', { level: 1, name: booking.product.name });
}

const spanish = spanishFragments(es.existing);

afterEach(() => {
  setDictionary('es', es);
  sessionStorage.clear();
  vi.mocked(updateBooking).mockReset();
});

describe('the existing-booking page in Spanish', () => {
  it('speaks Spanish by default, and a product text that fell back carries its language only when it differs', async () => {
    const h1 = await renderPage(prepared('es-1'));
    expect(h1).not.toHaveAttribute('lang');
    expect(screen.getByText('Tu reserva con Teide Aventura')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver bono' })).toHaveAttribute(
      'href',
      '/public/landing/booking-voucher/es-1',
    );
    expect(screen.getByLabelText(/^Pasajero 1 · Adulto/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Reserva TRY-7K2QF9 · Teide Aventura'));
    // The leak check below finds Spanish when there is some.
    expect(spanish.filter((s) => readableText().includes(s)).length).toBeGreaterThan(10);
  });
});

describe('the existing-booking page in German (issue 15)', () => {
  // The visitor chose the language (?lang= or the switcher): links keep it.
  beforeEach(() => {
    setDictionary('de', de);
    sessionStorage.setItem(LANG_STORAGE_KEY, 'de');
  });

  it('every text of the page is German; the product name that fell back to Spanish is marked lang="es"', async () => {
    const h1 = await renderPage(
      prepared('de-1', {
        language: 'en',
        product: { ...publicBooking().product, content_locales: { name: 'es' } },
      }),
    );
    expect(h1).toHaveAttribute('lang', 'es');
    expect(screen.getByText('Ihre Buchung bei Teide Aventura')).toBeInTheDocument();
    expect(screen.getByText('Teide Aventura hat diese Buchung für Sie vorbereitet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voucher anzeigen' })).toHaveAttribute(
      'href',
      '/public/landing/booking-voucher/de-1?lang=de',
    );
    expect(screen.getByRole('button', { name: 'Buchung stornieren' })).toBeInTheDocument();
    // The payment badge says what it is in German too (it was a Spanish "Pago:" from the CSS).
    expect(document.querySelector('.pub-pay-badge')).toHaveTextContent(/^Zahlung: Offen$/);
    expect(screen.getAllByLabelText(/^Teilnehmer \d · /)).toHaveLength(2);
    expect(screen.getByText('Wir schreiben Ihnen nach Möglichkeit in dieser Sprache.')).toBeInTheDocument();
    // The booking's language stays the customer's (English here), named in German.
    const language = document.getElementById('language') as HTMLSelectElement;
    expect(language.value).toBe('en');
    expect(within(language).getByRole('option', { name: 'Englisch' })).toBeInTheDocument();
    // The cancel dialog (in the page, closed).
    expect(document.getElementById('cancel-title')).toHaveTextContent('Buchung stornieren');
    expect(document.getElementById('cancel-desc')).toHaveTextContent(
      /^Sie sind dabei, die Buchung TRY-7K2QF9 für Dienstag, 24\. November 2026, 09:00 Uhr, zu stornieren\. Die Stornierung ist bis .+ kostenlos\. Dies kann nicht rückgängig gemacht werden\.$/,
    );
    expect(document.querySelector('label[for="cancel_reason"]')).toHaveTextContent(/^Grund der Stornierung/);
    await waitFor(() => expect(document.title).toBe('Buchung TRY-7K2QF9 · Teide Aventura'));

    const text = readableText();
    expect(spanish.filter((s) => text.includes(s))).toEqual([]);
  });

  it("a booking without a language gets the page's when saved; one with a language keeps it", async () => {
    const empty = publicBooking({ id: 'de-2', language: '' });
    vi.mocked(updateBooking).mockResolvedValue(empty);
    await renderPage(empty);
    expect((document.getElementById('language') as HTMLSelectElement).value).toBe('de');
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await screen.findByText('Änderungen gespeichert');
    expect(vi.mocked(updateBooking).mock.calls[0][1]).toMatchObject({ language: 'de' });
  });

  it('a save keeps the language the booking has (the page read in German does not change it)', async () => {
    const english = publicBooking({ id: 'de-3', language: 'en' });
    vi.mocked(updateBooking).mockResolvedValue(english);
    await renderPage(english);
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await screen.findByText('Änderungen gespeichert');
    expect(vi.mocked(updateBooking).mock.calls[0][1]).toMatchObject({ language: 'en' });
  });
});

describe('the existing-booking page in French (issue 15)', () => {
  // The visitor chose the language (?lang= or the switcher): links keep it.
  beforeEach(() => {
    setDictionary('fr', fr);
    sessionStorage.setItem(LANG_STORAGE_KEY, 'fr');
  });

  it('every text of the page is French', async () => {
    await renderPage(prepared('fr-1', { room: '12' }));
    expect(screen.getByText('Votre réservation auprès de Teide Aventura')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir le bon de réservation' })).toHaveAttribute(
      'href',
      '/public/landing/booking-voucher/fr-1?lang=fr',
    );
    expect(screen.getByRole('button', { name: 'Annuler la réservation' })).toBeInTheDocument();
    expect(screen.getByText(/· Ch\. 12$/)).toBeInTheDocument();
    expect(document.getElementById('cancel-desc')).toHaveTextContent(
      /^Vous allez annuler la réservation TRY-7K2QF9 du mardi 24 novembre 2026 à 09:00\./,
    );
    await waitFor(() => expect(document.title).toBe('Réservation TRY-7K2QF9 · Teide Aventura'));

    const text = readableText();
    expect(spanish.filter((s) => text.includes(s))).toEqual([]);
  });

  it('a cancelled booking says so in French', async () => {
    await renderPage(
      publicBooking({ id: 'fr-2', state: 'cancelled', can_cancel: false, cancelled_at: '2026-11-21T10:00:00.000Z' }),
    );
    const banner = screen.getByTestId('cancelled-banner');
    expect(banner).toHaveTextContent(/^Cette réservation est annuléeAnnulée le .+\.$/);
    expect(screen.getByText('Réservation annulée.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annuler la réservation' })).toBeNull();
  });
});

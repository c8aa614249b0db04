import { render, screen, waitFor, within } from '@testing-library/react';
import type { TPublicBooking } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicBooking, readableText, spanishFragments } from '../existing-booking/test-booking';
import { LANG_STORAGE_KEY, setDictionary } from '../i18n';
import de from '../i18n/dict/de';
import es from '../i18n/dict/es';
import fr from '../i18n/dict/fr';
import { getBooking } from '../lib/api';
import { JUST_BOOKED_STATE, navigate } from '../lib/navigation';
import { VoucherPage } from './voucher-page';

vi.mock('../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/api')>()),
  getBooking: vi.fn(),
}));

/** A booking just made on the public form, with what to bring and pickup notes (issue 15). */
const booked = (
  id: string,
  over: Omit<Partial<TPublicBooking>, 'product'> & { product?: Partial<TPublicBooking['product']> } = {},
) =>
  publicBooking({
    id,
    passengers: [{ full_name: 'Lucía Pérez', pax_type: 'adult' }],
    booking_terms: 'Stornierung bis 24 Stunden vor der Abfahrt kostenlos.',
    ...over,
    product: {
      ...publicBooking().product,
      what_to_bring: ['Wanderschuhe', 'Sonnencreme'],
      pickup_notes: 'Der Minibus hält vor dem Haupteingang.',
      content_locales: { name: 'es' },
      ...over.product,
    },
  });

async function renderVoucher(booking: ReturnType<typeof publicBooking>, { justBooked = false } = {}) {
  vi.mocked(getBooking).mockResolvedValue(booking);
  navigate(`/public/landing/booking-voucher/${booking.id}`, justBooked ? { state: JUST_BOOKED_STATE } : {});
  render(<VoucherPage bookingId={booking.id} />);
  return screen.findByRole('heading', { level: 1, name: booking.product.name });
}

const spanish = spanishFragments(es.voucher, es.existing);

afterEach(() => {
  setDictionary('es', es);
  sessionStorage.clear();
});

describe('the voucher in Spanish', () => {
  it('what to bring and the pickup notes, in Spanish by default', async () => {
    await renderVoucher(booked('vs-1', { product: { content_locales: {} } }));
    expect(screen.getByRole('heading', { name: 'Qué llevar' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Indicaciones para la recogida' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Código QR del bono TRY-7K2QF9' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Bono TRY-7K2QF9 · Teide Aventura'));
    expect(screen.getByText('IGIC 7 % incluido')).toBeInTheDocument();
    expect(screen.getByTestId('booking-tax')).toHaveTextContent('6,41 €');
    expect(spanish.filter((s) => readableText().includes(s)).length).toBeGreaterThan(10);
  });
});

describe('the voucher in German (issue 15)', () => {
  // The visitor chose the language (?lang= or the switcher): links keep it.
  beforeEach(() => {
    setDictionary('de', de);
    sessionStorage.setItem(LANG_STORAGE_KEY, 'de');
  });

  it('screen and paper in German, the thanks too; the product name that fell back keeps lang="es"', async () => {
    const h1 = await renderVoucher(booked('vd-1'), { justBooked: true });
    expect(h1).toHaveAttribute('lang', 'es');

    const thanks = screen.getByTestId('booking-thanks');
    expect(within(thanks).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Vielen Dank, Lucía! Ihre Buchung ist bestätigt.',
    );
    expect(screen.getByTestId('thanks-where')).toHaveTextContent(
      'Wir holen Sie am Dienstag, 24. November 2026 um 08:20 Uhr hier ab: Gran Hotel Playa del Duque · puerta principal (Zimmer 214). Bitte seien Sie 5 Minuten vorher dort.',
    );
    expect(thanks).toHaveTextContent('Diese Seite ist Ihr Voucher mit der Buchungsnummer TRY-7K2QF9');
    expect(screen.getByTestId('thanks-cancel')).toHaveTextContent(
      /^Falls Sie verhindert sind, stornieren Sie bis .+ kostenlos unter „Meine Buchung ansehen“\.$/,
    );

    expect(screen.getByRole('button', { name: 'Drucken' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meine Buchung ansehen' })).toHaveAttribute(
      'href',
      '/public/booking/vd-1?lang=de',
    );
    expect(screen.getByRole('link', { name: 'Zum Ausflug' })).toHaveAttribute('href', '/public/landing/p-1?lang=de');
    expect(screen.getByText('Buchungsvoucher')).toBeInTheDocument();
    expect(screen.getByText('Buchungsnummer')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR-Code des Vouchers TRY-7K2QF9' })).toBeInTheDocument();
    expect(screen.getByText('Zeigen Sie diesen Code dem Guide oder dem Fahrer')).toBeInTheDocument();
    expect(screen.getByText('Abfahrtszeit')).toBeInTheDocument();
    expect(screen.getByTestId('voucher-pax')).toHaveTextContent(/^2 × /);
    expect(screen.getByText('Zimmer 214')).toBeInTheDocument();
    expect(screen.getByText('Bitte seien Sie 5 Minuten vor der Abholzeit am Abholpunkt.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hinweise zur Abholung' })).toBeInTheDocument();
    expect(screen.getByTestId('pickup-notes')).toHaveTextContent('Der Minibus hält vor dem Haupteingang.');
    expect(screen.getByTestId('pickup-notes')).not.toHaveAttribute('lang');
    const bring = screen.getByRole('region', { name: 'Bitte mitbringen' });
    expect(
      within(bring)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Wanderschuhe', 'Sonnencreme']);
    expect(screen.getByRole('heading', { name: 'Gebucht von' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Betrag' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Kontakt' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bedingungen' })).toBeInTheDocument();
    expect(screen.getByText(/^Kostenlose Stornierung bis .+\.$/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Voucher TRY-7K2QF9 · Teide Aventura'));
    // The tax the total includes (issue 34), named as in Spain, in the page's language.
    expect(screen.getByText('Inkl. IGIC 7 %')).toBeInTheDocument();
    expect(screen.getByTestId('booking-tax')).toHaveTextContent('6,41');

    const text = readableText();
    expect(spanish.filter((s) => text.includes(s))).toEqual([]);
  });

  it('a booking the operator still reviews, at the meeting point', async () => {
    await renderVoucher(booked('vd-2', { state: 'pending', accommodation: null, room: '', pickup_time: null }), {
      justBooked: true,
    });
    expect(
      screen.getByText('Noch nicht bestätigt: Teide Aventura wird Ihnen die Buchung bestätigen.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('thanks-where')).toHaveTextContent(
      'Bitte finden Sie sich am Dienstag, 24. November 2026 15 Minuten vor der Abfahrt um 09:00 Uhr hier ein: Oficina Teide Aventura, Costa Adeje.',
    );
    expect(screen.getByText('Bitte seien Sie 15 Minuten vor der Abfahrt da.')).toBeInTheDocument();
    const text = readableText();
    expect(spanish.filter((s) => text.includes(s))).toEqual([]);
  });
});

describe('the voucher in French (issue 15)', () => {
  // The visitor chose the language (?lang= or the switcher): links keep it.
  beforeEach(() => {
    setDictionary('fr', fr);
    sessionStorage.setItem(LANG_STORAGE_KEY, 'fr');
  });

  it('screen and paper in French, with French typography', async () => {
    await renderVoucher(booked('vf-1'), { justBooked: true });
    // A non-breaking space before « ! » (toHaveTextContent reads it as a space).
    expect(screen.getByTestId('booking-thanks').textContent).toContain('Lucía\u00a0!');
    expect(screen.getByTestId('booking-thanks')).toHaveTextContent('Merci, Lucía ! Votre réservation est confirmée.');
    expect(screen.getByRole('button', { name: 'Imprimer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir ma réservation' })).toHaveAttribute(
      'href',
      '/public/booking/vf-1?lang=fr',
    );
    expect(screen.getByText('Numéro de réservation')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code du bon TRY-7K2QF9' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'À prévoir' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Indications pour la prise en charge' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Bon de réservation TRY-7K2QF9 · Teide Aventura'));
    const text = readableText();
    expect(spanish.filter((s) => text.includes(s))).toEqual([]);
  });

  it('a cancelled voucher is no longer valid', async () => {
    await renderVoucher(
      booked('vf-2', { state: 'cancelled', can_cancel: false, cancelled_at: '2026-11-21T10:00:00.000Z' }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^Réservation annulée le .+ : ce bon n’est plus valable\.$/);
    expect(screen.queryByTestId('booking-thanks')).toBeNull();
    const text = readableText();
    expect(spanish.filter((s) => text.includes(s))).toEqual([]);
  });
});

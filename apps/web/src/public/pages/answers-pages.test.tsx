/**
 * Booking questions on the customer's own pages (issue 33 item 3, ADR 024): the existing booking
 * shows the answers and lets the customer change or complete them while it can change (the
 * required ones when confirming what the office prepared); the voucher lists them, compact.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TPublicBooking } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicBooking, readableText, spanishFragments } from '../existing-booking/test-booking';
import { LANG_STORAGE_KEY, setDictionary } from '../i18n';
import de from '../i18n/dict/de';
import es from '../i18n/dict/es';
import { getBooking, PublicApiError, updateBooking } from '../lib/api';
import { navigate } from '../lib/navigation';
import { testQuestions } from '../lib/test-product';
import { ExistingBookingPage } from './existing-booking-page';
import { VoucherPage } from './voucher-page';

vi.mock('../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/api')>()),
  getBooking: vi.fn(),
  updateBooking: vi.fn(),
  getAccommodations: vi.fn(async () => []),
}));

const [swim, heard, luggage, born] = testQuestions();

/** 2 adults and a child; the adults' swim and the booking's «how did you hear» answered, in German. */
const withAnswers = (id: string, over: Partial<TPublicBooking> = {}) =>
  publicBooking({
    id,
    locale: 'de',
    lines: [
      { pax_type: 'adult', quantity: 2, unit_cents: 4900, total_cents: 9800 },
      { pax_type: 'child', quantity: 1, unit_cents: 2500, total_cents: 2500 },
    ],
    pax_total: 3,
    questions: testQuestions(),
    answers: [
      { question_id: heard.id, passenger: null, label: heard.label, kind: 'choice', value: 'En el hotel' },
      { question_id: luggage.id, passenger: null, label: luggage.label, kind: 'number', value: '12.5' },
      { question_id: swim.id, passenger: 1, label: swim.label, kind: 'yes_no', value: 'yes' },
      { question_id: born.id, passenger: 1, label: born.label, kind: 'date', value: '1990-03-15' },
      { question_id: swim.id, passenger: 2, label: swim.label, kind: 'yes_no', value: 'no' },
    ],
    ...over,
  });

const group = (name: string) => screen.getByRole('group', { name });
const save = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

beforeEach(() => {
  setDictionary('de', de);
  sessionStorage.setItem(LANG_STORAGE_KEY, 'de');
});
afterEach(() => {
  setDictionary('es', es);
  sessionStorage.clear();
  vi.mocked(updateBooking).mockReset();
});

describe('the existing booking: its answers to see, change and complete', () => {
  async function renderPage(booking: TPublicBooking) {
    vi.mocked(getBooking).mockResolvedValue(booking);
    render(<ExistingBookingPage bookingId={booking.id} />);
    await screen.findByRole('heading', { level: 1, name: booking.product.name });
  }

  it('the answers given fill the form in German, each passenger’s in their group; a save that changes none sends none', async () => {
    const b = withAnswers('q-1');
    vi.mocked(updateBooking).mockResolvedValue(b);
    await renderPage(b);
    const questions = screen.getByTestId('booking-questions');
    expect(within(questions).getByText('Ein paar Fragen')).toBeInTheDocument();
    expect(within(questions).getByLabelText(/^Wie haben Sie von uns erfahren\?/)).toHaveValue('En el hotel');
    expect(within(questions).getByLabelText(/^Gewicht des Gepäcks/)).toHaveValue('12.5');
    expect(within(group('Teilnehmer 1 · Erwachsener')).getByRole('radio', { name: 'Ja' })).toBeChecked();
    expect(within(group('Teilnehmer 1 · Erwachsener')).getByLabelText(/^Geburtsdatum/)).toHaveValue('1990-03-15');
    expect(within(group('Teilnehmer 2 · Erwachsener')).getByRole('radio', { name: 'Nein' })).toBeChecked();
    const child = within(group('Teilnehmer 3 · Kind'));
    expect(child.getByRole('radio', { name: 'Ja' })).not.toBeChecked();
    expect(child.getByRole('radio', { name: 'Nein' })).not.toBeChecked();

    // The room number changed, no answer: the answers are not sent (the stored ones stay as they are).
    await save('Änderungen speichern');
    await screen.findByText('Änderungen gespeichert');
    expect(vi.mocked(updateBooking).mock.calls[0][1]).not.toHaveProperty('answers');
    expect(spanishFragments(es.existing, es.common.questions).filter((s) => readableText().includes(s))).toEqual([]);
  });

  it("an answer changed is sent with the others; the child's still missing is asked for first, at its field", async () => {
    const b = withAnswers('q-2');
    vi.mocked(updateBooking).mockResolvedValue(b);
    await renderPage(b);
    fireEvent.click(within(group('Teilnehmer 2 · Erwachsener')).getByRole('radio', { name: 'Ja' }));
    await save('Änderungen speichern');
    expect(updateBooking).not.toHaveBeenCalled();
    const child = within(group('Teilnehmer 3 · Kind')).getByRole('radiogroup', { name: 'Kann schwimmen?' });
    expect(child).toHaveAccessibleDescription(/Pflichtfeld/);
    expect(document.activeElement).toBe(within(child).getByRole('radio', { name: 'Ja' }));

    fireEvent.click(within(child).getByRole('radio', { name: 'Ja' }));
    await save('Änderungen speichern');
    await screen.findByText('Änderungen gespeichert');
    expect(vi.mocked(updateBooking).mock.calls[0][1].answers).toEqual([
      { question_id: heard.id, passenger: null, value: 'En el hotel' },
      { question_id: luggage.id, passenger: null, value: '12.5' },
      { question_id: swim.id, passenger: 1, value: 'yes' },
      { question_id: born.id, passenger: 1, value: '1990-03-15' },
      { question_id: swim.id, passenger: 2, value: 'yes' },
      { question_id: swim.id, passenger: 3, value: 'yes' },
    ]);
  });

  it('confirming what the office prepared asks every required answer; the server’s 422 on one lands on it', async () => {
    const b = withAnswers('q-3', {
      state: 'pending',
      can_confirm: true,
      answers: [{ question_id: swim.id, passenger: 1, label: swim.label, kind: 'yes_no', value: 'yes' }],
    });
    await renderPage(b);
    fireEvent.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await save('Buchung bestätigen');
    expect(updateBooking).not.toHaveBeenCalled();
    for (const name of ['Teilnehmer 2 · Erwachsener', 'Teilnehmer 3 · Kind'])
      expect(within(group(name)).getByRole('radiogroup', { name: 'Kann schwimmen?' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );

    fireEvent.click(within(group('Teilnehmer 2 · Erwachsener')).getByRole('radio', { name: 'Nein' }));
    fireEvent.click(within(group('Teilnehmer 3 · Kind')).getByRole('radio', { name: 'Nein' }));
    vi.mocked(updateBooking).mockRejectedValueOnce(
      new PublicApiError(422, 'Bitte prüfen Sie die markierten Angaben.', {
        [`answers.${swim.id}.3`]: ['Ungültiger Teilnehmer'],
      }),
    );
    await save('Buchung bestätigen');
    const body = vi.mocked(updateBooking).mock.calls[0][1];
    expect(body).toMatchObject({ confirm: true, accept_terms: true });
    expect(body.answers?.map((a) => [a.passenger, a.value])).toEqual([
      [1, 'yes'],
      [2, 'no'],
      [3, 'no'],
    ]);
    await waitFor(() =>
      expect(within(group('Teilnehmer 3 · Kind')).getByRole('radiogroup')).toHaveAccessibleDescription(
        /Ungültiger Teilnehmer/,
      ),
    );
  });

  it('a booking that can no longer change shows its answers to read, not to edit', async () => {
    await renderPage(withAnswers('q-4', { state: 'cancelled', can_cancel: false }));
    expect(screen.queryByTestId('booking-questions')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    const answers = screen.getByRole('region', { name: 'Ihre Antworten' });
    expect(within(answers).getByTestId('answers-passenger-1')).toHaveTextContent(
      'Teilnehmer 1 · ErwachsenerKann schwimmen? Ja · Geburtsdatum Do., 15. März 1990',
    );
  });
});

describe('the voucher: the answers, compact', () => {
  it("the booking's, then a line per passenger, in the page's language", async () => {
    const b = withAnswers('q-5');
    vi.mocked(getBooking).mockResolvedValue(b);
    navigate(`/public/landing/booking-voucher/${b.id}`);
    render(<VoucherPage bookingId={b.id} />);
    await screen.findByRole('heading', { level: 1, name: b.product.name });
    const section = screen.getByRole('region', { name: 'Ihre Antworten' });
    const rows = [...within(section).getByTestId('answers').children].map((row) => row.textContent);
    expect(rows).toEqual([
      'Wie haben Sie von uns erfahren?Im Hotel',
      'Gewicht des Gepäcks (kg)12,5',
      'Teilnehmer 1 · ErwachsenerKann schwimmen? Ja · Geburtsdatum Do., 15. März 1990',
      'Teilnehmer 2 · ErwachsenerKann schwimmen? Nein',
    ]);
  });

  it('no answers, no section', async () => {
    const b = publicBooking({ id: 'q-6' });
    vi.mocked(getBooking).mockResolvedValue(b);
    navigate(`/public/landing/booking-voucher/${b.id}`);
    render(<VoucherPage bookingId={b.id} />);
    await screen.findByRole('heading', { level: 1, name: b.product.name });
    expect(screen.queryByTestId('answers')).toBeNull();
  });
});

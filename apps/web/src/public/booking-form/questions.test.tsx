import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TPublicProduct } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDictionary } from '../i18n';
import de from '../i18n/dict/de';
import es from '../i18n/dict/es';
import { testAccommodations, testProduct, testQuestions, testSlots } from '../lib/test-product';
import { BookingPage } from '../pages/booking-page';

type TCall = { url: string; init: RequestInit };

/** The public API for one product; the booking answers `booked` (a 201 unless a test says otherwise). */
function serveApi(product: TPublicProduct, booked: () => Response = () => json({ id: 'b-q', locator: 'TA-Q' }, 201)) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      if (url.includes('/availability'))
        return json(testSlots(new URL(url, 'http://x').searchParams.get('from') ?? ''));
      if (url.includes('/accommodations')) return json(testAccommodations());
      if (url.endsWith('/bookings') && init.method === 'POST') return booked();
      return json(product);
    }),
  );
  return calls;
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

let n = 0;
const [swim, heard, luggage, born] = testQuestions();
const withQuestions = (questions = testQuestions()) =>
  testProduct({ id: `44444444-4444-4444-8444-${String(++n).padStart(12, '0')}`, questions });

/** The form up to its questions: a date and its time, the meeting point, the customer, the terms. */
async function fillAllButQuestions() {
  fireEvent.click(await screen.findByRole('button', { name: /, 12 Plätze$/ }));
  await screen.findByRole('group', { name: /^Abfahrtszeiten am / });
  const pickup = await screen.findByRole('combobox', { name: /^Hotel oder Unterkunft/ });
  fireEvent.focus(pickup);
  fireEvent.click(screen.getByRole('option', { name: /Ich komme selbst zum Treffpunkt/ }));
  fireEvent.input(screen.getByLabelText(/^Vor- und Nachname/), { target: { value: 'Lena Schmidt' } });
  fireEvent.input(screen.getByLabelText(/^E-Mail-Adresse/), { target: { value: 'lena@example.com' } });
  fireEvent.input(screen.getByLabelText(/^Telefon/), { target: { value: '+49 170 000000' } });
  fireEvent.click(screen.getByRole('checkbox', { name: /Ich akzeptiere die Buchungs- und Stornierungsbedingungen/ }));
}

const passenger = (label: string) => screen.getByRole('group', { name: label });
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Buchung bestätigen' }));
  });
const posted = (calls: TCall[]) => calls.filter((c) => c.init.method === 'POST');

describe('booking questions on the booking form, in German (issue 33 item 3)', () => {
  beforeEach(() => setDictionary('de', de));
  afterEach(() => {
    setDictionary('es', es);
    window.history.replaceState(null, '', '/');
  });

  it("after the customer's data: the booking's questions once, each passenger's per passenger, labels, help and marks in German", async () => {
    const product = withQuestions();
    serveApi(product);
    render(<BookingPage productId={product.id} />);
    const step = (await screen.findByRole('heading', { name: /Ein paar Fragen/ })).closest('section') as HTMLElement;
    expect(within(step).getByText('6')).toHaveClass('bk-step-n');

    // The booking's: a list of five options in the page's language (their values the operator's), a number.
    const heardField = within(step).getByLabelText(/^Wie haben Sie von uns erfahren\?/) as HTMLSelectElement;
    expect([...heardField.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Bitte auswählen'],
      ['Internet', 'Internet'],
      ['En el hotel', 'Im Hotel'],
      ['Agencia de viajes', 'Reisebüro'],
      ['Por recomendación', 'Empfehlung'],
      ['Otro', 'Sonstiges'],
    ]);
    const heardLabel = [...document.querySelectorAll('label')].find((l) => l.htmlFor === heardField.id);
    expect(heardLabel).toHaveTextContent('Wie haben Sie von uns erfahren? (optional)');
    expect(within(step).getByLabelText(/^Gewicht des Gepäcks/)).toHaveAttribute('inputmode', 'decimal');

    // One adult to start with: their group, a required yes/no with its help, an optional date.
    const first = passenger('Teilnehmer 1 · Erwachsener');
    const swims = within(first).getByRole('radiogroup', { name: 'Kann schwimmen?' });
    expect(swims).toHaveAttribute('aria-required', 'true');
    expect(
      within(swims)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Ja', 'Nein']);
    expect(swims).toHaveAccessibleDescription('Für den Badestopp.');
    expect(within(first).getByLabelText(/^Geburtsdatum/)).toHaveAttribute('type', 'date');

    // A child added: a second group, numbered after the adults.
    fireEvent.click(screen.getByRole('button', { name: 'Kinder hinzufügen' }));
    expect(passenger('Teilnehmer 2 · Kind')).toBeInTheDocument();
    expect(screen.getAllByRole('radiogroup', { name: 'Kann schwimmen?' })).toHaveLength(2);
  });

  it('sent without a required answer: the error at that passenger’s field in German, focus on it, nothing sent', async () => {
    const product = withQuestions();
    const calls = serveApi(product);
    render(<BookingPage productId={product.id} />);
    await fillAllButQuestions();
    fireEvent.click(screen.getByRole('button', { name: 'Kinder hinzufügen' }));
    fireEvent.click(within(passenger('Teilnehmer 1 · Erwachsener')).getByRole('radio', { name: 'Ja' }));
    fireEvent.input(screen.getByLabelText(/^Gewicht des Gepäcks/), { target: { value: 'zwölf' } });
    await submit();

    expect(posted(calls)).toHaveLength(0);
    // The first on the page (the booking's questions come first) has the focus.
    const luggageField = screen.getByLabelText(/^Gewicht des Gepäcks/);
    expect(luggageField).toHaveAccessibleDescription('Ungültige Zahl');
    expect(document.activeElement).toBe(luggageField);
    const child = within(passenger('Teilnehmer 2 · Kind')).getByRole('radiogroup', { name: 'Kann schwimmen?' });
    expect(child).toHaveAttribute('aria-invalid', 'true');
    expect(child).toHaveAccessibleDescription(/Pflichtfeld/);
    expect(document.body.textContent).not.toContain('Campo requerido');
    // Only the number fixed: the child's missing answer is now the first, and its radio gets the focus.
    fireEvent.input(luggageField, { target: { value: '12,5' } });
    await submit();
    expect(posted(calls)).toHaveLength(0);
    expect(document.activeElement).toBe(within(child).getByRole('radio', { name: 'Ja' }));

    // Answering clears the error; the answers go with the booking, by passenger number.
    fireEvent.click(within(child).getByRole('radio', { name: 'Nein' }));
    expect(child).not.toHaveAttribute('aria-invalid');
    fireEvent.change(screen.getByLabelText(/^Wie haben Sie von uns erfahren\?/), { target: { value: 'En el hotel' } });
    await submit();
    const [post] = posted(calls);
    expect(JSON.parse(post.init.body as string).answers).toEqual([
      { question_id: heard.id, passenger: null, value: 'En el hotel' },
      { question_id: luggage.id, passenger: null, value: '12,5' },
      { question_id: swim.id, passenger: 1, value: 'yes' },
      { question_id: swim.id, passenger: 2, value: 'no' },
    ]);
    await waitFor(() => expect(window.location.pathname).toBe('/public/landing/booking-voucher/b-q'));
  });

  it("a passenger's answers stay theirs when another adult is added before them", async () => {
    const product = withQuestions([swim]);
    const calls = serveApi(product);
    render(<BookingPage productId={product.id} />);
    await fillAllButQuestions();
    fireEvent.click(screen.getByRole('button', { name: 'Kinder hinzufügen' }));
    fireEvent.click(within(passenger('Teilnehmer 1 · Erwachsener')).getByRole('radio', { name: 'Ja' }));
    fireEvent.click(within(passenger('Teilnehmer 2 · Kind')).getByRole('radio', { name: 'Nein' }));

    fireEvent.click(screen.getByRole('button', { name: 'Erwachsene hinzufügen' }));
    expect(within(passenger('Teilnehmer 3 · Kind')).getByRole('radio', { name: 'Nein' })).toBeChecked();
    const second = passenger('Teilnehmer 2 · Erwachsener');
    expect(within(second).getByRole('radio', { name: 'Ja' })).not.toBeChecked();
    expect(within(second).getByRole('radio', { name: 'Nein' })).not.toBeChecked();
    fireEvent.click(within(second).getByRole('radio', { name: 'Ja' }));
    await submit();
    expect(JSON.parse(posted(calls)[0].init.body as string).answers).toEqual([
      { question_id: swim.id, passenger: 1, value: 'yes' },
      { question_id: swim.id, passenger: 2, value: 'yes' },
      { question_id: swim.id, passenger: 3, value: 'no' },
    ]);
  });

  it("the server's 422 on an answer lands on its field, in the page's language as the API sent it", async () => {
    const product = withQuestions([swim, born]);
    serveApi(product, () =>
      json(
        {
          code: 'VALIDATION',
          message: 'Bitte prüfen Sie die markierten Angaben.',
          errors: { [`answers.${born.id}.1`]: ['Ungültiges Datum (JJJJ-MM-TT)'] },
        },
        422,
      ),
    );
    render(<BookingPage productId={product.id} />);
    await fillAllButQuestions();
    fireEvent.click(within(passenger('Teilnehmer 1 · Erwachsener')).getByRole('radio', { name: 'Ja' }));
    fireEvent.input(screen.getByLabelText(/^Geburtsdatum/), { target: { value: '2019-05-04' } });
    await submit();
    const date = await screen.findByLabelText(/^Geburtsdatum/);
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription('Ungültiges Datum (JJJJ-MM-TT)');
    // The alert says to look at the fields (a field of the form), not the server's field name.
    expect(screen.getByRole('alert')).toHaveTextContent(de.booking.errors.checkFields);
    expect(document.body.textContent).not.toContain(`answers.${born.id}`);
  });

  it('a product without questions has no questions step and sends no answers', async () => {
    const product = withQuestions([]);
    const calls = serveApi(product);
    render(<BookingPage productId={product.id} />);
    await fillAllButQuestions();
    expect(screen.queryByRole('heading', { name: /Ein paar Fragen/ })).toBeNull();
    await submit();
    expect(JSON.parse(posted(calls)[0].init.body as string)).not.toHaveProperty('answers');
  });
});

/**
 * The booking form of a product paid online (ADR 022), in German: what is paid now and later
 * before booking, then the booking, its payment started and the customer sent to the bank by a
 * real form POST; the provider down (nothing lost, try again), Bizum offered, and a hold that ended.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TPublicBooking, TPublicProduct } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicBooking } from '../existing-booking/test-booking';
import { setDictionary } from '../i18n';
import de from '../i18n/dict/de';
import es from '../i18n/dict/es';
import { testAccommodations, testProduct, testSlots } from '../lib/test-product';
import { BookingPage } from '../pages/booking-page';

/** A button's amount never breaks before its "€" (a no-break space there). */
const onButton = (label: string) => label.replace(/ €/g, '\u00a0€');

type TCall = { url: string; init: RequestInit };
type TAnswer = { status: number; body: unknown };

const REDSYS = {
  provider: 'redsys',
  amount_cents: 246900,
  currency: 'EUR',
  form: {
    action: 'http://127.0.0.1:9499/sis/realizarPago',
    method: 'POST',
    fields: { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'eyJhIjoxfQ==', Ds_Signature: 'c2ln' },
  },
};

/** The public API: the product, its departures and pickups, the booking and its payments' answers in turn. */
function serveApi(product: TPublicProduct, booking: Partial<TPublicBooking>, payments: TAnswer[]) {
  const calls: TCall[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.includes('/availability')) {
      const from = new URL(url, 'http://x').searchParams.get('from') as string;
      return json(testSlots(from));
    }
    if (url.includes('/accommodations')) return json(testAccommodations());
    if (url.endsWith('/payments') && init.method === 'POST') {
      const answer = payments.shift() ?? { status: 500, body: {} };
      return json(answer.body, answer.status);
    }
    if (url.endsWith('/bookings') && init.method === 'POST')
      return json(publicBooking({ id: 'b-1', locator: 'TA-PAY1', state: 'pending', ...booking }), 201);
    return json(product);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

let n = 0;
const paidProduct = (pay: Pick<TPublicProduct, 'payment_mode' | 'deposit' | 'online_payment'>) =>
  ({ ...testProduct({ id: `44444444-4444-4444-8444-${String(++n).padStart(12, '0')}` }), ...pay }) as TPublicProduct;
const FULL: Pick<TPublicProduct, 'payment_mode' | 'deposit' | 'online_payment'> = {
  online_payment: true,
  payment_mode: 'full',
  deposit: null,
};
const HELD: Partial<TPublicBooking> = {
  can_pay: true,
  due_now_cents: 246900,
  due_later_cents: 0,
  pay_methods: ['card'],
  hold_expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
};

/** Date, the meeting point, the customer and the terms; returns the summary. */
async function fillForm() {
  fireEvent.click(await screen.findByRole('button', { name: /, 12 Plätze$/ }));
  await screen.findByRole('group', { name: /^Abfahrtszeiten am / });
  fireEvent.click(screen.getByRole('button', { name: 'Erwachsene hinzufügen' }));
  const pickup = await screen.findByRole('combobox', { name: /^Hotel oder Unterkunft/ });
  fireEvent.focus(pickup);
  fireEvent.click(screen.getByRole('option', { name: /Ich komme selbst zum Treffpunkt/ }));
  fireEvent.input(screen.getByLabelText(/^Vor- und Nachname/), { target: { value: 'Lena Schmidt' } });
  fireEvent.input(screen.getByLabelText(/^E-Mail-Adresse/), { target: { value: 'lena@example.com' } });
  fireEvent.input(screen.getByLabelText(/^Telefon/), { target: { value: '+49 170 000000' } });
  fireEvent.click(screen.getByRole('checkbox', { name: /Ich akzeptiere die Buchungs- und Stornierungsbedingungen/ }));
  return screen.getByRole('complementary', { name: 'Ihre Buchung' });
}

const posts = (calls: TCall[], end: string) => calls.filter((c) => c.init.method === 'POST' && c.url.endsWith(end));

// A whole form filled per test: slow on a busy machine (the other form tests take 2–5 s alone).
describe('booking form of a product paid online, in German (ADR 022)', { timeout: 30_000 }, () => {
  let submit: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    setDictionary('de', de);
    submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
  });
  afterEach(() => {
    setDictionary('es', es);
    window.history.replaceState(null, '', '/');
    for (const f of document.querySelectorAll('body > form')) f.remove();
    vi.restoreAllMocks();
  });

  it('says what is paid now before booking, then books, starts the payment and posts the form to the bank', async () => {
    const product = paidProduct(FULL);
    const calls = serveApi(product, HELD, [{ status: 201, body: REDSYS }]);
    render(<BookingPage productId={product.id} />);
    const summary = await fillForm();
    expect(within(summary).getByTestId('quote-total')).toHaveTextContent('2.469,00 €');
    expect(within(summary).getByTestId('pay-split')).toHaveTextContent(
      'Jetzt2.469,00 €Sie zahlen den Gesamtbetrag bei der Buchung online.',
    );
    await act(async () => {
      fireEvent.click(within(summary).getByRole('button', { name: onButton('Buchen und 2.469,00 € bezahlen') }));
    });

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(posts(calls, '/bookings')).toHaveLength(1);
    const pay = posts(calls, '/bookings/b-1/payments');
    expect(pay).toHaveLength(1);
    expect(JSON.parse(pay[0].init.body as string)).toEqual({ pay_method: 'card' });
    // The page never sends an amount: the server computes it.
    const form = document.querySelector('body > form') as HTMLFormElement;
    expect(form.action).toBe('http://127.0.0.1:9499/sis/realizarPago');
    expect(form.method).toBe('post');
    expect([...new FormData(form).keys()]).toEqual(['Ds_SignatureVersion', 'Ds_MerchantParameters', 'Ds_Signature']);
    expect(screen.getByTestId('booking-saved')).toHaveTextContent('Buchung TA-PAY1 gespeichert: Zahlung ausstehend');
    expect(screen.getByTestId('pay-button')).toHaveTextContent('Wir leiten Sie zur sicheren Zahlungsseite weiter…');
    expect(screen.getByTestId('hold-timer')).toHaveTextContent(
      /^Ihre Plätze sind noch 1[45]:\d\d Min\. für Sie reserviert\.$/,
    );
    expect(window.location.pathname).toBe('/');
  });

  it('a deposit: now and on the day, before booking', async () => {
    const product = paidProduct({ online_payment: true, payment_mode: 'deposit', deposit: { percent: 30 } });
    serveApi(product, HELD, []);
    render(<BookingPage productId={product.id} />);
    const summary = await fillForm();
    expect(within(summary).getByTestId('pay-split')).toHaveTextContent(
      'Jetzt740,70 €Am Tag des Ausflugs1.728,30 €Bei der Buchung zahlen Sie eine Anzahlung von 30 % und den Rest am Tag des Ausflugs.',
    );
    expect(within(summary).getByRole('button', { name: onButton('Buchen und 740,70 € bezahlen') })).toBeInTheDocument();
  });

  it('the provider does not answer: nothing lost, the same booking is paid on a second try', async () => {
    const product = paidProduct(FULL);
    const calls = serveApi(product, HELD, [
      {
        status: 502,
        body: { code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'Der Zahlungsdienst antwortet nicht' },
      },
      { status: 201, body: REDSYS },
    ]);
    render(<BookingPage productId={product.id} />);
    const summary = await fillForm();
    await act(async () => {
      fireEvent.click(within(summary).getByRole('button', { name: /^Buchen und .* bezahlen$/ }));
    });
    const alert = await screen.findByTestId('pay-error');
    expect(alert).toHaveTextContent('Der Zahlungsdienst antwortet nicht');
    expect(alert).toHaveTextContent('Es ist nichts verloren: Ihre Buchung bleibt gespeichert');
    expect(submit).not.toHaveBeenCalled();
    // The form's data can no longer change under the booking made.
    expect(document.querySelector('.bk-steps')).toHaveAttribute('inert');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: onButton('Zahlung erneut versuchen · 2.469,00 €') }));
    });
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(posts(calls, '/bookings')).toHaveLength(1);
    expect(posts(calls, '/bookings/b-1/payments')).toHaveLength(2);
  });

  it('Bizum offered: the customer chooses, then pays', async () => {
    const product = paidProduct(FULL);
    const calls = serveApi(product, { ...HELD, pay_methods: ['card', 'bizum'] }, [{ status: 201, body: REDSYS }]);
    render(<BookingPage productId={product.id} />);
    const summary = await fillForm();
    await act(async () => {
      fireEvent.click(within(summary).getByRole('button', { name: /^Buchen und .* bezahlen$/ }));
    });
    const methods = await screen.findByRole('group', { name: 'Zahlungsart' });
    expect(posts(calls, '/payments')).toHaveLength(0);
    expect(within(methods).getByRole('radio', { name: 'Karte' })).toBeChecked();
    fireEvent.click(within(methods).getByRole('radio', { name: 'Bizum' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: onButton('2.469,00 € bezahlen') }));
    });
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(JSON.parse(posts(calls, '/payments')[0].init.body as string)).toEqual({ pay_method: 'bizum' });
  });

  it('the hold ended and its seats were taken: the form is back, with the customer’s data', async () => {
    const product = paidProduct(FULL);
    serveApi(product, HELD, [
      { status: 409, body: { code: 'HOLD_EXPIRED', message: 'Die Reservierung ist abgelaufen' } },
    ]);
    render(<BookingPage productId={product.id} />);
    const summary = await fillForm();
    await act(async () => {
      fireEvent.click(within(summary).getByRole('button', { name: /^Buchen und .* bezahlen$/ }));
    });
    const alert = await screen.findByTestId('hold-expired');
    expect(alert).toHaveTextContent('Die Zeit zum Bezahlen ist abgelaufen');
    expect(alert).toHaveTextContent('Ihnen wurde nichts berechnet');
    expect(document.querySelector('.bk-steps')).not.toHaveAttribute('inert');
    expect(screen.getByLabelText(/^Vor- und Nachname/)).toHaveValue('Lena Schmidt');
    expect(within(summary).getByRole('button', { name: /^Buchen und .* bezahlen$/ })).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });
});

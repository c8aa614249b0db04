/**
 * The customer's booking page and paying online (ADR 022), in German: what is due and "Pay"
 * (where payment links land), the return from the bank (`?payment=ok`: paid, or confirming while
 * the notification is on its way; `?payment=ko`: not charged, try again) and a hold that ended.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicBooking, readableText, spanishFragments } from '../existing-booking/test-booking';
import { useExistingBooking } from '../existing-booking/use-existing-booking';
import { LANG_STORAGE_KEY, setDictionary } from '../i18n';
import de from '../i18n/dict/de';
import es from '../i18n/dict/es';
import { getBooking, PublicApiError, startPayment } from '../lib/api';
import { ExistingBookingPage } from './existing-booking-page';

/** A button's amount never breaks before its "€" (a no-break space there). */
const onButton = (label: string) => label.replace(/ €/g, '\u00a0€');

// Counted, not replaced: how often the page itself renders (its forms are built by this hook).
vi.mock('../existing-booking/use-existing-booking', async (importOriginal) => {
  const real = await importOriginal<typeof import('../existing-booking/use-existing-booking')>();
  return { ...real, useExistingBooking: vi.fn(real.useExistingBooking) };
});

vi.mock('../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/api')>()),
  getBooking: vi.fn(),
  startPayment: vi.fn(),
  getAccommodations: vi.fn(async () => []),
}));

/** A deposit booking waiting for its payment: 46,00 € now, 92,00 € on the day. */
const held = (id: string, over: Parameters<typeof publicBooking>[0] = {}) =>
  publicBooking({
    id,
    state: 'pending',
    total_cents: 13800,
    pending_cents: 13800,
    can_cancel: false,
    can_pay: true,
    due_now_cents: 4600,
    due_later_cents: 9200,
    pay_methods: ['card'],
    hold_expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...over,
  });

/** The same booking once the bank's notification was applied. */
const paid = (id: string) =>
  publicBooking({
    id,
    state: 'confirmed',
    payment_state: 'partial',
    total_cents: 13800,
    paid_cents: 4600,
    pending_cents: 9200,
    can_pay: false,
    due_now_cents: 0,
    due_later_cents: 9200,
    pay_methods: [],
    hold_expires_at: null,
  });

async function renderAt(search: string, booking: ReturnType<typeof publicBooking>) {
  window.history.replaceState(null, '', `/public/booking/${booking.id}${search}`);
  vi.mocked(getBooking).mockResolvedValue(booking);
  render(<ExistingBookingPage bookingId={booking.id} />);
  await screen.findByRole('heading', { level: 1, name: booking.product.name });
}

const spanish = spanishFragments(es.common.pay);

beforeEach(() => {
  setDictionary('de', de);
  sessionStorage.setItem(LANG_STORAGE_KEY, 'de');
});
afterEach(() => {
  setDictionary('es', es);
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.mocked(getBooking).mockReset();
  vi.mocked(startPayment).mockReset();
  vi.useRealTimers();
});

describe('the booking page pays what is due (ADR 022)', { timeout: 20_000 }, () => {
  it('shows what is due now and later, the hold and "Pay 46,00 €"; starts the payment for this booking', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    vi.mocked(startPayment).mockResolvedValue({
      provider: 'redsys',
      amount_cents: 4600,
      currency: 'EUR',
      form: { action: 'http://127.0.0.1:9499/sis/realizarPago', method: 'POST', fields: { Ds_Signature: 'x' } },
    });
    await renderAt('', held('pay-1'));
    const panel = screen.getByTestId('pay-panel');
    expect(screen.getByTestId('due-now')).toHaveTextContent('46,00 €');
    expect(screen.getByTestId('due-later')).toHaveTextContent('92,00 €');
    expect(panel).toHaveTextContent(/Jetzt46,00 €Später92,00 €/);
    // The first render says until when (as the server wrote it), then counts down.
    await waitFor(() =>
      expect(screen.getByTestId('hold-timer')).toHaveTextContent(
        /^Ihre Plätze sind noch (10:00|9:5\d) Min\. für Sie reserviert\.$/,
      ),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: onButton('46,00 € bezahlen') }));
    });
    expect(startPayment).toHaveBeenCalledWith('pay-1', 'card');
    expect(submit).toHaveBeenCalledTimes(1);
    expect(spanish.filter((s) => readableText().includes(s))).toEqual([]);
    submit.mockRestore();
    for (const f of document.querySelectorAll('body > form')) f.remove();
  });

  it('nothing to pay: no panel', async () => {
    await renderAt('', publicBooking({ id: 'pay-2' }));
    expect(screen.queryByTestId('pay-panel')).toBeNull();
  });

  it('?payment=ok with the payment in: "Payment received — your booking is confirmed"', async () => {
    await renderAt('?payment=ok', paid('pay-3'));
    expect(screen.getByTestId('payment-ok')).toHaveTextContent(
      'Zahlung erhalten — Ihre Buchung ist bestätigtWir haben 46,00 € erhalten.',
    );
    expect(screen.queryByTestId('pay-panel')).toBeNull();
  });

  it('?payment=ok before the notification: "confirming…", asks again, then paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderAt('?payment=ok', held('pay-4'));
    expect(screen.getByTestId('payment-checking')).toHaveTextContent('Wir bestätigen Ihre Zahlung…');
    // No second payment offered while the first is being confirmed.
    expect(screen.queryByTestId('pay-panel')).toBeNull();
    vi.mocked(getBooking).mockResolvedValueOnce(held('pay-4')).mockResolvedValue(paid('pay-4'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    await waitFor(() => expect(screen.getByTestId('payment-ok')).toBeInTheDocument());
    expect(screen.getByTestId('booking-state')).toHaveTextContent('Bestätigt');
  });

  it('?payment=ok: a poll that finds nothing new re-renders its banner, not the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderAt('?payment=ok', held('pay-6'));
    const pageRenders = vi.mocked(useExistingBooking).mock.calls.length;
    const polls = vi.mocked(getBooking).mock.calls.length;
    for (let i = 0; i < 3; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2100);
      });
    }
    expect(vi.mocked(getBooking).mock.calls.length).toBe(polls + 3);
    expect(vi.mocked(useExistingBooking).mock.calls.length).toBe(pageRenders);
    expect(screen.getByTestId('payment-checking')).toHaveTextContent('Wir bestätigen Ihre Zahlung…');
  });

  it('?payment=ok and the bank slow: says so after a few tries, and can check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderAt('?payment=ok', held('pay-5'));
    for (let i = 0; i < 6; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2100);
      });
    }
    await waitFor(() =>
      expect(screen.getByTestId('payment-checking')).toHaveTextContent(
        'Die Bank hat uns die Zahlung noch nicht bestätigt',
      ),
    );
    const calls = vi.mocked(getBooking).mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Erneut prüfen' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    expect(vi.mocked(getBooking).mock.calls.length).toBeGreaterThan(calls);
  });

  it('?payment=ko: not charged, and the button tries again', async () => {
    await renderAt('?payment=ko', held('pay-6'));
    expect(screen.getByTestId('payment-ko')).toHaveTextContent(
      'Die Zahlung wurde nicht abgeschlossenIhnen wurde nichts berechnet. Sie können es erneut versuchen.',
    );
    expect(screen.getByRole('button', { name: onButton('Zahlung erneut versuchen · 46,00 €') })).toBeInTheDocument();
  });

  it('the provider down: nothing lost, in German; a hold that ended: the booking shown cancelled', async () => {
    vi.mocked(startPayment).mockRejectedValueOnce(
      new PublicApiError(
        502,
        'Der Zahlungsdienst antwortet nicht',
        {},
        [],
        null,
        'PAYMENT_PROVIDER_UNAVAILABLE' as never,
      ),
    );
    await renderAt('', held('pay-7'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: onButton('46,00 € bezahlen') }));
    });
    expect(screen.getByTestId('pay-error')).toHaveTextContent('Es ist nichts verloren');

    vi.mocked(startPayment).mockRejectedValueOnce(
      new PublicApiError(409, 'Abgelaufen', {}, [], null, 'HOLD_EXPIRED' as never),
    );
    vi.mocked(getBooking).mockResolvedValue(
      publicBooking({ id: 'pay-7', state: 'cancelled', cancelled_at: new Date().toISOString(), can_cancel: false }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: onButton('Zahlung erneut versuchen · 46,00 €') }));
    });
    expect(await screen.findByTestId('hold-expired')).toHaveTextContent('Die Zeit zum Bezahlen ist abgelaufen');
    await waitFor(() => expect(screen.queryByTestId('pay-panel')).toBeNull());
    expect(screen.getByTestId('cancelled-banner')).toBeInTheDocument();
  });
});

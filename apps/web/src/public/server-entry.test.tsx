/**
 * Issue 23: what the server renders is what the browser renders first, so the browser takes the
 * server's HTML over without changing it (a mismatch would flash, shift the layout, or leave stale
 * attributes). The server's render (server-entry.tsx) is taken over by `hydrateRoot` here, and any
 * mismatch React reports fails the test. (Production uses Preact for both; the rules that keep the
 * two renders equal — render-context.ts, the embedded data — are the same.)
 */
import { act } from '@testing-library/react';
import type { TPublicPageData } from '@trayecto/shared/public-http';
import { PUBLIC_DATA_ELEMENT_ID, SERVER_RENDERED_ATTR } from '@trayecto/shared/public-http';
import { todayIn } from '@trayecto/shared/time-zone';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicBooking } from './existing-booking/test-booking';
import { setDictionary } from './i18n';
import de from './i18n/dict/de';
import es from './i18n/dict/es';
import { testAccommodations, testProduct, testSlots } from './lib/test-product';
import { PublicApp } from './public-app';
import { renderPublicPage } from './server-entry';

const ORIGIN = window.location.origin;
let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  setDictionary('es', es);
  vi.unstubAllGlobals();
});

/** Renders `url` as the server does, puts it in the page, and hydrates it; returns React's complaints. */
async function serveAndHydrate(url: string, locale: 'es' | 'de', data: TPublicPageData, embedded: unknown) {
  const html = renderPublicPage({ url, origin: ORIGIN, locale, data });
  window.history.replaceState(null, '', url);
  document.body.innerHTML = `<script type="application/json" id="${PUBLIC_DATA_ELEMENT_ID}">${JSON.stringify(
    embedded,
  )}</script><div id="root" ${SERVER_RENDERED_ATTR}="${locale}">${html}</div>`;
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (u: string) => {
      requests.push(String(u));
      return new Response(JSON.stringify(String(u).includes('/accommodations') ? testAccommodations() : []));
    }),
  );
  const errors: unknown[] = [];
  // Attribute mismatches are not errors React recovers from: it only logs them.
  const log = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
  });
  const container = document.getElementById('root') as HTMLElement;
  setDictionary(locale, locale === 'de' ? de : es);
  await act(async () => {
    root = hydrateRoot(container, <PublicApp />, {
      onRecoverableError: (e) => errors.push(e),
    });
  });
  log.mockRestore();
  return { html, errors, requests, container };
}

describe('server render → browser takeover', () => {
  it('the landing: name, price and "Reservar" in the HTML, taken over without a change or a request', async () => {
    const product = testProduct({ id: '11111111-1111-4111-8111-000000000023' });
    const url = `/public/landing/${product.id}`;
    const { html, errors, requests, container } = await serveAndHydrate(url, 'de', { product }, product);
    expect(html).toContain('Teide bei Sonnenuntergang');
    expect(html).toContain('1.234,50');
    expect(html).toContain(de.landing.book);
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    expect(container.innerHTML).toContain('Teide bei Sonnenuntergang');
  });

  it('the booking page: the calendar opens on the embedded month, its days bookable from the HTML', async () => {
    const product = testProduct({ id: '11111111-1111-4111-8111-000000000024', locale: 'es' });
    const today = todayIn(product.tour_operator.timezone);
    const month = today.slice(0, 7);
    const data: TPublicPageData = {
      product,
      availability: [{ product_id: product.id, month, slots: testSlots(today) }],
    };
    const url = `/public/booking/product/${product.id}`;
    const { html, errors, requests } = await serveAndHydrate(url, 'es', data, data);
    expect(html).toMatch(new RegExp(`data-date="${today}"[^>]*aria-label="[^"]*12 plazas"`));
    expect(html).not.toContain('aria-busy="true"');
    expect(errors).toEqual([]);
    // The departures came with the page: only the pickup places (not rendered by the server) are asked for.
    expect(requests.filter((r) => r.includes('/availability'))).toEqual([]);
    // The usual markets from the HTML; every other country once the page is idle.
    expect(html).toContain('Reino Unido');
    expect(html).not.toContain('Afganistán');
    await vi.waitFor(() => expect(document.getElementById('customer_country')?.textContent).toContain('Afganistán'));
  });

  it('the voucher: the locator and its QR code of the absolute address', async () => {
    const booking = publicBooking();
    const url = `/public/landing/booking-voucher/${booking.id}`;
    const { html, errors, requests } = await serveAndHydrate(url, 'es', { booking }, { booking });
    expect(html).toContain(booking.locator);
    expect(html).toContain('<svg');
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
  });
});

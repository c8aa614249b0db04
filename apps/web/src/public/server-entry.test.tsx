/**
 * Issues 23 and 31: what the server renders is what the browser renders first, so the browser takes
 * the server's HTML over without changing it (a mismatch would flash, shift the layout, or leave
 * stale attributes), in every language. These tests run on Preact, as the pages do (the server's
 * render is preact-render-to-string, the takeover Preact's `hydrate`: vitest.public.config.ts).
 *
 * Preact's hydration takes the server's elements and attributes as they are and only checks the
 * element types (it never reports a different text or attribute), so each page is checked three
 * ways: the server's HTML equals the browser's own first render of the same address (elements,
 * attributes, texts, form values); Preact's debug build reports no mismatch while taking it over;
 * and the takeover asks nothing the page embedded. The takeover is main.tsx's, in steps (issue 35,
 * lib/hydration.tsx): what never changes is kept as the server wrote it, the rest is taken over a
 * part per task; the pages that change nothing after loading keep the server's DOM exactly.
 */
import 'preact/debug';
import { act } from '@testing-library/react';
import type { TPublicBooking, TPublicProduct } from '@trayecto/shared';
import { addMonths, monthOf } from '@trayecto/shared/dates';
import { PUBLIC_LOCALES, type TPublicLocale } from '@trayecto/shared/i18n';
import type { TPublicPageData } from '@trayecto/shared/public-http';
import { PUBLIC_DATA_ELEMENT_ID, SERVER_RENDERED_ATTR } from '@trayecto/shared/public-http';
import { todayIn } from '@trayecto/shared/time-zone';
import { Component as PreactComponent } from 'preact';
import { Component } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicBooking } from './existing-booking/test-booking';
import { setDictionary, type TPublicDict } from './i18n';
import de from './i18n/dict/de';
import en from './i18n/dict/en';
import es from './i18n/dict/es';
import fr from './i18n/dict/fr';
import it_ from './i18n/dict/it';
import nl from './i18n/dict/nl';
import { hydratePage, nextTask, takenOver } from './lib/hydration';
import { testAccommodations, testProduct, testQuestions, testSlots } from './lib/test-product';
import { PublicApp } from './public-app';
import { renderPublicPage, statementSource } from './server-entry';

const DICTS: Record<TPublicLocale, TPublicDict> = { es, en, de, fr, it: it_, nl };
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

/** A style attribute as the browser writes it back (the server writes `a:b;`, the DOM `a: b;`). */
function cssText(style: string): string {
  const probe = document.createElement('div');
  probe.setAttribute('style', style);
  return probe.style.cssText;
}

/**
 * An element tree as text for comparing two renders: tags, attributes sorted by name, texts with
 * adjacent ones joined, and what form controls hold: the server writes it as attributes (`value`,
 * `checked`, `selected`, a textarea's text), the browser sets the controls' properties.
 */
function normalized(node: Node, side: 'server' | 'browser'): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  const server = side === 'server';
  const toggle = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
  const attrs = [...el.attributes]
    .filter((a) => !['checked', 'selected'].includes(a.name) && (a.name !== 'value' || toggle))
    .map((a) => `${a.name.toLowerCase()}="${a.name === 'style' ? cssText(a.value) : a.value}"`);
  if (el instanceof HTMLInputElement) {
    if (toggle) attrs.push(`:checked=${server ? el.hasAttribute('checked') : el.checked}`);
    else attrs.push(`:value="${server ? (el.getAttribute('value') ?? '') : el.value}"`);
  }
  if (el instanceof HTMLTextAreaElement) attrs.push(`:value="${server ? el.textContent : el.value}"`);
  if (el instanceof HTMLSelectElement) {
    const chosen = [...el.options].find((o) => o.hasAttribute('selected')) ?? el.options[0];
    attrs.push(`:value="${server ? (chosen?.value ?? '') : el.value}"`);
  }
  if (el instanceof HTMLOptionElement) attrs.push(`:value="${el.value}"`);
  const children = el instanceof HTMLTextAreaElement ? [] : [...el.childNodes];
  return `<${[tag, ...attrs.sort()].join(' ')}>${children.map((c) => normalized(c, side)).join('')}</${tag}>`;
}

/** What the browser renders first at the current address, before any effect runs. */
function browserFirstRender(): string {
  const box = document.createElement('div');
  const fresh = createRoot(box);
  fresh.render(<PublicApp />);
  box.normalize();
  const dom = normalized(box, 'browser');
  fresh.unmount();
  return dom;
}

/** `html` as the browser parses it, compared the same way. */
function parsed(html: string): string {
  const box = document.createElement('div');
  box.innerHTML = html;
  box.normalize();
  return normalized(box, 'server');
}

/** The prototypes' members through which a page formats (cached formatters included). */
const INTL_MEMBERS: Record<string, string[]> = {
  DateTimeFormat: ['format', 'formatToParts', 'formatRange'],
  NumberFormat: ['format', 'formatToParts'],
  PluralRules: ['select'],
  DisplayNames: ['of'],
  Collator: ['compare'],
  ListFormat: ['format'],
  RelativeTimeFormat: ['format'],
};

/**
 * Records every use of `Intl` (a formatter built, or one used, even one built earlier) and of the
 * locale-aware methods of strings, dates and numbers, until the returned `stop` is called: the
 * first of them loads the runtime's locale data (issue 35, goal 6).
 */
function recordIntl(): { calls: string[]; stop: () => void } {
  const calls: string[] = [];
  const undo: (() => void)[] = [];
  const intl = Intl as unknown as Record<string, unknown>;
  for (const [name, members] of Object.entries(INTL_MEMBERS)) {
    const Original = intl[name] as (new (...args: unknown[]) => object) | undefined;
    if (!Original) continue;
    intl[name] = new Proxy(Original, {
      construct(target, args, newTarget) {
        calls.push(`new Intl.${name}`);
        return Reflect.construct(target, args, newTarget);
      },
    });
    undo.push(() => {
      intl[name] = Original;
    });
    for (const member of members) wrapMember(Original.prototype, member, `Intl.${name}#${member}`, calls, undo);
  }
  for (const [proto, members] of [
    [String.prototype, ['localeCompare', 'toLocaleUpperCase', 'toLocaleLowerCase']],
    [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
    [Number.prototype, ['toLocaleString']],
  ] as const)
    for (const member of members) wrapMember(proto, member, member, calls, undo);
  return {
    calls,
    stop: () => {
      for (const f of undo.reverse()) f();
    },
  };
}

function wrapMember(proto: object, member: string, label: string, calls: string[], undo: (() => void)[]) {
  const d = Object.getOwnPropertyDescriptor(proto, member);
  if (!d) return;
  const get = d.get;
  const value = d.value as ((...args: unknown[]) => unknown) | undefined;
  Object.defineProperty(
    proto,
    member,
    get
      ? {
          ...d,
          get(this: object) {
            calls.push(label);
            return get.call(this);
          },
        }
      : {
          ...d,
          value(this: object, ...args: unknown[]) {
            calls.push(label);
            return value?.apply(this, args);
          },
        },
  );
  undo.push(() => Object.defineProperty(proto, member, d));
}

/**
 * Renders `url` as the server does, puts it in the page, checks the browser's first render against
 * it and takes it over; returns what Preact reported, what the page asked for and its uses of `Intl`
 * while it was taken over.
 */
async function serveAndHydrate(url: string, locale: TPublicLocale, data: TPublicPageData, embedded: unknown) {
  // The page before (a loop's previous language) goes, its timers with it.
  act(() => root?.unmount());
  root = null;
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
      // A page that asks again for its booking (the bank's return polls it) gets the same one.
      const booking = (embedded as { booking?: TPublicBooking } | null)?.booking;
      if (booking && String(u).includes(`/bookings/${booking.id}`)) return new Response(JSON.stringify(booking));
      return new Response(JSON.stringify(String(u).includes('/accommodations') ? testAccommodations() : []));
    }),
  );
  const errors: unknown[] = [];
  // Preact's debug build reports a mismatch (and misuse) on the console.
  const log = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
  });
  const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
  });
  setDictionary(locale, DICTS[locale]);
  const firstRender = browserFirstRender();
  const container = document.getElementById('root') as HTMLElement;
  // As main.tsx does: the page, then each of its Later parts in a task of its own (lib/hydration.tsx),
  // each task's renders done before the next one, as in the browser (their microtasks).
  const intl = recordIntl();
  try {
    act(() => {
      root = hydratePage(container, <PublicApp />);
    });
    let done = false;
    void takenOver().then(() => {
      done = true;
    });
    while (!done) await act(() => nextTask());
  } finally {
    intl.stop();
  }
  log.mockRestore();
  warn.mockRestore();
  return { html, firstRender, errors, requests, container, intl: intl.calls };
}

/** Where two renders part, with some of each around it (the whole pages are long). */
function firstDifference(browser: string, server: string): string | null {
  if (browser === server) return null;
  let i = 0;
  while (i < browser.length && browser[i] === server[i]) i++;
  const around = (s: string) => s.slice(Math.max(0, i - 160), i + 160);
  return `at ${i}:\n  browser: …${around(browser)}…\n  server:  …${around(server)}…`;
}

/** The page in `locale`: the server's HTML is the browser's first render, taken over silently. */
async function expectTakenOver(url: string, locale: TPublicLocale, data: TPublicPageData, embedded: unknown = data) {
  const run = await serveAndHydrate(url, locale, data, embedded);
  expect(firstDifference(run.firstRender, parsed(run.html)), `${url} in ${locale}`).toBeNull();
  expect(run.errors, `${url} in ${locale}: ${run.errors.join('\n')}`).toEqual([]);
  return run;
}

/** One id per language: a page seen earlier in the file (in another language) is no cache of this one. */
const idIn = (locale: TPublicLocale, n: number) =>
  `11111111-1111-4111-8111-${String(n).padStart(6, '0')}${String(PUBLIC_LOCALES.indexOf(locale)).padStart(6, '0')}`;

/** The product in `locale`; `n` keeps each test's pages apart (the landing's product is no cache of the form's). */
const productIn = (locale: TPublicLocale, n: number, over: Partial<TPublicProduct> = {}) =>
  testProduct({
    id: idIn(locale, n),
    locale,
    tour_operator: { ...testProduct().tour_operator, public_languages: [...PUBLIC_LOCALES] },
    ...over,
  });

/** A booking staff prepared for the customer: the form, the passengers, the pickup, confirm and cancel. */
const preparedIn = (locale: TPublicLocale, over: Partial<TPublicBooking> = {}) =>
  publicBooking({
    id: idIn(locale, 31),
    locale,
    language: locale,
    state: 'pending',
    can_confirm: true,
    customer_email: '',
    customer_phone: '',
    passengers: [{ full_name: 'Lucía Pérez', pax_type: 'adult' }],
    product: {
      ...publicBooking().product,
      image: {
        url: '/uploads/teide.webp',
        thumb_url: '/uploads/teide-sm.webp',
        alt: 'El Teide nevado',
        width: 1600,
        height: 1067,
      },
    },
    ...over,
  });

describe("the tests run on the pages' runtime", () => {
  it('React is Preact here, as in the public builds and on the dev server', () => {
    expect(Component).toBe(PreactComponent);
  });
});

describe('server render → browser takeover, in every language', () => {
  it('the landing: name, price and "Reservar" in the HTML, taken over without a change or a request', async () => {
    for (const locale of PUBLIC_LOCALES) {
      const product = productIn(locale, 23);
      const url = `/public/landing/${product.id}`;
      const { html, requests, container } = await expectTakenOver(url, locale, { product }, product);
      expect(html).toContain('Teide bei Sonnenuntergang');
      expect(html).toContain(DICTS[locale].landing.book);
      expect(requests, locale).toEqual([]);
      expect(container.innerHTML).toContain('Teide bei Sonnenuntergang');
      // Taken over in steps, the landing is still exactly the server's.
      expect(firstDifference(parsed(container.innerHTML), parsed(html)), locale).toBeNull();
    }
    const product = productIn('de', 23);
    const url = `/public/landing/${product.id}`;
    expect(renderPublicPage({ url, origin: ORIGIN, locale: 'de', data: { product } })).toContain('1.234,50');
  }, 30_000);

  it('the booking page: the calendar opens on the embedded month, its days bookable from the HTML', async () => {
    for (const locale of PUBLIC_LOCALES) {
      const product = productIn(locale, 25);
      // The operator's "today" as the server saw it, here not the browser clock's (the first of next
      // month): the form's calendar opens on it, on the server and in the browser (issue 35, goal 6).
      const today = `${addMonths(monthOf(todayIn(product.tour_operator.timezone)), 1)}-01`;
      const data: TPublicPageData = {
        product,
        availability: [{ product_id: product.id, month: today.slice(0, 7), slots: testSlots(today) }],
        today,
      };
      const { html, requests, intl, container } = await expectTakenOver(
        `/public/booking/product/${product.id}`,
        locale,
        data,
      );
      expect(html).toMatch(new RegExp(`data-date="${today}"[^>]*aria-label="[^"]*12`));
      expect(html).not.toContain('aria-busy="true"');
      // The server's month is the first one: nothing before it to go back to.
      expect(container.querySelector('.pub-cal-head button')?.hasAttribute('disabled'), locale).toBe(true);
      // Taken over without formatting anything: no locale data loaded while the page loads.
      expect(intl, locale).toEqual([]);
      // The departures came with the page: only the pickup places (not rendered by the server) are asked for.
      expect(
        requests.filter((r) => r.includes('/availability')),
        locale,
      ).toEqual([]);
      if (locale !== 'es') continue;
      // The usual markets from the HTML and after the takeover; every other country once the
      // customer uses the page (here, a field takes the focus), not while it loads.
      expect(html).toContain('Reino Unido');
      expect(html).not.toContain('Afganistán');
      const country = document.getElementById('customer_country') as HTMLSelectElement;
      await new Promise((r) => setTimeout(r, 50));
      expect(country.textContent).not.toContain('Afganistán');
      await act(async () => {
        document.getElementById('customer_name')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      });
      await vi.waitFor(() => expect(country.textContent).toContain('Afganistán'));
      // The calendar, taken over at that input, picks the server's day at the first tap.
      const day = container.querySelector(`button[data-date="${today}"]`) as HTMLButtonElement;
      await act(async () => {
        day.dispatchEvent(new Event('pointerdown', { bubbles: true }));
        day.click();
      });
      expect(day.getAttribute('aria-pressed')).toBe('true');
      expect(container.querySelector('.bk-summary-list dd')?.textContent).toMatch(/^\S+, 1 \S+ \d{4}$/);
    }
  }, 30_000);

  it('the voucher: the locator and its QR code of the absolute address', async () => {
    for (const locale of PUBLIC_LOCALES) {
      const booking = publicBooking({ id: idIn(locale, 24), locale, language: locale });
      const run = await expectTakenOver(`/public/landing/booking-voucher/${booking.id}`, locale, { booking });
      const { html, requests } = run;
      expect(html).toContain(booking.locator);
      expect(html).toContain('<svg');
      expect(requests, locale).toEqual([]);
      // The voucher itself is kept as the server wrote it (its QR code is not made again).
      const { container } = run;
      expect(firstDifference(parsed(container.innerHTML), parsed(html)), locale).toBeNull();
    }
  }, 30_000);

  it('the existing booking: the booking, its form with the passengers and the pickup, no request for it', async () => {
    for (const locale of PUBLIC_LOCALES) {
      const booking = preparedIn(locale);
      const url = `/public/booking/${booking.id}`;
      const { html, requests, container } = await expectTakenOver(url, locale, { booking });
      const tx = DICTS[locale];
      expect(html).toContain(booking.locator);
      expect(html).toContain(booking.product.name);
      expect(html).toContain(tx.common.labels.confirmBooking);
      expect(html).toContain('value="Lucía Pérez"');
      // Its photo, the largest paint, fetched first: the thumbnail on a phone (srcset and sizes),
      // its size known before it loads, marked for the server to preload it from the head.
      const img = /<img[^>]*class="bx-img"[^>]*>/.exec(html)?.[0] ?? '';
      expect(img).toMatch(/fetchpriority="high"/i);
      expect(img).toContain('alt="El Teide nevado"');
      expect(img).toMatch(/srcset="\/uploads\/teide-sm\.webp 400w, \/uploads\/teide\.webp 1600w"/i);
      expect(img).toContain('sizes="(min-width: 960px) 330px, calc(100vw - 66px)"');
      expect(img).toContain('width="1600"');
      expect(img).toContain('height="1067"');
      expect(img).toMatch(/\sdata-preload[\s=/>]/);
      // The booked hotel and its pickup card in the HTML, before the list of places arrives.
      expect(html).toMatch(/<input[^>]*id="pickup"[^>]*value="Gran Hotel Playa del Duque"/);
      expect(html).toContain('data-testid="pickup-info"');
      // The booking came with the page; only the pickup places are asked for (as on the booking page).
      expect(
        requests.filter((r) => r.includes('/bookings/')),
        locale,
      ).toEqual([]);
      // Taken over, it works: the pickup places arrive and the form is the browser's.
      await vi.waitFor(() => expect(requests.some((r) => r.includes('/accommodations'))).toBe(true));
      expect(container.querySelector('[data-testid="locator"]')?.textContent).toBe(booking.locator);
    }
  }, 30_000);

  it("the pickup places' arrival does not take the pickup part over: the customer's first input does", async () => {
    // A product of its own: no list of places cached from an earlier page.
    const booking = preparedIn('es', {
      id: idIn('es', 35),
      product: { ...preparedIn('es').product, id: '33333333-3333-4333-8333-333333333335' },
    });
    const { requests, container } = await expectTakenOver(`/public/booking/${booking.id}`, 'es', { booking });
    await vi.waitFor(() => expect(requests.some((r) => r.includes('/accommodations'))).toBe(true));
    // The list arrived; it changes nothing shown (the booked place is known), so the part stays the
    // server's: its list is not rendered while the page loads (issue 35, goal 6).
    const options = () => container.querySelectorAll('#pickup ~ [role="listbox"] [role="option"]').length;
    for (let i = 0; i < 5; i++) await act(() => nextTask());
    expect(options()).toBe(1);
    expect((document.getElementById('pickup') as HTMLInputElement).value).toBe('Gran Hotel Playa del Duque');
    await act(async () => {
      document.getElementById('pickup')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    await vi.waitFor(() => expect(options()).toBe(1 + testAccommodations().length));
    expect((document.getElementById('pickup') as HTMLInputElement).value).toBe('Gran Hotel Playa del Duque');
    expect(container.querySelector('[data-testid="pickup-info"]')?.textContent).toContain('08:20');
  }, 30_000);

  it('a booking to pay online (ADR 022): what is due, the hold and the bank’s answer in the HTML, taken over as is', async () => {
    for (const locale of PUBLIC_LOCALES) {
      const tx = DICTS[locale].common.pay;
      // One booking id per address: a page seen before is a cached booking, not an embedded one.
      const held = (n: number) =>
        preparedIn(locale, {
          id: idIn(locale, n),
          state: 'pending',
          can_confirm: false,
          can_pay: true,
          due_now_cents: 4600,
          due_later_cents: 9200,
          pay_methods: ['card', 'bizum'],
          hold_expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
        });
      for (const [n, search] of [
        [41, ''],
        [42, '?payment=ko'],
      ] as const) {
        const booking = held(n);
        const { html } = await expectTakenOver(`/public/booking/${booking.id}${search}`, locale, { booking });
        // The server writes until when the seats are held; the browser counts down after taking over.
        expect(html).toContain('data-testid="hold-timer"');
        expect(html).toContain(tx.method);
        if (search) expect(html).toContain(tx.koTitle);
      }
      const booking = held(43);
      const { html } = await expectTakenOver(`/public/booking/${booking.id}?payment=ok`, locale, { booking });
      expect(html).toContain(tx.checkingTitle);
    }
  }, 30_000);

  it('booking questions (ADR 024): the form’s step, the existing booking’s answers and the voucher’s, taken over as they are', async () => {
    const [swim, heard] = testQuestions();
    const answers: TPublicBooking['answers'] = [
      { question_id: heard.id, passenger: null, label: heard.label, kind: 'choice', value: 'En el hotel' },
      { question_id: swim.id, passenger: 1, label: swim.label, kind: 'yes_no', value: 'yes' },
    ];
    for (const locale of PUBLIC_LOCALES) {
      const tx = DICTS[locale].common;
      const product = productIn(locale, 28, { questions: testQuestions() });
      const today = todayIn(product.tour_operator.timezone);
      const form = await expectTakenOver(`/public/booking/product/${product.id}`, locale, {
        product,
        availability: [{ product_id: product.id, month: today.slice(0, 7), slots: testSlots(today) }],
      });
      expect(form.html).toContain(tx.questions.title);
      expect(form.html).toContain(tx.labels.passenger(1, tx.paxTypes.adult));
      expect(form.html).toContain('role="radiogroup"');

      const prepared = preparedIn(locale, { id: idIn(locale, 32), questions: testQuestions(), answers });
      const existing = await expectTakenOver(`/public/booking/${prepared.id}`, locale, { booking: prepared });
      // The answers given, as the server wrote them: the chosen option and the checked "yes".
      expect(existing.html).toMatch(
        /<option[^>]*value="En el hotel"[^>]*selected|<option[^>]*selected[^>]*value="En el hotel"/,
      );
      expect(existing.html).toMatch(/<input[^>]*checked[^>]*value="yes"|<input[^>]*value="yes"[^>]*checked/);

      const booking = publicBooking({
        id: idIn(locale, 33),
        locale,
        language: locale,
        questions: testQuestions(),
        answers,
      });
      const voucher = await expectTakenOver(`/public/landing/booking-voucher/${booking.id}`, locale, { booking });
      expect(voucher.html).toContain(tx.questions.answers);
      expect(voucher.html).toContain(tx.questions.yes);
    }
  }, 30_000);

  it('the accessibility statement: whole in the HTML, with the contact of the operator the visitor came from', async () => {
    for (const locale of PUBLIC_LOCALES) {
      // Each language's page load its own operator's contact (a data block the file has not read yet).
      const product = productIn(locale, 26);
      product.tour_operator = { ...product.tour_operator, email: `accesibilidad-${locale}@teide.example` };
      const from = `/public/accesibilidad?desde=${encodeURIComponent(`/public/landing/${product.id}`)}`;
      const { html, requests } = await expectTakenOver(
        from,
        locale,
        { operator: product.tour_operator },
        { operator: product.tour_operator },
      );
      expect(html).toContain(DICTS[locale].statement.statusTitle);
      expect(html).toContain(`mailto:${product.tour_operator.email}`);
      expect(requests, locale).toEqual([]);
      // Without a page to come from: the statement alone, no data.
      const plain = await expectTakenOver('/public/accesibilidad', locale, {}, {});
      expect(plain.html).toContain(DICTS[locale].statement.statusTitle);
      expect(plain.requests).toEqual([]);
    }
  }, 30_000);

  it("a language chosen earlier in the visit is not the server's: the check sees a different first render", async () => {
    // The guard itself: a page whose browser render differs from the server's fails the comparison.
    const product = productIn('de', 27);
    const url = `/public/landing/${product.id}`;
    const run = await serveAndHydrate(url, 'de', { product }, product);
    setDictionary('en', en);
    expect(firstDifference(browserFirstRender(), parsed(run.html))).toMatch(/browser: .*server: /s);
  });
});

describe('the statement names the page its visitor came from', () => {
  it("a product's or a booking's public page; nothing else", () => {
    expect(statementSource('/public/accesibilidad?desde=%2Fpublic%2Flanding%2Fp-1&lang=en')).toEqual({
      productId: 'p-1',
    });
    expect(statementSource('/public/accesibilidad?desde=/public/booking/product/p-2')).toEqual({ productId: 'p-2' });
    expect(statementSource('/public/accesibilidad?desde=/public/landing/booking-voucher/b-1')).toEqual({
      bookingId: 'b-1',
    });
    expect(statementSource('/public/accesibilidad?desde=/public/booking/b-2')).toEqual({ bookingId: 'b-2' });
    for (const url of [
      '/public/accesibilidad',
      '/public/accesibilidad?desde=https://evil.example/',
      '/public/accesibilidad?desde=/login',
    ])
      expect(statementSource(url), url).toBeNull();
  });
});

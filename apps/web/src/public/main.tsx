import { SERVER_RENDERED_ATTR } from '@trayecto/shared/public-http';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getLocale, startLocale } from './i18n';
import { formatWarmUps } from './lib/format';
import { hydratePage, nextTask } from './lib/hydration';
import { languageChosenInVisit } from './lib/navigation';
import { embeddedData } from './lib/render-context';
import { pageKeyOf } from './match-route';
import { preloadPage } from './page-loaders';
import { PublicApp } from './public-app';

const app = (
  <StrictMode>
    <PublicApp />
  </StrictMode>
);

/**
 * Whether the browser's first render will be the server's HTML (issue 23): the page was rendered
 * on the server in the language this visit shows it in, and no language chosen earlier in the
 * visit changes its links. Then the page is taken over as it is (hydrated); otherwise rendered
 * afresh over it.
 */
function takesOverServerHtml(root: HTMLElement): boolean {
  const rendered = root.getAttribute(SERVER_RENDERED_ATTR);
  return !!rendered && rendered === getLocale() && !languageChosenInVisit();
}

/** The time zone of the operator whose page the server embedded (a product's or a booking's), if any. */
function embeddedTimeZone(): string | null {
  const data = embeddedData() as {
    product?: { tour_operator?: { timezone?: string } };
    booking?: { tour_operator?: { timezone?: string } };
  } | null;
  return data?.product?.tour_operator?.timezone ?? data?.booking?.tour_operator?.timezone ?? null;
}

/**
 * Whether taking the page over formats a date or an amount (its first `Intl` format loads the
 * runtime's locale data, ~20 ms on this machine's CPU): the customer's booking only when the server
 * showed a banner with a date or an amount. Its blocks (facts, form, invoices) are taken over at
 * the first input and the pay panel keeps the server's amounts and time until they change
 * (lib/hydration.tsx), so a customer who only reads, or pays, loads none of it while the page
 * loads. The booking form neither: its "today" is the server's (embedded with its data), its
 * calendar and customer's fields are taken over at the first input, its prices kept until they
 * change.
 */
function formatsAtTakeover(key: string | null, root: HTMLElement): boolean {
  if (key !== 'publicBookingExisting') return false;
  return !!root.querySelector(
    '[data-testid="cancelled-banner"], [data-testid="payment-ok"], [data-testid="confirmed-by-you"]',
  );
}

async function start() {
  const root = document.getElementById('root') as HTMLElement;
  // The page's own code (preloaded by the server's HTML, as its dictionary is) loads while the
  // texts do: a page the server rendered is taken over once both are here, so the first render is
  // the server's and nothing suspends.
  const key = pageKeyOf(window.location.pathname);
  const pageCode = (key ? preloadPage(key) : Promise.resolve()).catch(() => undefined);
  // The page's language's texts (one small chunk) before the first render: nothing shows in the
  // wrong language first. A dictionary that cannot load leaves Spanish, the source language.
  await startLocale().catch(() => startLocale('es'));
  if (takesOverServerHtml(root)) {
    // Each in a task of its own, so that none is long on a slow phone (issue 35, goal 6): for a
    // page that formats while taken over, the locale data and the operator's zone that its prices
    // and dates need; then the takeover itself, in steps (lib/hydration.tsx). The other pages
    // format nothing while taken over.
    if (formatsAtTakeover(key, root)) {
      for (const step of formatWarmUps(embeddedTimeZone())) {
        await nextTask();
        step();
      }
    }
    await pageCode;
    await nextTask();
    hydratePage(root, app);
  } else {
    root.removeAttribute(SERVER_RENDERED_ATTR);
    createRoot(root).render(app);
  }
}

void start();

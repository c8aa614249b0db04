import { SERVER_RENDERED_ATTR } from '@trayecto/shared/public-http';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { getLocale, startLocale } from './i18n';
import { languageChosenInVisit } from './lib/navigation';
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

async function start() {
  // The page's language's texts (one small chunk) before the first render: nothing shows in the
  // wrong language first. A dictionary that cannot load leaves Spanish, the source language.
  await startLocale().catch(() => startLocale('es'));
  const root = document.getElementById('root') as HTMLElement;
  if (takesOverServerHtml(root)) {
    // The page's own code (preloaded by the server's HTML) before taking its HTML over, so the
    // first render is the server's and nothing suspends.
    const key = pageKeyOf(window.location.pathname);
    await (key ? preloadPage(key) : Promise.resolve()).catch(() => undefined);
    hydrateRoot(root, app);
  } else {
    root.removeAttribute(SERVER_RENDERED_ATTR);
    createRoot(root).render(app);
  }
}

void start();

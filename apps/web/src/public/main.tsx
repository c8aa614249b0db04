import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startLocale } from './i18n';
import { PublicApp } from './public-app';

// The page's language's texts (one small chunk) before the first render: nothing shows in the
// wrong language first. A dictionary that cannot load leaves Spanish, the source language.
startLocale()
  .catch(() => startLocale('es'))
  .finally(() => {
    createRoot(document.getElementById('root') as HTMLElement).render(
      <StrictMode>
        <PublicApp />
      </StrictMode>,
    );
  });

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicApp } from './public-app';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <PublicApp />
  </StrictMode>,
);

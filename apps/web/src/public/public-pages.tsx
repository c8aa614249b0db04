import type { ReactNode } from 'react';
import './public.css';

function Brand() {
  return (
    <div className="pub-brand">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#0b7285" />
        <path d="M6 22c4-8 8-12 10-12s4 6 10 4" stroke="white" strokeWidth="3" fill="none" strokeLinecap="round" />
        <circle cx="26" cy="14" r="2.5" fill="#ffd43b" />
      </svg>
      <span>Trayecto</span>
    </div>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="pub-page">
      <header className="pub-header">
        <Brand />
      </header>
      <main className="pub-main" id="contenido">
        {children}
      </main>
      <footer className="pub-footer">Reservas gestionadas con Trayecto</footer>
    </div>
  );
}

/** An honest "being prepared" state: the page exists, its content comes in a later release. */
export function PublicPlaceholder({ routeName, heading, lead }: { routeName: string; heading: string; lead: string }) {
  return (
    <Shell>
      <section className="pub-card" data-route-name={routeName} aria-labelledby="pub-title">
        <div className="pub-icon" aria-hidden="true">
          <svg
            aria-hidden="true"
            width="36"
            height="36"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M3 21h18" />
            <path d="M5 21v-12l7-5 7 5v12" />
            <path d="M9 21v-6h6v6" />
          </svg>
        </div>
        <p className="pub-badge">Página en preparación</p>
        <h1 id="pub-title">{heading}</h1>
        <p className="pub-lead">{lead}</p>
        <p className="pub-note">
          Estamos terminando esta página. Si necesitas ayuda con tu reserva, ponte en contacto con la agencia o el tour
          operador que te ha enviado el enlace.
        </p>
      </section>
    </Shell>
  );
}

export function PublicNotFound() {
  return (
    <Shell>
      <section className="pub-card" aria-labelledby="pub-title">
        <div className="pub-icon" aria-hidden="true">
          <svg
            aria-hidden="true"
            width="36"
            height="36"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="M21 21l-4.3-4.3" />
            <path d="M8.5 8.5l5 5M13.5 8.5l-5 5" />
          </svg>
        </div>
        <p className="pub-badge pub-badge-muted">Error 404</p>
        <h1 id="pub-title">No encontramos esta página</h1>
        <p className="pub-lead">
          Puede que el enlace esté incompleto o que la excursión ya no esté disponible. Revisa el enlace que te han
          enviado o pide uno nuevo a tu tour operador.
        </p>
      </section>
    </Shell>
  );
}

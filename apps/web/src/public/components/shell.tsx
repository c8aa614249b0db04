import type { TPublicOperator } from '@trayecto/shared';
import type { TPublicLocale } from '@trayecto/shared/i18n';
import type { CSSProperties, ReactNode } from 'react';
import { t } from '../i18n';
import { brandVars } from '../lib/brand';
import { Later } from '../lib/hydration';
import { onLinkClick, publicHref } from '../lib/navigation';
import { currentPath } from '../lib/render-context';
import { STATEMENT_PATH } from '../match-route';
import { IconArrowLeft, IconMail, IconPhone, IconWorld } from './icons';
import { LanguageSwitcher, offeredLocales } from './language-switcher';

/** "Teide Aventura" → "TA" (the mark when the operator has no logo). */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[\p{L}\d]/u.test(w) && w.length > 2);
  return (words.length ? words : name.split(/\s+/))
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
export const websiteHref = (url: string) => (/^https?:\/\//i.test(url) ? url : `https://${url}`);
export const websiteLabel = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');

export function OperatorMark({
  operator,
  size = 40,
}: {
  operator: Pick<TPublicOperator, 'name' | 'logo_url'>;
  size?: number;
}) {
  if (operator.logo_url) {
    return <img className="pub-logo" src={operator.logo_url} alt="" height={size} style={{ maxHeight: size }} />;
  }
  return (
    <span className="pub-monogram" aria-hidden="true" style={{ width: size, height: size, fontSize: size * 0.4 }}>
      {initials(operator.name)}
    </span>
  );
}

function TrayectoMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0b7285" />
      <path d="M6 22c4-8 8-12 10-12s4 6 10 4" stroke="white" strokeWidth="3" fill="none" strokeLinecap="round" />
      <circle cx="26" cy="14" r="2.5" fill="#ffd43b" />
    </svg>
  );
}

/** Phone, e-mail and website of the operator, as links a phone can act on. */
export function OperatorContact({ operator, compact }: { operator: TPublicOperator; compact?: boolean }) {
  return (
    <ul className={compact ? 'pub-contact pub-contact-compact' : 'pub-contact'}>
      {operator.phone && (
        <li>
          <IconPhone size={18} />
          <a href={telHref(operator.phone)}>{operator.phone}</a>
        </li>
      )}
      {operator.email && (
        <li>
          <IconMail size={18} />
          <a href={`mailto:${operator.email}`}>{operator.email}</a>
        </li>
      )}
      {operator.website && (
        <li>
          <IconWorld size={18} />
          <a href={websiteHref(operator.website)} rel="noopener" target="_blank">
            {websiteLabel(operator.website)}
          </a>
        </li>
      )}
    </ul>
  );
}

/** The accessibility statement, remembering the page it was opened from (for its operator's contact). */
function statementHref(): string {
  const here = currentPath();
  if (!here || here === STATEMENT_PATH) return publicHref(STATEMENT_PATH);
  return publicHref(`${STATEMENT_PATH}?desde=${encodeURIComponent(here)}`);
}

type ShellProps = {
  routeName: string;
  operator?: TPublicOperator | null;
  /** A link back (e.g. to the excursion) shown in the header. */
  back?: { href: string; label: string; short?: string };
  children: ReactNode;
  className?: string;
  /**
   * The languages the switcher offers: by default the operator's (`public_languages`), or all of
   * them on a page without one (not found, failed); `[]` shows none (while loading).
   */
  languages?: readonly TPublicLocale[];
};

/**
 * The frame of every public page: the operator's brand (colour, logo, name) in a slim header,
 * the page, and a footer with the operator's contact. No back-office chrome.
 */
export function Shell({ routeName, operator, back, children, className, languages }: ShellProps) {
  const style = brandVars(operator?.brand_color) as CSSProperties;
  const text = t().common.shell;
  const locales = languages ?? offeredLocales(operator?.public_languages);
  return (
    <div className={`pub-page ${className ?? ''}`} style={style} data-route-name={routeName}>
      <a className="pub-skip" href="#contenido">
        {text.skip}
      </a>
      <header className="pub-header">
        <div className="pub-header-inner">
          {operator ? (
            <span className="pub-brand">
              <OperatorMark operator={operator} size={36} />
              <span className="pub-brand-name">{operator.name}</span>
            </span>
          ) : (
            <span className="pub-brand pub-brand-trayecto">
              <TrayectoMark />
              <span className="pub-brand-name">Trayecto</span>
            </span>
          )}
          {/* One group at the end: the back link (or the phone) and the language. */}
          <div className="pub-header-actions">
            {back && (
              <a className="pub-header-back" href={back.href} onClick={onLinkClick}>
                <IconArrowLeft size={18} />
                <span className={back.short ? 'pub-hide-xs' : undefined}>{back.label}</span>
                {back.short && <span className="pub-show-xs">{back.short}</span>}
              </a>
            )}
            {operator?.phone && !back && (
              <a className="pub-header-back" href={telHref(operator.phone)}>
                <IconPhone size={18} />
                <span className="pub-hide-xs">{operator.phone}</span>
                <span className="pub-sr-only pub-show-xs">{text.call}</span>
              </a>
            )}
            <LanguageSwitcher locales={locales} />
          </div>
        </div>
      </header>
      <main className="pub-main" id="contenido" tabIndex={-1}>
        {children}
      </main>
      {/* Below every page: taken over after the page itself (lib/hydration.tsx). */}
      <Later as="footer" className="pub-footer">
        {operator && (
          <div className="pub-footer-inner">
            <div>
              <p className="pub-footer-name">{operator.name}</p>
              {operator.address && <p className="pub-footer-address">{operator.address}</p>}
            </div>
            <OperatorContact operator={operator} compact />
          </div>
        )}
        <p className="pub-footer-powered">
          {text.poweredBy} ·{' '}
          <a href={statementHref()} onClick={onLinkClick}>
            {text.statement}
          </a>
        </p>
      </Later>
    </div>
  );
}

import type { ReactNode } from 'react';
import { t } from '../i18n';
import type { PublicApiError } from '../lib/api';
import { usePageTitle } from '../lib/title';
import { Shell } from './shell';

function StateCard({
  icon,
  badge,
  title,
  children,
}: {
  icon: ReactNode;
  badge: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="pub-state" aria-labelledby="pub-state-title">
      <div className="pub-state-icon" aria-hidden="true">
        {icon}
      </div>
      <p className="pub-badge pub-badge-muted">{badge}</p>
      <h1 id="pub-state-title">{title}</h1>
      {children}
    </section>
  );
}

const searchIcon = (
  <svg
    width="36"
    height="36"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    aria-hidden="true"
  >
    <circle cx="11" cy="11" r="7" />
    <path d="M21 21l-4.3-4.3M8.5 8.5l5 5M13.5 8.5l-5 5" strokeLinecap="round" />
  </svg>
);
const cloudIcon = (
  <svg
    width="36"
    height="36"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    aria-hidden="true"
  >
    <path d="M7 18a4.6 4.4 0 0 1 0-9a5 4.5 0 0 1 11 2h1a3.5 3.5 0 0 1 0 7h-12" strokeLinejoin="round" />
    <path d="M12 11v3M12 16.5v.01" strokeLinecap="round" />
  </svg>
);

/** spec §2 "Any other path shows a not-found page", in the page's language and friendly. */
export function NotFoundPage({ routeName = 'public-not-found', what }: { routeName?: string; what?: string }) {
  const text = t().common;
  usePageTitle(`${text.titles.notFound} · Trayecto`);
  return (
    <Shell routeName={routeName}>
      <StateCard icon={searchIcon} badge={text.states.notFoundBadge} title={text.states.notFoundTitle}>
        <p className="pub-lead">{what ?? text.states.notFoundText}</p>
      </StateCard>
    </Shell>
  );
}

/** A load that failed for a reason other than "not found": say so, and offer to try again. */
export function ErrorPage({
  routeName,
  error,
  onRetry,
}: {
  routeName: string;
  error: PublicApiError;
  onRetry: () => void;
}) {
  const text = t().common.states;
  return (
    <Shell routeName={routeName}>
      <StateCard icon={cloudIcon} badge={text.offlineBadge} title={text.loadFailedTitle}>
        <p className="pub-lead">{error.message}</p>
        <button type="button" className="pub-btn pub-btn-primary" onClick={onRetry}>
          {text.retry}
        </button>
      </StateCard>
    </Shell>
  );
}

/** A grey placeholder block while the page loads. */
export function Skeleton({
  w,
  h,
  r,
  className,
}: {
  w?: number | string;
  h?: number | string;
  r?: number;
  className?: string;
}) {
  return <span className={`pub-skel ${className ?? ''}`} style={{ width: w ?? '100%', height: h, borderRadius: r }} />;
}

/** The page frame with grey blocks in place of the content (announced as loading). */
export function LoadingPage({ routeName, variant }: { routeName: string; variant: 'landing' | 'form' | 'voucher' }) {
  return (
    <Shell routeName={routeName} languages={[]}>
      <div className={`pub-loading pub-loading-${variant}`} aria-busy="true">
        <p className="pub-sr-only" role="status">
          {t().common.states.loading}
        </p>
        {variant === 'landing' && <Skeleton className="pub-skel-hero" r={0} />}
        <div className="pub-container pub-loading-body">
          <Skeleton h={14} w="30%" />
          <Skeleton h={34} w="80%" />
          <Skeleton h={18} w="95%" />
          <Skeleton h={18} w="70%" />
          <div className="pub-loading-cards">
            <Skeleton h={variant === 'voucher' ? 320 : 220} r={16} />
            <Skeleton h={variant === 'voucher' ? 320 : 220} r={16} />
          </div>
        </div>
      </div>
    </Shell>
  );
}

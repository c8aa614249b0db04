// The base styles first: every page's own styles come after them.
import './public.css';
import {
  Component,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import { ErrorPage, LoadingPage, NotFoundPage } from './components/states';
import { t } from './i18n';
import { embeddedBooking, embeddedProduct, getBooking, getProduct, PublicApiError } from './lib/api';
import { focusHeadingWhenShown } from './lib/focus-heading';
import { currentPath, isServer } from './lib/render-context';
import { prefetchResource } from './lib/resource';
import { isStatementPath, matchPublicRoute, statementTitle, type TPublicMatch } from './match-route';
import {
  loadAccessibilityPage,
  loadBookingPage,
  loadExistingBookingPage,
  loadedPages,
  loadVoucherPage,
} from './page-loaders';
import { LandingPage } from './pages/landing-page';

// The landing page is the entry most visitors arrive at (and its photo the LCP): it ships with the
// entry. The other pages are their own chunks, fetched when visited (the landing prefetches the
// booking page when the visitor reaches for "Reservar").
const BookingPage = lazy(() => loadBookingPage().then((m) => ({ default: m.BookingPage })));
const ExistingBookingPage = lazy(() => loadExistingBookingPage().then((m) => ({ default: m.ExistingBookingPage })));
const AccessibilityPage = lazy(() => loadAccessibilityPage().then((m) => ({ default: m.AccessibilityPage })));
const VoucherPage = lazy(() => loadVoucherPage().then((m) => ({ default: m.VoucherPage })));

function subscribe(cb: () => void) {
  window.addEventListener('popstate', cb);
  return () => window.removeEventListener('popstate', cb);
}
const getPath = currentPath;

/**
 * A page that failed to render or whose code could not be fetched (offline, or a new release
 * replaced the files): a message in the page's language and a reload, never a blank screen.
 */
class PageBoundary extends Component<{ routeName: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    const error = new PublicApiError(0, t().errors.pageLoad);
    return <ErrorPage routeName={this.props.routeName} error={error} onRetry={() => window.location.reload()} />;
  }
}

/** The public pages' root: one page per public route, a friendly not-found otherwise. */
export function PublicApp() {
  const pathname = useSyncExternalStore(subscribe, getPath, getPath);
  const isStatement = isStatementPath(pathname);
  const match = isStatement ? null : matchPublicRoute(pathname);

  // The route's own title first; a page replaces it once its data is known (its passive effect
  // runs after this layout effect).
  const title = isStatement
    ? `${statementTitle()} · Trayecto`
    : match
      ? `${match.title} · Trayecto`
      : `${t().common.titles.notFound} · Trayecto`;
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
  // Every page change starts at the top, with the focus on the new page's heading (not the first load).
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every page change starts at the top
  useEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    return focusHeadingWhenShown(() => document.getElementById('contenido'));
  }, [pathname]);

  if (isStatement) {
    const Statement = loadedPages().publicAccessibility ?? AccessibilityPage;
    return (
      <PageBoundary key={pathname} routeName="public-accessibility">
        <Suspense fallback={<LoadingPage routeName="public-accessibility" variant="form" />}>
          <Statement />
        </Suspense>
      </PageBoundary>
    );
  }
  if (!match) return <NotFoundPage />;
  prefetchData(match);
  return (
    <PageBoundary key={pathname} routeName={match.name}>
      <Page match={match} />
    </PageBoundary>
  );
}

/**
 * The data of a lazily loaded page, asked for while its code downloads; not when the server
 * embedded it in the page, nor while rendering on the server.
 */
function prefetchData({ key, params }: TPublicMatch) {
  if (isServer()) return;
  if (key === 'publicBooking' && !embeddedProduct(params.productId))
    prefetchResource(`product:${params.productId}`, () => getProduct(params.productId));
  if ((key === 'publicBookingExisting' || key === 'publicBookingVoucher') && !embeddedBooking(params.bookingId))
    prefetchResource(`booking:${params.bookingId}`, () => getBooking(params.bookingId));
}

function Page({ match }: { match: TPublicMatch }) {
  const { params } = match;
  // A page whose code is here already renders at once (as the server rendered it); otherwise lazily.
  const pages = loadedPages();
  switch (match.key) {
    case 'publicLanding':
      return <LandingPage key={params.productId} productId={params.productId} />;
    case 'publicBooking': {
      const Booking = pages.publicBooking ?? BookingPage;
      return (
        <Suspense fallback={<LoadingPage routeName={match.name} variant="form" />}>
          <Booking key={params.productId} productId={params.productId} />
        </Suspense>
      );
    }
    case 'publicBookingExisting': {
      const Existing = pages.publicBookingExisting ?? ExistingBookingPage;
      return (
        <Suspense fallback={<LoadingPage routeName={match.name} variant="form" />}>
          <Existing key={params.bookingId} bookingId={params.bookingId} />
        </Suspense>
      );
    }
    case 'publicBookingVoucher': {
      const Voucher = pages.publicBookingVoucher ?? VoucherPage;
      return (
        <Suspense fallback={<LoadingPage routeName={match.name} variant="voucher" />}>
          <Voucher key={params.bookingId} bookingId={params.bookingId} />
        </Suspense>
      );
    }
  }
}

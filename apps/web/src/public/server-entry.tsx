/**
 * The public pages rendered on the server (issues 23 and 31): the landing, the booking page, the
 * voucher, the existing booking and the accessibility statement arrive as HTML (name, price,
 * photos, "Reservar", the calendar with its first month, the voucher and its QR code, the booking
 * with its form, the statement with its operator's contact) before any script runs; the browser
 * then takes that HTML over (main.tsx). The same components as in the browser, built by Vite into
 * dist/server/public-server.js (the `publicServer` build, with Preact) and called by the API
 * (apps/api/src/modules/public/public.ssr.ts).
 */
import type { TPublicLocale } from '@trayecto/shared/i18n';
import type { TPublicPageData } from '@trayecto/shared/public-http';
import { renderToString } from 'react-dom/server';
import { setDictionary, type TPublicDict } from './i18n';
import de from './i18n/dict/de';
import en from './i18n/dict/en';
import es from './i18n/dict/es';
import fr from './i18n/dict/fr';
import it from './i18n/dict/it';
import nl from './i18n/dict/nl';
import { renderingOnServer } from './lib/render-context';
import { matchPublicRoute } from './match-route';
import { registerPages } from './page-loaders';
import { AccessibilityPage } from './pages/accessibility-page';
import { BookingPage } from './pages/booking-page';
import { ExistingBookingPage } from './pages/existing-booking-page';
import { VoucherPage } from './pages/voucher-page';
import { PublicApp } from './public-app';

registerPages({
  publicBooking: BookingPage,
  publicBookingExisting: ExistingBookingPage,
  publicBookingVoucher: VoucherPage,
  publicAccessibility: AccessibilityPage,
});

const DICTIONARIES: Record<TPublicLocale, TPublicDict> = { es, en, de, fr, it, nl };

export type TRenderRequest = {
  /** The page's path and query as requested (`/public/landing/1?lang=de`). */
  url: string;
  /** The origin the browser sees (for the voucher's QR code). */
  origin: string;
  locale: TPublicLocale;
  data: TPublicPageData;
};

/**
 * The product or booking whose page the statement at `url` was opened from (`?desde=`, as the
 * statement reads it): the server embeds that operator's contact. Null for anything else.
 */
export function statementSource(url: string): { productId: string } | { bookingId: string } | null {
  const at = url.indexOf('?');
  const from = new URLSearchParams(at === -1 ? '' : url.slice(at)).get('desde');
  const match = from?.startsWith('/public/') ? matchPublicRoute(from) : null;
  if (!match) return null;
  if (match.params.productId) return { productId: match.params.productId };
  return match.params.bookingId ? { bookingId: match.params.bookingId } : null;
}

/** The HTML of the page's root element's content, in `locale`. */
export function renderPublicPage({ url, origin, locale, data }: TRenderRequest): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const search = at === -1 ? '' : url.slice(at);
  setDictionary(locale, DICTIONARIES[locale] ?? es);
  return renderingOnServer({ path, search, origin, data }, () => renderToString(<PublicApp />));
}

/**
 * The public pages rendered on the server (issue 23): the landing, the booking page and the
 * voucher arrive as HTML (name, price, photos, "Reservar", the calendar with its first month, the
 * voucher and its QR code) before any script runs; the browser then takes that HTML over
 * (main.tsx). The same components as in the browser, built by Vite into dist/server/public-server.js
 * (the `publicServer` build, with Preact) and called by the API (apps/api/src/plugins/web.ts).
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
import { BookingPage } from './pages/booking-page';
import { ExistingBookingPage } from './pages/existing-booking-page';
import { VoucherPage } from './pages/voucher-page';
import { PublicApp } from './public-app';

registerPages({
  publicBooking: BookingPage,
  publicBookingExisting: ExistingBookingPage,
  publicBookingVoucher: VoucherPage,
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

/** The route of a path the server renders (the others are rendered by the browser alone). */
export function serverRenderedRoute(path: string): string | null {
  return matchPublicRoute(path)?.key ?? null;
}

/** The HTML of the page's root element's content, in `locale`. */
export function renderPublicPage({ url, origin, locale, data }: TRenderRequest): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const search = at === -1 ? '' : url.slice(at);
  setDictionary(locale, DICTIONARIES[locale] ?? es);
  return renderingOnServer({ path, search, origin, data }, () => renderToString(<PublicApp />));
}

/**
 * The public pages that load on demand, each its own chunk: the router (public-app.tsx) renders
 * them lazily, and the landing fetches the booking page's code early (when the visitor reaches for
 * "Reservar"). Pages never import each other: what two pages share lives in components/ and lib/.
 *
 * A page whose code is already here renders at once, without suspending: the server registers
 * every page (server-entry.tsx), and the browser loads the page the server rendered before taking
 * over its HTML (main.tsx), so the first render matches the server's (issue 23).
 */
import type { ComponentType } from 'react';

export const loadBookingPage = () => import('./pages/booking-page');
export const loadExistingBookingPage = () => import('./pages/existing-booking-page');
export const loadVoucherPage = () => import('./pages/voucher-page');
export const loadAccessibilityPage = () => import('./pages/accessibility-page');

type TProductPage = ComponentType<{ productId: string }>;
type TBookingPage = ComponentType<{ bookingId: string }>;
export type TLoadedPages = {
  publicBooking?: TProductPage;
  publicBookingExisting?: TBookingPage;
  publicBookingVoucher?: TBookingPage;
  /** The accessibility statement (not a route of the shared table: see match-route.ts). */
  publicAccessibility?: ComponentType;
};

/** The key of a page that loads on demand: a public route's, or the statement's. */
export type TPageKey = keyof TLoadedPages | 'publicLanding';

const loaded: TLoadedPages = {};

/** The pages' components once their code is here. */
export const loadedPages = (): Readonly<TLoadedPages> => loaded;

/** Pages whose code is already loaded (the server's bundle has them all). */
export function registerPages(pages: TLoadedPages): void {
  Object.assign(loaded, pages);
}

/** Loads the code of the page `key` (nothing for the landing, which ships with the entry). */
export async function preloadPage(key: TPageKey): Promise<void> {
  if (key === 'publicBooking') loaded.publicBooking = (await loadBookingPage()).BookingPage;
  if (key === 'publicBookingExisting')
    loaded.publicBookingExisting = (await loadExistingBookingPage()).ExistingBookingPage;
  if (key === 'publicBookingVoucher') loaded.publicBookingVoucher = (await loadVoucherPage()).VoucherPage;
  if (key === 'publicAccessibility') loaded.publicAccessibility = (await loadAccessibilityPage()).AccessibilityPage;
}

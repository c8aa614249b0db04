/**
 * The public pages that load on demand, each its own chunk: the router (public-app.tsx) renders
 * them lazily, and the landing fetches the booking page's code early (when the visitor reaches for
 * "Reservar"). Pages never import each other: what two pages share lives in components/ and lib/.
 */
export const loadBookingPage = () => import('./pages/booking-page');
export const loadExistingBookingPage = () => import('./pages/existing-booking-page');
export const loadVoucherPage = () => import('./pages/voucher-page');

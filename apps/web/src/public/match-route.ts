/**
 * A tiny router for the public pages (no back-office code, no router library): matches the
 * pathname against the public routes of the shared ROUTES table, most specific first.
 */
import { ROUTES } from '@trayecto/shared/paths';
import { t } from './i18n';

export type TPublicRouteKey = 'publicBookingExisting' | 'publicLanding' | 'publicBookingVoucher' | 'publicBooking';

export const PUBLIC_ROUTE_KEYS: readonly TPublicRouteKey[] = [
  'publicBookingVoucher',
  'publicBooking',
  'publicBookingExisting',
  'publicLanding',
];

/** `title`: the page's title in the active language, before its data is known ("Reservar"). */
export type TPublicMatch = { key: TPublicRouteKey; name: string; title: string; params: Record<string, string> };

function compile(pattern: string): { re: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((seg) => {
      if (seg.startsWith(':')) {
        names.push(seg.slice(1));
        return '([^/]+)';
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { re: new RegExp(`^${source}/?$`), names };
}

const compiled = PUBLIC_ROUTE_KEYS.map((key) => ({ key, ...compile(ROUTES[key].path) }));

export function matchPublicRoute(pathname: string): TPublicMatch | null {
  for (const { key, re, names } of compiled) {
    const m = re.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    names.forEach((n, i) => {
      try {
        params[n] = decodeURIComponent(m[i + 1] ?? '');
      } catch {
        params[n] = m[i + 1] ?? '';
      }
    });
    return {
      key,
      name: ROUTES[key].name,
      params,
      // Read when shown: matching needs no texts (the server matches before it has chosen them).
      get title() {
        return t().common.titles[key];
      },
    };
  }
  return null;
}

/**
 * The accessibility statement ("Declaración de accesibilidad", Ley 11/2023 / EAA). A page of the
 * public bundle, linked from every public page's footer; not in the shared ROUTES table because no
 * API or back-office code refers to it (the server serves public.html for every /public/* path).
 */
export const STATEMENT_PATH = '/public/accesibilidad';
/** The statement's title in the active language. */
export const statementTitle = () => t().common.titles.statement;

/** Whether `pathname` is the statement's (with or without a trailing slash). */
export const isStatementPath = (pathname: string) => pathname.replace(/\/$/, '') === STATEMENT_PATH;

/** The page of `pathname`: a public route's key, the statement's, or null (not found). */
export function pageKeyOf(pathname: string): TPublicRouteKey | 'publicAccessibility' | null {
  return isStatementPath(pathname) ? 'publicAccessibility' : (matchPublicRoute(pathname)?.key ?? null);
}

/**
 * The back-office's screen URLs by the spec's route names (the shared ROUTES table) and the login
 * redirect. API endpoints are the shared API_PATHS table (`apiPath`).
 */
import { pathTo, ROUTES, type TRouteKey } from '@trayecto/shared';

export { pathTo, ROUTES, type TRouteKey };

const enc = encodeURIComponent;

/** Only same-site paths are accepted as a place to return to after login (no open redirect). */
export function safeRedirectTarget(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target === ROUTES.login.path || target.startsWith(`${ROUTES.login.path}?`)) return '/';
  return target;
}

/** /login, remembering where the user wanted to go. */
export function loginPath(redirectTo?: string): string {
  const target = redirectTo ? safeRedirectTarget(redirectTo) : '/';
  return target === '/' ? ROUTES.login.path : `${ROUTES.login.path}?redirectTo=${enc(target)}`;
}

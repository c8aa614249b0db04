/**
 * Every URL the back-office builds, in one place: screen URLs by the spec's route names (from the
 * shared ROUTES table) and the API endpoints (relative to /api/v1).
 */
import { pathTo, ROUTES, type TRouteKey } from '@trayecto/shared';

export { pathTo, ROUTES, type TRouteKey };

const enc = encodeURIComponent;

export const apiPaths = {
  auth: {
    login: '/auth/login',
    logout: '/auth/logout',
    me: '/auth/me',
  },
  users: {
    list: '/users',
    one: (id: string) => `/users/${enc(id)}`,
  },
  tourOperators: {
    list: '/tour-operators',
    one: (id: string) => `/tour-operators/${enc(id)}`,
  },
  vehicles: {
    list: '/vehicles',
    one: (id: string) => `/vehicles/${enc(id)}`,
  },
  accommodations: {
    list: '/accommodations',
    one: (id: string) => `/accommodations/${enc(id)}`,
    zones: '/accommodations/zones',
    import: '/accommodations/import',
  },
  persons: {
    list: '/persons',
    one: (id: string) => `/persons/${enc(id)}`,
  },
  auditLog: {
    list: '/audit-log',
  },
} as const;

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

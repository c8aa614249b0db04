/**
 * The back-office route table, built from the shared ROUTES table (spec §2): each route keeps the
 * spec's name as its `id` and `handle.name`, loads its screen on demand (`lazy`), needs a login
 * (else /login, remembering the page) and the role levels of the table ("Sin permiso" otherwise).
 * Unknown paths show a not-found page. The public pages are another bundle (src/public).
 */
import { hasPermission, ROUTES, type TRouteKey } from '@trayecto/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, data, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { loginPath, safeRedirectTarget } from '../config/paths';
import { accommodationScreens } from '../features/accommodations/routes';
import { auditLogScreens } from '../features/audit-log/routes';
import { authScreens } from '../features/auth/routes';
import { bookingScreens } from '../features/bookings/routes';
import { cashScreens } from '../features/cash/routes';
import { channelScreens } from '../features/channels/routes';
import { commissionScreens } from '../features/commissions/routes';
import { homeScreens } from '../features/home/routes';
import { invoiceScreens } from '../features/invoices/routes';
import { jobScreens } from '../features/jobs/routes';
import { messageScreens } from '../features/messages/routes';
import { personScreens } from '../features/persons/routes';
import { productScreens } from '../features/products/routes';
import { reportScreens } from '../features/reports/routes';
import { scheduleSheetScreens } from '../features/schedule-sheets/routes';
import { tourOperatorScreens } from '../features/tour-operators/routes';
import { userScreens } from '../features/users/routes';
import { vehicleScreens } from '../features/vehicles/routes';
import { setUnauthorizedHandler } from '../lib/api-client';
import { getRoles, isLoggedIn } from '../lib/auth-storage';
import { queryClient } from '../lib/query-client';
import { meQueryOptions } from '../lib/use-me';
import { AppLoading } from './routes/app-loading';
import { NotFoundPage } from './routes/not-found';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

type TLazyScreen = () => Promise<ComponentType>;

/** Screen of every private route, loaded on demand (spec §2: "Screen contents are loaded on demand"). */
const SCREENS = {
  home: homeScreens.index,
  bookingIndex: bookingScreens.index,
  bookingCreate: bookingScreens.create,
  bookingEdit: bookingScreens.edit,
  scheduleSheetsIndex: scheduleSheetScreens.index,
  scheduleEdit: scheduleSheetScreens.edit,
  users: userScreens.index,
  tourOperator: tourOperatorScreens.index,
  channels: channelScreens.index,
  productIndex: productScreens.index,
  productCreate: productScreens.create,
  productEdit: productScreens.edit,
  vehicles: vehicleScreens.index,
  accommodations: accommodationScreens.index,
  persons: personScreens.index,
  auditLog: auditLogScreens.index,
  messages: messageScreens.index,
  backgroundJobs: jobScreens.index,
  reports: reportScreens.index,
  commissions: commissionScreens.index,
  cash: cashScreens.index,
  invoices: invoiceScreens.index,
  account: authScreens.account,
} satisfies Partial<Record<TRouteKey, TLazyScreen>>;

export type TPrivateRouteKey = keyof typeof SCREENS;

export type TRouteHandle = { name: string; title: string; roles?: readonly number[] };

function requestedPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Login required, then the route's levels (spec §6 permission check). */
export function guardRoute(roles: readonly number[] | undefined) {
  return ({ request }: LoaderFunctionArgs) => {
    if (!isLoggedIn()) throw redirect(loginPath(requestedPath(request)));
    if (!hasPermission(getRoles(), roles)) throw data('Sin permiso', { status: 403 });
    return null;
  };
}

/** The private routes, in the order of the ROUTES table. */
export function privateRoutes(): RouteObject[] {
  return (Object.keys(SCREENS) as TPrivateRouteKey[]).map((key) => {
    const def = ROUTES[key];
    const roles = 'roles' in def ? def.roles : undefined;
    const handle: TRouteHandle = { name: def.name, title: def.title, roles };
    const route = {
      id: def.name,
      handle,
      loader: guardRoute(roles),
      errorElement: <RouteError />,
      lazy: async () => ({ Component: await SCREENS[key]() }),
    };
    return def.path === '/'
      ? ({ ...route, index: true } satisfies RouteObject)
      : ({ ...route, path: def.path } satisfies RouteObject);
  });
}

export function appRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      hydrateFallbackElement: <AppLoading />,
      children: [
        {
          id: ROUTES.login.name,
          path: ROUTES.login.path,
          handle: { name: ROUTES.login.name, title: ROUTES.login.title } satisfies TRouteHandle,
          loader: ({ request }) => {
            if (isLoggedIn()) throw redirect(safeRedirectTarget(new URL(request.url).searchParams.get('redirectTo')));
            return null;
          },
          lazy: async () => ({ Component: await authScreens.login() }),
        },
        // "¿Has olvidado tu contraseña?" (issue 14): outside the back-office, no login needed.
        {
          id: ROUTES.forgotPassword.name,
          path: ROUTES.forgotPassword.path,
          handle: { name: ROUTES.forgotPassword.name, title: ROUTES.forgotPassword.title } satisfies TRouteHandle,
          lazy: async () => ({ Component: await authScreens.forgotPassword() }),
        },
        {
          id: ROUTES.resetPassword.name,
          path: ROUTES.resetPassword.path,
          handle: { name: ROUTES.resetPassword.name, title: ROUTES.resetPassword.title } satisfies TRouteHandle,
          lazy: async () => ({ Component: await authScreens.resetPassword() }),
        },
        {
          id: 'main-layout',
          path: '/',
          // On demand too: the login screen does not download the shell (AppShell, menu, icons).
          lazy: async () => ({ Component: (await import('./layouts/main-layout')).MainLayout }),
          loader: async ({ request }) => {
            if (!isLoggedIn()) throw redirect(loginPath(requestedPath(request)));
            // The user's operator (and so its time zone) before any screen reads a time or "today".
            await queryClient.ensureQueryData(meQueryOptions()).catch(() => null);
            return null;
          },
          errorElement: <RouteError />,
          children: privateRoutes(),
        },
        {
          id: 'not-found',
          path: '*',
          element: <NotFoundPage />,
          handle: { name: 'not-found', title: 'Página no encontrada' },
        },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(appRoutes());
  // Any 401 sends the browser to /login (spec §8), without a full page reload.
  setUnauthorizedHandler(() => {
    const here = `${window.location.pathname}${window.location.search}`;
    if (window.location.pathname !== ROUTES.login.path) void router.navigate(loginPath(here), { replace: true });
  });
  return router;
}

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
import { setUnauthorizedHandler } from '../lib/api-client';
import { getRoles, isLoggedIn } from '../lib/auth-storage';
import { AppLoading } from './routes/app-loading';
import { NotFoundPage } from './routes/not-found';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

type TLazyScreen = () => Promise<ComponentType>;

/** Screen of every private route, loaded on demand (spec §2: "Screen contents are loaded on demand"). */
const SCREENS = {
  home: () => import('../features/home/components/home-screen').then((m) => m.HomeScreen),
  bookingIndex: () => import('../features/bookings/components/bookings-screen').then((m) => m.BookingsScreen),
  bookingCreate: () => import('../features/bookings/components/booking-form-screen').then((m) => m.BookingCreateScreen),
  bookingEdit: () => import('../features/bookings/components/booking-form-screen').then((m) => m.BookingEditScreen),
  scheduleSheetsIndex: () =>
    import('../features/schedule-sheets/components/schedule-sheets-screens').then((m) => m.ScheduleSheetsScreen),
  scheduleEdit: () =>
    import('../features/schedule-sheets/components/schedule-sheets-screens').then((m) => m.ScheduleEditScreen),
  users: () => import('../features/users/components/users-screen').then((m) => m.UsersScreen),
  tourOperator: () =>
    import('../features/tour-operators/components/tour-operators-screen').then((m) => m.TourOperatorsScreen),
  productIndex: () => import('../features/products/components/products-screen').then((m) => m.ProductsScreen),
  productCreate: () => import('../features/products/components/product-form-screen').then((m) => m.ProductCreateScreen),
  productEdit: () => import('../features/products/components/product-form-screen').then((m) => m.ProductEditScreen),
  vehicles: () => import('../features/vehicles/components/vehicles-screen').then((m) => m.VehiclesScreen),
  accommodations: () =>
    import('../features/accommodations/components/accommodations-screen').then((m) => m.AccommodationsScreen),
  persons: () => import('../features/persons/components/persons-screen').then((m) => m.PersonsScreen),
  auditLog: () => import('../features/audit-log/components/audit-log-screen').then((m) => m.AuditLogScreen),
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
          lazy: async () => ({
            Component: (await import('../features/auth/components/login-screen')).LoginScreen,
          }),
        },
        {
          id: 'main-layout',
          path: '/',
          // On demand too: the login screen does not download the shell (AppShell, menu, icons).
          lazy: async () => ({ Component: (await import('./layouts/main-layout')).MainLayout }),
          loader: ({ request }) => {
            if (!isLoggedIn()) throw redirect(loginPath(requestedPath(request)));
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

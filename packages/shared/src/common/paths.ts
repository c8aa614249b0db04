/**
 * Every route of the spec's §2 with its name (where the spec shows one), its login requirement and
 * the levels that may use it (PRODUCT.md §3). Both web bundles build their routers from this table,
 * and `pathTo` builds URLs by route name.
 */
import { ACCESS } from './roles';

export type TRouteDef = {
  path: string;
  /** The spec's route name; our own (marked) where the spec shows none. */
  name: string;
  auth: boolean;
  roles?: readonly number[];
  title: string;
};

export const ROUTES = {
  publicBookingExisting: {
    path: '/public/booking/:bookingId',
    name: 'public-booking-existing',
    auth: false,
    title: 'Tu reserva',
  },
  publicLanding: { path: '/public/landing/:productId', name: 'public-landing', auth: false, title: 'Excursión' },
  publicBookingVoucher: {
    path: '/public/landing/booking-voucher/:bookingId',
    name: 'public-booking-voucher',
    auth: false,
    title: 'Bono de reserva',
  },
  publicBooking: { path: '/public/booking/product/:productId', name: 'public-booking', auth: false, title: 'Reservar' },
  login: { path: '/login', name: 'login', auth: false, title: 'Iniciar sesión' },
  /** Not in the spec: "¿Has olvidado tu contraseña?" (issue 14), reached from the login screen. */
  forgotPassword: { path: '/forgot-password', name: 'forgot-password', auth: false, title: 'Recuperar la contraseña' },
  /** Not in the spec: the link of the password-reset e-mail (`?token=…`, issue 14). */
  resetPassword: { path: '/reset-password', name: 'reset-password', auth: false, title: 'Nueva contraseña' },
  home: { path: '/', name: 'home', auth: true, roles: ACCESS.home, title: 'Inicio' },
  bookingIndex: { path: '/booking', name: 'booking-index', auth: true, roles: ACCESS.bookings, title: 'Reservas' },
  bookingCreate: {
    path: '/booking/create',
    name: 'booking-create',
    auth: true,
    roles: ACCESS.bookingsWrite,
    title: 'Nueva reserva',
  },
  bookingEdit: {
    path: '/booking/edit/:id',
    name: 'booking-edit',
    auth: true,
    roles: ACCESS.bookings,
    title: 'Editar reserva',
  },
  scheduleSheetsIndex: {
    path: '/schedule-sheets',
    name: 'scheduleSheets-index',
    auth: true,
    roles: ACCESS.scheduleSheets,
    title: 'Hojas de servicio',
  },
  scheduleEdit: {
    path: '/schedule-sheets/:id',
    name: 'schedule-edit',
    auth: true,
    roles: ACCESS.scheduleSheets,
    title: 'Hoja de servicio',
  },
  users: { path: '/users', name: 'users', auth: true, roles: ACCESS.usersScreen, title: 'Usuarios' },
  tourOperator: {
    path: '/tour-operator',
    name: 'tour-operator',
    auth: true,
    roles: ACCESS.tourOperators,
    title: 'Tour operadores',
  },
  /** Not in the spec: sales channels, their API keys and request log (issue 33, ADR 023; levels 0–1). */
  channels: { path: '/channels', name: 'channels', auth: true, roles: ACCESS.channels, title: 'Canales' },
  productIndex: { path: '/products', name: 'product-index', auth: true, roles: ACCESS.products, title: 'Productos' },
  productCreate: {
    path: '/products/create',
    name: 'product-create',
    auth: true,
    roles: ACCESS.productsWrite,
    title: 'Nuevo producto',
  },
  productEdit: {
    path: '/products/edit/:id',
    name: 'product-edit',
    auth: true,
    roles: ACCESS.products,
    title: 'Editar producto',
  },
  vehicles: { path: '/resources/vehicles', name: 'vehicles', auth: true, roles: ACCESS.vehicles, title: 'Vehículos' },
  accommodations: {
    path: '/resources/accommodations',
    name: 'accommodations',
    auth: true,
    roles: ACCESS.accommodations,
    title: 'Alojamientos',
  },
  persons: { path: '/resources/persons', name: 'persons', auth: true, roles: ACCESS.persons, title: 'Personas' },
  auditLog: {
    path: '/audit-log',
    name: 'audit-log',
    auth: true,
    roles: ACCESS.auditLog,
    title: 'Registro de actividad',
  },
  /** Not in the spec: the outbox and history of messages, and their settings (issue 14). */
  messages: { path: '/messages', name: 'messages', auth: true, roles: ACCESS.messages, title: 'Mensajes' },
  /** Not in the spec: the state of the background work, read-only (issue 31, Administrador). */
  backgroundJobs: {
    path: '/background-jobs',
    name: 'background-jobs',
    auth: true,
    roles: ACCESS.jobs,
    title: 'Tareas en segundo plano',
  },
  /** Not in the spec (issue 34): sales, occupancy, cancellations and taxes of any period. */
  reports: { path: '/reports', name: 'reports', auth: true, roles: ACCESS.reports, title: 'Informes' },
  /** Not in the spec (issue 34): what each seller and channel is owed, and its settlement. */
  commissions: {
    path: '/commissions',
    name: 'commissions',
    auth: true,
    roles: ACCESS.commissions,
    title: 'Comisiones',
  },
  /** Not in the spec (issue 34): the cash sellers, guides and drivers hold, and its handover. */
  cash: { path: '/cash', name: 'cash', auth: true, roles: ACCESS.cash, title: 'Caja' },
  /** Not in the spec (issue 34): invoices and their VERI*FACTU records. */
  invoices: { path: '/invoices', name: 'invoices', auth: true, roles: ACCESS.invoices, title: 'Facturas' },
  /** Not in the spec: the user's own data and password (issue 12), from the header's user menu. */
  account: { path: '/account', name: 'account', auth: true, roles: ACCESS.account, title: 'Mi cuenta' },
} as const satisfies Record<string, TRouteDef>;

export type TRouteKey = keyof typeof ROUTES;

/** pathTo('bookingEdit', { id }) → "/booking/edit/<id>" */
export function pathTo(key: TRouteKey, params: Record<string, string> = {}): string {
  return ROUTES[key].path.replace(/:(\w+)/g, (_, p: string) => {
    const v = params[p];
    if (v === undefined) throw new Error(`Missing route parameter "${p}" for ${key}`);
    return encodeURIComponent(v);
  });
}

/** Whether a path belongs to the public pages (served by the public bundle). */
export const isPublicPath = (pathname: string) => pathname === '/public' || pathname.startsWith('/public/');

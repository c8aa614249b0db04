/**
 * The left menu, grouped as the staff think (STYLE.md "Shell"), filtered by the spec's permission
 * check (§6) against each route's levels from the shared ROUTES table.
 */
import { hasPermission, LEVEL, ROUTES, type TRouteKey } from '@trayecto/shared';

export type TMenuLink = { kind: 'link'; route: TRouteKey; label: string };
/** A group of links; `icon` names its icon in MENU_ICONS. */
export type TMenuGroup = { kind: 'group'; label: string; icon: 'resources' | 'money'; children: TMenuLink[] };
export type TMenuEntry = TMenuLink | TMenuGroup;

const link = (route: TRouteKey, label: string): TMenuLink => ({ kind: 'link', route, label });

export const MENU: readonly TMenuEntry[] = [
  link('home', 'Inicio'),
  link('bookingIndex', 'Reservas'),
  link('scheduleSheetsIndex', 'Hojas de servicio'),
  link('messages', 'Mensajes'),
  link('productIndex', 'Productos'),
  {
    kind: 'group',
    label: 'Recursos',
    icon: 'resources',
    children: [link('vehicles', 'Vehículos'), link('accommodations', 'Alojamientos'), link('persons', 'Personas')],
  },
  {
    // Issue 34: the day's and the month's money (a Vendedor sees their own sales and commissions).
    kind: 'group',
    label: 'Finanzas',
    icon: 'money',
    children: [
      link('reports', 'Informes'),
      link('commissions', 'Comisiones'),
      link('cash', 'Caja'),
      link('invoices', 'Facturas'),
    ],
  },
  link('users', 'Usuarios'),
  link('tourOperator', 'Tour operadores'),
  link('channels', 'Canales'),
  link('auditLog', 'Registro de actividad'),
  link('backgroundJobs', 'Tareas en segundo plano'),
];

/**
 * Drivers and guides work from their phone on their own sheets (issue 6: "see nothing else"): their
 * menu is that one screen. The API still lets them read what PRODUCT.md §3 grants (vehicles,
 * hotels, the bookings of their sheets) where a sheet links to it.
 */
export const CREW_MENU: readonly TMenuEntry[] = [link('scheduleSheetsIndex', 'Mis hojas')];
const CREW_LEVELS: readonly number[] = [LEVEL.DRIVER, LEVEL.GUIDE];
const isCrewOnly = (roles: readonly number[]) => roles.length > 0 && roles.every((r) => CREW_LEVELS.includes(r));

function canUse(roles: readonly number[], route: TRouteKey): boolean {
  const def = ROUTES[route];
  return hasPermission(roles, 'roles' in def ? def.roles : undefined);
}

/** The menu a user with these levels sees: forbidden links removed, empty groups dropped. */
export function menuForRoles(
  roles: readonly number[],
  menu: readonly TMenuEntry[] = isCrewOnly(roles) ? CREW_MENU : MENU,
): TMenuEntry[] {
  const out: TMenuEntry[] = [];
  for (const entry of menu) {
    if (entry.kind === 'link') {
      if (canUse(roles, entry.route)) out.push(entry);
    } else {
      const children = entry.children.filter((c) => canUse(roles, c.route));
      if (children.length > 0) out.push({ ...entry, children });
    }
  }
  return out;
}

/** Role levels (spec §6). */
export const LEVEL = {
  ADMIN: 0,
  TOUR_OPERATOR_ADMIN: 1,
  SELLER: 2,
  OPERATOR: 3,
  DRIVER: 4,
  GUIDE: 5,
} as const;
export type TLevel = (typeof LEVEL)[keyof typeof LEVEL];
export const LEVELS: readonly TLevel[] = [0, 1, 2, 3, 4, 5];

/** Spanish role names, exactly as spec §6. */
export const ROLE_NAMES: Record<TLevel, string> = {
  0: 'Administrador',
  1: 'Admin Tour Operador',
  2: 'Vendedor',
  3: 'Operador',
  4: 'Chofer',
  5: 'Guía',
};

/** User state (spec §4): 1 = Activo, 2 = Inactivo. */
export const USER_STATE = { ACTIVE: 1, INACTIVE: 2 } as const;
export type TUserState = (typeof USER_STATE)[keyof typeof USER_STATE];
export const USER_STATE_NAMES: Record<TUserState, string> = { 1: 'Activo', 2: 'Inactivo' };

/** Tour operator state: same codes as users. */
export const TOUR_OPERATOR_STATE = USER_STATE;
export const TOUR_OPERATOR_STATE_NAMES = USER_STATE_NAMES;

/**
 * The spec's permission check (§6): passes when no roles are required, or when the user holds at
 * least one of the listed levels. The one helper used by the menu, the routes and the API guards.
 */
export function hasPermission(
  userRoles: readonly number[] | null | undefined,
  requiredRoles?: readonly number[] | null,
): boolean {
  if (!requiredRoles || requiredRoles.length === 0) return true;
  if (!userRoles || userRoles.length === 0) return false;
  return requiredRoles.some((r) => userRoles.includes(r));
}

/** Who may use what (PRODUCT.md §3), as lists of levels for hasPermission. */
export const ACCESS = {
  home: [] as number[],
  bookings: [0, 1, 2, 3, 4, 5],
  bookingsWrite: [0, 1, 2, 3],
  scheduleSheets: [0, 1, 3, 4, 5],
  products: [0, 1, 2, 3],
  productsWrite: [0, 1],
  vehicles: [0, 1, 3, 4, 5],
  accommodations: [0, 1, 2, 3, 4, 5],
  persons: [0, 1, 3, 4, 5],
  resourcesWrite: [0, 1, 3],
  users: [0, 1, 2, 3, 4, 5],
  /**
   * The "Usuarios" screen: for levels 2, 4 and 5 it would be a one-row table of themselves
   * (they read only themselves); "Mi cuenta" is their screen.
   */
  usersScreen: [0, 1, 3],
  usersManage: [0, 1],
  /** "Mi cuenta": every level, on themselves. */
  account: [0, 1, 2, 3, 4, 5],
  tourOperators: [0, 1, 3],
  tourOperatorsWrite: [0, 1],
  tourOperatorsCreate: [0],
  auditLog: [0, 1],
  /** "Mensajes" (issue 14): the outbox and history, and the operator's message settings. */
  messages: [0, 1, 3],
  messageSettingsWrite: [0, 1],
  /**
   * One message with its content: "Mensajes" (0, 1, 3), and a Vendedor for the messages of the
   * bookings they sold (the repository scopes it to them: issue 31 item 12).
   */
  messageRead: [0, 1, 2, 3],
  /** "Tareas en segundo plano" (issue 31): the state of the background work, read-only. */
  jobs: [0],
  /** Cancelling a whole departure (the operator's call: weather, too few people). */
  departureCancel: [0, 1, 3],
  /** A payment link of a booking (ADR 022): the office and a Vendedor on the bookings they sold. */
  paymentLinks: [0, 1, 2, 3],
  /** An operator's online payment settings (ADR 022): the administrator and the operator's admin. */
  paymentSettings: [0, 1],
  /** A refund through the payment provider (ADR 022): the office only. */
  refunds: [0, 1, 3],
  /** Sales channels and their API keys (ADR 023, "Canales"): the administrator and the operator's admin. */
  channels: [0, 1],
  /** "Informes" (issue 34): sales, occupancy, cancellations, taxes; a Vendedor sees their own sales. */
  reports: [0, 1, 2],
  /** "Comisiones" (issue 34): statements per seller and channel; a Vendedor sees their own. */
  commissions: [0, 1, 2],
  /** Making and settling a commission statement: the office's admins. */
  commissionsWrite: [0, 1],
  /** "Caja" (issue 34): who holds how much cash, and its handover to the office. */
  cash: [0, 1, 3],
  /** "Facturas" (issue 34): invoices, corrective invoices and their VERI*FACTU records. */
  invoices: [0, 1, 3],
} as const satisfies Record<string, readonly number[]>;

/** Levels a level-1 admin may create or edit (own operator, levels 1–5). */
export const MANAGEABLE_LEVELS: Record<number, readonly number[]> = {
  0: [0, 1, 2, 3, 4, 5],
  1: [1, 2, 3, 4, 5],
};

/** Levels an Operador (3) may read: sellers, drivers and guides of its operator (and itself). */
export const OPERATOR_READABLE_LEVELS = [2, 4, 5] as const;

/**
 * What each role may do with bookings (PRODUCT.md §3): 0 Administrador, 1 Admin Tour Operador and
 * 3 Operador everything of their operator; 2 Vendedor creates and edits only the bookings they sold
 * (the API enforces it) and never chooses another seller nor a discount; 4 Chofer and 5 Guía read
 * the bookings of their schedule sheets. Every check goes through the spec's permission helper
 * (hasPermission) on the stored roles.
 */
import { ACCESS, hasPermission, LEVEL } from '@trayecto/shared';

/** Staff with full booking rights (PRODUCT §3 "all" / "all of own"). */
export const BOOKING_STAFF = [LEVEL.ADMIN, LEVEL.TOUR_OPERATOR_ADMIN, LEVEL.OPERATOR] as const;

export type TBookingAccess = {
  isAdmin: boolean;
  /** Levels 0, 1, 3. */
  isStaff: boolean;
  /** A seller (level 2) without staff rights: sells as themself. */
  isSeller: boolean;
  /** Create and edit bookings (0, 1, 2, 3). */
  canWrite: boolean;
  /** Choose the seller, apply a discount, sell past the cut-off, pick the channel. */
  canChooseSeller: boolean;
  canDiscount: boolean;
  canOverrideCutoff: boolean;
  /** Mark a booking realizada / no presentado. */
  canOperate: boolean;
  /** Money back to the customer. */
  canRefund: boolean;
  /** The list's seller filter (a seller only sees their own sales). */
  canFilterSeller: boolean;
  /** Products can be read (the product filter and the calendar). */
  canReadProducts: boolean;
  /** Nothing can be changed (4 Chofer, 5 Guía). */
  readOnly: boolean;
  /** Reads «Canales» (levels 0–1, ADR 023): records a sale on an agency's behalf. */
  canManageChannels: boolean;
};

export function bookingAccess(roles: readonly number[]): TBookingAccess {
  const isStaff = hasPermission(roles, BOOKING_STAFF);
  const canWrite = hasPermission(roles, ACCESS.bookingsWrite);
  return {
    isAdmin: hasPermission(roles, [LEVEL.ADMIN]),
    isStaff,
    isSeller: !isStaff && hasPermission(roles, [LEVEL.SELLER]),
    canWrite,
    canChooseSeller: isStaff,
    canDiscount: isStaff,
    canOverrideCutoff: isStaff,
    canOperate: isStaff,
    canRefund: isStaff,
    canFilterSeller: isStaff,
    canReadProducts: hasPermission(roles, ACCESS.products),
    readOnly: !canWrite,
    canManageChannels: hasPermission(roles, ACCESS.channels),
  };
}

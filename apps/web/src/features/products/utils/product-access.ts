/**
 * What each role may do with products (PRODUCT.md §3): 0/1 everything; 3 Operador reads and edits
 * the availability only (rules, closed dates, departures); 2 Vendedor reads active products.
 * Every check goes through the spec's permission helper (hasPermission) on the stored roles.
 */
import { ACCESS, hasPermission, LEVEL } from '@trayecto/shared';

export type TProductAccess = {
  isAdmin: boolean;
  /** Create, delete, and edit every field (levels 0/1). */
  canEditAll: boolean;
  /** Weekly rules, closed dates and single departures (levels 0/1/3). */
  canEditAvailability: boolean;
  /** Sees only active products (the seller). */
  activeOnly: boolean;
  /** Nothing on the product form can be changed. */
  readOnly: boolean;
};

/** Levels that may change the availability (PRODUCT.md §3 "read, edit availability"). */
export const PRODUCT_AVAILABILITY_WRITE = [LEVEL.ADMIN, LEVEL.TOUR_OPERATOR_ADMIN, LEVEL.OPERATOR] as const;

export function productAccess(roles: readonly number[]): TProductAccess {
  const canEditAll = hasPermission(roles, ACCESS.productsWrite);
  const canEditAvailability = hasPermission(roles, PRODUCT_AVAILABILITY_WRITE);
  return {
    isAdmin: hasPermission(roles, [LEVEL.ADMIN]),
    canEditAll,
    canEditAvailability,
    activeOnly: !canEditAvailability && hasPermission(roles, [LEVEL.SELLER]),
    readOnly: !canEditAll && !canEditAvailability,
  };
}

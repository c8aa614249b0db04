/**
 * Who may do what on the accommodations screen (PRODUCT §3): everyone with the screen reads;
 * levels 0, 1 and 3 write their own operator's rows; the shared catalogue is the administrator's —
 * operators read it but cannot edit or delete it.
 */
import { ACCESS, hasPermission, LEVEL, type TAccommodationResponse } from '@trayecto/shared';

export type TAccommodationAccess = { canWrite: boolean; isAdmin: boolean };

export function accommodationAccess(roles: readonly number[]): TAccommodationAccess {
  return { canWrite: hasPermission(roles, ACCESS.resourcesWrite), isAdmin: roles.includes(LEVEL.ADMIN) };
}

/** Whether this row can be edited or deleted by the caller. */
export function canEditAccommodation(
  access: TAccommodationAccess,
  row: Pick<TAccommodationResponse, 'shared' | 'tour_operator_id'>,
): boolean {
  if (!access.canWrite) return false;
  return access.isAdmin || !(row.shared || row.tour_operator_id === null);
}

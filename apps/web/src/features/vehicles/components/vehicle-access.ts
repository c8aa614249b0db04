/** Who may do what on the vehicles screen (PRODUCT §3: write for levels 0, 1, 3; 4 and 5 read). */
import { ACCESS, hasPermission, LEVEL } from '@trayecto/shared';

export type TVehicleAccess = { canWrite: boolean; isAdmin: boolean };

export function vehicleAccess(roles: readonly number[]): TVehicleAccess {
  return { canWrite: hasPermission(roles, ACCESS.resourcesWrite), isAdmin: roles.includes(LEVEL.ADMIN) };
}

/** Who may do what on the persons screen (PRODUCT §3: write for levels 0, 1, 3; 4 and 5 read). */
import { ACCESS, hasPermission, LEVEL } from '@trayecto/shared';

export type TPersonAccess = { canWrite: boolean; isAdmin: boolean };

export function personAccess(roles: readonly number[]): TPersonAccess {
  return { canWrite: hasPermission(roles, ACCESS.resourcesWrite), isAdmin: roles.includes(LEVEL.ADMIN) };
}

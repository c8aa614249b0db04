/**
 * What a role may do with schedule sheets (PRODUCT §3, decision 007): the administrator, the
 * operator's admin and the Operador plan them (create, assign, every state); the Chofer and the
 * Guía work their own (start, check in, finish) and never see the assignment controls.
 */
import { ACCESS, hasPermission, LEVEL } from '@trayecto/shared';

export type TSheetAccess = {
  /** Create the day's sheets, assign vehicle and crew, confirm or send back to draft. */
  canPlan: boolean;
  /** Start, check in and finish. */
  canWork: boolean;
  /** Chofer or Guía: their own sheets only, the phone screen. */
  isCrew: boolean;
  isAdmin: boolean;
};

export const SHEET_PLANNERS = [LEVEL.ADMIN, LEVEL.TOUR_OPERATOR_ADMIN, LEVEL.OPERATOR] as const;
export const SHEET_CREW = [LEVEL.DRIVER, LEVEL.GUIDE] as const;

export function sheetAccess(roles: readonly number[]): TSheetAccess {
  const canPlan = hasPermission(roles, SHEET_PLANNERS);
  return {
    canPlan,
    canWork: hasPermission(roles, ACCESS.scheduleSheets),
    isCrew: !canPlan && hasPermission(roles, SHEET_CREW),
    isAdmin: hasPermission(roles, [LEVEL.ADMIN]),
  };
}

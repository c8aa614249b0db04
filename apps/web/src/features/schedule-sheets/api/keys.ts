/** Query keys of the schedule-sheets feature: every mutation invalidates by these prefixes. */
export const sheetsKeys = {
  all: ['schedule-sheets'] as const,
  lists: () => [...sheetsKeys.all, 'list'] as const,
  list: (date: string) => [...sheetsKeys.lists(), date] as const,
  range: (from: string, to: string) => [...sheetsKeys.lists(), from, to] as const,
  details: () => [...sheetsKeys.all, 'detail'] as const,
  detail: (id: string) => [...sheetsKeys.details(), id] as const,
};

/** The pickers of the assignment form (users by level, vehicles, persons) of one operator. */
export const sheetOptionKeys = {
  crew: (level: number, operatorId: string) => ['users', 'list', 'level', level, 'sheet-options', operatorId] as const,
  vehicles: (operatorId: string) => ['vehicles', 'list', 'sheet-options', operatorId] as const,
  persons: (operatorId: string) => ['persons', 'list', 'sheet-options', operatorId] as const,
};

/**
 * The home page's figures (another feature's cache, named by its key only): a sheet that changes
 * state or crew changes "today's departures" there.
 */
export const DASHBOARD_KEY = ['dashboard'] as const;

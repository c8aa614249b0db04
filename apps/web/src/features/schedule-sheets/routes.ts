/** The schedule-sheets screens the app's router loads on demand (one chunk each). */
export const scheduleSheetScreens = {
  index: () => import('./components/schedule-sheets-screens').then((m) => m.ScheduleSheetsScreen),
  edit: () => import('./components/schedule-sheets-screens').then((m) => m.ScheduleEditScreen),
};

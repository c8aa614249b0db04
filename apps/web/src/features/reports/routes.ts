/** The screen the app's router loads on demand (one chunk). */
export const reportScreens = {
  index: () => import('./components/reports-screen').then((m) => m.ReportsScreen),
};

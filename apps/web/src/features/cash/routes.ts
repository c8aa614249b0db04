/** The screen the app's router loads on demand (one chunk). */
export const cashScreens = {
  index: () => import('./components/cash-screen').then((m) => m.CashScreen),
};

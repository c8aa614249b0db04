/** The screen the app's router loads on demand (one chunk). */
export const commissionScreens = {
  index: () => import('./components/commissions-screen').then((m) => m.CommissionsScreen),
};

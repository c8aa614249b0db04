/** The tour operators screens the app's router loads on demand (one chunk each). */
export const tourOperatorScreens = {
  index: () => import('./components/tour-operators-screen').then((m) => m.TourOperatorsScreen),
};

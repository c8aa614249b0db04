/** The accommodations screens the app's router loads on demand (one chunk each). */
export const accommodationScreens = {
  index: () => import('./components/accommodations-screen').then((m) => m.AccommodationsScreen),
};

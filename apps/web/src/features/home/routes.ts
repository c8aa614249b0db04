/** The home screens the app's router loads on demand (one chunk each). */
export const homeScreens = {
  index: () => import('./components/home-screen').then((m) => m.HomeScreen),
};

/** The persons screens the app's router loads on demand (one chunk each). */
export const personScreens = {
  index: () => import('./components/persons-screen').then((m) => m.PersonsScreen),
};

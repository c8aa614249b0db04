/** The users screens the app's router loads on demand (one chunk each). */
export const userScreens = {
  index: () => import('./components/users-screen').then((m) => m.UsersScreen),
};

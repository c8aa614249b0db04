/** The messages screen the app's router loads on demand (one chunk). */
export const messageScreens = {
  index: () => import('./components/messages-screen').then((m) => m.MessagesScreen),
};

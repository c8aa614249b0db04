/** The background-work screen the app's router loads on demand (one chunk). */
export const jobScreens = {
  index: () => import('./components/jobs-screen').then((m) => m.JobsScreen),
};

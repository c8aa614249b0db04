/** The auth screens the app's router loads on demand (one chunk each). */
export const authScreens = {
  login: () => import('./components/login-screen').then((m) => m.LoginScreen),
  account: () => import('./components/account-screen').then((m) => m.AccountScreen),
};

/** The auth screens the app's router loads on demand (one chunk each). */
export const authScreens = {
  login: () => import('./components/login-screen').then((m) => m.LoginScreen),
  forgotPassword: () => import('./components/forgot-password-screen').then((m) => m.ForgotPasswordScreen),
  resetPassword: () => import('./components/reset-password-screen').then((m) => m.ResetPasswordScreen),
  account: () => import('./components/account-screen').then((m) => m.AccountScreen),
};

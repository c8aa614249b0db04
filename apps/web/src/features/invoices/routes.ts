/** The screen the app's router loads on demand (one chunk). */
export const invoiceScreens = {
  index: () => import('./components/invoices-screen').then((m) => m.InvoicesScreen),
};

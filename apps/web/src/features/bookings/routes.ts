/** The bookings screens the app's router loads on demand (one chunk each). */
export const bookingScreens = {
  index: () => import('./components/bookings-screen').then((m) => m.BookingsScreen),
  create: () => import('./components/booking-form-screen').then((m) => m.BookingCreateScreen),
  edit: () => import('./components/booking-form-screen').then((m) => m.BookingEditScreen),
};

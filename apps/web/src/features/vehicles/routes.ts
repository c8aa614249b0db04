/** The vehicles screens the app's router loads on demand (one chunk each). */
export const vehicleScreens = {
  index: () => import('./components/vehicles-screen').then((m) => m.VehiclesScreen),
};

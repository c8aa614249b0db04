/** The products screens the app's router loads on demand (one chunk each). */
export const productScreens = {
  index: () => import('./components/products-screen').then((m) => m.ProductsScreen),
  create: () => import('./components/product-form-screen').then((m) => m.ProductCreateScreen),
  edit: () => import('./components/product-form-screen').then((m) => m.ProductEditScreen),
};

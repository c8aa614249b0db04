/**
 * What the products feature offers other features (the booking form reads products, their seats and options). Everything else in this folder is its own:
 * a lint rule (biome.json) refuses imports that reach past this file or routes.ts.
 */
export { useProduct } from './api/get-product';
export { useProductAvailability } from './api/get-product-availability';
export {
  productSelectOptions,
  type TProductOption,
  type TProductSelectOption,
  useProductOptions,
} from './api/list-product-options';
export { productsKeys } from './api/list-products';

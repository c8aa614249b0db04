/**
 * What the accommodations feature offers other features (the booking and product forms search places and zones). Everything else in this folder is its own:
 * a lint rule (biome.json) refuses imports that reach past this file or routes.ts.
 */
export { useAccommodationZones } from './api/list-accommodation-zones';
export {
  type TUsableAccommodation,
  useUsableAccommodations,
} from './api/search-usable-accommodations';

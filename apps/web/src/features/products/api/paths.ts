/**
 * The products API endpoints (relative to /api/v1). Kept in the feature: the shared
 * config/paths.ts is edited by other features at the same time.
 */
const enc = encodeURIComponent;

export const productApiPaths = {
  list: '/products',
  one: (id: string) => `/products/${enc(id)}`,
  availability: (id: string) => `/products/${enc(id)}/availability`,
  departures: (id: string) => `/products/${enc(id)}/departures`,
  images: (id: string) => `/products/${enc(id)}/images`,
  image: (id: string, imageId: string) => `/products/${enc(id)}/images/${enc(imageId)}`,
  imagesOrder: (id: string) => `/products/${enc(id)}/images/order`,
  accommodations: '/accommodations',
  accommodationZones: '/accommodations/zones',
} as const;

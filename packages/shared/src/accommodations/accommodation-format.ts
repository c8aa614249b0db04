/** How accommodation values read in Spanish: the screens and the API's CSV export. */
import { ACCOMMODATION_TYPE_NAMES, type TAccommodationType } from '../common/catalog';

export const accommodationTypeName = (t: string) => ACCOMMODATION_TYPE_NAMES[t as TAccommodationType] ?? t;

/** What a place of the shared catalogue (no operator of its own) is called. */
export const SHARED_CATALOG_LABEL = 'Catálogo compartido';

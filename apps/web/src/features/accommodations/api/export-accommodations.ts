/** The filtered accommodations as CSV (every row, not just the page on screen). */
import {
  ACCOMMODATION_TYPE_NAMES,
  ACTIVE_STATE_NAMES,
  type TAccommodationResponse,
  type TAccommodationType,
} from '@trayecto/shared';
import { toCsv } from '../../../lib/csv';

export const accommodationTypeName = (t: string) => ACCOMMODATION_TYPE_NAMES[t as TAccommodationType] ?? t;

export const SHARED_LABEL = 'Catálogo compartido';

export function accommodationsToCsv(
  rows: readonly TAccommodationResponse[],
  operatorName?: (id: string) => string | undefined,
): string {
  const header = [
    'Nombre',
    'Tipo',
    'Zona',
    'Dirección',
    'Coordenadas',
    'Teléfono',
    'Punto de recogida',
    'Recoger en',
    'Estado',
    operatorName ? 'Tour operador' : 'Catálogo compartido',
    'Notas',
  ];
  const data = rows.map((a) => [
    a.name,
    accommodationTypeName(a.type),
    a.zone,
    a.address,
    a.lat_lng,
    a.phone,
    a.pickup_point,
    a.pickup_at?.name ?? '',
    ACTIVE_STATE_NAMES[a.state] ?? String(a.state),
    operatorName
      ? a.shared || !a.tour_operator_id
        ? SHARED_LABEL
        : (operatorName(a.tour_operator_id) ?? '')
      : a.shared,
    a.notes,
  ]);
  return toCsv(header, data);
}

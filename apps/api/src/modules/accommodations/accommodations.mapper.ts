import type { TAccommodationResponse } from '@trayecto/shared';
import type { accommodations } from '../../db/schema';
import { isoOf } from '../../lib/instants';

export type AccommodationRow = typeof accommodations.$inferSelect;
/** A row with the accommodation its customers are collected at ("recoger en"), if any. */
export type AccommodationWithPickup = {
  accommodation: AccommodationRow;
  pickupAt: { id: string; name: string } | null;
};

/** Row → response; `shared` marks the administrator's catalogue (no operator). */
export function toAccommodationResponse({
  accommodation: a,
  pickupAt,
}: AccommodationWithPickup): TAccommodationResponse {
  return {
    id: a.id,
    tour_operator_id: a.tourOperatorId,
    shared: a.tourOperatorId === null,
    name: a.name,
    type: a.type,
    address: a.address,
    zone: a.zone,
    lat_lng: a.latLng,
    phone: a.phone,
    pickup_point: a.pickupPoint,
    pickup_at_id: a.pickupAtId,
    pickup_at: a.pickupAtId && pickupAt?.id ? { id: pickupAt.id, name: pickupAt.name } : null,
    state: a.state,
    notes: a.notes,
    created_at: isoOf(a.createdAt),
    updated_at: isoOf(a.updatedAt),
  };
}

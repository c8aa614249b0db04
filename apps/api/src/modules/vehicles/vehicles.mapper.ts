import { type TVehicleResponse, timeZoneOf, todayIn } from '@trayecto/shared';
import type { vehicles, vehicleUnavailabilities } from '../../db/schema';
import { isoOf } from '../../lib/instants';

export type VehicleRow = typeof vehicles.$inferSelect;
export type VehiclePeriodRow = typeof vehicleUnavailabilities.$inferSelect;
/** A vehicle with its operator's time zone (which decides what "today" is). */
export type VehicleWithZone = { vehicle: VehicleRow; timezone: string | null };

/** Row → response, with its unavailable periods (ordered by start) and whether one covers today. */
export function toVehicleResponse(
  { vehicle, timezone }: VehicleWithZone,
  periods: VehiclePeriodRow[],
  now = new Date(),
): TVehicleResponse {
  const today = todayIn(timeZoneOf(timezone), now);
  const sorted = [...periods].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  return {
    id: vehicle.id,
    tour_operator_id: vehicle.tourOperatorId,
    plate: vehicle.plate,
    name: vehicle.name,
    model: vehicle.model,
    type: vehicle.type,
    seats: vehicle.seats,
    transport_authorization: vehicle.transportAuthorization,
    state: vehicle.state,
    notes: vehicle.notes,
    unavailable_periods: sorted.map((p) => ({ id: p.id, from: p.from, to: p.to, reason: p.reason })),
    unavailable_today: sorted.some((p) => p.from <= today && today <= p.to),
    created_at: isoOf(vehicle.createdAt),
    updated_at: isoOf(vehicle.updatedAt),
  };
}

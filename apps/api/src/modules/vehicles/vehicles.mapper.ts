import { type TVehicleResponse, timeZoneOf, todayIn } from '@trayecto/shared';
import type { vehicles, vehicleUnavailabilities } from '../../db/schema';
import { isoOf } from '../../lib/instants';

export type VehicleRow = typeof vehicles.$inferSelect;
export type VehiclePeriodRow = typeof vehicleUnavailabilities.$inferSelect;
/** A vehicle with its operator's time zone (which decides what "today" is). */
export type VehicleWithZone = { vehicle: VehicleRow; timezone: string | null };

/** What "today" is for a vehicle's operator (its time zone's date). */
export const vehicleToday = (timezone: string | null, now = new Date()) => todayIn(timeZoneOf(timezone), now);

/**
 * Row → response, with its unavailable periods (ordered by start) and whether one covers `today`
 * (its operator's date: a list works it out once per operator, not per row).
 */
export function toVehicleResponse(
  { vehicle, timezone }: VehicleWithZone,
  periods: VehiclePeriodRow[],
  today = vehicleToday(timezone),
): TVehicleResponse {
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

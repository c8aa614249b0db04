import type { TVehicleResponse } from '@trayecto/shared';
import type { vehicles, vehicleUnavailabilities } from '../../db/schema';

export type VehicleRow = typeof vehicles.$inferSelect;
export type VehiclePeriodRow = typeof vehicleUnavailabilities.$inferSelect;
/** A vehicle with its operator's time zone (which decides what "today" is). */
export type VehicleWithZone = { vehicle: VehicleRow; timezone: string | null };

const DEFAULT_TIMEZONE = 'Europe/Madrid';

/** Today's date (YYYY-MM-DD) in a time zone; an unknown zone falls back to Europe/Madrid. */
export function todayIn(timeZone: string | null | undefined, now = new Date()): string {
  const format = (tz: string) => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${get('year')}-${get('month')}-${get('day')}`;
  };
  try {
    return format(timeZone || DEFAULT_TIMEZONE);
  } catch {
    return format(DEFAULT_TIMEZONE);
  }
}

/** Row → response, with its unavailable periods (ordered by start) and whether one covers today. */
export function toVehicleResponse(
  { vehicle, timezone }: VehicleWithZone,
  periods: VehiclePeriodRow[],
  now = new Date(),
): TVehicleResponse {
  const today = todayIn(timezone, now);
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
    created_at: vehicle.createdAt.toISOString(),
    updated_at: vehicle.updatedAt.toISOString(),
  };
}

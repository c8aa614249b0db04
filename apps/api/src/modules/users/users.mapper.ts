import { type TUserResponse, timeZoneOf } from '@trayecto/shared';
import type { users } from '../../db/schema';
import { isoOf } from '../../lib/instants';

export type UserRow = typeof users.$inferSelect;
export type UserWithOperator = { user: UserRow; operator: { id: string; name: string; timezone: string } | null };

/** Row → response: every field of spec §3; never the password hash or the token version. */
export function toUserResponse({ user, operator }: UserWithOperator): TUserResponse {
  return {
    id: user.id,
    full_name: user.fullName,
    email: user.email,
    phone: user.phone,
    level: user.level,
    state: user.state,
    created_at: isoOf(user.createdAt),
    updated_at: isoOf(user.updatedAt),
    tour_operator: operator?.id
      ? { id: operator.id, name: operator.name, timezone: timeZoneOf(operator.timezone) }
      : null,
    tour_operator_id: user.tourOperatorId,
    address: user.address,
    lat_lng: user.latLng,
    commission_pct: user.commissionPct === null ? null : Number(user.commissionPct),
  };
}

import { Badge } from '@mantine/core';
import { type TUserState, USER_STATE, USER_STATE_NAMES } from '@trayecto/shared';

/** Activo green / Inactivo gray, the same colours everywhere (STYLE.md "Tables"). */
export function StateBadge({ state }: { state: number }) {
  const isActive = state === USER_STATE.ACTIVE;
  const label = USER_STATE_NAMES[state as TUserState] ?? `Estado ${state}`;
  return (
    <Badge color={isActive ? 'green' : 'gray'} variant="light" radius="sm">
      {label}
    </Badge>
  );
}

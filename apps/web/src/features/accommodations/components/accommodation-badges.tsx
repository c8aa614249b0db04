import { Badge, Tooltip } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { ACTIVE_STATE, SHARED_CATALOG_LABEL } from '@trayecto/shared';

/** Marks a row of the administrator's shared catalogue (read-only for operators). */
export function SharedBadge({ readOnly, short = false }: { readOnly: boolean; short?: boolean }) {
  const badge = (
    <Badge
      color="indigo"
      variant="light"
      radius="sm"
      tt="none"
      fw={600}
      leftSection={<IconWorld size={12} aria-hidden />}
      style={{ flex: 'none' }}
      tabIndex={readOnly ? 0 : undefined}
    >
      {short ? 'Compartido' : SHARED_CATALOG_LABEL}
    </Badge>
  );
  if (!readOnly) return badge;
  return (
    <Tooltip label="Lo mantiene el administrador de Trayecto: puedes usarlo para las recogidas, pero no modificarlo.">
      {badge}
    </Tooltip>
  );
}

/** One colour per type, the same in the list legend and on the map. */
export const TYPE_COLORS: Record<string, string> = {
  hotel: '#0b7285',
  apartment: '#7048e8',
  meeting_point: '#e8590c',
  bus_stop: '#1971c2',
};
export const INACTIVE_COLOR = '#868e96';

export function markerColor(type: string, state: number): string {
  if (state !== ACTIVE_STATE.ACTIVE) return INACTIVE_COLOR;
  return TYPE_COLORS[type] ?? '#495057';
}

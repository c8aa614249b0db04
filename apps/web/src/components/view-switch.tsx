import { Group, SegmentedControl } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** "Lista | Mapa", "Lista | Calendario": how a list screen shows its rows (kept in the URL). */
export function ViewSwitch<T extends string>({
  value,
  onChange,
  options,
}: {
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string; icon: Icon }[];
}) {
  return (
    <SegmentedControl
      aria-label="Vista"
      value={value}
      onChange={(v) => onChange(v as T)}
      data={options.map(({ value: v, label, icon: ViewIcon }) => ({
        value: v,
        label: (
          <Group gap={6} wrap="nowrap">
            <ViewIcon size={16} aria-hidden />
            <span>{label}</span>
          </Group>
        ),
      }))}
    />
  );
}

import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** "Añadir regla", "Añadir periodo"…: adds a row to a list of the form, under the list. */
export function AddItemButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  /** The list is as long as it may be. */
  disabled?: boolean;
}) {
  return (
    <Group>
      <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onClick} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}

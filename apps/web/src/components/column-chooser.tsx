import { Button, Checkbox, Divider, Popover, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { isColumnShown, useListContext } from './list-context';

/**
 * "Columnas": which optional columns of the list's table the user sees (the essential ones are
 * always there), saved in their own preferences so it follows them to any browser. Not on a phone
 * (cards there) nor on a list without optional columns.
 */
export function ColumnChooser() {
  const { columns, isPhone } = useListContext();
  const { options, chosen, setChosen } = columns;
  if (isPhone || !columns.key || !options.some((o) => !o.essential)) return null;
  const shown = options.filter((o) => !o.essential && isColumnShown(o, chosen)).map((o) => o.key);
  const toggle = (key: string, on: boolean) => {
    const next = on ? [...shown, key] : shown.filter((k) => k !== key);
    // In the table's order, so the saved list reads like the table.
    setChosen(options.filter((o) => next.includes(o.key)).map((o) => o.key));
  };
  const isDefault = options.every((o) => o.essential || isColumnShown(o, chosen) === o.shownByDefault);
  return (
    <Popover position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Button variant="default" ml="auto" leftSection={<IconColumns3 size={16} aria-hidden />}>
          Columnas
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="sm" miw={230}>
        <Stack gap={8} role="group" aria-label="Columnas visibles">
          {options.map((o) => (
            <Checkbox
              key={o.key}
              size="sm"
              label={o.essential ? `${o.label} (siempre)` : o.label}
              checked={isColumnShown(o, chosen)}
              disabled={o.essential}
              onChange={(e) => toggle(o.key, e.currentTarget.checked)}
            />
          ))}
        </Stack>
        <Divider my="xs" />
        <Text size="xs" c="dimmed" mb={6}>
          Se guarda para tu usuario.
        </Text>
        <Button size="compact-sm" variant="subtle" disabled={isDefault} onClick={() => setChosen(null)}>
          Columnas por defecto
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}

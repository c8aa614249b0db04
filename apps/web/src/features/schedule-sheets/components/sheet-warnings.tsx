import { Alert, Anchor, Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBus,
  IconCalendarOff,
  IconClockQuestion,
  IconSteeringWheel,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { pathTo, type TSheetConflict } from '@trayecto/shared';
import { Link } from 'react-router';

const KIND_ICONS: Record<TSheetConflict['kind'], typeof IconBus> = {
  vehicle: IconBus,
  vehicle_unavailable: IconCalendarOff,
  driver: IconSteeringWheel,
  guide: IconUser,
  person: IconUser,
  over_capacity: IconUsersGroup,
  pickup_without_time: IconClockQuestion,
};

const warningKey = (w: TSheetConflict, i: number) => `${w.kind}-${w.resource_id ?? ''}-${w.other_sheet_id ?? ''}-${i}`;

/** One conflict or warning: its icon, the API's Spanish sentence, and a link to the other sheet. */
function ConflictItem({ conflict, linkOther }: { conflict: TSheetConflict; linkOther: boolean }) {
  const Icon = KIND_ICONS[conflict.kind] ?? IconAlertTriangle;
  return (
    <List.Item
      icon={
        <ThemeIcon color="orange" variant="light" size={26} radius="xl" aria-hidden>
          <Icon size={15} />
        </ThemeIcon>
      }
    >
      <Text size="sm" span>
        {conflict.message}
      </Text>
      {linkOther && conflict.other_sheet_id ? (
        <>
          {' '}
          {/* The alert's own text colour, underlined: the brand colour on its orange gives 4.2:1. */}
          <Anchor
            component={Link}
            to={pathTo('scheduleEdit', { id: conflict.other_sheet_id })}
            size="sm"
            c="inherit"
            fw={600}
            underline="always"
          >
            Ver la otra hoja
          </Anchor>
        </>
      ) : null}
    </List.Item>
  );
}

/**
 * The sheet's warnings (computed by the API on every read): pax above the vehicle's seats, the
 * same vehicle, driver, guide or person on a sheet whose time overlaps (saved with "Asignar de
 * todos modos"), and stops nobody gave a pickup time.
 */
export function WarningsPanel({ warnings }: { warnings: readonly TSheetConflict[] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      icon={<IconAlertTriangle size={20} />}
      title={warnings.length === 1 ? 'Un aviso en esta hoja' : `${warnings.length} avisos en esta hoja`}
      mb="lg"
      aria-live="polite"
    >
      <List spacing={6} center>
        {warnings.map((w, i) => (
          <ConflictItem key={warningKey(w, i)} conflict={w} linkOther />
        ))}
      </List>
    </Alert>
  );
}

/**
 * The 409 of an overlapping assignment: what overlaps, and the choice to save it anyway (the
 * overlap then stays as a warning on both sheets) or to go back and change it.
 */
export function ConflictsModal({
  conflicts,
  onForce,
  onCancel,
  forcing,
}: {
  conflicts: readonly TSheetConflict[] | null;
  onForce: () => void;
  onCancel: () => void;
  forcing: boolean;
}) {
  const list = conflicts ?? [];
  return (
    <Modal
      opened={list.length > 0}
      onClose={onCancel}
      title={
        list.length === 1 ? 'Esta asignación se solapa con otra hoja' : 'Estas asignaciones se solapan con otras hojas'
      }
      centered
      size="lg"
      zIndex={3000}
    >
      <Stack gap="md">
        <List spacing="xs" center aria-label="Solapes">
          {list.map((c, i) => (
            <ConflictItem key={warningKey(c, i)} conflict={c} linkOther={false} />
          ))}
        </List>
        <Text size="sm" c="dimmed">
          Si asignas de todos modos, el solape quedará como aviso en las dos hojas hasta que lo resuelvas.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={forcing}>
            Cancelar
          </Button>
          <Button color="orange" onClick={onForce} loading={forcing} leftSection={<IconAlertTriangle size={16} />}>
            Asignar de todos modos
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

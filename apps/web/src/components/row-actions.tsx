import { Anchor, Group } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { IconButton } from './icon-button';

/** One icon button of a row, whose accessible name says which row: "Eliminar 7712KJH". */
export function RowAction({
  label,
  target,
  ...props
}: Omit<ComponentProps<typeof IconButton>, 'ariaLabel'> & {
  /** What the row is called, for the accessible name. */
  target: string;
}) {
  return <IconButton label={label} ariaLabel={`${label} ${target}`} {...props} />;
}

/**
 * The row actions of a list (PRODUCT §5): "Editar" (or "Ver" for a role that only reads), any
 * actions of the feature, then "Eliminar" when it is offered.
 */
export function RowActions({
  target,
  canEdit = true,
  onOpen,
  openTo,
  onDelete,
  children,
}: {
  target: string;
  /** false: the open action is "Ver" (eye) instead of "Editar" (pencil). */
  canEdit?: boolean;
  onOpen?: () => void;
  /** The record's own page, instead of `onOpen`. */
  openTo?: string;
  onDelete?: () => void;
  children?: ReactNode;
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <RowAction
        label={canEdit ? 'Editar' : 'Ver'}
        target={target}
        icon={canEdit ? IconPencil : IconEye}
        onClick={onOpen}
        to={openTo}
      />
      {children}
      {onDelete ? <RowAction label="Eliminar" target={target} icon={IconTrash} color="red" onClick={onDelete} /> : null}
    </Group>
  );
}

/** The record's name in its row or card: opens it, like the row's "Editar" / "Ver". */
export function RecordLink({
  onClick,
  fw = 600,
  className,
  children,
}: {
  onClick: () => void;
  fw?: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Anchor
      component="button"
      type="button"
      fw={fw}
      size="sm"
      c="dark"
      ta="left"
      className={className}
      onClick={onClick}
    >
      {children}
    </Anchor>
  );
}

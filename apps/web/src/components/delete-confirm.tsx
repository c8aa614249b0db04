import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { notifyError } from '../lib/notify';

/** "Eliminar …" asks first (PRODUCT §5: eliminar with confirmation). */
export function openDeleteConfirm({
  title,
  message,
  onConfirm,
}: {
  title: string;
  message: ReactNode;
  onConfirm: () => void;
}): void {
  modals.openConfirmModal({
    title,
    centered: true,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
    confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
    onConfirm,
  });
}

/**
 * The row action "Eliminar" of a list: confirmation, then the delete; `onDeleted` says it worked
 * (a notification), a failure says why.
 */
export function useDeleteConfirm<TRow extends { id: string }, TResult>(
  mutation: Pick<UseMutationResult<TResult, { message: string }, string>, 'mutate'>,
  {
    title,
    message,
    onDeleted,
  }: {
    title: string;
    message: (row: TRow) => ReactNode;
    onDeleted: (row: TRow, result: TResult) => void;
  },
): (row: TRow) => void {
  return (row) =>
    openDeleteConfirm({
      title,
      message: message(row),
      onConfirm: () =>
        mutation.mutate(row.id, {
          onSuccess: (result) => onDeleted(row, result),
          onError: (e) => notifyError('No se ha podido eliminar', e.message),
        }),
    });
}

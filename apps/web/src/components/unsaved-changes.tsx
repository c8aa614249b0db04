import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/** Asks before throwing away unsaved changes (PRODUCT.md §5: warning before leaving). */
export function confirmDiscard(onDiscard: () => void, onKeep?: () => void): void {
  modals.openConfirmModal({
    title: '¿Descartar los cambios?',
    centered: true,
    zIndex: 3000,
    children: <Text size="sm">Has hecho cambios que no se han guardado. Si sales ahora, se perderán.</Text>,
    labels: { confirm: 'Descartar cambios', cancel: 'Seguir editando' },
    confirmProps: { color: 'red' },
    onConfirm: onDiscard,
    onCancel: onKeep,
  });
}

/**
 * While `dirty`: closing the tab asks the browser's own question, and in-app navigation (menu,
 * back button) asks ours.
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmDiscard(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
  }, [blocker]);
}

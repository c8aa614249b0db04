import { Button, Code, EmptyState, Paper } from '@mantine/core';
import { IconAlertTriangle, IconMapPinOff, IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ForbiddenPage } from './forbidden';

/**
 * Error boundary of each screen: 403 → "Sin permiso", 404 → not found, anything else (a screen
 * that failed to download after a new release, a bug) → a way to recover.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 403) return <ForbiddenPage />;
    if (error.status === 404) return <NotFoundPanel />;
  }
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : '';
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} mt="md" role="alert">
      <EmptyState
        variant="light"
        color="red"
        size="lg"
        icon={<IconAlertTriangle size={30} />}
        title="No se ha podido abrir esta pantalla"
        description="Puede que haya una versión nueva de Trayecto o que se haya cortado la conexión. Recarga la página para intentarlo de nuevo."
      >
        {detail ? (
          <Code block mt="sm" maw={560} mx="auto" ta="left">
            {detail}
          </Code>
        ) : null}
        <EmptyState.Actions>
          <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
            Recargar
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

function NotFoundPanel() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} mt="md">
      <EmptyState
        variant="light"
        size="lg"
        icon={<IconMapPinOff size={30} />}
        title="No encontrado"
        description="Lo que buscas no existe o ya no está disponible."
      >
        <EmptyState.Actions>
          <Button component={Link} to="/">
            Volver al inicio
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

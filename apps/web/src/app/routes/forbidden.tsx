import { Button, EmptyState, Paper } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Shown inside the layout when the user's role may not use the screen (spec §6). */
export function ForbiddenPage() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} mt="md">
      <EmptyState
        variant="light"
        color="orange"
        size="lg"
        icon={<IconLock size={30} />}
        title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>Sin permiso</h1>}
        description="Tu rol no permite usar esta pantalla. Si crees que deberías tener acceso, pídeselo al administrador de tu tour operador."
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

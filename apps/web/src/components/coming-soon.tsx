import { Badge, EmptyState, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

/**
 * An honest placeholder for screens of later issues: it says what the screen will do and shows no
 * invented data.
 */
export function ComingSoon({
  title,
  description,
  icon,
  features,
}: {
  title: string;
  description: string;
  icon: ReactNode;
  features: string[];
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} shadow="xs">
        <EmptyState
          variant="light"
          size="lg"
          icon={icon}
          title={
            <Stack gap={8} align="center">
              <Badge variant="light" color="yellow" size="lg" radius="sm">
                En preparación
              </Badge>
              <span>Disponible próximamente</span>
            </Stack>
          }
          description="Esta pantalla llegará en una próxima versión de Trayecto. Mientras tanto no muestra datos."
        >
          <Stack gap="xs" mt="md" maw={520} mx="auto">
            <Text fw={600} size="sm" ta="left">
              Qué podrás hacer aquí:
            </Text>
            <List
              spacing={6}
              size="sm"
              ta="left"
              icon={
                <ThemeIcon color="teal" size={20} radius="xl" variant="light">
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              {features.map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
            </List>
          </Stack>
        </EmptyState>
      </Paper>
    </>
  );
}

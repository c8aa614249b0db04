import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconMapPinOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { isLoggedIn } from '../../lib/auth-storage';

/** Any path the app does not know (spec §2: "Any other path shows a not-found page"). */
export function NotFoundPage() {
  const navigate = useNavigate();
  const loggedIn = isLoggedIn();
  useEffect(() => {
    document.title = 'Página no encontrada · Trayecto';
  }, []);
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack align="center" gap="xl" w="100%" maw={480}>
        <BrandMark />
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 40 }} w="100%">
          <Stack align="center" gap="md" ta="center">
            <ThemeIcon size={72} radius={72} variant="light" color="brand">
              <IconMapPinOff size={38} stroke={1.5} />
            </ThemeIcon>
            <Text c="dimmed" fw={700} size="sm" tt="uppercase" lts={1}>
              Error 404
            </Text>
            <Title order={1} fz={26}>
              Página no encontrada
            </Title>
            <Text c="dimmed">
              La dirección que has abierto no existe o ha cambiado. Comprueba el enlace o vuelve al inicio.
            </Text>
            <Group justify="center" mt="sm">
              <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
                Volver atrás
              </Button>
              <Button component={Link} to={loggedIn ? '/' : '/login'}>
                {loggedIn ? 'Ir al inicio' : 'Iniciar sesión'}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}

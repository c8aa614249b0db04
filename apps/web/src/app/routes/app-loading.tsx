import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while the first screen downloads. */
export function AppLoading() {
  return (
    <Center mih="100dvh">
      <Stack align="center" gap="sm">
        <Loader color="brand" type="dots" />
        <Text size="sm" c="dimmed">
          Cargando Trayecto…
        </Text>
      </Stack>
    </Center>
  );
}

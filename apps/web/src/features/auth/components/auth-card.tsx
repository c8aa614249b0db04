import { Box, Center, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/brand-mark';
import classes from './login-screen.module.css';

/** The centred card of the screens outside the back-office (password reset), like the login's. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Box className={classes.page}>
      <Center mih="100dvh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Stack align="center" gap={6}>
            <BrandMark />
          </Stack>
          <Paper component="main" withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }}>
            {children}
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            © {new Date().getFullYear()} Trayecto
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}

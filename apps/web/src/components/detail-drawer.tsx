import { Box, Drawer, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsPhone } from '../lib/use-is-phone';
import { LoadErrorAlert } from './load-error-alert';

/** What the drawer needs of the record's query (a TanStack Query result fits). */
type TRecordQuery = {
  isError: boolean;
  error: { message: string } | null;
  refetch: () => unknown;
  isFetching: boolean;
};

/**
 * A record read in a drawer on the right (the whole screen on a phone): its title with a dimmed
 * subtitle (on a phone too, unless `subtitleOnPhone` is false), a bordered header, and the
 * record's loading skeleton or "could not load" with a retry until `children` can be drawn.
 */
export function DetailDrawer({
  opened,
  onClose,
  title,
  subtitle,
  subtitleOnPhone = true,
  width,
  query,
  errorTitle,
  loadingLabel,
  ready,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  subtitle?: ReactNode;
  subtitleOnPhone?: boolean;
  /** Its width on a desktop, in px. */
  width: number;
  query: TRecordQuery;
  /** "No se ha podido cargar …" */
  errorTitle: string;
  /** "Cargando …", for screen readers while the skeleton shows. */
  loadingLabel: string;
  /** The record has loaded: `children` is drawn. */
  ready: boolean;
  children: ReactNode;
}) {
  const isPhone = useIsPhone();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : width}
      title={
        <Text fw={700} size="lg" component="span">
          {title}
          {subtitle && (subtitleOnPhone || !isPhone) ? (
            <Text component="span" c="dimmed" fw={500} ml={8}>
              {subtitle}
            </Text>
          ) : null}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      padding={0}
      styles={{
        header: { paddingInline: 'var(--mantine-spacing-lg)', borderBottom: '1px solid var(--mantine-color-gray-3)' },
      }}
    >
      <Box px="lg" py="lg">
        {query.isError ? (
          <LoadErrorAlert
            title={errorTitle}
            message={query.error?.message}
            onRetry={query.refetch}
            retrying={query.isFetching}
          />
        ) : !ready ? (
          <Stack gap="md" aria-busy="true" aria-label={loadingLabel}>
            <Skeleton h={22} w="40%" />
            <Skeleton h={48} />
            <Skeleton h={160} />
          </Stack>
        ) : (
          children
        )}
      </Box>
    </Drawer>
  );
}

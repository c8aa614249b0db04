import { Anchor, Breadcrumbs, Button, EmptyState, Paper, Text } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client';

/** "Productos / Subida al Teide": the way back from a record's page (STYLE.md "Page"). */
export function RecordBreadcrumbs({ parent, current }: { parent: { label: string; to: string }; current: string }) {
  return (
    <Breadcrumbs mb="xs" separatorMargin={6} fz="sm" aria-label="Migas de pan">
      <Anchor component={Link} to={parent.to} size="sm">
        {parent.label}
      </Anchor>
      <Text size="sm" c="dimmed" truncate="end" maw={420} aria-current="page">
        {current}
      </Text>
    </Breadcrumbs>
  );
}

/**
 * A record's page whose record did not load: "not found" (a wrong link, a deleted record, one the
 * role may not see) offers the way back; any other failure also offers "Reintentar".
 */
export function RecordLoadError({
  query,
  notFoundStatuses = [404, 400],
  parent,
  icon,
  texts,
}: {
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
  /** The statuses that mean "there is no such record for you". */
  notFoundStatuses?: readonly number[];
  parent: { label: string; to: string; back: string };
  icon: ReactNode;
  texts: { notFoundCrumb: string; notFoundTitle: string; notFoundDescription: string; errorTitle: string };
}) {
  const status = query.error instanceof ApiError ? query.error.status : 0;
  const notFound = notFoundStatuses.includes(status);
  const message = query.error instanceof Error ? query.error.message : undefined;
  return (
    <>
      <RecordBreadcrumbs parent={parent} current={notFound ? texts.notFoundCrumb : 'Error'} />
      <Paper withBorder radius="lg" p="xl" shadow="xs">
        <EmptyState
          variant="light"
          icon={icon}
          title={notFound ? texts.notFoundTitle : texts.errorTitle}
          description={
            notFound ? texts.notFoundDescription : (message ?? 'Comprueba tu conexión e inténtalo de nuevo.')
          }
        >
          <EmptyState.Actions>
            <Button component={Link} to={parent.to} variant="default" leftSection={<IconArrowLeft size={16} />}>
              {parent.back}
            </Button>
            {notFound ? null : (
              <Button
                leftSection={<IconRefresh size={16} />}
                onClick={() => query.refetch()}
                loading={query.isFetching}
              >
                Reintentar
              </Button>
            )}
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </>
  );
}

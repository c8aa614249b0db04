import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { CHANNEL_REQUESTS_RETENTION_DAYS, type TChannelRequestResponse } from '@trayecto/shared';
import { useState } from 'react';
import { DataTable, type TColumns } from '../../../components/data-table';
import { FormSection } from '../../../components/form-section';
import { ListFooter } from '../../../components/list-footer';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import type { TTimes } from '../../../lib/time-zone';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useChannelRequests } from '../api/list-channel-requests';
import { channelsKeys } from '../api/list-channels';
import { durationText, keyPrefixText, statusColor } from './channel-format';

const PER_PAGE = 25;

function StatusBadge({ status }: { status: number }) {
  return (
    <Badge color={statusColor(status)} variant="light" radius="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {status}
    </Badge>
  );
}

/**
 * "Peticiones": what the channel's keys asked the OCTO API, latest first, paged — when (in the
 * operator's zone), with which key, the method and path, the answer's status (coloured), how long
 * it took and the OCTO error code. What a manager reads when a reseller says "it does not work".
 */
export function ChannelRequestsSection({ channelId, times }: { channelId: string; times: TTimes }) {
  const isPhone = useIsPhone();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useChannelRequests(channelId, { page, per_page: PER_PAGE });
  const rows = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const loading = query.isLoading && !query.data;

  const columns: TColumns<TChannelRequestResponse> = [
    {
      key: 'at',
      header: times.withZone('Fecha y hora'),
      nowrap: true,
      cell: (r) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {times.dateTimeSeconds(r.at)}
        </Text>
      ),
    },
    {
      key: 'key',
      header: 'Clave',
      nowrap: true,
      cell: (r) => (
        <Text size="sm" ff="monospace">
          {keyPrefixText(r.key_prefix)}
        </Text>
      ),
    },
    {
      key: 'request',
      header: 'Petición',
      wide: true,
      cell: (r) => (
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          <b>{r.method}</b> {r.path}
        </Text>
      ),
    },
    { key: 'status', header: 'Estado', cell: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'duration',
      header: 'Duración',
      nowrap: true,
      th: { ta: 'right' },
      td: { ta: 'right' },
      cell: (r) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {durationText(r.duration_ms)}
        </Text>
      ),
    },
    {
      key: 'error',
      header: 'Error',
      cell: (r) =>
        r.error_code ? (
          <Text size="xs" ff="monospace" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            {r.error_code}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
  ];

  return (
    <FormSection
      title="Peticiones"
      description="Lo que han pedido sus claves a la API, de la más reciente a la más antigua."
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed">
          Se guardan {CHANNEL_REQUESTS_RETENTION_DAYS} días.
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={query.isFetching && !loading}
          // The whole channel: its requests, and its keys' last use.
          onClick={() => void queryClient.invalidateQueries({ queryKey: channelsKeys.detail(channelId) })}
        >
          Actualizar
        </Button>
      </Group>
      {query.isError ? (
        <LoadErrorAlert
          title="No se han podido cargar las peticiones"
          message={query.error.message}
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : null}
      {!loading && rows.length === 0 && !query.isError ? (
        <Text size="sm" c="dimmed">
          Aún no hay peticiones: aparecerán aquí en cuanto el revendedor use una de sus claves.
        </Text>
      ) : (
        <div>
          <DataTable
            label="Peticiones"
            rows={rows}
            columns={columns}
            loading={loading}
            fetching={query.isFetching}
            stale={query.isPlaceholderData}
            isPhone={isPhone}
            miw={720}
            card={(r) => (
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <StatusBadge status={r.status} />
                  <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    <b>{r.method}</b> {r.path}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {times.dateTimeSeconds(r.at)} · {durationText(r.duration_ms)} · {keyPrefixText(r.key_prefix)}
                </Text>
                {r.error_code ? (
                  <Text size="xs" ff="monospace" c="red.8">
                    {r.error_code}
                  </Text>
                ) : null}
              </Stack>
            )}
          />
          <ListFooter total={total} page={page} perPage={PER_PAGE} one="petición" many="peticiones" onPage={setPage} />
        </div>
      )}
    </FormSection>
  );
}

import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconKeyOff, IconPlus } from '@tabler/icons-react';
import type { TChannelKeyResponse } from '@trayecto/shared';
import { useState } from 'react';
import { DataTable, type TColumns } from '../../../components/data-table';
import { FormSection } from '../../../components/form-section';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { RowAction } from '../../../components/row-actions';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { TTimes } from '../../../lib/time-zone';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useChannelKeys } from '../api/list-channel-keys';
import { useRevokeChannelKey } from '../api/revoke-channel-key';
import { keyPrefixText } from './channel-format';
import { NewKeyDialog } from './new-key-dialog';

const keyName = (k: Pick<TChannelKeyResponse, 'label' | 'key_prefix'>) => k.label || keyPrefixText(k.key_prefix);

function KeyState({ k, times }: { k: TChannelKeyResponse; times: TTimes }) {
  if (k.active) {
    return (
      <Badge color="green" variant="light" radius="sm">
        Activa
      </Badge>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Badge color="gray" variant="light" radius="sm">
        Revocada
      </Badge>
      {k.revoked_at ? (
        <Text size="xs" c="dimmed">
          {times.dateTime(k.revoked_at)}
          {k.revoked_by ? ` · ${k.revoked_by.name}` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * "Claves de API" of an OCTO channel: "Nueva clave" (shown once), and its keys — name, first
 * characters, who created it and when, last use, live or revoked — each live one with "Revocar"
 * behind a confirmation. Times in the channel's operator's zone.
 */
export function ChannelKeysSection({
  channel,
  times,
}: {
  channel: { id: string; name: string; active: boolean };
  times: TTimes;
}) {
  const isPhone = useIsPhone();
  const keys = useChannelKeys(channel.id);
  const revoke = useRevokeChannelKey();
  const [creating, setCreating] = useState(false);
  const rows = keys.data ?? [];
  const live = rows.filter((k) => k.active).length;

  const confirmRevoke = (k: TChannelKeyResponse) =>
    modals.openConfirmModal({
      title: 'Revocar la clave',
      centered: true,
      children: (
        <Text size="sm">
          La clave <b>{keyName(k)}</b>
          {k.label ? ` (${keyPrefixText(k.key_prefix)})` : ''} de {channel.name} dejará de funcionar al momento: las
          peticiones que la usen responderán «no autorizado». No se puede deshacer; para seguir vendiendo, el revendedor
          necesitará otra clave.
        </Text>
      ),
      labels: { confirm: 'Revocar', cancel: 'Cancelar' },
      confirmProps: { color: 'red', leftSection: <IconKeyOff size={16} aria-hidden /> },
      onConfirm: () =>
        revoke.mutate(
          { channelId: channel.id, keyId: k.id },
          {
            onSuccess: () => notifySuccess('Clave revocada', `${channel.name}: ${keyName(k)}`),
            onError: (e) => {
              if (e.status !== 401) notifyError('No se ha podido revocar la clave', e.message);
            },
          },
        ),
    });

  const revokeAction = (k: TChannelKeyResponse) =>
    k.active ? (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <RowAction label="Revocar" target={keyName(k)} icon={IconKeyOff} color="red" onClick={() => confirmRevoke(k)} />
      </Group>
    ) : null;

  const columns: TColumns<TChannelKeyResponse> = [
    {
      key: 'label',
      header: 'Nombre',
      wide: true,
      cell: (k) =>
        k.label ? (
          <Text size="sm" fw={600} lineClamp={2}>
            {k.label}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            Sin nombre
          </Text>
        ),
    },
    {
      key: 'prefix',
      header: 'Clave',
      nowrap: true,
      cell: (k) => (
        <Text size="sm" ff="monospace">
          {keyPrefixText(k.key_prefix)}
        </Text>
      ),
    },
    {
      key: 'created',
      header: 'Creada',
      cell: (k) => (
        <>
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {times.dateTime(k.created_at)}
          </Text>
          {k.created_by ? (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {k.created_by.name}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'last_used',
      header: 'Último uso',
      cell: (k) => (
        <Text size="sm" c={k.last_used_at ? undefined : 'dimmed'} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {k.last_used_at ? times.dateTime(k.last_used_at) : 'Nunca'}
        </Text>
      ),
    },
    { key: 'state', header: 'Estado', cell: (k) => <KeyState k={k} times={times} /> },
  ];

  return (
    <FormSection
      title="Claves de API"
      description="El revendedor se identifica con una clave. Puede tener varias a la vez (para cambiarla sin cortar las ventas); revoca la que ya no use."
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {keys.isLoading
            ? 'Cargando claves…'
            : live === 0
              ? 'Sin claves activas: el revendedor aún no puede conectarse.'
              : live === 1
                ? '1 clave activa'
                : `${live} claves activas`}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          Nueva clave
        </Button>
      </Group>
      {keys.isError ? (
        <LoadErrorAlert
          title="No se han podido cargar las claves"
          message={keys.error.message}
          onRetry={keys.refetch}
          retrying={keys.isFetching}
        />
      ) : null}
      {!keys.isLoading && rows.length === 0 && !keys.isError ? null : (
        <DataTable
          label="Claves de API"
          rows={rows}
          columns={columns}
          loading={keys.isLoading}
          fetching={keys.isFetching}
          isPhone={isPhone}
          actions={revokeAction}
          actionsWidth={56}
          card={(k) => (
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={600}>
                  {k.label || 'Sin nombre'}
                </Text>
                <Text size="sm" ff="monospace">
                  {keyPrefixText(k.key_prefix)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                Creada {times.dateTime(k.created_at)}
                {k.created_by ? ` · ${k.created_by.name}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                Último uso: {k.last_used_at ? times.dateTime(k.last_used_at) : 'nunca'}
              </Text>
              <KeyState k={k} times={times} />
            </Stack>
          )}
          cardLabel={(k) => `Clave ${keyName(k)}`}
        />
      )}
      {!channel.active && live > 0 ? (
        <Text size="xs" c="orange.9">
          El canal está inactivo: sus claves no abren la API hasta que lo actives.
        </Text>
      ) : null}
      <NewKeyDialog channel={channel} opened={creating} onClose={() => setCreating(false)} />
    </FormSection>
  );
}

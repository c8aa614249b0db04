import { Alert, Anchor, Badge, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBuildingStore, IconExternalLink, IconPencil, IconTicket } from '@tabler/icons-react';
import { CHANNEL_KIND_NAMES, type TChannelResponse } from '@trayecto/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DetailDrawer } from '../../../components/detail-drawer';
import { FormSection } from '../../../components/form-section';
import { useTimes } from '../../../lib/time-zone';
import { useChannel } from '../api/get-channel';
import { useChannelOperatorZone } from '../api/get-channel-operator-zone';
import { allotmentText, COLLECTS_TEXT, moneyText, octoBaseUrl, productsText } from './channel-format';
import { ChannelKeysSection } from './channel-keys-section';
import { ChannelRequestsSection } from './channel-requests-section';
import { CopyValueField } from './copy-value-field';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** What the channel is, at a glance, with the way to its form. */
function Summary({ channel, isAdmin, onEdit }: { channel: TChannelResponse; isAdmin: boolean; onEdit: () => void }) {
  const money = moneyText(channel);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Group gap={6}>
          <Badge variant="default" radius="sm" tt="none" fw={500}>
            {CHANNEL_KIND_NAMES[channel.kind]}
          </Badge>
          <Badge color={channel.active ? 'green' : 'gray'} variant="light" radius="sm">
            {channel.active ? 'Activo' : 'Inactivo'}
          </Badge>
        </Group>
        <Group gap="xs">
          {/* Its bookings, every date (a revoked channel's too): the list's «Agencia o revendedor» filter. */}
          <Button
            component={Link}
            to={`/booking?channel_id=${encodeURIComponent(channel.id)}&all_dates=1`}
            variant="default"
            size="xs"
            leftSection={<IconTicket size={14} aria-hidden />}
          >
            Ver reservas
          </Button>
          <Button variant="default" size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit}>
            Editar canal
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: isAdmin ? 5 : 4 }} spacing="sm" verticalSpacing="sm">
        {isAdmin ? <Fact label="Tour operador">{channel.tour_operator.name}</Fact> : null}
        <Fact label="Comisión">
          {money.main}
          {money.extra ? (
            <Text span size="xs" c="dimmed" display="block">
              {money.extra}
            </Text>
          ) : null}
        </Fact>
        <Fact label="Cobra">{COLLECTS_TEXT[channel.collects].short}</Fact>
        <Fact label="Productos">{productsText(channel)}</Fact>
        <Fact label="Cupo">{allotmentText(channel.allotment)}</Fact>
      </SimpleGrid>
    </Stack>
  );
}

/** What a reseller's developer needs to connect: the base URL, how to send the key, the contract. */
function ConnectionData() {
  const base = octoBaseUrl();
  return (
    <FormSection
      title="Datos para el revendedor"
      description="Lo que necesita su equipo técnico para conectarse con la especificación OCTO."
    >
      <CopyValueField label="URL base de la API OCTO" value={base} />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Autenticación
        </Text>
        <Code block>Authorization: Bearer &lt;clave&gt;</Code>
        <Text size="xs" c="dimmed">
          Con una de las claves de abajo. Capacidades disponibles (cabecera <Code>Octo-Capabilities</Code>):{' '}
          <Code>octo/content</Code>, <Code>octo/pricing</Code>, <Code>octo/pickups</Code>.
        </Text>
      </Stack>
      <Anchor href={`${base}/openapi.json`} target="_blank" rel="noopener noreferrer" size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          Especificación de la API (OpenAPI)
          <IconExternalLink size={14} aria-hidden />
        </Group>
      </Anchor>
    </FormSection>
  );
}

/**
 * "Conexión" of a channel, in a side drawer like the operators' payment settings (issue 33): what
 * the channel is, and for a reseller with the OCTO API the data to connect, its API keys ("Nueva
 * clave", shown once; "Revocar") and the log of its requests. An agency has no keys: the office
 * records its bookings.
 */
export function ChannelConnectionDrawer({
  channelId,
  opened,
  isAdmin,
  onClose,
  onEdit,
}: {
  channelId: string | null;
  opened: boolean;
  isAdmin: boolean;
  onClose: () => void;
  onEdit: (channel: TChannelResponse) => void;
}) {
  const query = useChannel(channelId);
  const channel = query.data;
  // The administrator reads the log in the channel's operator's zone; a manager's is their own.
  const zone = useChannelOperatorZone(channel?.tour_operator_id ?? null, isAdmin && opened);
  const times = useTimes(isAdmin ? zone.data : undefined);

  return (
    <DetailDrawer
      opened={opened}
      onClose={onClose}
      width={880}
      title="Conexión"
      subtitle={channel?.name}
      query={query}
      errorTitle="No se ha podido cargar el canal"
      loadingLabel="Cargando el canal"
      ready={Boolean(channel)}
    >
      {channel ? (
        <Stack gap="xl">
          <Summary channel={channel} isAdmin={isAdmin} onEdit={() => onEdit(channel)} />
          {channel.kind === 'agency' ? (
            <Alert
              color="blue"
              variant="light"
              icon={<IconBuildingStore size={18} />}
              title="Una agencia no se conecta"
            >
              La oficina registra las reservas de esta agencia en su nombre, así que no tiene claves de API ni registro
              de peticiones. Si el canal va a reservar por su cuenta con la API OCTO, cámbialo a «Revendedor OCTO» en
              «Editar canal».
            </Alert>
          ) : (
            <>
              {!channel.active ? (
                <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Canal inactivo">
                  Sus claves responden «no autorizado» hasta que lo actives en «Editar canal».
                </Alert>
              ) : null}
              <ConnectionData />
              <ChannelKeysSection channel={channel} times={times} />
              <ChannelRequestsSection channelId={channel.id} times={times} />
            </>
          )}
        </Stack>
      ) : null}
    </DetailDrawer>
  );
}

import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { CHANNEL_KIND_NAMES, CHANNEL_KINDS, isUuid, LEVEL, type TChannelResponse } from '@trayecto/shared';
import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { TColumns } from '../../../components/data-table';
import { ListProvider } from '../../../components/list-context';
import { CreateButton, ListEmptyState, ListResults, type TCreateAction } from '../../../components/list-screen';
import { FilterSelect, ListToolbar, TourOperatorFilter } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { RecordLink, RowAction, RowActions } from '../../../components/row-actions';
import { StateBadge } from '../../../components/state-badge';
import { getRoles } from '../../../lib/auth-storage';
import { operatorNameMap, useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useListControls } from '../../../lib/use-list-params';
import { useRecordDrawer } from '../../../lib/use-record-drawer';
import { type TChannelsFilters, useChannels } from '../api/list-channels';
import { ChannelConnectionDrawer } from './channel-connection-drawer';
import { ChannelFormDrawer } from './channel-form-drawer';
import {
  ACTIVE_FILTER,
  allotmentText,
  COLLECTS_TEXT,
  KIND_OPTIONS,
  KIND_SHORT_NAMES,
  moneyText,
  productsText,
} from './channel-format';

const FILTER_KEYS = ['q', 'kind', 'active', 'tour_operator_id'] as const;
const SORT_OPTIONS = [
  { value: 'name', label: 'Nombre (A–Z)' },
  { value: '-name', label: 'Nombre (Z–A)' },
  { value: 'kind', label: 'Tipo' },
  { value: '-created_at', label: 'Más recientes' },
];
const KINDS = CHANNEL_KINDS as readonly string[];

/** The channel whose connection drawer is open: `?channel=<id>` (a bookmark or the activity log opens it). */
function useOpenChannel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('channel') ?? '';
  const id = isUuid(raw) ? raw : null;
  // The drawer keeps its channel while it closes.
  const shown = useRef<string | null>(id);
  if (id) shown.current = id;
  const set = (next: string | null) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next) params.set('channel', next);
        else params.delete('channel');
        return params;
      },
      { replace: true, preventScrollReset: true, state: { keepScroll: true } },
    );
  return { id, shown: shown.current, open: (c: string) => set(c), close: () => set(null) };
}

function Money({ channel }: { channel: TChannelResponse }) {
  const money = moneyText(channel);
  return (
    <>
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {money.main}
      </Text>
      {money.extra ? (
        <Text size="xs" c="dimmed">
          {money.extra}
        </Text>
      ) : null}
    </>
  );
}

function ActiveBadge({ active }: { active: boolean }) {
  return <StateBadge state={active ? 1 : 2} />;
}

/**
 * /channels "Canales" (issue 33, levels 0–1): the operator's sales channels — resellers that book
 * with the OCTO API and agencies whose bookings the office records — with their money terms, who
 * collects and their live keys; search by name, filter by kind and state (the administrator also
 * by operator). A channel opens in its form; "Conexión" opens its keys and request log.
 */
export function ChannelsScreen() {
  const isAdmin = getRoles().includes(LEVEL.ADMIN);
  const list = useListControls({ sort: 'name', filterKeys: FILTER_KEYS });
  const filters: TChannelsFilters = {
    q: list.get('q'),
    kind: KINDS.includes(list.get('kind')) ? list.get('kind') : '',
    active: ['true', 'false'].includes(list.get('active')) ? list.get('active') : '',
    tour_operator_id: isAdmin && isUuid(list.get('tour_operator_id')) ? list.get('tour_operator_id') : '',
  };
  const query = useChannels({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort });
  const operators = useTourOperatorSelectOptions(isAdmin);
  const operatorNames = useMemo(() => operatorNameMap(operators.data), [operators.data]);
  const form = useRecordDrawer<TChannelResponse>();
  const connection = useOpenChannel();

  const create: TCreateAction = { label: 'Nuevo canal', icon: IconPlus, onClick: () => form.open(null) };

  const nameLink = (c: TChannelResponse) => <RecordLink onClick={() => form.open(c)}>{c.name}</RecordLink>;

  const columns: TColumns<TChannelResponse> = [
    {
      key: 'name',
      header: 'Nombre',
      sort: 'name',
      wide: true,
      cell: (c) => (
        <Stack gap={0} style={{ minWidth: 0 }}>
          {nameLink(c)}
          {c.contact_email ? (
            <Text size="xs" c="dimmed" truncate="end">
              {c.contact_email}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'kind',
      header: 'Tipo',
      sort: 'kind',
      nowrap: true,
      cell: (c) => <Text size="sm">{CHANNEL_KIND_NAMES[c.kind]}</Text>,
    },
    { key: 'money', header: 'Comisión', nowrap: true, cell: (c) => <Money channel={c} /> },
    {
      key: 'collects',
      header: 'Cobra',
      nowrap: true,
      cell: (c) => <Text size="sm">{COLLECTS_TEXT[c.collects].short}</Text>,
    },
    {
      key: 'products',
      header: 'Productos',
      // In "Columnas" and in the channel's connection: the administrator's operator column needs the room at 1280 px.
      optional: true,
      hiddenByDefault: true,
      cell: (c) => <Text size="sm">{productsText(c)}</Text>,
    },
    {
      key: 'allotment',
      header: 'Cupo',
      optional: true,
      hiddenByDefault: true,
      cell: (c) => <Text size="sm">{allotmentText(c.allotment)}</Text>,
    },
    {
      key: 'keys',
      header: 'Claves activas',
      label: 'Claves activas',
      th: { ta: 'right' },
      td: { ta: 'right' },
      cell: (c) =>
        c.kind === 'octo' ? (
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {c.keys_active.toLocaleString('es-ES')}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" title="Una agencia no tiene claves">
            —
          </Text>
        ),
    },
    { key: 'active', header: 'Estado', sort: 'active', cell: (c) => <ActiveBadge active={c.active} /> },
    isAdmin && {
      key: 'operator',
      header: 'Tour operador',
      optional: true,
      cell: (c) => (
        <Text size="sm" lineClamp={2}>
          {c.tour_operator?.name ?? operatorNames.get(c.tour_operator_id) ?? '—'}
        </Text>
      ),
    },
  ];

  const rowActions = (c: TChannelResponse) => (
    <RowActions target={c.name} onOpen={() => form.open(c)}>
      <RowAction label="Conexión" target={c.name} icon={IconPlugConnected} onClick={() => connection.open(c.id)} />
    </RowActions>
  );

  return (
    <ListProvider list={list} columnsKey="channels">
      <PageHeader
        title="Canales"
        description="Quién vende tus excursiones además de ti: revendedores conectados por la API OCTO y agencias cuyas reservas registra la oficina."
        actions={<CreateButton action={create} />}
      />
      <Paper withBorder radius="lg" shadow="xs">
        <ListToolbar label="Filtrar canales" placeholder="Buscar por nombre" sortOptions={SORT_OPTIONS}>
          <FilterSelect param="kind" label="Tipo" placeholder="Todos" data={KIND_OPTIONS} flex="1 1 180px" />
          <FilterSelect param="active" label="Estado" placeholder="Todos" data={ACTIVE_FILTER} flex="1 1 130px" />
          {isAdmin ? <TourOperatorFilter options={operators} /> : null}
        </ListToolbar>

        <ListResults
          query={query}
          errorTitle="No se ha podido cargar la lista de canales"
          errorMessage={query.error?.message}
          noun={['canal', 'canales']}
          label="Canales"
          columns={columns}
          miw={880}
          actions={rowActions}
          actionsWidth={96}
          card={(c) => (
            <>
              {nameLink(c)}
              <Group gap={6} mt={4} wrap="wrap">
                <Badge variant="default" radius="sm" tt="none" fw={500}>
                  {KIND_SHORT_NAMES[c.kind]}
                </Badge>
                <ActiveBadge active={c.active} />
              </Group>
              <Text size="xs" c="dimmed" mt={6}>
                {[
                  moneyText(c).main,
                  `cobra ${COLLECTS_TEXT[c.collects].short.toLowerCase()}`,
                  c.kind === 'octo' ? (c.keys_active === 1 ? '1 clave activa' : `${c.keys_active} claves activas`) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              {isAdmin ? (
                <Text size="xs" c="dimmed">
                  {c.tour_operator?.name}
                </Text>
              ) : null}
            </>
          )}
          empty={
            <ListEmptyState
              icon={<IconPlugConnected size={28} />}
              filteredTitle="Ningún canal coincide con los filtros"
              title="Aún no hay canales"
              description="Da de alta a las agencias y los revendedores que venden tus excursiones: con su comisión, y a los revendedores una clave de API para que reserven solos."
              create={create}
            />
          }
        />
      </Paper>

      <ChannelFormDrawer
        opened={form.opened}
        channel={form.record}
        isAdmin={isAdmin}
        operators={operators.data ?? []}
        onClose={form.close}
        onCreated={(c) => {
          if (c.kind === 'octo') connection.open(c.id);
        }}
      />
      <ChannelConnectionDrawer
        channelId={connection.shown}
        opened={Boolean(connection.id)}
        isAdmin={isAdmin}
        onClose={connection.close}
        onEdit={(c) => {
          connection.close();
          form.open(c);
        }}
      />
    </ListProvider>
  );
}

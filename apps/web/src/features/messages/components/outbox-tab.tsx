import { Anchor, Badge, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import {
  apiPath,
  isUuid,
  LEVEL,
  MESSAGE_CHANNEL_NAMES,
  MESSAGE_CHANNELS,
  MESSAGE_KIND_NAMES,
  MESSAGE_KINDS,
  MESSAGE_STATE_NAMES,
  MESSAGE_STATES,
  pathTo,
  type TMessageResponse,
} from '@trayecto/shared';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BreakableEmail } from '../../../components/breakable-email';
import type { TColumns } from '../../../components/data-table';
import { DateRangeFilter, isDay } from '../../../components/date-range-filter';
import { ListProvider, useListContext } from '../../../components/list-context';
import { ExportCsvButton, ListEmptyState, ListResults } from '../../../components/list-screen';
import { FilterSelect, ListToolbar, TourOperatorFilter } from '../../../components/list-toolbar';
import { RecordLink } from '../../../components/row-actions';
import { getRoles } from '../../../lib/auth-storage';
import { useTimes } from '../../../lib/time-zone';
import { operatorNameMap, useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useCsvExport } from '../../../lib/use-csv-export';
import { useListControls } from '../../../lib/use-list-params';
import { messagesQueryString, type TMessagesFilters, useMessages } from '../api/list-messages';
import { messageChannelName, messageKindName } from '../utils/message-format';
import { MessageDetailDrawer } from './message-detail-drawer';
import { ChannelTag, MessageStateBadge, MessageWhen, StateNotes } from './message-parts';

export const OUTBOX_FILTER_KEYS = [
  'q',
  'state',
  'kind',
  'channel',
  'from',
  'to',
  'tour_operator_id',
  'booking_id',
] as const;

const SORT_OPTIONS = [
  { value: '-created_at', label: 'Más recientes' },
  { value: 'created_at', label: 'Más antiguos' },
];
/** The states one by one, and the two that need someone to act. */
const STATE_OPTIONS = [
  ...MESSAGE_STATES.map((s) => ({ value: s, label: MESSAGE_STATE_NAMES[s] })),
  { value: 'failed,skipped', label: 'Fallidos y no enviados' },
];
const KIND_OPTIONS = MESSAGE_KINDS.map((k) => ({ value: k, label: MESSAGE_KIND_NAMES[k] }));
const CHANNEL_OPTIONS = MESSAGE_CHANNELS.map((c) => ({ value: c, label: MESSAGE_CHANNEL_NAMES[c] }));
const STATE_VALUES = new Set(STATE_OPTIONS.map((o) => o.value));

/** The message whose drawer is open: `?message=<id>` (a bookmark opens it too). */
function useOpenMessage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('message') ?? '';
  const id = isUuid(raw) ? raw : null;
  // The drawer keeps its message while it closes.
  const shown = useRef<string | null>(id);
  if (id) shown.current = id;
  const set = (next: string | null) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next) params.set('message', next);
        else params.delete('message');
        return params;
      },
      { replace: true, preventScrollReset: true, state: { keepScroll: true } },
    );
  return { id, shown: shown.current, open: (m: string) => set(m), close: () => set(null) };
}

/** "Solo la reserva TRY-…": the booking filter a booking's panel links to, with a way out. */
function BookingFilterChip({ locator }: { locator: string | null }) {
  const { list } = useListContext();
  if (!list.get('booking_id')) return null;
  return (
    <Badge
      size="lg"
      variant="light"
      radius="sm"
      tt="none"
      fw={500}
      style={{ alignSelf: 'flex-end', marginBottom: 4 }}
      rightSection={
        <CloseButton
          size="xs"
          aria-label="Quitar el filtro de la reserva"
          onClick={() => list.setFilters({ booking_id: null })}
        />
      }
    >
      Reserva {locator ?? ''}
    </Badge>
  );
}

/**
 * "Bandeja": the outbox and the history of messages, filters in the URL, server-side paging and
 * sorting; a row opens the message in a drawer.
 */
export function OutboxTab() {
  const isAdmin = getRoles().includes(LEVEL.ADMIN);
  const list = useListControls({ sort: '-created_at', filterKeys: OUTBOX_FILTER_KEYS });
  const from = isDay(list.get('from')) ? list.get('from') : '';
  const to = isDay(list.get('to')) ? list.get('to') : '';
  const state = STATE_VALUES.has(list.get('state')) ? list.get('state') : '';
  const filters: TMessagesFilters = {
    q: list.get('q'),
    state,
    kind: (MESSAGE_KINDS as readonly string[]).includes(list.get('kind')) ? list.get('kind') : '',
    channel: (MESSAGE_CHANNELS as readonly string[]).includes(list.get('channel')) ? list.get('channel') : '',
    from,
    to: to || from,
    tour_operator_id: isAdmin && isUuid(list.get('tour_operator_id')) ? list.get('tour_operator_id') : '',
    booking_id: isUuid(list.get('booking_id')) ? list.get('booking_id') : '',
  };
  const params = { ...filters, page: list.page, per_page: list.perPage, sort: list.sort };
  const query = useMessages(params);
  // "Exportar CSV": the same filters, sort and search, every row (GET /messages/export.csv).
  const csv = useCsvExport({
    name: 'mensajes',
    path: apiPath('messagesExport'),
    query: messagesQueryString(params),
    exported: ['mensaje exportado', 'mensajes exportados'],
  });
  const operators = useTourOperatorSelectOptions(isAdmin);
  const operatorNames = operatorNameMap(operators.data);
  const detail = useOpenMessage();
  const rows = query.data?.items ?? [];
  const bookingLocator = filters.booking_id
    ? (rows.find((m) => m.booking_id === filters.booking_id)?.booking_locator ?? null)
    : null;

  const columns: TColumns<TMessageResponse> = [
    {
      key: 'when',
      header: 'Fecha',
      sort: 'created_at',
      nowrap: true,
      width: 100,
      cell: (m) => <MessageWhen message={m} />,
    },
    {
      key: 'kind',
      header: 'Tipo',
      width: 110,
      cell: (m) => (
        <Text size="sm" lineClamp={2}>
          {messageKindName(m.kind)}
        </Text>
      ),
    },
    { key: 'channel', header: 'Canal', nowrap: true, width: 90, cell: (m) => <ChannelTag channel={m.channel} /> },
    {
      key: 'recipient',
      header: 'Destinatario',
      width: 160,
      cell: (m) => (
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} lineClamp={2}>
            {m.recipient_name || m.recipient}
          </Text>
          {m.recipient_name ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {m.channel === 'email' ? <BreakableEmail email={m.recipient} /> : m.recipient}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'subject',
      header: 'Asunto',
      wide: true,
      width: 240,
      cell: (m) => (
        <Stack gap={2} style={{ minWidth: 0 }}>
          <RecordLink onClick={() => detail.open(m.id)} fw={500}>
            <Text span size="sm" lineClamp={2} title={m.subject}>
              {m.subject || messageKindName(m.kind)}
            </Text>
          </RecordLink>
          {m.preview ? (
            <Text size="xs" c="dimmed" lineClamp={1} title={m.preview}>
              {m.preview}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'booking',
      header: 'Reserva',
      nowrap: true,
      width: 100,
      cell: (m) =>
        m.booking_id && m.booking_locator ? (
          <Anchor component={Link} to={pathTo('bookingEdit', { id: m.booking_id })} size="sm" ff="monospace">
            {m.booking_locator}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'state',
      header: 'Estado',
      width: 130,
      cell: (m) => (
        <Stack gap={2} align="flex-start">
          <MessageStateBadge state={m.state} />
          <StateNotes message={m} lineClamp={3} />
        </Stack>
      ),
    },
    {
      key: 'attempts',
      header: 'Intentos',
      optional: true,
      // The administrator's extra "Tour operador" column takes its room (still in "Columnas").
      hiddenByDefault: isAdmin,
      nowrap: true,
      width: 72,
      th: { style: { textAlign: 'right' } },
      td: { style: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } },
      cell: (m) => (
        <Text size="sm" c={m.channel === 'whatsapp' ? 'dimmed' : undefined}>
          {m.channel === 'whatsapp' ? '—' : m.attempts}
        </Text>
      ),
    },
    isAdmin && {
      key: 'operator',
      header: 'Tour operador',
      optional: true,
      width: 130,
      cell: (m) => (
        <Text size="sm" lineClamp={2}>
          {(m.tour_operator_id && operatorNames.get(m.tour_operator_id)) || 'Plataforma'}
        </Text>
      ),
    },
  ];

  return (
    <ListProvider list={list} columnsKey="messages">
      <Group justify="flex-end" mb="sm">
        <ExportCsvButton csv={csv} disabled={query.isLoading} />
      </Group>
      <Paper withBorder radius="lg" shadow="xs">
        <ListToolbar
          label="Filtrar mensajes"
          placeholder="Destinatario, correo, teléfono o asunto"
          sortOptions={SORT_OPTIONS}
        >
          <FilterSelect param="state" label="Estado" placeholder="Todos" data={STATE_OPTIONS} flex="1 1 150px" />
          <FilterSelect
            param="kind"
            label="Tipo"
            placeholder="Todos"
            data={KIND_OPTIONS}
            flex="1 1 190px"
            searchable
            nothingFoundMessage="Ningún tipo coincide"
          />
          <FilterSelect param="channel" label="Canal" placeholder="Todos" data={CHANNEL_OPTIONS} flex="1 1 120px" />
          <DateRangeFilter flex="1 1 230px" />
          {isAdmin ? <TourOperatorFilter options={operators} /> : null}
          <BookingFilterChip locator={bookingLocator} />
        </ListToolbar>

        <ListResults
          query={query}
          errorTitle="No se han podido cargar los mensajes"
          noun={['mensaje', 'mensajes']}
          label="Mensajes"
          columns={columns}
          miw={900}
          verticalSpacing={8}
          onRowClick={(m) => detail.open(m.id)}
          card={(m) => (
            <>
              <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="xs" c="dimmed">
                  <MessageWhenInline message={m} /> · {messageChannelName(m.channel)}
                </Text>
                <MessageStateBadge state={m.state} />
              </Group>
              <RecordLink onClick={() => detail.open(m.id)}>{messageKindName(m.kind)}</RecordLink>
              <Text size="sm" lineClamp={1}>
                {m.recipient_name || m.recipient}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[m.recipient, m.booking_locator].filter(Boolean).join(' · ')}
              </Text>
              <StateNotes message={m} lineClamp={2} />
            </>
          )}
          empty={
            <ListEmptyState
              icon={<IconMailOff size={28} />}
              filteredTitle="Ningún mensaje coincide con los filtros"
              title="Aún no hay mensajes"
              description="Aquí aparecerán los correos y los WhatsApp a los clientes (confirmaciones, cambios, cobros, recordatorios) en cuanto ocurra algo en una reserva."
            />
          }
        />
      </Paper>

      <MessageDetailDrawer
        messageId={detail.shown}
        opened={detail.id !== null}
        onClose={detail.close}
        onOpenMessage={detail.open}
        operatorName={isAdmin ? (id) => (id ? operatorNames.get(id) : 'Plataforma') : undefined}
      />
    </ListProvider>
  );
}

/** "24 nov, 15:31" in the message's operator's zone (a phone's card). */
function MessageWhenInline({ message }: { message: TMessageResponse }) {
  const times = useTimes(message.timezone);
  return <>{times.shortDateTime(message.created_at)}</>;
}

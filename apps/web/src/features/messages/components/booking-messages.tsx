import { Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ACCESS, hasPermission, pathTo, type TMessageResponse } from '@trayecto/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { getRoles } from '../../../lib/auth-storage';
import { useTimes } from '../../../lib/time-zone';
import { useBookingMessages } from '../api/list-booking-messages';
import { messageChannelName, messageKindName } from '../utils/message-format';
import { MessageDetailDrawer } from './message-detail-drawer';
import { channelIcon, MessageStateBadge, StateNotes } from './message-parts';

/** How many messages the panel lists before "Mostrar todos". */
const SHOWN = 5;

function MessageItem({
  message,
  onOpen,
}: {
  message: TMessageResponse;
  /** null: the role may not read a message's content (drivers and guides). */
  onOpen: (() => void) | null;
}) {
  const times = useTimes(message.timezone);
  const kind = messageKindName(message.kind);
  const when = times.withZone(times.dateTime(message.created_at));
  const Glyph = channelIcon(message.channel);
  return (
    <Box component="li" py={10} style={{ borderTop: '1px solid var(--mantine-color-gray-2)', listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap={8} wrap="nowrap">
        <Group gap={6} wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <Glyph size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          {onOpen ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              c="dark"
              ta="left"
              onClick={onOpen}
              aria-label={`${kind}, ${messageChannelName(message.channel)}, ${when}: ver el mensaje`}
            >
              {kind}
            </Anchor>
          ) : (
            <Text size="sm" fw={600}>
              {kind}
            </Text>
          )}
        </Group>
        <MessageStateBadge state={message.state} size="xs" />
      </Group>
      <Text size="xs" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {[when, messageChannelName(message.channel), message.recipient].filter(Boolean).join(' · ')}
      </Text>
      {message.actor_name ? (
        <Text size="xs" c="dimmed">
          Por {message.actor_name}
        </Text>
      ) : null}
      <StateNotes message={message} />
      {!onOpen && message.preview ? (
        <Text size="xs" c="dimmed" lineClamp={2} mt={2}>
          {message.preview}
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * "Mensajes" of one booking (for its edit screen): what was sent to the customer by e-mail or
 * WhatsApp, newest first, with each one's state and why it failed or was not sent. Levels 0, 1 and
 * 3 open a message to read it (and send it again); a Vendedor opens those of the bookings they sold
 * (the only bookings whose screen they reach) to read them (issue 31 item 12).
 */
export function BookingMessages({ bookingId }: { bookingId: string }) {
  const titleId = useId();
  const canOpen = hasPermission(getRoles(), ACCESS.messageRead);
  const canList = hasPermission(getRoles(), ACCESS.messages);
  const query = useBookingMessages(bookingId);
  const [openId, setOpenId] = useState<string | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const messages = query.data ?? [];
  const shown = showAll ? messages : messages.slice(0, SHOWN);
  const open = (id: string) => {
    setOpenId(id);
    setShownId(id);
  };

  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="baseline" mb="xs">
        <Title order={2} fz="md" id={titleId}>
          Mensajes
        </Title>
        {canList && messages.length > 0 ? (
          <Anchor component={Link} to={`${pathTo('messages')}?booking_id=${encodeURIComponent(bookingId)}`} size="xs">
            Ver en Mensajes
          </Anchor>
        ) : null}
      </Group>
      {query.isLoading ? (
        <Stack gap={8} aria-busy="true" aria-label="Cargando los mensajes">
          <Skeleton h={14} />
          <Skeleton h={12} w="70%" />
          <Skeleton h={14} mt={6} />
          <Skeleton h={12} w="60%" />
        </Stack>
      ) : query.isError ? (
        <LoadErrorAlert
          title="No se han podido cargar los mensajes"
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : messages.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aún no se ha enviado ningún mensaje de esta reserva.
        </Text>
      ) : (
        <>
          <Box component="ul" p={0} m={0} aria-labelledby={titleId}>
            {shown.map((m) => (
              <MessageItem key={m.id} message={m} onOpen={canOpen ? () => open(m.id) : null} />
            ))}
          </Box>
          {messages.length > SHOWN ? (
            <Button variant="subtle" size="compact-sm" mt={4} onClick={() => setShowAll((v) => !v)}>
              {showAll ? 'Mostrar menos' : `Mostrar los ${messages.length} mensajes`}
            </Button>
          ) : null}
        </>
      )}
      {canOpen ? (
        <MessageDetailDrawer
          messageId={shownId}
          opened={openId !== null}
          onClose={() => setOpenId(null)}
          onOpenMessage={open}
          showBookingLink={false}
        />
      ) : null}
    </Paper>
  );
}

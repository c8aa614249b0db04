/** Pieces the messages screen, its detail and a booking's panel share: state, channel, notes, time. */
import { Badge, Group, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconWebhook } from '@tabler/icons-react';
import type { TMessageResponse } from '@trayecto/shared';
import { type TTimes, useTimes } from '../../../lib/time-zone';
import { messageChannelName, messageStateColor, messageStateName, stateNotes } from '../utils/message-format';

/** En cola / Enviando / Enviado / Fallido / No enviado, one colour per state everywhere. */
export function MessageStateBadge({ state, size = 'sm' }: { state: string; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge color={messageStateColor(state)} variant="light" radius="sm" size={size} component="span">
      {messageStateName(state)}
    </Badge>
  );
}

/** The icon of a channel: an envelope, WhatsApp's, a webhook's. */
export const channelIcon = (channel: string) =>
  channel === 'whatsapp' ? IconBrandWhatsapp : channel === 'webhook' ? IconWebhook : IconMail;

/** "Correo", "WhatsApp" or "Webhook", with its icon. */
export function ChannelTag({ channel, size = 'sm' }: { channel: string; size?: 'xs' | 'sm' }) {
  const Glyph = channelIcon(channel);
  return (
    <Group gap={4} wrap="nowrap" component="span" style={{ display: 'inline-flex' }}>
      <Glyph size={size === 'xs' ? 14 : 16} aria-hidden style={{ flex: 'none' }} />
      <Text span size={size}>
        {messageChannelName(channel)}
      </Text>
    </Group>
  );
}

/** An instant as the message's notes read it: the time alone today, else the day and the time. */
export function noteTime(times: TTimes, now = new Date()) {
  return (iso: string) => (times.day(iso) === times.day(now) ? times.time(iso) : times.shortDateTime(iso));
}

/**
 * What happens next to a waiting message, or why one did not leave (the API's own words). Problems
 * in shade 9, which reaches 4.5:1 on the light alert (shade 1) the detail shows them in as well as
 * on white (shade 8 was 4.2:1 on the failed message's red alert).
 */
export function StateNotes({
  message,
  size = 'xs',
  lineClamp,
}: {
  message: Pick<TMessageResponse, 'state' | 'next_attempt_at' | 'last_error' | 'attempts' | 'timezone'>;
  size?: 'xs' | 'sm';
  lineClamp?: number;
}) {
  const times = useTimes(message.timezone);
  const notes = stateNotes(message, noteTime(times));
  if (notes.length === 0) return null;
  return (
    <>
      {notes.map((n) => (
        <Text
          key={n.text}
          size={size}
          c={n.isProblem ? (message.state === 'failed' ? 'red.9' : 'orange.9') : 'dimmed'}
          lineClamp={lineClamp}
          title={lineClamp ? n.text : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          {n.text}
        </Text>
      ))}
    </>
  );
}

/**
 * When it was written, in its operator's zone: the day above the time; the administrator, who reads
 * every operator, also reads which zone.
 */
export function MessageWhen({ message }: { message: Pick<TMessageResponse, 'created_at' | 'timezone'> }) {
  const times = useTimes(message.timezone);
  return (
    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {times.day(message.created_at)}
      <Text span size="sm" display="block" c="dimmed">
        {times.time(message.created_at)}
      </Text>
      {times.showZone ? (
        <Text span size="xs" display="block" c="dimmed">
          {times.zoneName}
        </Text>
      ) : null}
    </Text>
  );
}

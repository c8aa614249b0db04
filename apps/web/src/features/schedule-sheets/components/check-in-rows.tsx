/**
 * The rows of the check-in list: a stop's heading (number, time or «Sin hora», place, pax) and a
 * booking, whose whole left part is the tap target (present ⇄ undo), with calling the customer and
 * WhatsApp (issue 14: a driver at a hotel messages a missing customer) beside it, one above the
 * other so the row keeps its width on a phone.
 */
import { ActionIcon, Badge, Button, Group, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCash, IconCheck, IconClockQuestion, IconNotes, IconPhone, IconUserCheck } from '@tabler/icons-react';
import { formatCents, type TSheetPassenger } from '@trayecto/shared';
import type { TTimes } from '../../../lib/time-zone';
import { WhatsappButton } from '../../messages';
import type { TCollectingPassenger } from '../api/check-in';
import { canToggle, canWhatsapp, paxBreakdown, paxLabel, type TRouteRow, telHref } from '../utils/sheet-view';
import { SheetAnswers } from './sheet-answers';
import classes from './sheets.module.css';

const FINAL_STATES: Record<string, { label: string; color: string }> = {
  completed: { label: 'Realizada', color: 'blue' },
  no_show: { label: 'No presentado', color: 'orange' },
  cancelled: { label: 'Cancelada', color: 'red' },
};

/**
 * One booking: the whole left part is the tap target (present ⇄ undo), named by its text with
 * `aria-pressed`; calling and WhatsApp are beside it, named "Llamar a Ana García: +34…" and
 * "Enviar por WhatsApp a Ana García" (icon buttons: no visible label to start with).
 */
export function PassengerRow({
  p,
  enabled,
  busy,
  onToggle,
  onCollect,
  times,
}: {
  p: TCollectingPassenger;
  enabled: boolean;
  busy: boolean;
  onToggle: (p: TSheetPassenger) => void;
  /** "Cobrar" (issue 32): the crew records the cash or card payment of what is pending. */
  onCollect?: (p: TCollectingPassenger) => void;
  /** The sheet's operator's zone: check-in times are its wall clock, not the phone's. */
  times: TTimes;
}) {
  const present = Boolean(p.checked_in_at);
  const final = FINAL_STATES[p.state];
  const toggleable = enabled && canToggle(p);
  const tel = telHref(p.customer_phone);
  const whatsapp = canWhatsapp(p.customer_phone);
  const collected = p.collected_cents ?? 0;
  const canCollect = Boolean(onCollect) && enabled && canToggle(p) && p.pending_cents > 0;
  const where = [p.pickup_time, p.pickup_place, p.room ? `hab. ${p.room}` : ''].filter(Boolean).join(' · ');
  return (
    <li className={classes.passenger} data-present={present || undefined} data-final={final ? true : undefined}>
      <button
        type="button"
        className={classes.tapTarget}
        aria-pressed={present}
        disabled={!toggleable || busy}
        onClick={() => onToggle(p)}
      >
        <span className={classes.checkCircle} aria-hidden>
          {present ? <IconCheck size={26} stroke={3} /> : <IconUserCheck size={22} />}
        </span>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={8} wrap="wrap">
            <Text fw={700} size="md" lineClamp={2}>
              {p.customer_name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {p.locator}
            </Text>
          </Group>
          <Group gap={6} wrap="wrap">
            <Badge variant="light" color="gray" radius="sm" size="lg" component="span" className={classes.num}>
              {paxLabel(p.pax_total)}
            </Badge>
            <Text size="xs" c="dimmed">
              {paxBreakdown(p.pax)}
            </Text>
            {p.pending_cents > 0 ? (
              <Badge color="red" variant="light" radius="sm" component="span">
                Pendiente {formatCents(p.pending_cents)}
              </Badge>
            ) : null}
            {collected > 0 ? (
              <Badge color="teal" variant="light" radius="sm" component="span" data-testid="collected">
                Cobrado {formatCents(collected)}
              </Badge>
            ) : null}
            {p.state === 'pending' ? (
              <Badge color="yellow" variant="light" radius="sm" component="span">
                Reserva pendiente
              </Badge>
            ) : null}
            {final ? (
              <Badge color={final.color} variant="light" radius="sm" component="span">
                {final.label}
              </Badge>
            ) : null}
          </Group>
          {where ? (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {where}
            </Text>
          ) : null}
          {p.sales_channel ? (
            <Text size="xs" c="dimmed">
              {p.sales_channel}
              {p.reseller_reference ? ` · ${p.reseller_reference}` : ''}
            </Text>
          ) : null}
          {p.notes ? (
            <Text size="xs" c="yellow.9" fs="italic" lineClamp={2}>
              <IconNotes size={12} style={{ verticalAlign: -1 }} aria-hidden /> {p.notes}
            </Text>
          ) : null}
          <SheetAnswers p={p} />
          {present ? (
            <Text size="xs" c="teal.8" fw={600}>
              Embarcado a las {p.checked_in_at ? times.withZone(times.time(p.checked_in_at)) : ''}
              {p.checked_in_by ? ` por ${p.checked_in_by.full_name}` : ''}
              {toggleable ? ' · toca para deshacer' : ''}
            </Text>
          ) : null}
        </Stack>
      </button>
      {tel || whatsapp ? (
        <div className={classes.passengerSide}>
          {tel ? (
            <Tooltip label={p.customer_phone}>
              <ActionIcon
                component="a"
                href={tel}
                variant="light"
                size={44}
                radius="xl"
                aria-label={`Llamar a ${p.customer_name}: ${p.customer_phone}`}
              >
                <IconPhone size={20} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {whatsapp ? (
            <WhatsappButton bookingId={p.booking_id} label={p.customer_name} compact size="xl" variant="light" />
          ) : null}
        </div>
      ) : null}
      {canCollect ? (
        <div className={classes.collectBar}>
          <Text size="sm" c="red.8" fw={600}>
            Por cobrar {formatCents(p.pending_cents)}
          </Text>
          <Button
            size="md"
            variant="light"
            color="teal"
            leftSection={<IconCash size={20} aria-hidden />}
            onClick={() => onCollect?.(p)}
            aria-label={`Cobrar a ${p.customer_name}: ${formatCents(p.pending_cents)} pendientes`}
            disabled={busy}
          >
            Cobrar
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The heading of a stop in the passenger list: its number, time (or «Sin hora») and place. */
export function StopHeading({ row }: { row: TRouteRow }) {
  const untimed = row.time === '—';
  return (
    <Group gap={8} wrap="nowrap" align="center" className={classes.stopHeading}>
      <span className={classes.stopNumber} data-meeting={row.isMeetingPoint || undefined} aria-hidden>
        {row.n}
      </span>
      <Title order={3} fz="sm" fw={700} style={{ minWidth: 0 }} lineClamp={2}>
        <VisuallyHidden>Parada {row.n}: </VisuallyHidden>
        {untimed ? (
          <Badge
            color="orange"
            variant="light"
            radius="sm"
            component="span"
            leftSection={<IconClockQuestion size={12} aria-hidden />}
            mr={6}
          >
            Sin hora
          </Badge>
        ) : (
          <span className={classes.num}>{row.time} </span>
        )}
        {row.place}
      </Title>
      <Text size="xs" c="dimmed" ml="auto" className={classes.num} style={{ flex: 'none' }}>
        {paxLabel(row.pax)}
      </Text>
    </Group>
  );
}

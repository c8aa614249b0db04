import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconCheck,
  IconInfoCircle,
  IconLock,
  IconNotes,
  IconPhone,
  IconQrcode,
  IconUserCheck,
} from '@tabler/icons-react';
import { formatCents, type TSheetPassenger, type TSheetResponse } from '@trayecto/shared';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type TCheckInPayload, useCheckIn } from '../api/check-in';
import { findPassenger, parseCheckInCode, UNKNOWN_CODE_MESSAGE } from '../utils/check-in-code';
import { vibrate } from '../utils/feedback';
import { canToggle, checkInProgress, paxBreakdown, paxLabel, telHref } from '../utils/sheet-view';
import { LocatorForm, type TCodeResult } from './locator-form';
import classes from './sheets.module.css';

const ScanModal = lazy(() => import('./scan-modal'));

const FINAL_STATES: Record<string, { label: string; color: string }> = {
  completed: { label: 'Realizada', color: 'blue' },
  no_show: { label: 'No presentado', color: 'orange' },
  cancelled: { label: 'Cancelada', color: 'red' },
};

const checkedAt = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso))
    : '';

/** One booking: the whole left part is the tap target (present ⇄ undo); calling the customer is beside it. */
function PassengerRow({
  p,
  enabled,
  busy,
  onToggle,
}: {
  p: TSheetPassenger;
  enabled: boolean;
  busy: boolean;
  onToggle: (p: TSheetPassenger) => void;
}) {
  const present = Boolean(p.checked_in_at);
  const final = FINAL_STATES[p.state];
  const toggleable = enabled && canToggle(p);
  const tel = telHref(p.customer_phone);
  const where = [p.pickup_time, p.pickup_place, p.room ? `hab. ${p.room}` : ''].filter(Boolean).join(' · ');
  return (
    <li className={classes.passenger} data-present={present || undefined} data-final={final ? true : undefined}>
      <button
        type="button"
        className={classes.tapTarget}
        aria-pressed={present}
        aria-label={`${p.customer_name}, ${p.locator}, ${paxLabel(p.pax_total)}${present ? ', embarcado' : ''}${p.pending_cents > 0 ? `, pendiente de cobro ${formatCents(p.pending_cents)}` : ''}`}
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
          {p.notes ? (
            <Text size="xs" c="yellow.9" fs="italic" lineClamp={2}>
              <IconNotes size={12} style={{ verticalAlign: -1 }} aria-hidden /> {p.notes}
            </Text>
          ) : null}
          {present ? (
            <Text size="xs" c="teal.8" fw={600}>
              Embarcado a las {checkedAt(p.checked_in_at)}
              {p.checked_in_by ? ` por ${p.checked_in_by.full_name}` : ''}
              {toggleable ? ' · toca para deshacer' : ''}
            </Text>
          ) : null}
        </Stack>
      </button>
      {tel ? (
        <div className={classes.passengerSide}>
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
        </div>
      ) : null}
    </li>
  );
}

type TFilter = 'all' | 'waiting' | 'boarded';

/**
 * The passenger list with check-in (PRODUCT §4): one big tap target per booking (present / undo)
 * showing pax and what is left to pay; "Escanear bono" opens the camera; the locator can be typed.
 * Each result is told by a notification and, on a phone, a buzz.
 */
export function CheckInPanel({ sheet, canCheckIn }: { sheet: TSheetResponse; canCheckIn: boolean }) {
  const checkIn = useCheckIn(sheet.id);
  const [scanning, setScanning] = useState(false);
  const [filter, setFilter] = useState<TFilter>('all');
  const progress = checkInProgress(sheet, sheet.passengers);
  const open = sheet.state === 'ready' || sheet.state === 'in_progress';
  const enabled = canCheckIn && open;

  const run = async (payload: TCheckInPayload, name?: string): Promise<TCodeResult> => {
    try {
      const p = await checkIn.mutateAsync(payload);
      const present = Boolean(p.checked_in_at);
      const result: TCodeResult = {
        ok: true,
        title: present ? `Embarcado: ${p.customer_name}` : `Embarque deshecho: ${p.customer_name}`,
        message: `${paxLabel(p.pax_total)} · ${p.locator}${p.pending_cents > 0 ? ` · pendiente de cobro ${formatCents(p.pending_cents)}` : ''}`,
      };
      vibrate(true);
      notifySuccess(result.title, result.message);
      return result;
    } catch (e) {
      const message = e instanceof ApiError ? (e.fieldErrors.code?.[0] ?? e.message) : 'No se ha podido embarcar';
      const result: TCodeResult = {
        ok: false,
        title: name ? `No se ha podido embarcar a ${name}` : 'No se ha podido embarcar',
        message,
      };
      vibrate(false);
      notifyError(result.title, message);
      return result;
    }
  };

  const variables = checkIn.variables;
  const tapping = variables && 'booking_id' in variables ? variables.booking_id : null;
  const onToggle = (p: TSheetPassenger) =>
    void run({ booking_id: p.booking_id, present: !p.checked_in_at, method: 'tap' }, p.customer_name);

  const onCode = async (text: string, method: 'scan' | 'locator'): Promise<TCodeResult> => {
    const code = parseCheckInCode(text);
    if (!code) {
      vibrate(false);
      const result = { ok: false, title: 'Este código no es un bono', message: UNKNOWN_CODE_MESSAGE };
      if (method === 'scan') notifyError(result.title, result.message);
      return result;
    }
    const known = findPassenger(sheet.passengers, code);
    if (known?.checked_in_at) {
      vibrate(true);
      const result = {
        ok: true,
        title: `${known.customer_name} ya estaba embarcado`,
        message: `${paxLabel(known.pax_total)} · ${known.locator}`,
      };
      notifySuccess(result.title, result.message);
      return result;
    }
    return run(
      { code: code.code, present: true, method: code.kind === 'locator' ? 'locator' : 'scan' },
      known?.customer_name,
    );
  };

  const counts = {
    all: sheet.passengers.length,
    waiting: sheet.passengers.filter((p) => !p.checked_in_at && canToggle(p)).length,
    boarded: sheet.passengers.filter((p) => p.checked_in_at).length,
  };
  const shown = sheet.passengers.filter((p) =>
    filter === 'all' ? true : filter === 'boarded' ? Boolean(p.checked_in_at) : !p.checked_in_at && canToggle(p),
  );

  return (
    <Paper withBorder radius="lg" shadow="xs" component="section" aria-labelledby="embarque">
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Title order={2} fz="lg" id="embarque">
              Pasajeros y embarque
            </Title>
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="check-in-progress">
              {progress.done} de {paxLabel(progress.total)} embarcados · {progress.bookingsDone} de {progress.bookings}{' '}
              {progress.bookings === 1 ? 'reserva' : 'reservas'}
            </Text>
          </div>
          {enabled ? (
            <Button
              size="md"
              leftSection={<IconQrcode size={20} aria-hidden />}
              onClick={() => setScanning(true)}
              style={{ flex: '0 1 auto' }}
            >
              Escanear bono
            </Button>
          ) : null}
        </Group>
        <Progress
          value={progress.percent}
          size="lg"
          radius="xl"
          color={progress.percent === 100 ? 'teal' : 'brand'}
          aria-label={`Embarque: ${progress.percent} %`}
        />
        {!canCheckIn ? null : sheet.state === 'draft' ? (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
            La hoja está en «Borrador»: confírmala para empezar el embarque.
          </Alert>
        ) : sheet.state === 'done' ? (
          <Alert color="blue" variant="light" icon={<IconLock size={18} />}>
            Hoja finalizada: los embarcados quedaron como «Realizada» y los demás confirmados como «No presentado».
          </Alert>
        ) : null}
        {enabled ? <LocatorForm onCode={onCode} /> : null}
        {sheet.passengers.length > 0 ? (
          <SegmentedControl
            value={filter}
            onChange={(v) => setFilter(v as TFilter)}
            fullWidth
            data={[
              { value: 'all', label: `Todos ${counts.all}` },
              { value: 'waiting', label: `Faltan ${counts.waiting}` },
              { value: 'boarded', label: `Embarcados ${counts.boarded}` },
            ]}
            aria-label="Mostrar pasajeros"
            styles={{ label: { paddingInline: 6 } }}
          />
        ) : null}
        {sheet.passengers.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="lg">
            Esta salida no tiene pasajeros.
          </Text>
        ) : shown.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="lg">
            {filter === 'waiting' ? 'No queda nadie por embarcar.' : 'Aún no hay nadie embarcado.'}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Pasajeros">
            {shown.map((p) => (
              <PassengerRow
                key={p.booking_id}
                p={p}
                enabled={enabled}
                busy={checkIn.isPending && tapping === p.booking_id}
                onToggle={onToggle}
              />
            ))}
          </Stack>
        )}
      </Stack>
      {scanning ? (
        <Suspense fallback={null}>
          <ScanModal opened={scanning} onClose={() => setScanning(false)} onCode={onCode} />
        </Suspense>
      ) : null}
    </Paper>
  );
}

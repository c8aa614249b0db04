import { Alert, Button, Group, Paper, Progress, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconLock, IconQrcode } from '@tabler/icons-react';
import { formatCents, type TSheetPassenger, type TSheetResponse } from '@trayecto/shared';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTimes } from '../../../lib/time-zone';
import { type TCheckInPayload, type TCollected, type TCollectingPassenger, useCheckIn } from '../api/check-in';
import { findPassenger, parseCheckInCode, UNKNOWN_CODE_MESSAGE } from '../utils/check-in-code';
import { vibrate } from '../utils/feedback';
import { canToggle, checkInProgress, paxLabel, routeRows, type TRouteRow } from '../utils/sheet-view';
import { OutsideDayNotice, OverrideModal, type TOutside } from './check-in-outside-day';
import { PassengerRow, StopHeading } from './check-in-rows';
import { CollectModal } from './collect-modal';
import { LocatorForm, type TCodeResult } from './locator-form';

const ScanModal = lazy(() => import('./scan-modal'));

type TFilter = 'all' | 'waiting' | 'boarded';

/** The id of the list's heading: a link to the sheet with `#embarque` opens it here. */
export const PASSENGERS_ANCHOR = 'embarque';

/**
 * The passenger list with check-in (PRODUCT §4), stop by stop in pickup order: one big tap target
 * per booking (present / undo) showing pax and what is left to pay; "Escanear bono" opens the
 * camera; the locator can be typed. Each result is told by a notification and, on a phone, a buzz.
 * Outside the departure's day it is read-only, except for the office after giving a reason.
 */
export function CheckInPanel({
  sheet,
  canCheckIn,
  canOverride,
}: {
  sheet: TSheetResponse;
  canCheckIn: boolean;
  /** The office (0, 1, 3): may check in outside the departure's day, giving a reason. */
  canOverride: boolean;
}) {
  const checkIn = useCheckIn(sheet.id);
  const times = useTimes(sheet.timezone);
  const [scanning, setScanning] = useState(false);
  const [filter, setFilter] = useState<TFilter>('all');
  const [asking, setAsking] = useState(false);
  const [collecting, setCollecting] = useState<TCollectingPassenger | null>(null);
  // The reason given for this sheet (kept per sheet: the screen is reused from sheet to sheet).
  const [override, setOverride] = useState<{ sheetId: string; reason: string } | null>(null);
  const progress = checkInProgress(sheet, sheet.passengers);
  const open = sheet.state === 'ready' || sheet.state === 'in_progress';
  const outside: TOutside | null = sheet.check_in_window === 'open' ? null : sheet.check_in_window;
  const reason = outside && canOverride && override?.sheetId === sheet.id ? override.reason : null;
  const enabled = canCheckIn && open && (!outside || reason !== null);

  const run = async (payload: TCheckInPayload, name?: string): Promise<TCodeResult> => {
    try {
      const p = await checkIn.mutateAsync(reason ? { ...payload, override_reason: reason } : payload);
      const present = Boolean(p.checked_in_at);
      const collected = payload.collected;
      const result: TCodeResult = {
        ok: true,
        title: collected
          ? `Cobrado ${formatCents(collected.amount_cents)} (${collected.method === 'card' ? 'tarjeta' : 'efectivo'}): ${p.customer_name}`
          : present
            ? `Embarcado: ${p.customer_name}`
            : `Embarque deshecho: ${p.customer_name}`,
        message: `${paxLabel(p.pax_total)} · ${p.locator}${p.pending_cents > 0 ? ` · pendiente de cobro ${formatCents(p.pending_cents)}` : ''}`,
      };
      vibrate(true);
      notifySuccess(result.title, result.message);
      return result;
    } catch (e) {
      const message =
        e instanceof ApiError
          ? (e.fieldErrors.code?.[0] ??
            e.fieldErrors.override_reason?.[0] ??
            e.fieldErrors['collected.amount_cents']?.[0] ??
            e.fieldErrors.collected?.[0] ??
            e.message)
          : 'No se ha podido embarcar';
      const result: TCodeResult = {
        ok: false,
        title: payload.collected
          ? `No se ha podido cobrar${name ? ` a ${name}` : ''}`
          : name
            ? `No se ha podido embarcar a ${name}`
            : 'No se ha podido embarcar',
        message,
      };
      vibrate(false);
      notifyError(result.title, message);
      return result;
    }
  };

  /** "Cobrar": the check-in with what was collected; the dialog shows a refusal and stays open. */
  const onCollect = async (p: TCollectingPassenger, collected: TCollected): Promise<string | null> => {
    const result = await run({ booking_id: p.booking_id, present: true, method: 'tap', collected }, p.customer_name);
    return result.ok ? null : result.message;
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
  const matches = (p: TSheetPassenger) =>
    filter === 'all' ? true : filter === 'boarded' ? Boolean(p.checked_in_at) : !p.checked_in_at && canToggle(p);
  const shown = sheet.passengers.filter(matches);
  // Stop by stop along the route (issue 12: the driver's list follows the route), each passenger
  // as the list has it (a check-in answer updates both).
  const live = new Map(sheet.passengers.map((p) => [p.booking_id, p]));
  const onRoute = new Set(sheet.stops.flatMap((st) => st.bookings.map((b) => b.booking_id)));
  const groups: { row: TRouteRow | null; passengers: TSheetPassenger[] }[] = [
    ...routeRows(sheet.stops).map((row) => ({
      row,
      passengers: row.bookings.map((b) => live.get(b.booking_id) ?? b).filter(matches),
    })),
    { row: null, passengers: shown.filter((p) => !onRoute.has(p.booking_id)) },
  ].filter((g) => g.passengers.length > 0);

  return (
    <Paper withBorder radius="lg" shadow="xs" component="section" aria-labelledby={PASSENGERS_ANCHOR}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Title order={2} fz="lg" id={PASSENGERS_ANCHOR}>
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
        ) : outside ? (
          <OutsideDayNotice
            outside={outside}
            date={sheet.date}
            canOverride={canOverride}
            reason={reason}
            onAsk={() => setAsking(true)}
            onStop={() => setOverride(null)}
          />
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
          <Stack gap="md">
            {groups.map(({ row, passengers }) => (
              <Stack gap={6} key={row?.key ?? 'others'} component="section">
                {row ? <StopHeading row={row} /> : null}
                <Stack
                  component="ul"
                  gap="xs"
                  m={0}
                  p={0}
                  style={{ listStyle: 'none' }}
                  aria-label={row ? `Pasajeros de ${row.place}` : 'Pasajeros'}
                >
                  {passengers.map((p) => (
                    <PassengerRow
                      key={p.booking_id}
                      p={p}
                      enabled={enabled}
                      busy={checkIn.isPending && tapping === p.booking_id}
                      onToggle={onToggle}
                      onCollect={setCollecting}
                      times={times}
                    />
                  ))}
                </Stack>
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
      {canOverride && outside ? (
        <OverrideModal
          key={`${sheet.id}-${asking}`}
          opened={asking}
          outside={outside}
          date={sheet.date}
          initial={reason ?? ''}
          onClose={() => setAsking(false)}
          onConfirm={(r) => {
            setOverride({ sheetId: sheet.id, reason: r });
            setAsking(false);
          }}
        />
      ) : null}
      <CollectModal
        passenger={collecting}
        opened={collecting !== null}
        onClose={() => setCollecting(null)}
        onCollect={onCollect}
      />
      {scanning ? (
        <Suspense fallback={null}>
          <ScanModal opened={scanning} onClose={() => setScanning(false)} onCode={onCode} />
        </Suspense>
      ) : null}
    </Paper>
  );
}

import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconCheck, IconFlag, IconInfoCircle, IconPlayerPlay } from '@tabler/icons-react';
import type { TSheetResponse, TSheetState } from '@trayecto/shared';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFinishScheduleSheet } from '../api/finish-schedule-sheet';
import { useUpdateScheduleSheet } from '../api/update-schedule-sheet';
import type { TSheetAccess } from '../utils/sheet-access';
import { sheetStateActions, type TSheetAction } from '../utils/sheet-states';
import { hasStarted, paxLabel } from '../utils/sheet-view';

const ICONS: Record<TSheetState, typeof IconCheck> = {
  ready: IconCheck,
  in_progress: IconPlayerPlay,
  done: IconFlag,
  draft: IconArrowBackUp,
};

const DONE_TITLES: Record<TSheetState, string> = {
  ready: 'Hoja confirmada',
  in_progress: 'Hoja iniciada',
  done: 'Hoja finalizada',
  draft: 'Hoja devuelta a borrador',
};

const actionsOf = (sheet: TSheetResponse, access: TSheetAccess) =>
  sheetStateActions(sheet.state, access, {
    started: hasStarted(sheet),
    startTime: sheet.time,
    checkInWindow: sheet.check_in_window,
    date: sheet.date,
  });

/** "Se podrá…" → "se podrá…" (it follows the button's name and a colon). */
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The id of the visible text that says why a state button is not usable yet. */
const reasonId = (sheetId: string, target: string) => `sheet-${sheetId}-${target}-reason`;

/**
 * Why the state buttons that are shown cannot be used yet («Iniciar» before the departure's day,
 * «Finalizar» before it starts), as visible text: a tooltip never shows on a phone. Each button
 * points at its sentence (aria-describedby).
 */
export function SheetStateReasons({ sheet, access }: { sheet: TSheetResponse; access: TSheetAccess }) {
  const blocked = actionsOf(sheet, access).filter((a) => a.disabledReason);
  if (blocked.length === 0) return null;
  return (
    <div data-testid="state-reasons">
      {blocked.map((a) => (
        <Group key={a.target} gap={6} wrap="nowrap" align="flex-start">
          <IconInfoCircle
            size={16}
            aria-hidden
            style={{ flex: 'none', marginTop: 2 }}
            color="var(--mantine-color-dimmed)"
          />
          <Text size="sm" c="dimmed" id={reasonId(sheet.id, a.target)}>
            <Text span fw={600} c="dark" size="sm">
              {a.label}:
            </Text>{' '}
            {lowerFirst(a.disabledReason ?? '')}
          </Text>
        </Group>
      ))}
    </div>
  );
}

/**
 * The state buttons of a sheet (SHEET_TRANSITIONS, by role): Confirmar, Iniciar, Volver a borrador
 * save the state with the sheet's version; Finalizar asks first, explaining what happens to the
 * passengers nobody checked in, then closes the sheet (POST /finish). A button not usable yet stays
 * visible but disabled; SheetStateReasons says why.
 */
export function SheetStateActions({
  sheet,
  access,
  size = 'sm',
  fullWidth = false,
}: {
  sheet: TSheetResponse;
  access: TSheetAccess;
  size?: 'sm' | 'md' | 'lg';
  fullWidth?: boolean;
}) {
  const update = useUpdateScheduleSheet(sheet.id);
  const finish = useFinishScheduleSheet(sheet.id);
  const actions = actionsOf(sheet, access);

  const runFinish = () =>
    finish.mutate(undefined, {
      onSuccess: (r) =>
        notifySuccess(
          DONE_TITLES.done,
          `${r.completed} ${r.completed === 1 ? 'reserva realizada' : 'reservas realizadas'} · ${r.no_show} ${r.no_show === 1 ? 'no presentada' : 'no presentadas'}`,
        ),
      onError: (e) => notifyError('No se ha podido finalizar la hoja', e.message),
    });

  const run = (a: TSheetAction) => {
    if (a.disabledReason) return;
    if (a.target === 'done') {
      const pending = sheet.passengers.filter((p) => !p.checked_in_at && p.state === 'confirmed');
      modals.openConfirmModal({
        title: a.confirm?.title,
        centered: true,
        children: (
          <>
            <Text size="sm">{a.confirm?.body}</Text>
            <Text size="sm" mt="sm" fw={600}>
              {pending.length === 0
                ? 'Todos los pasajeros confirmados están embarcados.'
                : `${pending.length} ${pending.length === 1 ? 'reserva confirmada sin embarcar pasará' : 'reservas confirmadas sin embarcar pasarán'} a «No presentado» (${paxLabel(pending.reduce((n, p) => n + p.pax_total, 0))}).`}
            </Text>
          </>
        ),
        labels: { confirm: a.confirm?.button ?? a.label, cancel: 'Cancelar' },
        confirmProps: { color: a.color },
        onConfirm: runFinish,
      });
      return;
    }
    update.mutate(
      { state: a.target, version: sheet.version },
      {
        onSuccess: () => notifySuccess(DONE_TITLES[a.target]),
        onError: (e) =>
          notifyError(
            e instanceof ApiError && e.status === 409
              ? 'Otra persona ha modificado esta hoja'
              : 'No se ha podido cambiar el estado',
            e.message,
          ),
      },
    );
  };

  return actions.map((a) => {
    const Icon = ICONS[a.target];
    return (
      <Button
        key={a.target}
        size={size}
        fullWidth={fullWidth}
        variant={a.variant}
        color={a.variant === 'default' ? undefined : a.color}
        leftSection={<Icon size={18} aria-hidden />}
        data-disabled={a.disabledReason ? true : undefined}
        aria-disabled={a.disabledReason ? true : undefined}
        aria-describedby={a.disabledReason ? reasonId(sheet.id, a.target) : undefined}
        onClick={() => run(a)}
        loading={
          (a.target === 'done' && finish.isPending) || (update.isPending && update.variables?.state === a.target)
        }
      >
        {a.label}
      </Button>
    );
  });
}

/**
 * The booking's state actions in the page header (PRODUCT §4 state machine): Confirmar, Marcar
 * realizada and No presentado ask for confirmation and save `{state, version}` on their own;
 * Cancelar opens its modal (a reason is required). A typed but unsaved edit stays typed.
 */
import { Button, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan, IconCheck, IconUserX } from '@tabler/icons-react';
import type { TBookingResponse } from '@trayecto/shared';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { TTimes } from '../../../lib/time-zone';
import { conflictKind } from '../utils/booking-errors';
import { bookingStateActions, hasStarted, type TStateAction } from '../utils/state-actions';
import { CancelBookingModal } from './cancel-booking-modal';
import type { TBookingFormController } from './use-booking-form';

export function useBookingStateActions(ctl: TBookingFormController, booking: TBookingResponse | null, times: TTimes) {
  const [cancelOpen, setCancelOpen] = useState(false);
  const actions = booking
    ? bookingStateActions(booking.state, ctl.access, {
        departureStarted: hasStarted(booking.date, booking.time, new Date(), times.zone),
      })
    : [];

  /** Confirmar / Marcar realizada / No presentado: PUT {state, version}; cancel has its modal. */
  const run = (action: TStateAction) => {
    if (!booking) return;
    if (action.needsReason) {
      setCancelOpen(true);
      return;
    }
    modals.openConfirmModal({
      title: `${action.label}: ${booking.locator}`,
      centered: true,
      children: <Text size="sm">{action.confirm}</Text>,
      labels: { confirm: action.label, cancel: 'Volver' },
      confirmProps: { color: action.color },
      onConfirm: () => {
        ctl.stateChange.expect();
        ctl.updateMutation.mutate(
          { id: booking.id, payload: { state: action.target, version: ctl.baseVersion } },
          {
            onSuccess: (saved) => {
              ctl.stateChange.saved(saved);
              notifySuccess('Estado cambiado', `${saved.locator}: ${action.label.toLowerCase()}.`);
            },
            onError: (err) => {
              ctl.stateChange.failed();
              if (conflictKind(err) === 'stale') {
                ctl.setConflict({ kind: 'stale', message: err.message });
                notifyError('La reserva ha cambiado', 'Otra persona la ha modificado. Recárgala para continuar.');
              } else notifyError('No se ha cambiado el estado', err.message);
            },
          },
        );
      },
    });
  };

  /** The header's buttons (null without any action: the header then has no button group). */
  const buttons = actions.length
    ? actions.flatMap((a) => [
        <Tooltip
          key={a.target}
          label={a.disabledReason}
          disabled={!a.disabledReason}
          events={{ hover: true, focus: true, touch: true }}
        >
          <Button
            // Looks disabled and says so (4.1.2) but stays focusable, so its reason can be read.
            data-disabled={a.disabledReason ? true : undefined}
            aria-disabled={a.disabledReason ? true : undefined}
            aria-describedby={a.disabledReason ? `state-reason-${a.target}` : undefined}
            variant={a.needsReason ? 'light' : 'filled'}
            color={a.color}
            leftSection={
              a.needsReason ? (
                <IconBan size={18} />
              ) : a.target === 'no_show' ? (
                <IconUserX size={18} />
              ) : (
                <IconCheck size={18} />
              )
            }
            onClick={() => (a.disabledReason ? undefined : run(a))}
            loading={ctl.updateMutation.isPending && ctl.updateMutation.variables?.payload.state === a.target}
          >
            {a.label}
          </Button>
        </Tooltip>,
        a.disabledReason ? (
          <VisuallyHidden key={`${a.target}-reason`} id={`state-reason-${a.target}`}>
            {a.disabledReason}
          </VisuallyHidden>
        ) : null,
      ])
    : null;

  const cancelModal = booking ? (
    <CancelBookingModal
      booking={booking}
      opened={cancelOpen}
      onClose={() => setCancelOpen(false)}
      onCancelled={(saved) => {
        if (saved && typeof saved === 'object' && 'version' in saved) ctl.resetTo(saved);
      }}
    />
  ) : null;

  return { buttons, cancelModal };
}

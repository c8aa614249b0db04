import { Alert, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconBan } from '@tabler/icons-react';
import type { TBookingResponse } from '@trayecto/shared';
import { ZBookingCancelRequest } from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { DialogActions, DialogServerError } from '../../../components/dialog-form';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { formatDay } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useCancelBooking } from '../api/cancel-booking';
import { formatMoney, netPaidCents } from '../utils/booking-format';

/** The reason's error with the shared schema's message ("Campo requerido" when empty). */
export function cancelReasonError(reason: string): string | null {
  const r = ZBookingCancelRequest.safeParse({ reason });
  return r.success ? null : (r.error.issues[0]?.message ?? 'Campo requerido');
}

/** "Cancelar reserva" (POST /bookings/{id}/cancel): asks for the reason; the seats are freed. */
export function CancelBookingModal({
  booking,
  opened,
  onClose,
  onCancelled,
}: {
  booking: TBookingResponse;
  opened: boolean;
  onClose: () => void;
  onCancelled?: (b: TBookingResponse) => void;
}) {
  const mutation = useCancelBooking();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  // A refused cancellation (no reason, or the API's word on it): the focus goes to the reason.
  const invalid = useFocusFirstInvalid<HTMLFormElement>();

  useEffect(() => {
    if (!opened) return;
    setReason('');
    setError(null);
    setServerError(null);
  }, [opened]);

  const submit = () => {
    const found = cancelReasonError(reason);
    setError(found);
    if (found) {
      invalid.focusFirstInvalid();
      return;
    }
    setServerError(null);
    mutation.mutate(
      { id: booking.id, reason: reason.trim() },
      {
        onSuccess: (saved) => {
          notifySuccess(
            'Reserva cancelada',
            `${booking.locator}: ${plural(booking.seats, 'plaza liberada', 'plazas liberadas')}.`,
          );
          onCancelled?.(saved);
          onClose();
        },
        onError: (e) => {
          const msg = e.fieldErrors.reason?.[0];
          if (msg) {
            setError(msg);
            invalid.focusFirstInvalid();
          } else setServerError(e.message);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} centered title="Cancelar reserva" size="md">
      <form
        ref={invalid.ref}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Vas a cancelar la reserva <b>{booking.locator}</b> de {booking.customer_name} ({booking.product.name},{' '}
            {formatDay(booking.date)} {booking.time}). Sus{' '}
            {plural(booking.seats, 'plaza quedará libre', 'plazas quedarán libres')}.
          </Text>
          {netPaidCents(booking) > 0 ? (
            <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
              Se han cobrado {formatMoney(netPaidCents(booking), booking.currency)}. Si hay que devolverlos, registra el
              reembolso después de cancelar.
            </Alert>
          ) : null}
          <DialogServerError message={serverError} />
          <Textarea
            label="Motivo de la cancelación"
            {...REQUIRED_FIELD}
            placeholder="Ej.: el cliente no puede venir por enfermedad"
            autosize
            minRows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
            data-autofocus
          />
          <DialogActions
            pending={mutation.isPending}
            onCancel={onClose}
            cancelLabel="Volver"
            submitLabel="Cancelar reserva"
            submitIcon={<IconBan size={18} />}
            submitColor="red"
          />
        </Stack>
      </form>
    </Modal>
  );
}

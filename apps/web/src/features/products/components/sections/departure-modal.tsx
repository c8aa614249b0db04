import { Button, Divider, Group, Modal, NumberInput, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconCalendarX, IconDeviceFloppy } from '@tabler/icons-react';
import {
  ACCESS,
  hasPermission,
  type TAvailabilitySlot,
  type TDepartureCancelResponse,
  type TDepartureUpdateRequest,
} from '@trayecto/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DialogServerError } from '../../../../components/dialog-form';
import { getRoles } from '../../../../lib/auth-storage';
import { plural } from '../../../../lib/format';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useFocusFirstInvalid } from '../../../../lib/use-focus-first-invalid';
import { useUpdateDeparture } from '../../api/update-departure';
import { departureStarted } from '../../utils/departure-cancel';
import { formatDay } from '../../utils/product-format';
import { CancelDepartureForm, CancelDepartureResult } from './cancel-departure';

/** The PUT body: an empty capacity (or the product's own) means "no override". */
export function departurePayload(
  slot: Pick<TAvailabilitySlot, 'date' | 'time'>,
  v: { capacity: number | ''; closed: boolean; notes: string },
  productCapacity: number,
): TDepartureUpdateRequest {
  const capacity = v.capacity === '' || v.capacity === productCapacity ? null : v.capacity;
  return { date: slot.date, time: slot.time, capacity, closed: v.closed, notes: v.notes.trim() };
}

type TStep = { kind: 'edit' } | { kind: 'cancel' } | { kind: 'cancelled'; result: TDepartureCancelResponse };

/**
 * One departure: change its capacity, close or reopen it, leave a note (PUT …/departures); for
 * ACCESS.departureCancel, cancel it with all its bookings (issue 14), in the same dialog.
 */
export function DepartureModal({
  productId,
  productCapacity,
  timeZone,
  slot,
  onClose,
}: {
  productId: string;
  productCapacity: number;
  /** The product's operator's zone: whether the departure has started is its wall clock. */
  timeZone: string;
  slot: TAvailabilitySlot | null;
  onClose: () => void;
}) {
  const mutation = useUpdateDeparture(productId);
  const canCancel = useMemo(() => hasPermission(getRoles(), ACCESS.departureCancel), []);
  const [step, setStep] = useState<TStep>({ kind: 'edit' });
  // Back from the cancellation ("Volver"), the focus returns to the button that opened it.
  // A refused save (its own rule or the API's naming a field): the focus goes to that field.
  const invalid = useFocusFirstInvalid<HTMLDivElement>();
  const cancelButton = useRef<HTMLButtonElement>(null);
  const backFromCancel = useRef(false);
  useEffect(() => {
    if (step.kind !== 'edit' || !backFromCancel.current) return;
    backFromCancel.current = false;
    cancelButton.current?.focus();
  }, [step]);
  const [capacity, setCapacity] = useState<number | ''>('');
  const [closed, setClosed] = useState(false);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another departure is opened
  useEffect(() => {
    if (!slot) return;
    setCapacity(slot.capacity === productCapacity ? '' : slot.capacity);
    setClosed(slot.closed);
    setNotes('');
    setErrors({});
    setServerError(null);
    setStep({ kind: 'edit' });
  }, [slot?.date, slot?.time]);

  // The calendar returns the focus to the departure itself (returnFocus off, see its comment).
  if (!slot) return <Modal opened={false} onClose={onClose} title="" returnFocus={false} />;

  const taken = slot.seats_taken ?? Math.max(0, slot.capacity - slot.seats_left);
  const started = departureStarted(slot.date, slot.time, timeZone);
  const when = `${formatDay(slot.date)} a las ${slot.time}`;

  const save = () => {
    const nextErrors: Record<string, string> = {};
    if (capacity !== '' && capacity < Math.max(1, taken)) {
      nextErrors.capacity =
        taken > 0 ? `Ya hay ${plural(taken, 'plaza reservada', 'plazas reservadas')}` : 'Debe ser como mínimo 1';
    }
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length) {
      invalid.focusFirstInvalid();
      return;
    }
    setServerError(null);
    mutation.mutate(departurePayload(slot, { capacity, closed, notes }, productCapacity), {
      onSuccess: () => {
        notifySuccess(
          closed ? 'Salida cerrada' : 'Salida guardada',
          `${formatDay(slot.date)} a las ${slot.time}${closed ? ': no se puede reservar.' : '.'}`,
        );
        onClose();
      },
      onError: (error) => {
        if (error.status === 401) return;
        const fields: Record<string, string> = {};
        for (const [k, msgs] of Object.entries(error.fieldErrors)) if (msgs[0]) fields[k] = msgs[0];
        setErrors(fields);
        const onField = Boolean(fields.capacity || fields.closed || fields.notes);
        setServerError(onField ? null : error.message);
        // The field says why; the notification only sums it up.
        notifyError('No se ha guardado la salida', onField ? 'Revisa los campos marcados.' : error.message);
        if (onField) invalid.focusFirstInvalid();
      },
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      returnFocus={false}
      centered
      title={
        <Text fw={700} component="span">
          {step.kind === 'edit'
            ? `Salida del ${when}`
            : step.kind === 'cancel'
              ? `Cancelar la salida del ${when}`
              : 'Salida cancelada'}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      // A half-written cancellation is not lost by a click beside the dialog.
      closeOnClickOutside={step.kind === 'edit'}
    >
      {step.kind === 'cancel' ? (
        <CancelDepartureForm
          productId={productId}
          slot={slot}
          onBack={() => {
            backFromCancel.current = true;
            setStep({ kind: 'edit' });
          }}
          onDone={(result) => setStep({ kind: 'cancelled', result })}
        />
      ) : step.kind === 'cancelled' ? (
        <CancelDepartureResult slot={slot} result={step.result} onClose={onClose} />
      ) : (
        <Stack gap="md" ref={invalid.ref}>
          <DialogServerError message={serverError} />
          <Text size="sm" c="dimmed">
            {plural(taken, 'plaza reservada', 'plazas reservadas')} ·{' '}
            {plural(slot.seats_left, 'plaza libre', 'plazas libres')} de {slot.capacity}
          </Text>
          <NumberInput
            label="Plazas de esta salida"
            description={`Vacío: las del producto (${productCapacity}).`}
            placeholder={String(productCapacity)}
            min={1}
            max={10_000}
            allowDecimal={false}
            allowNegative={false}
            value={capacity}
            onChange={(v) => setCapacity(typeof v === 'number' ? v : '')}
            error={errors.capacity}
            data-autofocus
          />
          <Switch
            label="Salida cerrada"
            description="No se podrá reservar. Las reservas ya hechas se mantienen."
            checked={closed}
            onChange={(e) => setClosed(e.currentTarget.checked)}
            color="red"
            error={errors.closed}
          />
          <Textarea
            label="Nota interna"
            placeholder="Ej.: cerrada por alerta de viento en el teleférico"
            autosize
            minRows={2}
            maxLength={500}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            error={errors.notes}
          />
          {/* The dialog's actions: the notifications never cover them (lib/notify.tsx). */}
          <Group justify="flex-end" gap="sm" data-action-bar>
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancelar
            </Button>
            <Button
              onClick={save}
              loading={mutation.isPending}
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            >
              Guardar
            </Button>
          </Group>
          {canCancel && taken > 0 ? (
            <>
              <Divider />
              <Stack gap={6} align="flex-start">
                <Text size="sm" c="dimmed" id="cancel-departure-help">
                  {started
                    ? 'La salida ya ha empezado: marca sus reservas como realizadas o no presentadas.'
                    : '¿Mal tiempo o no se llega al mínimo? Cancela la salida con todas sus reservas: avisamos a cada cliente por correo.'}
                </Text>
                <Button
                  ref={cancelButton}
                  variant="light"
                  color="red"
                  leftSection={<IconCalendarX size={18} aria-hidden />}
                  // Looks disabled and says why (the help above) but stays focusable, as the state actions.
                  data-disabled={started || undefined}
                  aria-disabled={started || undefined}
                  aria-describedby="cancel-departure-help"
                  onClick={() => (started ? undefined : setStep({ kind: 'cancel' }))}
                >
                  Cancelar salida
                </Button>
              </Stack>
            </>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}

import { Alert, Button, Group, Modal, NumberInput, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import type { TAvailabilitySlot, TDepartureUpdateRequest } from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { plural } from '../../../../lib/format';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useUpdateDeparture } from '../../api/update-departure';
import { formatDay } from '../../utils/product-format';

/** The PUT body: an empty capacity (or the product's own) means "no override". */
export function departurePayload(
  slot: Pick<TAvailabilitySlot, 'date' | 'time'>,
  v: { capacity: number | ''; closed: boolean; notes: string },
  productCapacity: number,
): TDepartureUpdateRequest {
  const capacity = v.capacity === '' || v.capacity === productCapacity ? null : v.capacity;
  return { date: slot.date, time: slot.time, capacity, closed: v.closed, notes: v.notes.trim() };
}

/** One departure: change its capacity, close or reopen it, leave a note (PUT …/departures). */
export function DepartureModal({
  productId,
  productCapacity,
  slot,
  onClose,
}: {
  productId: string;
  productCapacity: number;
  slot: TAvailabilitySlot | null;
  onClose: () => void;
}) {
  const mutation = useUpdateDeparture(productId);
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
  }, [slot?.date, slot?.time]);

  if (!slot) return <Modal opened={false} onClose={onClose} title="" />;

  const taken = slot.seats_taken ?? Math.max(0, slot.capacity - slot.seats_left);

  const save = () => {
    const nextErrors: Record<string, string> = {};
    if (capacity !== '' && capacity < Math.max(1, taken)) {
      nextErrors.capacity =
        taken > 0 ? `Ya hay ${plural(taken, 'plaza reservada', 'plazas reservadas')}` : 'Debe ser como mínimo 1';
    }
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length) return;
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
        setServerError(fields.capacity || fields.closed || fields.notes ? null : error.message);
        notifyError('No se ha guardado la salida', error.message);
      },
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={
        <Text fw={700} component="span">
          Salida del {formatDay(slot.date)} a las {slot.time}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <Stack gap="md">
        {serverError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {serverError}
          </Alert>
        ) : null}
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancelar
          </Button>
          <Button onClick={save} loading={mutation.isPending} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Check-in outside the departure's day: what the Chofer and the Guía read, and the office's reason
 * to go on anyway (kept in the check-in log).
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarTime } from '@tabler/icons-react';
import { type TCheckInOverrideForm, ZCheckInOverrideForm } from '@trayecto/shared';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { formatDay } from '../../../lib/dates';
import { issuesToErrors } from '../../../lib/form-errors';

export type TOutside = 'before' | 'after';

/** The office's reason for checking in outside the departure's day (a modal; the reason is required). */
export function OverrideModal({
  opened,
  outside,
  date,
  initial,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  outside: TOutside;
  date: string;
  initial: string;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const form = useForm<TCheckInOverrideForm>({
    mode: 'controlled',
    initialValues: { override_reason: initial },
    validate: (values) => {
      const r = ZCheckInOverrideForm.safeParse(values);
      return r.success ? {} : issuesToErrors(r.error.issues);
    },
  });
  const before = outside === 'before';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={before ? 'Embarcar antes del día de la salida' : 'Registrar un embarque atrasado'}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((v) => onConfirm(ZCheckInOverrideForm.parse(v).override_reason))}
        aria-label="Motivo del embarque fuera del día de la salida"
      >
        <Stack gap="md">
          <Text size="sm">
            {before
              ? `La salida es el ${formatDay(date)} y el embarque se abre ese día.`
              : `La salida fue el ${formatDay(date)} y el embarque ya está cerrado.`}{' '}
            El motivo quedará en el registro de cada embarque que hagas ahora.
          </Text>
          <Textarea
            label="Motivo"
            {...REQUIRED_FIELD}
            placeholder={
              before ? 'Ej.: excursión de dos días, embarcan en la víspera' : 'Ej.: el chofer lo confirmó por teléfono'
            }
            autosize
            minRows={2}
            maxLength={500}
            data-autofocus
            {...form.getInputProps('override_reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="orange">
              {before ? 'Embarcar con este motivo' : 'Registrar con este motivo'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Check-in belongs to the departure's day (the API's `check_in_window`, in the operator's zone).
 * Outside it the Chofer and the Guía read why; the office may go on after giving a reason.
 */
export function OutsideDayNotice({
  outside,
  date,
  canOverride,
  reason,
  onAsk,
  onStop,
}: {
  outside: TOutside;
  date: string;
  canOverride: boolean;
  reason: string | null;
  onAsk: () => void;
  onStop: () => void;
}) {
  const day = formatDay(date);
  const before = outside === 'before';
  if (!canOverride) {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconCalendarTime size={18} />}
        title={before ? 'Aún no es el día de la salida' : 'El embarque está cerrado'}
      >
        {before
          ? `El embarque se abre el ${day}, el día de la salida. Hasta entonces puedes consultar la ruta y los pasajeros.`
          : `La salida fue el ${day}. Si falta alguien por embarcar, avisa a la oficina para que lo registre.`}
      </Alert>
    );
  }
  if (reason) {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconCalendarTime size={18} />}
        title={before ? 'Embarcando antes del día de la salida' : 'Registrando embarques atrasados'}
      >
        <Stack gap="xs">
          <Text size="sm">
            Motivo: «{reason}». Queda en el registro de cada embarque. La hoja no pasa a «En curso» hasta su día.
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onAsk}>
              Cambiar motivo
            </Button>
            <Button size="xs" variant="subtle" color="gray" onClick={onStop}>
              Terminar
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconCalendarTime size={18} />}
      title={before ? `El embarque se abre el ${day}, el día de la salida` : `La salida fue el ${day}`}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {before
            ? 'Si tienes que embarcar antes, indica el motivo: quedará en el registro de embarque.'
            : 'El embarque está cerrado. Para registrar un embarque atrasado, indica el motivo: quedará en el registro de embarque.'}
        </Text>
        <Button size="sm" color="orange" variant="light" onClick={onAsk}>
          {before ? 'Embarcar antes de tiempo…' : 'Registrar embarque atrasado…'}
        </Button>
      </Stack>
    </Alert>
  );
}

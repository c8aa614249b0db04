/**
 * "Cancelar salida" (issue 14): the operator cancels a whole departure (bad weather, too few
 * people). The confirmation says how many bookings and passengers go and that every customer is
 * told by e-mail, with the reason and the "what happens next" text they will read; the summary then
 * lists the customers without e-mail, each with WhatsApp to tell them.
 */
import { Alert, Button, Flex, Group, Select, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCalendarX, IconCircleCheck } from '@tabler/icons-react';
import type { TAvailabilitySlot, TDepartureCancelResponse } from '@trayecto/shared';
import { useEffect, useRef, useState } from 'react';
import { DialogServerError } from '../../../../components/dialog-form';
import { REQUIRED_FIELD } from '../../../../components/required-field';
import { useBookingsCalendar } from '../../../../lib/bookings-calendar';
import { plural } from '../../../../lib/format';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useFocusFirstInvalid } from '../../../../lib/use-focus-first-invalid';
import { WhatsappButton } from '../../../messages';
import { useCancelDeparture } from '../../api/cancel-departure';
import {
  bookingsAndPax,
  isCancelReason,
  NEXT_STEPS_BY_REASON,
  nextStepsAfterReason,
  REASON_OPTIONS,
  type TCancelDepartureValues,
  validateCancelDeparture,
} from '../../utils/departure-cancel';
import { formatDay } from '../../utils/product-format';

type TSlot = Pick<TAvailabilitySlot, 'date' | 'time' | 'seats_taken'>;

/** The departure's bookings and passengers (the bookings calendar counts them); null while loading. */
function useDepartureCounts(productId: string, slot: TSlot) {
  const calendar = useBookingsCalendar(slot.date, slot.date, productId);
  const entry = calendar.data?.find((e) => e.product_id === productId && e.date === slot.date && e.time === slot.time);
  if (entry) return { bookings: entry.bookings_count, pax: entry.pax_total };
  return calendar.isLoading ? null : { bookings: null, pax: slot.seats_taken };
}

/** The confirmation: what will happen, the reason, the customers' text and an internal note. */
export function CancelDepartureForm({
  productId,
  slot,
  onBack,
  onDone,
}: {
  productId: string;
  slot: TSlot;
  onBack: () => void;
  onDone: (result: TDepartureCancelResponse) => void;
}) {
  const mutation = useCancelDeparture(productId);
  const counts = useDepartureCounts(productId, slot);
  const [values, setValues] = useState<TCancelDepartureValues>({
    reason: 'weather',
    next_steps: NEXT_STEPS_BY_REASON.weather,
    note: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const nextStepsRef = useRef<HTMLTextAreaElement>(null);
  // The API refusing a field: the focus goes to it.
  const invalid = useFocusFirstInvalid<HTMLFormElement>();

  // The dialog's content changed under the focus (the "Cancelar salida" button is gone): the first field takes it.
  useEffect(() => reasonRef.current?.focus(), []);

  const set = (patch: Partial<TCancelDepartureValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k];
      return next;
    });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The dialog sits (in React's tree, through its portal) inside the product's form: its submit
    // must not bubble there and save the product.
    event.stopPropagation();
    const found = validateCancelDeparture(slot, values);
    setErrors(found);
    if (Object.keys(found).length) {
      if (found.reason) reasonRef.current?.focus();
      else if (found.next_steps) nextStepsRef.current?.focus();
      return;
    }
    setServerError(null);
    mutation.mutate(
      {
        date: slot.date,
        time: slot.time,
        reason: values.reason,
        next_steps: values.next_steps.trim(),
        ...(values.note.trim() ? { note: values.note.trim() } : {}),
      },
      {
        onSuccess: (result) => {
          notifySuccess(
            'Salida cancelada',
            `${formatDay(slot.date)} a las ${slot.time}: ${plural(result.cancelled_bookings, 'reserva cancelada', 'reservas canceladas')}.`,
          );
          onDone(result);
        },
        onError: (error) => {
          if (error.status === 401) return;
          const fields: Record<string, string> = {};
          for (const [k, msgs] of Object.entries(error.fieldErrors)) if (msgs[0]) fields[k] = msgs[0];
          const onForm = ['reason', 'next_steps', 'note'].filter((k) => fields[k]);
          setErrors(fields);
          setServerError(onForm.length ? null : error.message);
          // The field says why; the notification only sums it up.
          notifyError('No se ha cancelado la salida', onForm.length ? 'Revisa los campos marcados.' : error.message);
          if (onForm.length) invalid.focusFirstInvalid();
        },
      },
    );
  };

  return (
    <form ref={invalid.ref} onSubmit={submit} noValidate aria-label="Cancelar la salida">
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="note" title="Qué va a pasar">
          {counts === null ? (
            <Skeleton h={14} w="80%" mt={4} aria-label="Contando las reservas" />
          ) : (
            <Text size="sm" data-testid="cancel-departure-counts">
              Se cancelarán{' '}
              <strong>
                {counts.bookings === null
                  ? `todas las reservas (${plural(counts.pax, 'plaza', 'plazas')})`
                  : bookingsAndPax(counts.bookings, counts.pax)}
              </strong>{' '}
              de esta salida y se cerrará a la venta. Cada cliente recibirá un correo con el motivo y el texto de «Qué
              pasa ahora».
            </Text>
          )}
        </Alert>
        <DialogServerError message={serverError} />
        <Select
          ref={reasonRef}
          label="Motivo"
          {...REQUIRED_FIELD}
          data={REASON_OPTIONS}
          allowDeselect={false}
          value={values.reason}
          onChange={(v) => {
            if (!isCancelReason(v)) return;
            set({ reason: v, next_steps: nextStepsAfterReason(v, values.next_steps) });
          }}
          error={errors.reason}
        />
        <Textarea
          ref={nextStepsRef}
          label="Qué pasa ahora"
          description="Lo lee cada cliente en el correo: reembolso, otra fecha… Puedes cambiarlo."
          {...REQUIRED_FIELD}
          autosize
          minRows={3}
          maxLength={1000}
          value={values.next_steps}
          onChange={(e) => set({ next_steps: e.currentTarget.value })}
          error={errors.next_steps}
        />
        <Textarea
          label="Nota interna"
          description="Queda en el historial de cada reserva; el cliente no la ve."
          placeholder="Ej.: alerta amarilla por viento, teleférico cerrado"
          autosize
          minRows={2}
          maxLength={500}
          value={values.note}
          onChange={(e) => set({ note: e.currentTarget.value })}
          error={errors.note}
        />
        {/* On a phone: full-width buttons, the confirmation on top. */}
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="space-between" gap="sm">
          <Button
            variant="default"
            onClick={onBack}
            disabled={mutation.isPending}
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            Volver
          </Button>
          <Button
            type="submit"
            color="red"
            loading={mutation.isPending}
            leftSection={<IconCalendarX size={18} aria-hidden />}
          >
            Cancelar la salida
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

/** After the cancellation: how many went, how many e-mails are queued, who has no e-mail (WhatsApp each). */
export function CancelDepartureResult({
  slot,
  result,
  onClose,
}: {
  slot: Pick<TAvailabilitySlot, 'date' | 'time'>;
  result: TDepartureCancelResponse;
  onClose: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // What was done is read first (the form that had the focus is gone).
  useEffect(() => headingRef.current?.focus(), []);
  const noEmail = result.without_email;
  return (
    <Stack gap="md" data-testid="cancel-departure-result">
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
        <Title order={3} fz="sm" ref={headingRef} tabIndex={-1} style={{ outlineOffset: 2 }}>
          {plural(result.cancelled_bookings, 'reserva cancelada', 'reservas canceladas')} del {formatDay(slot.date)} a
          las {slot.time}
        </Title>
        <Text size="sm" mt={4}>
          La salida queda cerrada a la venta.{' '}
          {result.messages_queued > 0
            ? `${plural(result.messages_queued, 'correo', 'correos')} en cola para avisar a los clientes.`
            : 'No se ha enviado ningún correo.'}
        </Text>
      </Alert>
      {noEmail.length > 0 ? (
        <Stack gap="xs" component="section" aria-labelledby="without-email-title">
          <div>
            <Title order={3} fz="sm" id="without-email-title">
              {noEmail.length === 1 ? 'Un cliente sin correo' : `${noEmail.length} clientes sin correo`}
            </Title>
            <Text size="sm" c="dimmed">
              No se han enterado: avísales por WhatsApp o por teléfono.
            </Text>
          </div>
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="without-email-title">
            {noEmail.map((c) => (
              <Group
                component="li"
                key={c.booking_id}
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py={8}
                style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate="end">
                    {c.customer_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <Text span ff="monospace" size="xs">
                      {c.locator}
                    </Text>
                    {' · '}
                    {c.customer_phone || 'sin teléfono'}
                  </Text>
                </div>
                {c.customer_phone ? (
                  <WhatsappButton
                    bookingId={c.booking_id}
                    kind="booking_cancelled"
                    label={c.customer_name}
                    compact
                    variant="light"
                  />
                ) : null}
              </Group>
            ))}
          </Stack>
        </Stack>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={onClose}>Cerrar</Button>
      </Group>
    </Stack>
  );
}

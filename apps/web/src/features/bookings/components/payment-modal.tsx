import { Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCash, IconReceiptRefund } from '@tabler/icons-react';
import {
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  type TPaymentCreateRequest,
  ZPaymentCreateRequest,
} from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { DialogActions, DialogServerError } from '../../../components/dialog-form';
import { EURO_INPUT } from '../../../components/euro-input';
import { REQUIRED_FIELD, REQUIRED_PICKER } from '../../../components/required-field';
import { dayValueFormatter, formatDay } from '../../../lib/dates';
import { issuesToErrors, mapServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { type TTimes, useTimes, viewerTimes } from '../../../lib/time-zone';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useCreateBookingPayment } from '../api/create-booking-payment';
import { formatMoney } from '../utils/booking-format';
import { eurosToCents } from './booking-form-values';

export type TPaymentKind = 'payment' | 'refund';

export type TPaymentFormValues = {
  amount: number | '';
  method: string | null;
  date: string | null;
  reference: string;
};

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_NAMES[m] }));

/**
 * A date of the form → `paid_at`: now for today, else noon of that day. The date is a day of the
 * booking's operator (its zone decides what "today" and "noon" are), never of the browser.
 */
export function paidAtOf(date: string | null, now = new Date(), times: TTimes = viewerTimes()): string | undefined {
  if (!date) return undefined;
  if (date === times.today(now)) return now.toISOString();
  return times.instant(date, '12:00');
}

/** The body of POST /bookings/{id}/payments as typed, before the shared schema checks it. */
export type TPaymentDraft = Omit<TPaymentCreateRequest, 'amount_cents' | 'method'> & {
  amount_cents: number | undefined;
  method: string;
};

export function toPaymentPayload(
  kind: TPaymentKind,
  v: TPaymentFormValues,
  now = new Date(),
  times: TTimes = viewerTimes(),
): TPaymentDraft {
  const reference = v.reference.trim();
  return {
    kind,
    amount_cents: v.amount === '' ? undefined : eurosToCents(v.amount),
    method: v.method ?? '',
    paid_at: paidAtOf(v.date, now, times),
    ...(reference ? { reference } : {}),
  };
}

/** Validation with the shared schema plus the limits only the screen knows. */
export function validatePayment(
  kind: TPaymentKind,
  v: TPaymentFormValues,
  limits: { paidCents: number; pendingCents: number },
): Record<string, string> {
  const payload = toPaymentPayload(kind, v);
  const result = ZPaymentCreateRequest.safeParse(payload);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const [path, msg] of Object.entries(issuesToErrors(result.error.issues))) {
      const field = path === 'amount_cents' ? 'amount' : path === 'paid_at' ? 'date' : path;
      errors[field] ??= msg;
    }
  }
  if (v.amount === '' || eurosToCents(v.amount) <= 0) errors.amount = 'Indica el importe';
  if (!v.method) errors.method = 'Campo requerido';
  if (!v.date) errors.date = 'Campo requerido';
  if (kind === 'refund' && eurosToCents(v.amount) > limits.paidCents) {
    errors.amount = `El reembolso no puede superar lo cobrado (${formatMoney(Math.max(0, limits.paidCents))})`;
  }
  if (kind === 'payment' && eurosToCents(v.amount) > limits.pendingCents) {
    errors.amount =
      limits.pendingCents <= 0
        ? 'La reserva no tiene importe pendiente'
        : `El cobro supera el importe pendiente (${formatMoney(limits.pendingCents)})`;
  }
  return errors;
}

/**
 * "Registrar cobro" / "Reembolso" (PRODUCT §4 Payments): importe in euros, método, fecha and
 * referencia. The booking's paid amount and payment state follow from it on the server.
 */
export function PaymentModal({
  bookingId,
  kind,
  opened,
  onClose,
  pendingCents,
  paidCents,
  currency,
  timeZone,
}: {
  bookingId: string;
  kind: TPaymentKind;
  opened: boolean;
  onClose: () => void;
  pendingCents: number;
  paidCents: number;
  currency: string;
  /** The booking's operator's zone: the day typed is a day there. */
  timeZone?: string;
}) {
  const mutation = useCreateBookingPayment(bookingId);
  const times = useTimes(timeZone);
  const [values, setValues] = useState<TPaymentFormValues>({
    amount: '',
    method: 'cash',
    date: times.today(),
    reference: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  // A refused save (the form's rules or the API's naming a field): the focus goes to that field.
  const invalid = useFocusFirstInvalid<HTMLFormElement>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: fresh values each time it opens
  useEffect(() => {
    if (!opened) return;
    const suggested = kind === 'refund' ? paidCents : pendingCents;
    setValues({
      amount: suggested > 0 ? suggested / 100 : '',
      method: kind === 'refund' ? 'card' : 'cash',
      date: times.today(),
      reference: '',
    });
    setErrors({});
    setServerError(null);
  }, [opened, kind]);

  const set = <K extends keyof TPaymentFormValues>(key: K, value: TPaymentFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: '' }));
  };

  const save = () => {
    const found = validatePayment(kind, values, { paidCents, pendingCents });
    setErrors(found);
    const body = ZPaymentCreateRequest.safeParse(toPaymentPayload(kind, values, new Date(), times));
    if (Object.values(found).some(Boolean) || !body.success) {
      invalid.focusFirstInvalid();
      return;
    }
    setServerError(null);
    mutation.mutate(body.data, {
      onSuccess: (p) => {
        notifySuccess(
          kind === 'refund' ? 'Reembolso registrado' : 'Cobro registrado',
          `${formatMoney(p?.amount_cents ?? eurosToCents(values.amount), currency)} · ${
            PAYMENT_METHOD_NAMES[values.method as keyof typeof PAYMENT_METHOD_NAMES] ?? values.method
          }`,
        );
        onClose();
      },
      onError: (error) => {
        const { fields, rest } = mapServerErrors(error.fieldErrors, ['amount', 'method', 'date', 'reference'], {
          amount_cents: 'amount',
          paid_at: 'date',
        });
        setErrors(fields);
        setServerError(rest.length ? rest.join(' ') : Object.keys(fields).length ? null : error.message);
        invalid.focusFirstInvalid();
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={kind === 'refund' ? 'Registrar reembolso' : 'Registrar cobro'}
      size="md"
    >
      <form
        ref={invalid.ref}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {kind === 'refund'
              ? `Cobrado hasta ahora: ${formatMoney(paidCents, currency)}.`
              : `Pendiente de cobro: ${formatMoney(pendingCents, currency)}.`}
            {times.showZone ? ` Fecha en ${times.zoneName}.` : ''}
          </Text>
          <DialogServerError message={serverError} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NumberInput
              label="Importe"
              {...REQUIRED_FIELD}
              {...EURO_INPUT}
              value={values.amount}
              onChange={(v) => set('amount', v === '' ? '' : Number(v))}
              error={errors.amount}
              data-autofocus
            />
            <Select
              label="Método"
              {...REQUIRED_FIELD}
              data={METHOD_OPTIONS}
              value={values.method}
              onChange={(v) => set('method', v)}
              allowDeselect={false}
              error={errors.method}
            />
            <DatePickerInput
              label="Fecha"
              {...REQUIRED_PICKER}
              value={values.date}
              onChange={(v) => set('date', v ? String(v).slice(0, 10) : null)}
              valueFormatter={dayValueFormatter}
              maxDate={times.today()}
              error={errors.date}
              ariaLabels={{ nextMonth: 'Mes siguiente', previousMonth: 'Mes anterior' }}
              getDayProps={(d) => ({ 'aria-label': formatDay(String(d).slice(0, 10)) })}
              popoverProps={{ withinPortal: true, zIndex: 3000 }}
            />
            <TextInput
              label="Referencia"
              placeholder={values.method === 'transfer' ? 'Nº de operación' : 'Opcional'}
              value={values.reference}
              onChange={(e) => set('reference', e.currentTarget.value)}
              maxLength={100}
              error={errors.reference}
            />
          </SimpleGrid>
          <DialogActions
            pending={mutation.isPending}
            onCancel={onClose}
            submitLabel={kind === 'refund' ? 'Registrar reembolso' : 'Registrar cobro'}
            submitIcon={kind === 'refund' ? <IconReceiptRefund size={18} /> : <IconCash size={18} />}
            submitColor={kind === 'refund' ? 'grape' : undefined}
          />
        </Stack>
      </form>
    </Modal>
  );
}

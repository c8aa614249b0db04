import { Checkbox, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { DialogActions, DialogServerError } from '../../../components/dialog-form';
import { EURO_INPUT } from '../../../components/euro-input';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { mapServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useTimes } from '../../../lib/time-zone';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useCreateRefund } from '../api/create-refund';
import type { TRefundCreateRequest } from '../api/payments-contract';
import { formatMoney } from '../utils/booking-format';
import { newIdempotencyKey, type TRefundable } from '../utils/online-payments';
import { eurosToCents } from './booking-form-values';

export const REFUND_REASON_MAX = 500;

export type TRefundFormValues = {
  payment_id: string | null;
  amount: number | '';
  reason: string;
  /** The customer no longer owes it: the booking's total drops by the amount (ADR 022). */
  reduce_total: boolean;
};

export function validateRefund(v: TRefundFormValues, refundables: readonly TRefundable[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const chosen = refundables.find((r) => r.payment.id === v.payment_id);
  if (!chosen) errors.payment_id = 'Elige el pago que se devuelve';
  const cents = v.amount === '' ? 0 : eurosToCents(v.amount);
  if (cents <= 0) errors.amount = 'Indica el importe';
  else if (chosen && cents > chosen.maxCents) {
    errors.amount = `No puede superar lo cobrado por ${chosen.label} (${formatMoney(chosen.maxCents)})`;
  }
  if (!v.reason.trim()) errors.reason = 'Indica el motivo';
  else if (v.reason.trim().length > REFUND_REASON_MAX) errors.reason = `Como mucho ${REFUND_REASON_MAX} caracteres`;
  return errors;
}

export function toRefundPayload(v: TRefundFormValues): TRefundCreateRequest {
  return {
    amount_cents: v.amount === '' ? 0 : eurosToCents(v.amount),
    reason: v.reason.trim(),
    ...(v.payment_id ? { payment_id: v.payment_id } : {}),
    ...(v.reduce_total ? { reduce_total: true } : {}),
  };
}

/**
 * "Reembolsar" (issue 32 item 5): money back through the provider that took it — up to what that
 * provider was paid net of its refunds — with a reason. One Idempotency-Key per opening of the
 * dialog: a double click, or a retry after the connection dropped, refunds once. Only an answer
 * that says nothing was done (a refusal, the provider down) lets the next try use a new key.
 */
export function RefundModal({
  bookingId,
  opened,
  onClose,
  refundables,
  currency,
  timeZone,
  cancelled = false,
}: {
  bookingId: string;
  opened: boolean;
  onClose: () => void;
  /** The online payments with money left to give back, latest first. */
  refundables: readonly TRefundable[];
  currency: string;
  timeZone?: string;
  /** A cancelled booking owes nothing: the refund never lowers its total. */
  cancelled?: boolean;
}) {
  const mutation = useCreateRefund(bookingId);
  const times = useTimes(timeZone);
  const idempotencyKey = useRef<string>('');
  const initial = (): TRefundFormValues => {
    const first = refundables[0];
    return {
      payment_id: first?.payment.id ?? null,
      amount: first ? first.maxCents / 100 : '',
      reason: '',
      reduce_total: !cancelled,
    };
  };
  const [values, setValues] = useState<TRefundFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const invalid = useFocusFirstInvalid<HTMLFormElement>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: fresh values and a fresh key each time it opens
  useEffect(() => {
    if (!opened) return;
    idempotencyKey.current = newIdempotencyKey();
    setValues(initial());
    setErrors({});
    setServerError(null);
  }, [opened]);

  const chosen = refundables.find((r) => r.payment.id === values.payment_id) ?? null;

  const set = <K extends keyof TRefundFormValues>(key: K, value: TRefundFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: '' }));
  };

  const save = () => {
    if (mutation.isPending) return;
    const found = validateRefund(values, refundables);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      invalid.focusFirstInvalid();
      return;
    }
    setServerError(null);
    mutation.mutate(
      { payload: toRefundPayload(values), idempotencyKey: idempotencyKey.current },
      {
        onSuccess: (refund) => {
          notifySuccess(
            refund.provider_status === 'pending' ? 'Reembolso solicitado' : 'Reembolso hecho',
            `${formatMoney(refund.amount_cents, currency)} por ${chosen?.label ?? 'el proveedor'}${
              refund.provider_status === 'pending' ? ': el proveedor lo confirmará en breve.' : '.'
            }`,
          );
          onClose();
        },
        onError: (error) => {
          if (error.status === 401) return;
          // An answer came back: nothing was refunded, the next try is a new request.
          if (!error.isNetworkError) idempotencyKey.current = newIdempotencyKey();
          const { fields, rest } = mapServerErrors(error.fieldErrors, ['payment_id', 'amount', 'reason'], {
            amount_cents: 'amount',
          });
          if (error.code === 'REFUND_EXCEEDS_PAID' && !fields.amount) fields.amount = error.message;
          setErrors(fields);
          setServerError(
            rest.length
              ? rest.join(' ')
              : Object.keys(fields).length
                ? null
                : error.isNetworkError
                  ? `${error.message} Si vuelves a intentarlo no se reembolsará dos veces.`
                  : error.message,
          );
          invalid.focusFirstInvalid();
        },
      },
    );
  };

  const options = refundables.map((r) => ({
    value: r.payment.id,
    label: `${r.label} · ${times.shortDateTime(r.payment.paid_at)} · ${formatMoney(r.maxCents, currency)}`,
  }));

  return (
    <Modal opened={opened} onClose={onClose} centered title="Reembolsar pago en línea" size="md">
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
            El dinero vuelve al cliente por {chosen?.label ?? 'el proveedor'}, a la tarjeta o cuenta con la que pagó. Se
            puede devolver hasta {formatMoney(chosen?.maxCents ?? 0, currency)}.
          </Text>
          <DialogServerError message={serverError} />
          {refundables.length > 1 ? (
            <Select
              label="Pago"
              {...REQUIRED_FIELD}
              data={options}
              value={values.payment_id}
              onChange={(v) => {
                const next = refundables.find((r) => r.payment.id === v);
                setValues((prev) => ({ ...prev, payment_id: v, amount: next ? next.maxCents / 100 : prev.amount }));
                setErrors((e) => ({ ...e, payment_id: '', amount: '' }));
              }}
              allowDeselect={false}
              error={errors.payment_id}
              comboboxProps={{ withinPortal: true, zIndex: 3000 }}
            />
          ) : null}
          <NumberInput
            label="Importe"
            {...REQUIRED_FIELD}
            {...EURO_INPUT}
            max={(chosen?.maxCents ?? 0) / 100}
            value={values.amount}
            onChange={(v) => set('amount', v === '' ? '' : Number(v))}
            error={errors.amount}
            data-autofocus
          />
          <Textarea
            label="Motivo"
            description="Queda en el historial de la reserva."
            placeholder="Ej.: cancelación por mal tiempo"
            {...REQUIRED_FIELD}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={REFUND_REASON_MAX}
            value={values.reason}
            onChange={(e) => set('reason', e.currentTarget.value)}
            error={errors.reason}
          />
          {cancelled ? null : (
            <Checkbox
              label="El cliente ya no lo debe: rebajar el total de la reserva"
              description="Desmárcalo si el reembolso corrige un cobro (p. ej. cobrado dos veces) y el cliente tiene que volver a pagar ese importe."
              checked={values.reduce_total}
              onChange={(e) => set('reduce_total', e.currentTarget.checked)}
            />
          )}
          <DialogActions
            pending={mutation.isPending}
            onCancel={onClose}
            submitLabel="Reembolsar"
            submitIcon={<IconReceiptRefund size={18} aria-hidden />}
            submitColor="grape"
          />
        </Stack>
      </form>
    </Modal>
  );
}

import { Alert, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { IconInfoCircle, IconReceiptRefund } from '@tabler/icons-react';
import {
  INVOICE_FIELD_LABELS,
  INVOICE_MSG,
  INVOICE_REASON_MAX,
  type TInvoiceResponse,
  ZInvoiceCorrectionRequest,
} from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { DialogActions, DialogServerError } from '../../../components/dialog-form';
import { EURO_INPUT } from '../../../components/euro-input';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { issuesToErrors, mapServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useCorrectInvoice } from '../api/correct-invoice';
import { money } from './invoice-format';

type TErrors = { amount_cents?: string; reason?: string };

/**
 * Euros typed in the input → cents. NumberInput gives a number, or its unformatted text ('200.00')
 * while the value is not one it can hold as a number, or '' when empty.
 */
function toCents(value: number | string): number {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}

/**
 * «Rectificar» an invoice: a corrective invoice (R5 for a simplified one, R1 for a full one) of the
 * amount given back, tax included — by default all that is still uncorrected — and why. Validated
 * with the shared contract (ZInvoiceCorrectionRequest) and, here, against what may still be
 * corrected; the API answers the same messages. A refused one (here or by the API naming a field)
 * puts the focus on the first field in error. `onClose`: closed without issuing anything;
 * `onCorrected`: issued (the owner closes the dialog and shows the corrective invoice).
 */
export function CorrectInvoiceDialog({
  invoice,
  opened,
  onClose,
  onCorrected,
}: {
  invoice: TInvoiceResponse;
  opened: boolean;
  onClose: () => void;
  onCorrected: (corrective: TInvoiceResponse) => void;
}) {
  const mutation = useCorrectInvoice();
  const [amount, setAmount] = useState<number | string>(invoice.correctable_cents / 100);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const invalid = useFocusFirstInvalid<HTMLFormElement>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh dialog each time it opens
  useEffect(() => {
    if (!opened) return;
    setAmount(invoice.correctable_cents / 100);
    setReason('');
    setErrors({});
    setServerError(null);
    mutation.reset();
  }, [opened, invoice.id]);

  const submit = () => {
    if (mutation.isPending) return;
    setServerError(null);
    const cents = toCents(amount);
    const payload = { amount_cents: Number.isFinite(cents) ? cents : undefined, reason };
    const parsed = ZInvoiceCorrectionRequest.safeParse(payload);
    const next: TErrors = parsed.success ? {} : issuesToErrors(parsed.error.issues);
    if (!Number.isFinite(cents) || cents <= 0) next.amount_cents = 'Indica el importe a rectificar';
    else if (cents > invoice.correctable_cents) next.amount_cents = INVOICE_MSG.correctionTooLarge;
    setErrors(next);
    if (!parsed.success || next.amount_cents) {
      invalid.focusFirstInvalid();
      return;
    }
    mutation.mutate(
      { invoice, payload: parsed.data },
      {
        onSuccess: (corrective) => {
          notifySuccess('Factura rectificativa emitida', `${corrective.code} · ${money(corrective.total_cents)}`);
          onCorrected(corrective);
        },
        onError: (error) => {
          if (error.status === 401) return;
          const { fields, rest } = mapServerErrors(error.fieldErrors, ['amount_cents', 'reason']);
          setErrors(fields);
          setServerError(rest.length ? rest.join(' ') : Object.keys(fields).length ? null : error.message);
          invalid.focusFirstInvalid();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} centered size="md" title={`Rectificar la factura ${invoice.code}`}>
      <form
        ref={invalid.ref}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} p="xs">
            <Text size="sm">
              Una factura emitida no se cambia ni se borra: se emite una factura rectificativa con el importe devuelto,
              en negativo, que se envía a la AEAT como la original.
            </Text>
          </Alert>
          <DialogServerError message={serverError} />
          <NumberInput
            {...EURO_INPUT}
            label={INVOICE_FIELD_LABELS.amount_cents}
            description={`Con impuestos incluidos. Queda por rectificar ${money(invoice.correctable_cents, invoice.currency)} de ${money(invoice.total_cents, invoice.currency)}.`}
            {...REQUIRED_FIELD}
            data-autofocus
            value={amount}
            error={errors.amount_cents}
            onChange={(v) => {
              setAmount(v);
              setErrors((e) => ({ ...e, amount_cents: undefined }));
            }}
          />
          <Textarea
            label={INVOICE_FIELD_LABELS.reason}
            description="Sale en la factura rectificativa: «Cancelación por mal tiempo», «Devolución de un pasajero»…"
            {...REQUIRED_FIELD}
            autosize
            minRows={2}
            maxLength={INVOICE_REASON_MAX}
            value={reason}
            error={errors.reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setErrors((er) => ({ ...er, reason: undefined }));
            }}
          />
          <DialogActions
            pending={mutation.isPending}
            onCancel={onClose}
            submitLabel="Emitir rectificativa"
            submitIcon={<IconReceiptRefund size={16} aria-hidden />}
          />
        </Stack>
      </form>
    </Modal>
  );
}

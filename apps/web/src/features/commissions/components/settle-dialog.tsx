import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import {
  COMMISSION_REFERENCE_MAX,
  COMMISSION_SETTLE_METHOD_NAMES,
  COMMISSION_SETTLE_METHODS,
  type TCommissionSettleMethod,
  type TCommissionStatementResponse,
} from '@trayecto/shared';
import { type FormEvent, useState } from 'react';
import { DialogActions, DialogServerError } from '../../../components/dialog-form';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { ApiError } from '../../../lib/api-client';
import { todayIso } from '../../../lib/dates';
import { notifySuccess } from '../../../lib/notify';
import { useSettleCommissionStatement } from '../api/settle-commission-statement';
import { money, periodText } from './commission-format';
import { DateField } from './date-field';

const METHOD_OPTIONS = COMMISSION_SETTLE_METHODS.map((m) => ({ value: m, label: COMMISSION_SETTLE_METHOD_NAMES[m] }));

/**
 * «Marcar como pagada»: the day it was paid, how and its reference; once done, never changed.
 * `onClose`: closed without paying; `onSettled`: paid.
 */
export function SettleDialog({
  statement,
  opened,
  onClose,
  onSettled,
}: {
  statement: TCommissionStatementResponse;
  opened: boolean;
  onClose: () => void;
  onSettled: () => void;
}) {
  const settle = useSettleCommissionStatement(statement.id);
  const [settledOn, setSettledOn] = useState(todayIso());
  const [method, setMethod] = useState<TCommissionSettleMethod>('transfer');
  const [reference, setReference] = useState('');
  const fieldErrors = settle.error instanceof ApiError ? settle.error.fieldErrors : {};
  const serverError =
    settle.error && Object.keys(fieldErrors).length === 0
      ? settle.error instanceof ApiError
        ? settle.error.message
        : 'No se ha podido guardar. Inténtalo de nuevo.'
      : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    settle.mutate(
      { settled_on: settledOn, method, reference: reference.trim() },
      {
        onSuccess: () => {
          notifySuccess('Liquidación pagada', `${statement.party_name}: ${money(statement.total_cents)}.`);
          onSettled();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Marcar como pagada" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {statement.party_name} · {periodText(statement.period_from, statement.period_to)} ·{' '}
            <strong>{money(statement.total_cents)}</strong>
          </Text>
          <Text size="sm" c="dimmed">
            Una vez pagada, la liquidación ya no cambia: cualquier cambio posterior de sus reservas irá en la siguiente.
          </Text>
          <DateField
            label="Fecha de pago"
            required
            value={settledOn}
            onChange={setSettledOn}
            error={fieldErrors.settled_on?.[0]}
          />
          <Select
            label="Forma de pago"
            {...REQUIRED_FIELD}
            data-autofocus
            data={METHOD_OPTIONS}
            value={method}
            onChange={(v) => v && setMethod(v as TCommissionSettleMethod)}
            allowDeselect={false}
            error={fieldErrors.method?.[0]}
          />
          <TextInput
            label="Referencia"
            description="Nº de transferencia, recibo…"
            maxLength={COMMISSION_REFERENCE_MAX}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={fieldErrors.reference?.[0]}
          />
          <DialogServerError message={serverError} />
          <DialogActions
            pending={settle.isPending}
            onCancel={onClose}
            submitLabel="Marcar como pagada"
            submitIcon={<IconCheck size={16} aria-hidden />}
          />
        </Stack>
      </form>
    </Modal>
  );
}

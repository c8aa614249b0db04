import { Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { CASH_MSG, CASH_NOTES_MAX, type TCashHolderResponse, type TCashPayment } from '@trayecto/shared';
import { type FormEvent, useRef, useState } from 'react';
import { DialogActions, DialogServerError } from '../../../components/dialog-form';
import { EURO_INPUT } from '../../../components/euro-input';
import { REQUIRED_FIELD, requiredIf } from '../../../components/required-field';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useCreateCashHandover } from '../api/create-cash-handover';
import { differenceText, money, toCents } from './cash-format';

/**
 * «Recibir entrega»: what the office counted for the payments chosen; the difference shows as it is
 * typed, and notes are required when it is not zero.
 */
export function HandoverDialog({
  holder,
  payments,
  expected,
  opened,
  onClose,
  onDone,
}: {
  holder: Pick<TCashHolderResponse, 'user_id' | 'name'>;
  payments: TCashPayment[];
  expected: number;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const create = useCreateCashHandover();
  const [counted, setCounted] = useState<number | string>(Math.max(0, expected) / 100);
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  const notesField = useRef<HTMLTextAreaElement>(null);
  const received = toCents(counted);
  const difference = Number.isFinite(received) ? received - expected : 0;
  const fieldErrors = create.error instanceof ApiError ? create.error.fieldErrors : {};
  const serverError =
    create.error && Object.keys(fieldErrors).length === 0
      ? create.error instanceof ApiError
        ? create.error.message
        : 'No se ha podido guardar. Inténtalo de nuevo.'
      : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!Number.isFinite(received)) return;
    if (difference !== 0 && !notes.trim()) {
      setNotesError(CASH_MSG.notesRequired);
      // The field to fill gets the focus (whoever pressed Enter in «Importe contado» is told where).
      notesField.current?.focus();
      return;
    }
    setNotesError(null);
    create.mutate(
      {
        holder_id: holder.user_id,
        payment_ids: payments.map((p) => p.id),
        received_cents: received,
        notes: notes.trim(),
      },
      {
        onSuccess: (h) => {
          notifySuccess(
            'Entrega recibida',
            `${holder.name}: ${money(h.received_cents)} · ${differenceText(h.difference_cents)}.`,
          );
          onDone();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Recibir entrega" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {holder.name} entrega {payments.length.toLocaleString('es-ES')} {payments.length === 1 ? 'cobro' : 'cobros'}
            : se esperan <strong>{money(expected)}</strong>.
          </Text>
          <NumberInput
            {...EURO_INPUT}
            label="Importe contado"
            {...REQUIRED_FIELD}
            value={counted}
            onChange={setCounted}
            error={
              fieldErrors.received_cents?.[0] ?? (Number.isFinite(received) ? undefined : 'Indica lo que has contado')
            }
            data-autofocus
          />
          <Text size="sm" aria-live="polite" c={difference === 0 ? 'green.8' : 'red.8'} fw={600}>
            Diferencia: {money(difference)} · {differenceText(difference)}
          </Text>
          <Textarea
            ref={notesField}
            label="Notas"
            description={difference === 0 ? 'Opcionales' : 'Obligatorias: explica la diferencia'}
            {...requiredIf(difference !== 0)}
            maxLength={CASH_NOTES_MAX}
            autosize
            minRows={2}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            error={notesError ?? fieldErrors.notes?.[0]}
          />
          <DialogServerError message={serverError ?? fieldErrors.payment_ids?.[0] ?? null} />
          <DialogActions
            pending={create.isPending}
            onCancel={onClose}
            submitLabel="Recibir entrega"
            submitIcon={<IconCheck size={16} aria-hidden />}
          />
        </Stack>
      </form>
    </Modal>
  );
}

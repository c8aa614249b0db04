import { Alert, Button, Group, Input, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCash } from '@tabler/icons-react';
import { formatCents } from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { EURO_INPUT } from '../../../components/euro-input';
import { REQUIRED_FIELD } from '../../../components/required-field';
import type { TCollected, TCollectingPassenger } from '../api/check-in';

export type TCollectValues = { amount: number | ''; method: TCollected['method'] };

/** 45 → 4500; '' → 0 */
const toCents = (v: number | '') => (v === '' ? 0 : Math.round(v * 100));

/** What the crew may collect: something, never above what is pending (the API's rule too). */
export function validateCollect(v: TCollectValues, pendingCents: number): string | null {
  const cents = toCents(v.amount);
  if (cents <= 0) return 'Indica el importe cobrado';
  if (cents > pendingCents) return `No puede superar lo pendiente (${formatCents(pendingCents)})`;
  return null;
}

export const toCollected = (v: TCollectValues): TCollected => ({ amount_cents: toCents(v.amount), method: v.method });

/**
 * "Cobrar" on the crew's phone (issue 32 item 6): the amount (what is pending, to change if the
 * customer pays less) and cash or card; sent with the check-in, so the passenger is boarded too.
 * `onCollect` resolves with an error message to show, or null when it was recorded.
 */
export function CollectModal({
  passenger,
  opened,
  onClose,
  onCollect,
}: {
  passenger: TCollectingPassenger | null;
  opened: boolean;
  onClose: () => void;
  onCollect: (p: TCollectingPassenger, collected: TCollected) => Promise<string | null>;
}) {
  const pending = passenger?.pending_cents ?? 0;
  const [values, setValues] = useState<TCollectValues>({ amount: '', method: 'cash' });
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fresh values each time it opens
  useEffect(() => {
    if (!opened) return;
    setValues({ amount: pending > 0 ? pending / 100 : '', method: 'cash' });
    setError(null);
    setServerError(null);
  }, [opened, passenger?.booking_id]);

  const submit = async () => {
    if (!passenger || busy) return;
    const problem = validateCollect(values, pending);
    setError(problem);
    if (problem) return;
    setBusy(true);
    setServerError(null);
    const refused = await onCollect(passenger, toCollected(values));
    setBusy(false);
    if (refused) setServerError(refused);
    else onClose();
  };

  const amountText = values.amount === '' ? '' : ` ${formatCents(toCents(values.amount))}`;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={passenger ? `Cobrar a ${passenger.customer_name}` : 'Cobrar'}
      size="sm"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Pendiente: <b>{formatCents(pending)}</b> · {passenger?.locator}
            {passenger && !passenger.checked_in_at ? ' · también queda embarcado.' : ''}
          </Text>
          {serverError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverError}
            </Alert>
          ) : null}
          <NumberInput
            label="Importe cobrado"
            {...REQUIRED_FIELD}
            {...EURO_INPUT}
            max={pending / 100}
            size="md"
            inputMode="decimal"
            value={values.amount}
            onChange={(v) => {
              setValues((s) => ({ ...s, amount: v === '' ? '' : Number(v) }));
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Stack gap={4}>
            <Input.Label labelElement="div" id="collect-method-label">
              Forma de pago
            </Input.Label>
            <SegmentedControl
              role="radiogroup"
              aria-labelledby="collect-method-label"
              fullWidth
              size="md"
              data={[
                { value: 'cash', label: 'Efectivo' },
                { value: 'card', label: 'Tarjeta' },
              ]}
              value={values.method}
              onChange={(v) => setValues((s) => ({ ...s, method: v as TCollected['method'] }))}
            />
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" size="md" loading={busy} leftSection={<IconCash size={20} aria-hidden />}>
              Cobrar{amountText}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

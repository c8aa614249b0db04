import { Alert, Input, NumberInput, Radio, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { formatCents, PRODUCT_PAYMENT_MODE_NAMES, type TProductPaymentMode } from '@trayecto/shared';
import { REQUIRED_FIELD, REQUIRED_PICKER } from '../../../../components/required-field';
import { eurosToCents, type TDepositKind, type TProductFormValues } from '../product-form-values';
import { EURO_INPUT, fromPriceCents } from './prices-section';
import { readOnlyProps, type TSectionProps } from './types';

const MODES: { value: TProductPaymentMode; label: string; description: string }[] = [
  {
    value: 'full',
    label: PRODUCT_PAYMENT_MODE_NAMES.full,
    description: 'El cliente paga todo al reservar en la web; la reserva se confirma al recibir el pago.',
  },
  {
    value: 'deposit',
    label: PRODUCT_PAYMENT_MODE_NAMES.deposit,
    description:
      'Al reservar paga una señal; el resto se cobra el día de la excursión o con un enlace de pago que envía la oficina.',
  },
  {
    value: 'on_the_day',
    label: PRODUCT_PAYMENT_MODE_NAMES.on_the_day,
    description: 'No se cobra nada al reservar (como hasta ahora); se puede enviar un enlace de pago si hace falta.',
  },
];

/**
 * What a worked example says the deposit is, for one adult at the product's price: "Con un adulto a
 * 45,00 €: señal 13,50 €, resto 31,50 €". null when there is nothing to compute yet.
 */
export function depositExample(v: TProductFormValues): string | null {
  if (v.payment_mode !== 'deposit') return null;
  const price = fromPriceCents(v.prices);
  if (!price) return null;
  let deposit: number | null = null;
  if (v.deposit_kind === 'percent' && typeof v.deposit_percent === 'number' && v.deposit_percent > 0) {
    deposit = Math.round((price * v.deposit_percent) / 100);
  }
  if (v.deposit_kind === 'per_pax' && typeof v.deposit_per_pax === 'number' && v.deposit_per_pax > 0) {
    const cents = eurosToCents(v.deposit_per_pax);
    deposit = typeof cents === 'number' ? cents : null;
  }
  if (deposit === null) return null;
  deposit = Math.min(deposit, price);
  return `Por ejemplo, una persona a ${formatCents(price)}: paga ${formatCents(deposit)} de señal al reservar y ${formatCents(price - deposit)} después.`;
}

/**
 * "Cobro" (issue 32, ADR 022): pay everything online, a deposit online (a percentage of the total or
 * an amount per passenger) and the rest on the day or by link, or pay on the day only.
 */
export function PaymentSection({ form, readOnly }: TSectionProps) {
  const ro = readOnlyProps(readOnly);
  const values = form.getValues();
  const example = depositExample(values);
  return (
    <Stack gap="md">
      <Radio.Group
        label="Qué paga el cliente al reservar en la web"
        {...REQUIRED_PICKER}
        {...form.getInputProps('payment_mode')}
        onChange={(v) => form.setFieldValue('payment_mode', v as TProductPaymentMode)}
      >
        <Stack gap="sm" mt={8}>
          {MODES.map((m) => (
            <Radio key={m.value} value={m.value} label={m.label} description={m.description} disabled={readOnly} />
          ))}
        </Stack>
      </Radio.Group>

      {values.payment_mode === 'deposit' ? (
        <Stack gap="sm">
          <Stack gap={4}>
            <Input.Label labelElement="div" id="deposit-kind-label">
              Cómo se calcula la señal
            </Input.Label>
            <SegmentedControl
              role="radiogroup"
              aria-labelledby="deposit-kind-label"
              data={[
                { value: 'percent', label: 'Porcentaje' },
                { value: 'per_pax', label: 'Por pasajero' },
              ]}
              value={values.deposit_kind}
              onChange={(v) => form.setFieldValue('deposit_kind', v as TDepositKind)}
              disabled={readOnly}
              fullWidth
              maw={420}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {values.deposit_kind === 'percent' ? (
              <NumberInput
                key="percent"
                label="Señal"
                description="Porcentaje del total de la reserva, de 1 a 99."
                placeholder="30"
                suffix=" %"
                min={1}
                max={99}
                allowDecimal={false}
                allowNegative={false}
                {...REQUIRED_FIELD}
                {...ro}
                {...form.getInputProps('deposit_percent')}
              />
            ) : (
              <NumberInput
                key="per-pax"
                label="Señal por pasajero"
                description="Se multiplica por los pasajeros de la reserva (nunca más que el total)."
                placeholder="10,00 €"
                {...EURO_INPUT}
                {...REQUIRED_FIELD}
                {...ro}
                {...form.getInputProps('deposit_per_pax')}
              />
            )}
          </SimpleGrid>
          {example ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {example}
            </Text>
          ) : null}
        </Stack>
      ) : null}

      {values.payment_mode === 'on_the_day' ? null : (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          Solo se cobra en línea si el tour operador tiene configurado un proveedor de pago (Tour operadores → Pagos en
          línea). Mientras el cliente paga, sus plazas quedan retenidas unos minutos.
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The channel form's "Precio y cobro" section: how the channel earns (a commission, or net rates
 * with a commission on the other products) and who collects from the customer.
 */
import { NumberInput, Radio, Stack, Text } from '@mantine/core';
import type { TChannelCollects } from '@trayecto/shared';
import { DESCRIPTION_BELOW } from '../../../components/description-below';
import { FormSection } from '../../../components/form-section';
import { REQUIRED_FIELD, REQUIRED_PICKER } from '../../../components/required-field';
import type { TChannelProduct } from '../api/list-channel-products';
import { NARROW_INPUT, PCT_INPUT, SegmentedField, type TProductsSectionProps } from './channel-form-parts';
import { newNetRate, type TPricing } from './channel-form-values';
import { COLLECTS_OPTIONS } from './channel-format';
import { NetRatesField } from './channel-net-rates-field';

const PRICING_CHOICES: { value: TPricing; label: string }[] = [
  { value: 'commission', label: 'Comisión' },
  { value: 'net', label: 'Tarifas netas' },
];

export function ChannelPricingSection({
  form,
  values,
  waitingForOperator,
  products,
  loading,
}: TProductsSectionProps & { products: readonly TChannelProduct[] }) {
  return (
    <FormSection title="Precio y cobro" description="Lo que gana el canal por cada venta y quién cobra al cliente.">
      <SegmentedField
        id="channel-pricing-label"
        label="El canal gana"
        data={PRICING_CHOICES}
        value={values.pricing}
        onChange={(v) => {
          form.setFieldValue('pricing', v as TPricing);
          if (v === 'net' && form.getValues().net_rates.length === 0) form.insertListItem('net_rates', newNetRate());
          // The other way of paying's errors go with it.
          form.setErrors(
            Object.fromEntries(
              Object.entries(form.errors).filter(([k]) => !k.startsWith('net_rates') && k !== 'commission_pct'),
            ),
          );
        }}
        help={
          values.pricing === 'commission'
            ? 'Un porcentaje del precio de venta de cada pasajero.'
            : 'Un precio neto fijo por producto y tipo de pasajero: lo que te paga a ti; el resto es suyo.'
        }
        maw={420}
      />
      {values.pricing === 'commission' ? (
        <NumberInput
          label="Comisión (%)"
          description="Lo que se queda el canal del precio de venta, con hasta 2 decimales."
          {...DESCRIPTION_BELOW}
          placeholder="Ej.: 20 %"
          {...REQUIRED_FIELD}
          {...PCT_INPUT}
          {...NARROW_INPUT}
          {...form.getInputProps('commission_pct')}
        />
      ) : (
        <>
          {waitingForOperator ? (
            <Text size="sm" c="dimmed">
              Elige antes el tour operador: sus productos son los de las tarifas.
            </Text>
          ) : (
            <NetRatesField form={form} products={products} loading={loading} />
          )}
          <NumberInput
            label="Comisión en los demás productos (%)"
            description="Para los productos sin tarifa neta. Vacío: ninguna."
            {...DESCRIPTION_BELOW}
            placeholder="Sin comisión"
            {...PCT_INPUT}
            {...NARROW_INPUT}
            {...form.getInputProps('commission_pct')}
          />
        </>
      )}
      <Radio.Group
        label="Quién cobra al cliente"
        {...REQUIRED_PICKER}
        {...form.getInputProps('collects')}
        onChange={(v) => form.setFieldValue('collects', v as TChannelCollects)}
      >
        <Stack gap="sm" mt={8}>
          {COLLECTS_OPTIONS.map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} description={o.help} />
          ))}
        </Stack>
      </Radio.Group>
    </FormSection>
  );
}

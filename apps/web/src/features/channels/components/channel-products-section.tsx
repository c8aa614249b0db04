/**
 * The channel form's "Qué puede vender" section: all the operator's products or a chosen few,
 * and the allotment its bookings may hold on one departure.
 */
import { MultiSelect, NumberInput } from '@mantine/core';
import { CHANNEL_ALLOTMENT_MAX } from '@trayecto/shared';
import { useMemo } from 'react';
import { DESCRIPTION_BELOW } from '../../../components/description-below';
import { FormSection } from '../../../components/form-section';
import { REQUIRED_FIELD } from '../../../components/required-field';
import type { TChannelProduct } from '../api/list-channel-products';
import { NARROW_INPUT, productLabel, SegmentedField, type TProductsSectionProps } from './channel-form-parts';

const PRODUCTS_CHOICES = [
  { value: 'all', label: 'Todos' },
  { value: 'some', label: 'Solo algunos' },
];

export function ChannelProductsSection({
  form,
  values,
  waitingForOperator,
  products,
  loading,
}: TProductsSectionProps & {
  /** The operator's products, once loaded. */
  products: readonly TChannelProduct[] | undefined;
}) {
  const productOptions = useMemo(
    () => (products ?? []).map((p) => ({ value: p.id, label: productLabel(p) })),
    [products],
  );
  return (
    <FormSection title="Qué puede vender">
      <SegmentedField
        id="channel-products-label"
        label="Productos"
        data={PRODUCTS_CHOICES}
        value={values.all_products ? 'all' : 'some'}
        onChange={(v) => {
          form.setFieldValue('all_products', v === 'all');
          form.clearFieldError('product_ids');
        }}
        help={
          values.all_products
            ? 'Todos los productos activos del tour operador, también los que crees más adelante.'
            : 'Solo los productos que elijas.'
        }
        maw={320}
      />
      {values.all_products ? null : (
        <MultiSelect
          label="Productos que puede vender"
          placeholder={
            waitingForOperator
              ? 'Elige antes el tour operador'
              : loading
                ? 'Cargando…'
                : values.product_ids.length
                  ? ''
                  : 'Elige los productos'
          }
          {...REQUIRED_FIELD}
          data={productOptions}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage="Ningún producto coincide"
          disabled={waitingForOperator}
          {...form.getInputProps('product_ids')}
        />
      )}
      <NumberInput
        label="Cupo por salida"
        description="Cuántas plazas de una misma salida pueden ocupar a la vez sus reservas. Vacío: sin límite (las plazas libres de la salida)."
        {...DESCRIPTION_BELOW}
        placeholder="Sin límite"
        allowDecimal={false}
        allowNegative={false}
        min={0}
        max={CHANNEL_ALLOTMENT_MAX}
        thousandSeparator="."
        decimalSeparator=","
        {...NARROW_INPUT}
        {...form.getInputProps('allotment')}
      />
    </FormSection>
  );
}

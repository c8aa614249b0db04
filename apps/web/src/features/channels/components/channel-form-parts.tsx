/**
 * Small pieces shared by the channel form's sections: the form's type, the percent and narrow
 * number inputs, a product's label in the pickers and the labelled segmented control.
 */
import { Input, SegmentedControl, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TChannelProduct } from '../api/list-channel-products';
import type { TChannelFormValues } from './channel-form-values';

export type TChannelForm = UseFormReturnType<TChannelFormValues>;

/** What each section that offers the operator's products is given besides them. */
export type TProductsSectionProps = {
  form: TChannelForm;
  values: TChannelFormValues;
  /** An admin has not chosen the tour operator yet: its products are not known. */
  waitingForOperator: boolean;
  loading: boolean;
};

/** A short number input whose help text keeps the whole width under it. */
export const NARROW_INPUT = { styles: { wrapper: { maxWidth: 260 } } } as const;

export const PCT_INPUT = {
  min: 0,
  max: 100,
  decimalScale: 2,
  decimalSeparator: ',',
  allowNegative: false,
  suffix: ' %',
} as const;

/** "Subida al Teide (TEI-01)", and "(borrador)" / "(inactivo)" when it is not on sale. */
export function productLabel(p: TChannelProduct): string {
  const state = p.state === 'draft' ? ' · borrador' : p.state === 'inactive' ? ' · inactivo' : '';
  return `${p.name} (${p.code})${state}`;
}

/** A choice drawn as a segmented control, named by its label (the payment settings' pattern). */
export function SegmentedField({
  id,
  label,
  data,
  value,
  onChange,
  help,
  maw,
}: {
  id: string;
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  help?: string;
  maw?: number;
}) {
  return (
    <Stack gap={4}>
      <Input.Label labelElement="div" id={id}>
        {label}
      </Input.Label>
      <SegmentedControl
        data={data}
        role="radiogroup"
        aria-labelledby={id}
        fullWidth
        maw={maw}
        value={value}
        onChange={onChange}
      />
      {help ? (
        <Text size="xs" c="dimmed">
          {help}
        </Text>
      ) : null}
    </Stack>
  );
}

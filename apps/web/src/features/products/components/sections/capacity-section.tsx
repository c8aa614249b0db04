import { NumberInput, SimpleGrid, Switch, Textarea } from '@mantine/core';
import { PRODUCT_BOOKING_TERMS_MAX } from '@trayecto/shared';
import { requiredIf } from '../../../../components/required-field';
import { readOnlyProps, type TSectionProps } from './types';

/**
 * Plazas por salida, mínimo de pasajeros, cierre de venta, cancelación gratuita, confirmación
 * inmediata, and the product's own booking terms (the tour operator's, shown as the placeholder,
 * apply while they are empty).
 */
export function CapacitySection({ form, readOnly, operatorTerms }: TSectionProps & { operatorTerms?: string }) {
  const ro = readOnlyProps(readOnly);
  const intProps = { allowDecimal: false, allowNegative: false, ...ro } as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <NumberInput
        label="Plazas por salida"
        description="Cuántas personas caben en cada salida (se puede cambiar salida a salida)."
        placeholder="Ej.: 50"
        {...requiredIf(!readOnly)}
        min={1}
        max={10_000}
        {...intProps}
        {...form.getInputProps('capacity')}
      />
      <NumberInput
        label="Mínimo de pasajeros"
        description="Por debajo de este número la salida puede cancelarse."
        placeholder="1"
        min={1}
        max={10_000}
        {...intProps}
        {...form.getInputProps('min_pax')}
      />
      <NumberInput
        label="Cierre de venta"
        description="Horas antes de la salida en que se dejan de aceptar reservas."
        placeholder="0"
        suffix=" h antes"
        min={0}
        max={720}
        {...intProps}
        {...form.getInputProps('booking_cutoff_hours')}
      />
      <NumberInput
        label="Cancelación gratuita"
        description="Hasta cuántas horas antes el cliente puede cancelar sin coste."
        placeholder="24"
        suffix=" h antes"
        min={0}
        max={720}
        {...intProps}
        {...form.getInputProps('free_cancellation_hours')}
      />
      <Switch
        label="Confirmación inmediata"
        description="Las reservas de la web quedan confirmadas al momento; si no, quedan pendientes de revisión."
        disabled={readOnly}
        style={{ gridColumn: '1 / -1' }}
        {...form.getInputProps('instant_confirmation', { type: 'checkbox' })}
      />
      <Textarea
        label="Condiciones de la reserva"
        description={
          readOnly && !form.getValues().booking_terms
            ? 'Se aplican las condiciones del tour operador.'
            : 'Si lo dejas vacío se aplican las condiciones del tour operador. Los clientes las aceptan al reservar y las ven en su bono.'
        }
        placeholder={operatorTerms || 'Las condiciones del tour operador'}
        autosize
        minRows={4}
        maxRows={14}
        maxLength={PRODUCT_BOOKING_TERMS_MAX}
        style={{ gridColumn: '1 / -1' }}
        {...ro}
        {...form.getInputProps('booking_terms')}
      />
    </SimpleGrid>
  );
}

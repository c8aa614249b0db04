import { Avatar, ColorInput, NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import type { TTourOperatorResponse } from '@trayecto/shared';
import { useMemo } from 'react';
import { FormDrawer, readOnlyProps, useRecordForm } from '../../../components/form-drawer';
import { FormSection } from '../../../components/form-section';
import { requiredIf } from '../../../components/required-field';
import { useCreateTourOperator } from '../api/create-tour-operator';
import { useTourOperator } from '../api/get-tour-operator';
import { useUpdateTourOperator } from '../api/update-tour-operator';
import {
  CURRENCY_OPTIONS,
  initialTourOperatorValues,
  timezoneOptions,
  toTourOperatorPayload,
  validateTourOperatorForm,
} from './tour-operator-form-values';

const BRAND_SWATCHES = ['#0b7285', '#1864ab', '#2b8a3e', '#e67700', '#c92a2a', '#862e9c', '#212529', '#f59f00'];

const FORM_FIELDS = Object.keys(initialTourOperatorValues(null));

type Props = {
  opened: boolean;
  /** null: a new tour operator */
  operator: TTourOperatorResponse | null;
  readOnly: boolean;
  onClose: () => void;
};

/** Create / edit / view a tour operator in a side drawer, fields grouped in titled sections. */
export function TourOperatorFormDrawer({ opened, operator, readOnly, onClose }: Props) {
  const mode = operator ? 'edit' : 'create';
  // The list row may be older than the record: the drawer reads it again.
  const fresh = useTourOperator(opened && operator ? operator.id : null);
  const zones = useMemo(() => timezoneOptions(), []);
  const { form, formProps } = useRecordForm({
    opened,
    record: operator,
    version: fresh.dataUpdatedAt,
    readOnly,
    initialValues: () => initialTourOperatorValues(fresh.data ?? operator),
    validate: (values) => validateTourOperatorForm(values, mode),
    fields: FORM_FIELDS,
    save: {
      create: useCreateTourOperator(),
      update: useUpdateTourOperator(),
      createPayload: toTourOperatorPayload,
      updatePayload: toTourOperatorPayload,
      notice: (saved, values) => [operator ? 'Cambios guardados' : 'Tour operador creado', saved.name ?? values.name],
    },
    onClose,
  });

  const values = form.getValues();
  const ro = readOnlyProps(readOnly);

  return (
    <FormDrawer
      {...formProps}
      title={readOnly ? 'Datos del tour operador' : operator ? 'Editar tour operador' : 'Nuevo tour operador'}
      readOnlyNotice="Tu rol permite consultar estos datos, no modificarlos."
      loading={Boolean(operator) && fresh.isLoading}
    >
      <FormSection title="Datos fiscales">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Nombre comercial"
            placeholder="Ej.: Teide Aventura"
            {...requiredIf(!readOnly)}
            maxLength={150}
            data-autofocus
            {...ro}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Razón social"
            placeholder="Ej.: Teide Aventura S.L."
            maxLength={200}
            {...ro}
            {...form.getInputProps('legal_name')}
          />
          <TextInput
            label="CIF/NIF"
            placeholder="Ej.: B38123456"
            maxLength={30}
            {...ro}
            {...form.getInputProps('tax_id')}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Contacto" description="Aparece en los bonos y en las páginas públicas.">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Email"
            type="email"
            placeholder="reservas@tuempresa.com"
            {...ro}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Teléfono"
            type="tel"
            placeholder="+34 922 000 000"
            maxLength={40}
            {...ro}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label="Dirección"
            placeholder="Calle, número, localidad"
            maxLength={255}
            {...ro}
            {...form.getInputProps('address')}
          />
          <TextInput
            label="Sitio web"
            type="url"
            placeholder="https://www.tuempresa.com"
            maxLength={255}
            {...ro}
            {...form.getInputProps('website')}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Marca" description="El color y el logo de las páginas públicas y los bonos.">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ColorInput
            label="Color de marca"
            placeholder="#0B7285"
            format="hex"
            swatches={BRAND_SWATCHES}
            swatchesPerRow={8}
            withEyeDropper={false}
            {...ro}
            {...form.getInputProps('brand_color')}
          />
          <TextInput
            label="Logo (URL)"
            type="url"
            placeholder="https://www.tuempresa.com/logo.png"
            maxLength={255}
            rightSection={
              values.logo_url ? (
                <Avatar src={values.logo_url} size={24} radius="sm" alt="" />
              ) : (
                <IconBuildingStore size={16} aria-hidden />
              )
            }
            {...ro}
            {...form.getInputProps('logo_url')}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Configuración">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Zona horaria"
            description="Decide qué es «hoy» en reservas y hojas de servicio."
            data={zones}
            searchable
            allowDeselect={false}
            nothingFoundMessage="Ninguna zona coincide"
            {...ro}
            {...form.getInputProps('timezone')}
          />
          <Select
            label="Moneda"
            description="De los precios y los cobros."
            data={CURRENCY_OPTIONS}
            allowDeselect={false}
            {...ro}
            {...form.getInputProps('currency')}
          />
          <NumberInput
            label="Comisión por defecto (%)"
            description="La que se propone a cada vendedor nuevo."
            min={0}
            max={100}
            decimalScale={2}
            decimalSeparator=","
            suffix=" %"
            {...ro}
            {...form.getInputProps('default_commission_pct')}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Condiciones" description="Las condiciones de reserva que el cliente acepta al reservar.">
        <Textarea
          label="Condiciones de reserva"
          placeholder="Cancelación gratuita hasta 24 horas antes de la salida…"
          autosize
          minRows={5}
          maxRows={14}
          {...ro}
          {...form.getInputProps('booking_terms')}
        />
      </FormSection>
    </FormDrawer>
  );
}

import { ActionIcon, Box, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCalendarOff, IconTrash } from '@tabler/icons-react';
import type { TVehicleResponse } from '@trayecto/shared';
import { AddItemButton } from '../../../components/add-item-button';
import { DayField } from '../../../components/day-field';
import { DESCRIPTION_BELOW } from '../../../components/description-below';
import { FormDrawer, readOnlyProps, useRecordForm } from '../../../components/form-drawer';
import { FormSection, NotesSection } from '../../../components/form-section';
import { ChoiceSelect } from '../../../components/record-fields';
import { requiredIf, requiredPickerIf } from '../../../components/required-field';
import { TourOperatorSection } from '../../../components/tour-operator-section';
import type { TTourOperatorOption } from '../../../lib/tour-operator-options';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useCreateVehicle } from '../api/create-vehicle';
import { useUpdateVehicle } from '../api/update-vehicle';
import {
  initialVehicleFormValues,
  newPeriod,
  type TVehicleFormContext,
  type TVehicleFormValues,
  toVehiclePayload,
  VEHICLE_FORM_FIELDS,
  VEHICLE_STATE_OPTIONS,
  VEHICLE_TYPE_OPTIONS,
  validateVehicleForm,
} from './vehicle-form-values';

type Props = {
  opened: boolean;
  /** null: a new vehicle */
  vehicle: TVehicleResponse | null;
  readOnly: boolean;
  ctx: TVehicleFormContext;
  operators: readonly TTourOperatorOption[];
  onClose: () => void;
};

/** Create / edit / view a vehicle in a side drawer: data, state, unavailable periods and notes. */
export function VehicleFormDrawer({ opened, vehicle, readOnly, ctx, operators, onClose }: Props) {
  const isPhone = useIsPhone();
  const mode = vehicle ? 'edit' : 'create';
  const toPayload = (values: TVehicleFormValues) => toVehiclePayload(values, ctx, mode);
  const { form, formProps } = useRecordForm({
    opened,
    record: vehicle,
    readOnly,
    initialValues: () => initialVehicleFormValues(vehicle),
    validate: (values) => validateVehicleForm(values, mode, ctx),
    fields: VEHICLE_FORM_FIELDS,
    // PLATE_TAKEN: the plate is already in the fleet, even when the answer names no field.
    adjustErrors: (error, { fields }) => {
      if (error.code === 'PLATE_TAKEN' && !fields.plate) fields.plate = error.message;
    },
    save: {
      create: useCreateVehicle(),
      update: useUpdateVehicle(),
      createPayload: toPayload,
      updatePayload: toPayload,
      notice: (saved) => [vehicle ? 'Cambios guardados' : 'Vehículo creado', saved.plate],
    },
    onClose,
  });

  const values = form.getValues();
  const ro = readOnlyProps(readOnly);

  return (
    <FormDrawer
      {...formProps}
      title={readOnly ? 'Datos del vehículo' : vehicle ? 'Editar vehículo' : 'Nuevo vehículo'}
      subtitle={vehicle?.plate}
      readOnlyNotice="Tu rol permite consultar los vehículos, no modificarlos."
    >
      {ctx.isAdmin ? (
        <TourOperatorSection
          description="La flota de qué tour operador incluye este vehículo."
          choose={mode === 'create' && !readOnly}
          operators={operators}
          currentId={vehicle?.tour_operator_id}
          inputProps={form.getInputProps('tour_operator_id')}
        />
      ) : null}

      <FormSection title="Datos del vehículo">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Matrícula"
            placeholder="Ej.: 1234 LMN"
            description={readOnly ? undefined : 'Se guarda en mayúsculas y sin espacios.'}
            {...DESCRIPTION_BELOW}
            {...requiredIf(!readOnly)}
            maxLength={20}
            autoComplete="off"
            data-autofocus
            {...ro}
            {...form.getInputProps('plate')}
          />
          <ChoiceSelect
            label="Tipo"
            placeholder="Elige un tipo"
            required
            data={VEHICLE_TYPE_OPTIONS}
            readOnly={readOnly}
            inputProps={form.getInputProps('type')}
          />
          <TextInput
            label="Nombre"
            placeholder="Ej.: Bus 2 · Teide"
            description={readOnly ? undefined : 'Cómo lo llama el equipo en las hojas de servicio.'}
            {...DESCRIPTION_BELOW}
            maxLength={100}
            autoComplete="off"
            {...ro}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Modelo"
            placeholder="Ej.: Mercedes-Benz Tourismo"
            maxLength={100}
            autoComplete="off"
            {...ro}
            {...form.getInputProps('model')}
          />
          <NumberInput
            label="Plazas"
            placeholder="Ej.: 55"
            description={readOnly ? undefined : 'Asientos para pasajeros, sin contar al conductor.'}
            {...DESCRIPTION_BELOW}
            {...requiredIf(!readOnly)}
            min={1}
            max={200}
            allowDecimal={false}
            allowNegative={false}
            {...ro}
            {...form.getInputProps('seats')}
          />
          <TextInput
            label="Nº autorización de transporte"
            placeholder="Ej.: VD-123456"
            description={readOnly ? undefined : 'Aparece en la hoja de ruta impresa.'}
            {...DESCRIPTION_BELOW}
            maxLength={60}
            autoComplete="off"
            {...ro}
            {...form.getInputProps('transport_authorization')}
          />
          <ChoiceSelect
            required
            data={VEHICLE_STATE_OPTIONS}
            hint="«En taller» e «Inactivo» no se ofrecen en las hojas de servicio."
            readOnly={readOnly}
            inputProps={form.getInputProps('state')}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection
        title="Periodos no disponibles"
        description="Taller, ITV, alquiler… En esas fechas (ambas incluidas) no se podrá asignar a una salida."
      >
        <Stack gap="sm">
          {values.unavailable_periods.length === 0 ? (
            <Group gap={8} c="dimmed">
              <IconCalendarOff size={18} aria-hidden />
              <Text size="sm">Sin periodos: disponible todos los días.</Text>
            </Group>
          ) : null}
          {values.unavailable_periods.map((p, i) => (
            <Paper key={p.key} withBorder radius="md" p="sm" bg="gray.0">
              <Group align="flex-start" gap="sm" wrap={isPhone ? 'wrap' : 'nowrap'}>
                <DayField
                  label="Desde"
                  {...requiredPickerIf(!readOnly)}
                  style={{ flex: '1 1 170px' }}
                  readOnly={readOnly}
                  inputProps={form.getInputProps(`unavailable_periods.${i}.from`)}
                />
                <DayField
                  label="Hasta"
                  {...requiredPickerIf(!readOnly)}
                  minDate={p.from ?? undefined}
                  defaultDate={p.from ?? undefined}
                  style={{ flex: '1 1 170px' }}
                  readOnly={readOnly}
                  inputProps={form.getInputProps(`unavailable_periods.${i}.to`)}
                />
                <TextInput
                  label="Motivo"
                  placeholder="Ej.: ITV"
                  maxLength={200}
                  style={{ flex: '2 1 180px' }}
                  {...ro}
                  {...form.getInputProps(`unavailable_periods.${i}.reason`)}
                />
                {readOnly ? null : (
                  <Box pt={isPhone ? 0 : 25}>
                    <Tooltip label="Quitar periodo">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Quitar periodo ${i + 1}`}
                        onClick={() => form.removeListItem('unavailable_periods', i)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Box>
                )}
              </Group>
            </Paper>
          ))}
          {readOnly ? null : (
            <AddItemButton
              label="Añadir periodo"
              onClick={() => form.insertListItem('unavailable_periods', newPeriod())}
            />
          )}
        </Stack>
      </FormSection>

      <NotesSection
        placeholder="Ej.: rampa para sillas de ruedas; revisión de neumáticos en marzo"
        readOnly={readOnly}
        inputProps={form.getInputProps('notes')}
      />
    </FormDrawer>
  );
}

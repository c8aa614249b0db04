import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Drawer,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCalendarOff, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import type { TVehicleResponse } from '@trayecto/shared';
import { useLayoutEffect, useState } from 'react';
import { DESCRIPTION_BELOW } from '../../../components/description-below';
import { FormSection } from '../../../components/form-section';
import { REQUIRED_FIELD, requiredIf } from '../../../components/required-field';
import { confirmDiscard, useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import type { ApiError } from '../../../lib/api-client';
import { dayValueFormatter } from '../../../lib/dates';
import { firstErrorPath, mapServerErrors } from '../../../lib/form-errors';
import { FORM_INVALID_NOTICE, notifyError, notifySuccess } from '../../../lib/notify';
import type { TTourOperatorOption } from '../../../lib/tour-operator-options';
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
  const isPhone = useMediaQuery('(max-width: 48em)');
  const mode = vehicle ? 'edit' : 'create';
  const [serverError, setServerError] = useState<string | null>(null);
  const createMutation = useCreateVehicle();
  const updateMutation = useUpdateVehicle();

  const form = useForm<TVehicleFormValues>({
    mode: 'controlled',
    initialValues: initialVehicleFormValues(vehicle),
    validate: (values) => validateVehicleForm(values, mode, ctx),
    validateInputOnBlur: true,
  });

  // A fresh form each time the drawer opens (before it paints, so no early click is undone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the target changes
  useLayoutEffect(() => {
    if (!opened) return;
    const initial = initialVehicleFormValues(vehicle);
    form.setInitialValues(initial);
    form.setValues(initial);
    form.resetDirty(initial);
    form.clearErrors();
    setServerError(null);
  }, [opened, vehicle?.id, vehicle?.updated_at]);

  useUnsavedChangesGuard(opened && !readOnly && form.isDirty());

  const requestClose = () => {
    if (!readOnly && form.isDirty()) confirmDiscard(onClose);
    else onClose();
  };

  const saving = createMutation.isPending || updateMutation.isPending;

  const handleError = (error: ApiError) => {
    if (error.status === 401) return; // the client already sends the user to /login
    const { fields, rest } = mapServerErrors(error.fieldErrors, VEHICLE_FORM_FIELDS);
    // 409: the plate is already in the fleet, even when the answer names no field.
    if (error.status === 409 && Object.keys(fields).length === 0 && rest.length === 0) fields.plate = error.message;
    form.setErrors(fields);
    const hasFields = Object.keys(fields).length > 0;
    setServerError(rest.length ? rest.join(' ') : hasFields ? null : error.message);
    notifyError('No se ha guardado', hasFields ? 'Revisa los campos marcados.' : error.message);
    const first = firstErrorPath(fields, VEHICLE_FORM_FIELDS);
    if (first) form.getInputNode(first as never)?.focus();
  };

  const submit = form.onSubmit(
    (values) => {
      setServerError(null);
      const payload = toVehiclePayload(values, ctx, mode);
      const onSuccess = (saved: TVehicleResponse) => {
        notifySuccess(vehicle ? 'Cambios guardados' : 'Vehículo creado', `${saved.plate ?? payload.plate}`);
        form.resetDirty();
        onClose();
      };
      if (vehicle) updateMutation.mutate({ id: vehicle.id, payload }, { onSuccess, onError: handleError });
      else createMutation.mutate(payload, { onSuccess, onError: handleError });
    },
    (errors) => {
      // Take keyboard and screen-reader users to the first field to fix.
      const first = firstErrorPath(errors, VEHICLE_FORM_FIELDS);
      if (first) form.getInputNode(first as never)?.focus();
      notifyError('Revisa el formulario', 'Hay campos con errores.', FORM_INVALID_NOTICE);
    },
  );

  const values = form.getValues();
  const title = readOnly ? 'Datos del vehículo' : vehicle ? 'Editar vehículo' : 'Nuevo vehículo';
  const ro = readOnly ? { readOnly: true, placeholder: '' } : {};
  const operatorName = operators.find((o) => o.value === vehicle?.tour_operator_id)?.label ?? '';

  return (
    <Drawer
      opened={opened}
      onClose={requestClose}
      position="right"
      size={isPhone ? '100%' : 720}
      title={
        <Text fw={700} size="lg" component="span">
          {title}
          {vehicle ? (
            <Text component="span" c="dimmed" fw={500} ml={8}>
              {vehicle.plate}
            </Text>
          ) : null}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      padding={0}
      styles={{
        header: { paddingInline: 'var(--mantine-spacing-lg)', borderBottom: '1px solid var(--mantine-color-gray-3)' },
        // A field focused after a failed save is not hidden under the sticky header or footer.
        content: { scrollPaddingTop: 80, scrollPaddingBottom: 90 },
      }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="xl" px="lg" py="lg">
          {serverError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No se ha podido guardar">
              {serverError}
            </Alert>
          ) : null}
          {readOnly ? (
            <Alert color="gray" variant="light">
              Tu rol permite consultar los vehículos, no modificarlos.
            </Alert>
          ) : null}

          {ctx.isAdmin ? (
            <FormSection title="Tour operador" description="La flota de qué tour operador incluye este vehículo.">
              {mode === 'create' && !readOnly ? (
                <Select
                  label="Tour operador"
                  placeholder="Elige un tour operador"
                  {...REQUIRED_FIELD}
                  data={operators as TTourOperatorOption[]}
                  searchable
                  nothingFoundMessage="Ningún tour operador coincide"
                  {...form.getInputProps('tour_operator_id')}
                />
              ) : (
                <TextInput label="Tour operador" readOnly value={operatorName} />
              )}
            </FormSection>
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
              <Select
                label="Tipo"
                placeholder="Elige un tipo"
                {...requiredIf(!readOnly)}
                data={VEHICLE_TYPE_OPTIONS}
                allowDeselect={false}
                {...ro}
                {...form.getInputProps('type')}
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
              <Select
                label="Estado"
                {...requiredIf(!readOnly)}
                data={VEHICLE_STATE_OPTIONS}
                allowDeselect={false}
                description={readOnly ? undefined : '«En taller» e «Inactivo» no se ofrecen en las hojas de servicio.'}
                {...DESCRIPTION_BELOW}
                {...ro}
                {...form.getInputProps('state')}
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
                    <DatePickerInput
                      label="Desde"
                      placeholder="Elige el día"
                      {...requiredIf(!readOnly)}
                      valueFormatter={dayValueFormatter}
                      popoverProps={{ withinPortal: true, zIndex: 400 }}
                      style={{ flex: '1 1 170px' }}
                      {...ro}
                      {...form.getInputProps(`unavailable_periods.${i}.from`)}
                    />
                    <DatePickerInput
                      label="Hasta"
                      placeholder="Elige el día"
                      {...requiredIf(!readOnly)}
                      valueFormatter={dayValueFormatter}
                      minDate={p.from ?? undefined}
                      defaultDate={p.from ?? undefined}
                      popoverProps={{ withinPortal: true, zIndex: 400 }}
                      style={{ flex: '1 1 170px' }}
                      {...ro}
                      {...form.getInputProps(`unavailable_periods.${i}.to`)}
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
                <Group>
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    onClick={() => form.insertListItem('unavailable_periods', newPeriod())}
                  >
                    Añadir periodo
                  </Button>
                </Group>
              )}
            </Stack>
          </FormSection>

          <FormSection title="Notas">
            <Textarea
              label="Notas internas"
              placeholder="Ej.: rampa para sillas de ruedas; revisión de neumáticos en marzo"
              autosize
              minRows={3}
              maxRows={10}
              maxLength={2000}
              {...ro}
              {...form.getInputProps('notes')}
            />
          </FormSection>
        </Stack>
        <Group
          justify="flex-end"
          gap="sm"
          px="lg"
          py="md"
          pos="sticky"
          bottom={0}
          bg="white"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 6 }}
        >
          <Button variant="default" onClick={requestClose} disabled={saving}>
            {readOnly ? 'Cerrar' : 'Cancelar'}
          </Button>
          {readOnly ? null : (
            <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
              Guardar
            </Button>
          )}
        </Group>
      </form>
    </Drawer>
  );
}

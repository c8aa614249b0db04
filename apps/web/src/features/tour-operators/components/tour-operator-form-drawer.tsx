import {
  Alert,
  Avatar,
  Box,
  Button,
  ColorInput,
  Drawer,
  Group,
  LoadingOverlay,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconBuildingStore, IconDeviceFloppy } from '@tabler/icons-react';
import type { TTourOperatorResponse } from '@trayecto/shared';
import { useEffect, useMemo, useState } from 'react';
import { FormSection } from '../../../components/form-section';
import { requiredIf } from '../../../components/required-field';
import { confirmDiscard, useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import type { ApiError } from '../../../lib/api-client';
import { FORM_INVALID_NOTICE, notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateTourOperator } from '../api/create-tour-operator';
import { useTourOperator } from '../api/get-tour-operator';
import { useUpdateTourOperator } from '../api/update-tour-operator';
import {
  CURRENCY_OPTIONS,
  initialTourOperatorValues,
  type TTourOperatorFormValues,
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
  const isPhone = useMediaQuery('(max-width: 48em)');
  const mode = operator ? 'edit' : 'create';
  const [serverError, setServerError] = useState<string | null>(null);
  const fresh = useTourOperator(opened && operator ? operator.id : null);
  const record = fresh.data ?? operator;
  const createMutation = useCreateTourOperator();
  const updateMutation = useUpdateTourOperator();
  const zones = useMemo(() => timezoneOptions(), []);

  const form = useForm<TTourOperatorFormValues>({
    mode: 'controlled',
    initialValues: initialTourOperatorValues(operator),
    validate: (values) => validateTourOperatorForm(values, mode),
    validateInputOnBlur: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the target or its fresh copy changes
  useEffect(() => {
    if (!opened) return;
    if (form.isDirty()) return; // never overwrite what the user is typing
    const initial = initialTourOperatorValues(record);
    form.setInitialValues(initial);
    form.setValues(initial);
    form.resetDirty(initial);
    form.clearErrors();
    setServerError(null);
  }, [opened, operator?.id, fresh.dataUpdatedAt]);

  useUnsavedChangesGuard(opened && !readOnly && form.isDirty());

  const requestClose = () => {
    if (!readOnly && form.isDirty()) confirmDiscard(onClose);
    else onClose();
  };

  const saving = createMutation.isPending || updateMutation.isPending;

  const handleError = (error: ApiError) => {
    if (error.status === 401) return;
    const fields: Record<string, string> = {};
    const rest: string[] = [];
    for (const [k, msgs] of Object.entries(error.fieldErrors)) {
      if (!msgs[0]) continue;
      if (FORM_FIELDS.includes(k)) fields[k] = msgs[0];
      else rest.push(msgs[0]);
    }
    form.setErrors(fields);
    const hasFields = Object.keys(fields).length > 0;
    setServerError(rest.length ? rest.join(' ') : hasFields ? null : error.message);
    notifyError('No se ha guardado', hasFields ? 'Revisa los campos marcados.' : error.message);
  };

  const submit = form.onSubmit(
    (values) => {
      setServerError(null);
      const payload = toTourOperatorPayload(values);
      const onSuccess = (saved: TTourOperatorResponse) => {
        notifySuccess(operator ? 'Cambios guardados' : 'Tour operador creado', saved.name ?? values.name);
        form.resetDirty();
        onClose();
      };
      if (operator) updateMutation.mutate({ id: operator.id, payload }, { onSuccess, onError: handleError });
      else createMutation.mutate(payload, { onSuccess, onError: handleError });
    },
    (errors) => {
      // Take keyboard and screen-reader users to the first field to fix.
      const first = Object.keys(errors)[0];
      if (first) form.getInputNode(first as never)?.focus();
      notifyError('Revisa el formulario', 'Hay campos con errores.', FORM_INVALID_NOTICE);
    },
  );

  const values = form.getValues();
  const title = readOnly ? 'Datos del tour operador' : operator ? 'Editar tour operador' : 'Nuevo tour operador';
  // Read-only: no placeholders pretending there is something to type.
  const ro = readOnly ? { readOnly: true, placeholder: '' } : {};

  return (
    <Drawer
      opened={opened}
      onClose={requestClose}
      position="right"
      size={isPhone ? '100%' : 720}
      title={
        <Text fw={700} size="lg" component="span">
          {title}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      padding={0}
      styles={{
        header: { paddingInline: 'var(--mantine-spacing-lg)', borderBottom: '1px solid var(--mantine-color-gray-3)' },
      }}
    >
      <form onSubmit={submit} noValidate>
        <Box pos="relative" px="lg" py="lg">
          <LoadingOverlay visible={Boolean(operator) && fresh.isLoading} zIndex={5} overlayProps={{ blur: 1 }} />
          <Stack gap="xl">
            {serverError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No se ha podido guardar">
                {serverError}
              </Alert>
            ) : null}
            {readOnly ? (
              <Alert color="gray" variant="light">
                Tu rol permite consultar estos datos, no modificarlos.
              </Alert>
            ) : null}

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

            <FormSection
              title="Condiciones"
              description="Las condiciones de reserva que el cliente acepta al reservar."
            >
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
          </Stack>
        </Box>
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

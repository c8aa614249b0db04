import {
  Alert,
  Button,
  Drawer,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import type { TPersonResponse } from '@trayecto/shared';
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
import { useCreatePerson } from '../api/create-person';
import { useUpdatePerson } from '../api/update-person';
import { expiryDetail, expiryLabel, expiryOf } from './expiry';
import {
  initialPersonFormValues,
  LANGUAGE_OPTIONS,
  PERSON_FORM_FIELDS,
  PERSON_ROLE_OPTIONS,
  PERSON_STATE_OPTIONS,
  type TPersonFormContext,
  type TPersonFormValues,
  toPersonPayload,
  validatePersonForm,
} from './person-form-values';

type Props = {
  opened: boolean;
  /** null: a new person */
  person: TPersonResponse | null;
  readOnly: boolean;
  ctx: TPersonFormContext;
  operators: readonly TTourOperatorOption[];
  onClose: () => void;
};

/** Under a date input: the expiry warning in words ("Caduca en 12 días · Caduca el …"). */
function expiryHint(date: string | null): string | undefined {
  const e = expiryOf(date);
  if (e.kind === 'none') return undefined;
  const label = expiryLabel(e);
  return label ? `${label} · ${expiryDetail(e)}` : expiryDetail(e);
}

/** Create / edit / view a person (guide, driver, assistant) in a side drawer. */
export function PersonFormDrawer({ opened, person, readOnly, ctx, operators, onClose }: Props) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const mode = person ? 'edit' : 'create';
  const [serverError, setServerError] = useState<string | null>(null);
  const createMutation = useCreatePerson();
  const updateMutation = useUpdatePerson();

  const form = useForm<TPersonFormValues>({
    mode: 'controlled',
    initialValues: initialPersonFormValues(person),
    validate: (values) => validatePersonForm(values, mode, ctx),
    validateInputOnBlur: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the target changes
  useLayoutEffect(() => {
    if (!opened) return;
    const initial = initialPersonFormValues(person);
    form.setInitialValues(initial);
    form.setValues(initial);
    form.resetDirty(initial);
    form.clearErrors();
    setServerError(null);
  }, [opened, person?.id, person?.updated_at]);

  useUnsavedChangesGuard(opened && !readOnly && form.isDirty());

  const requestClose = () => {
    if (!readOnly && form.isDirty()) confirmDiscard(onClose);
    else onClose();
  };

  const saving = createMutation.isPending || updateMutation.isPending;

  const handleError = (error: ApiError) => {
    if (error.status === 401) return;
    const { fields, rest } = mapServerErrors(error.fieldErrors, PERSON_FORM_FIELDS, { fullName: 'full_name' });
    form.setErrors(fields);
    const hasFields = Object.keys(fields).length > 0;
    setServerError(rest.length ? rest.join(' ') : hasFields ? null : error.message);
    notifyError('No se ha guardado', hasFields ? 'Revisa los campos marcados.' : error.message);
    const first = firstErrorPath(fields, PERSON_FORM_FIELDS);
    if (first) form.getInputNode(first as never)?.focus();
  };

  const submit = form.onSubmit(
    (values) => {
      setServerError(null);
      const payload = toPersonPayload(values, ctx, mode);
      const onSuccess = (saved: TPersonResponse) => {
        notifySuccess(person ? 'Cambios guardados' : 'Persona creada', saved.full_name ?? payload.full_name);
        form.resetDirty();
        onClose();
      };
      if (person) updateMutation.mutate({ id: person.id, payload }, { onSuccess, onError: handleError });
      else createMutation.mutate(payload, { onSuccess, onError: handleError });
    },
    (errors) => {
      const first = firstErrorPath(errors, PERSON_FORM_FIELDS);
      if (first) form.getInputNode(first as never)?.focus();
      notifyError('Revisa el formulario', 'Hay campos con errores.', FORM_INVALID_NOTICE);
    },
  );

  const values = form.getValues();
  const title = readOnly ? 'Datos de la persona' : person ? 'Editar persona' : 'Nueva persona';
  const ro = readOnly ? { readOnly: true, placeholder: '' } : {};
  const operatorName = operators.find((o) => o.value === person?.tour_operator_id)?.label ?? '';

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
              Tu rol permite consultar las personas, no modificarlas.
            </Alert>
          ) : null}

          {ctx.isAdmin ? (
            <FormSection title="Tour operador" description="El equipo de qué tour operador incluye a esta persona.">
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

          <FormSection title="Datos personales">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Nombre completo"
                placeholder="Ej.: Nerea Santos Ramos"
                style={{ gridColumn: '1 / -1' }}
                {...requiredIf(!readOnly)}
                maxLength={150}
                autoComplete="off"
                data-autofocus
                {...ro}
                {...form.getInputProps('full_name')}
              />
              <Select
                label="Función"
                placeholder="Elige una función"
                {...requiredIf(!readOnly)}
                data={PERSON_ROLE_OPTIONS}
                allowDeselect={false}
                {...ro}
                {...form.getInputProps('role')}
              />
              <Select
                label="Estado"
                data={PERSON_STATE_OPTIONS}
                allowDeselect={false}
                description={readOnly ? undefined : 'Las personas inactivas no se ofrecen en las hojas de servicio.'}
                {...DESCRIPTION_BELOW}
                {...ro}
                {...form.getInputProps('state')}
              />
              <TextInput
                label="Teléfono"
                type="tel"
                placeholder="+34 600 000 000"
                maxLength={40}
                autoComplete="off"
                {...ro}
                {...form.getInputProps('phone')}
              />
              <TextInput
                label="Email"
                type="email"
                placeholder="nombre@correo.com"
                maxLength={254}
                autoComplete="off"
                {...ro}
                {...form.getInputProps('email')}
              />
              <MultiSelect
                label="Idiomas"
                placeholder={values.languages.length ? '' : 'Elige los idiomas'}
                description={readOnly ? undefined : 'Los idiomas en los que puede trabajar en una salida.'}
                {...DESCRIPTION_BELOW}
                data={LANGUAGE_OPTIONS}
                searchable
                clearable={!readOnly}
                hidePickedOptions
                nothingFoundMessage="Ningún idioma coincide"
                maxValues={15}
                style={{ gridColumn: '1 / -1' }}
                {...ro}
                {...form.getInputProps('languages')}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection title="Documentación" description="Avisamos en la lista 30 días antes de que caduque.">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="DNI/Pasaporte"
                placeholder="Ej.: 12345678Z"
                maxLength={40}
                autoComplete="off"
                {...ro}
                {...form.getInputProps('document_id')}
              />
              <DatePickerInput
                label="Caducidad del documento"
                placeholder="Elige el día"
                valueFormatter={dayValueFormatter}
                clearable={!readOnly}
                description={expiryHint(values.document_expiry)}
                {...DESCRIPTION_BELOW}
                popoverProps={{ withinPortal: true, zIndex: 400 }}
                {...ro}
                {...form.getInputProps('document_expiry')}
              />
              <TextInput
                label="Nº permiso de conducir"
                placeholder="Ej.: 12345678Z"
                maxLength={40}
                autoComplete="off"
                {...ro}
                {...form.getInputProps('license_number')}
              />
              <DatePickerInput
                label="Caducidad del permiso"
                placeholder="Elige el día"
                valueFormatter={dayValueFormatter}
                clearable={!readOnly}
                description={expiryHint(values.license_expiry)}
                {...DESCRIPTION_BELOW}
                popoverProps={{ withinPortal: true, zIndex: 400 }}
                {...ro}
                {...form.getInputProps('license_expiry')}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection title="Notas">
            <Textarea
              label="Notas internas"
              placeholder="Ej.: guía oficial de Canarias; disponible solo fines de semana"
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

import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import type { TUserResponse } from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { FormSection } from '../../../components/form-section';
import { REQUIRED_FIELD, requiredIf } from '../../../components/required-field';
import { confirmDiscard, useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import type { ApiError } from '../../../lib/api-client';
import { FORM_INVALID_NOTICE, notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateUser } from '../api/create-user';
import { useTourOperatorOptions } from '../api/list-tour-operator-options';
import { useUpdateUser } from '../api/update-user';
import {
  initialUserFormValues,
  isAdminActor,
  mapServerErrors,
  roleOptions,
  STATE_OPTIONS,
  showsCommissionField,
  showsOperatorField,
  type TUserFormContext,
  type TUserFormValues,
  toCreatePayload,
  toUpdatePayload,
  validateUserForm,
} from './user-form-values';

const FORM_FIELDS = [
  'full_name',
  'email',
  'phone',
  'level',
  'state',
  'tour_operator_id',
  'commission_pct',
  'address',
  'lat_lng',
  'password',
  're_password',
] as const;

type Props = {
  opened: boolean;
  /** null: a new user */
  user: TUserResponse | null;
  ctx: TUserFormContext;
  onClose: () => void;
};

/** Create / edit a user in a modal, validated with the shared schemas (spec §5 messages). */
export function UserFormModal({ opened, user, ctx, onClose }: Props) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const mode = user ? 'edit' : 'create';
  const [serverError, setServerError] = useState<string | null>(null);
  const createMutation = useCreateUser();
  const updateMutation = useUpdateUser();
  const operators = useTourOperatorOptions(opened && isAdminActor(ctx));

  const form = useForm<TUserFormValues>({
    mode: 'controlled',
    initialValues: initialUserFormValues(user, ctx),
    validate: (values) => validateUserForm(values, mode, ctx, user),
    validateInputOnBlur: true,
  });

  // A new record each time the modal opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the target changes
  useEffect(() => {
    if (!opened) return;
    const initial = initialUserFormValues(user, ctx);
    form.setInitialValues(initial);
    form.setValues(initial);
    form.resetDirty(initial);
    form.clearErrors();
    setServerError(null);
  }, [opened, user?.id]);

  const dirty = opened && form.isDirty();
  useUnsavedChangesGuard(dirty);

  const requestClose = () => {
    if (form.isDirty()) confirmDiscard(onClose);
    else onClose();
  };

  const saving = createMutation.isPending || updateMutation.isPending;

  const handleError = (error: ApiError) => {
    if (error.status === 422 || error.status === 409 || error.status === 400) {
      const { fields, rest } = mapServerErrors(error.fieldErrors, FORM_FIELDS);
      if (error.status === 409 && !fields.email && /email|correo/i.test(error.message)) fields.email = error.message;
      form.setErrors(fields);
      const hasFieldErrors = Object.keys(fields).length > 0;
      setServerError(rest.length ? rest.join(' ') : hasFieldErrors ? null : error.message);
      notifyError('No se ha guardado', hasFieldErrors ? 'Revisa los campos marcados.' : error.message);
      return;
    }
    if (error.status === 401) return; // the client already sends the user to /login
    setServerError(error.message);
    notifyError('No se ha guardado', error.message);
  };

  const submit = form.onSubmit(
    (values) => {
      setServerError(null);
      if (user) {
        updateMutation.mutate(
          { id: user.id, payload: toUpdatePayload(values, ctx, user) },
          {
            onSuccess: (saved) => {
              notifySuccess(
                'Cambios guardados',
                `Se han guardado los datos de ${saved.full_name ?? values.full_name}.`,
              );
              form.resetDirty();
              onClose();
            },
            onError: handleError,
          },
        );
      } else {
        createMutation.mutate(toCreatePayload(values, ctx), {
          onSuccess: (saved) => {
            notifySuccess('Usuario creado', `${saved.full_name ?? values.full_name} ya puede entrar en Trayecto.`);
            form.resetDirty();
            onClose();
          },
          onError: handleError,
        });
      }
    },
    (errors) => {
      // Take keyboard and screen-reader users to the first field to fix.
      const first = Object.keys(errors)[0];
      if (first) form.getInputNode(first as never)?.focus();
      notifyError('Revisa el formulario', 'Hay campos con errores.', FORM_INVALID_NOTICE);
    },
  );

  const values = form.getValues();
  const showOperator = showsOperatorField(values, ctx);
  const showCommission = showsCommissionField(values);

  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      title={
        <Text fw={700} size="lg" component="span">
          {user ? 'Editar usuario' : 'Nuevo usuario'}
        </Text>
      }
      size="xl"
      fullScreen={isPhone}
      radius={isPhone ? 0 : 'lg'}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          {serverError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No se ha podido guardar">
              {serverError}
            </Alert>
          ) : null}

          <FormSection title="Datos personales">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Nombre completo"
                style={{ gridColumn: '1 / -1' }}
                placeholder="Ej.: Lucía Pérez Hernández"
                {...REQUIRED_FIELD}
                autoComplete="off"
                data-autofocus
                maxLength={150}
                {...form.getInputProps('full_name')}
              />
              <TextInput
                label="Email"
                placeholder="nombre@tuempresa.com"
                type="email"
                {...REQUIRED_FIELD}
                autoComplete="off"
                {...form.getInputProps('email')}
              />
              <TextInput
                label="Teléfono"
                placeholder="+34 600 000 000"
                type="tel"
                autoComplete="off"
                maxLength={40}
                {...form.getInputProps('phone')}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection
            title="Rol y acceso"
            description="El rol decide qué pantallas puede usar; un usuario inactivo no puede entrar."
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label="Rol"
                placeholder="Elige un rol"
                {...REQUIRED_FIELD}
                data={roleOptions(ctx)}
                allowDeselect={false}
                {...form.getInputProps('level')}
              />
              <Select
                label="Estado"
                {...REQUIRED_FIELD}
                data={STATE_OPTIONS}
                allowDeselect={false}
                {...form.getInputProps('state')}
              />
              {showOperator ? (
                <Select
                  label="Tour operador"
                  placeholder={operators.isLoading ? 'Cargando…' : 'Elige un tour operador'}
                  {...REQUIRED_FIELD}
                  searchable
                  nothingFoundMessage="Ningún tour operador coincide"
                  data={operators.data ?? []}
                  {...form.getInputProps('tour_operator_id')}
                />
              ) : null}
              {showCommission ? (
                <NumberInput
                  label="Comisión (%)"
                  placeholder="Ej.: 10"
                  min={0}
                  max={100}
                  decimalScale={2}
                  decimalSeparator=","
                  suffix=" %"
                  {...form.getInputProps('commission_pct')}
                />
              ) : null}
            </SimpleGrid>
          </FormSection>

          <FormSection title="Dirección">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Dirección"
                placeholder="Calle, número, localidad"
                autoComplete="off"
                maxLength={255}
                {...form.getInputProps('address')}
              />
              <TextInput
                label="Coordenadas"
                placeholder="Latitud, longitud (p. ej. 28.0567, -16.7290)"
                autoComplete="off"
                maxLength={60}
                {...form.getInputProps('lat_lng')}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection
            title="Contraseña"
            description={
              user
                ? 'Déjalas en blanco para no cambiar la contraseña.'
                : 'Al menos 8 caracteres. Compártela con la persona de forma segura.'
            }
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <PasswordInput
                label="Contraseña"
                {...requiredIf(!user)}
                autoComplete="new-password"
                visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar lo escrito' }}
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label="Repetir contraseña"
                {...requiredIf(!user)}
                autoComplete="new-password"
                visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar lo escrito' }}
                {...form.getInputProps('re_password')}
              />
            </SimpleGrid>
          </FormSection>

          <Group justify="flex-end" gap="sm" pt="xs">
            <Button variant="default" onClick={requestClose} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

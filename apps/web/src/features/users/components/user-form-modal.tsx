import { Anchor, Box, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { pathTo, type TUserResponse } from '@trayecto/shared';
import { Link } from 'react-router';
import { DESCRIPTION_BELOW } from '../../../components/description-below';
import { FormActions, FormErrorAlert, useRecordForm } from '../../../components/form-drawer';
import { FormSection } from '../../../components/form-section';
import { PasswordField } from '../../../components/password-field';
import { REQUIRED_FIELD, requiredIf } from '../../../components/required-field';
import { getCurrentUser } from '../../../lib/auth-storage';
import { useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useIsPhone } from '../../../lib/use-is-phone';
import { AuditTrail } from '../../audit-log';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { ResendInvitationButton } from './resend-invitation';
import {
  createdNotice,
  initialUserFormValues,
  isAdminActor,
  isInvitedOnCreate,
  mapServerErrors,
  roleOptions,
  STATE_OPTIONS,
  showsCommissionField,
  showsOperatorField,
  type TUserFormContext,
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

function currentUserId(): string | null {
  try {
    return getCurrentUser().id;
  } catch {
    return null;
  }
}

type Props = {
  opened: boolean;
  /** null: a new user */
  user: TUserResponse | null;
  ctx: TUserFormContext;
  onClose: () => void;
};

/** Create / edit a user in a modal, validated with the shared schemas (spec §5 messages). */
export function UserFormModal({ opened, user, ctx, onClose }: Props) {
  const isPhone = useIsPhone();
  const mode = user ? 'edit' : 'create';
  // Changing one's own password here would end this very session (the API revokes the user's
  // tokens): "Mi cuenta" changes it and keeps the session with a fresh token.
  const isSelf = Boolean(user && user.id === currentUserId());
  const operators = useTourOperatorSelectOptions(opened && isAdminActor(ctx));
  const { form, formProps } = useRecordForm({
    opened,
    record: user,
    initialValues: () => initialUserFormValues(user, ctx),
    validate: (values) => validateUserForm(values, mode, ctx, user),
    fields: FORM_FIELDS,
    mapErrors: (fieldErrors) => mapServerErrors(fieldErrors, FORM_FIELDS),
    // EMAIL_TAKEN shows on the e-mail field even when the answer names no field.
    adjustErrors: (error, { fields }) => {
      if (error.code === 'EMAIL_TAKEN' && !fields.email) fields.email = error.message;
    },
    save: {
      create: useCreateUser(),
      update: useUpdateUser(),
      createPayload: (values) => toCreatePayload(values, ctx),
      // Only called for an existing user.
      updatePayload: (values) => toUpdatePayload(values, ctx, user as TUserResponse),
      notice: (saved, values) =>
        user
          ? ['Cambios guardados', `Se han guardado los datos de ${saved.full_name ?? values.full_name}.`]
          : createdNotice(saved.full_name ?? values.full_name, values),
    },
    onClose,
  });

  const values = form.getValues();
  const showOperator = showsOperatorField(values, ctx);
  const showCommission = showsCommissionField(values);

  return (
    <Modal
      opened={opened}
      onClose={formProps.onClose}
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
      <form onSubmit={formProps.onSubmit} noValidate>
        <Stack gap="lg">
          <FormErrorAlert message={formProps.serverError} />

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

          {isSelf ? (
            <FormSection title="Contraseña">
              <Text size="sm">
                Tu propia contraseña se cambia en{' '}
                <Anchor component={Link} to={pathTo('account')} onClick={formProps.onClose}>
                  Mi cuenta
                </Anchor>
                , con la actual.
              </Text>
            </FormSection>
          ) : (
            <FormSection
              title="Contraseña"
              description={
                user
                  ? 'Déjalas en blanco para no cambiar la contraseña.'
                  : 'Si la escribes tú, al menos 8 caracteres: compártela con la persona de forma segura.'
              }
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <PasswordField
                  label="Contraseña"
                  description={
                    user
                      ? undefined
                      : isInvitedOnCreate(values)
                        ? 'Opcional: el usuario recibirá por correo una invitación para elegir su contraseña.'
                        : 'Opcional. Un usuario inactivo no recibe la invitación: envíasela desde su ficha cuando lo actives.'
                  }
                  {...DESCRIPTION_BELOW}
                  autoComplete="new-password"
                  {...form.getInputProps('password')}
                />
                <PasswordField
                  label="Repetir contraseña"
                  {...requiredIf(Boolean(values.password))}
                  autoComplete="new-password"
                  {...form.getInputProps('re_password')}
                />
              </SimpleGrid>
              {user ? (
                <Box mt="md">
                  <ResendInvitationButton user={user} />
                </Box>
              ) : null}
            </FormSection>
          )}

          <FormActions saving={formProps.saving} onCancel={formProps.onClose} />
        </Stack>
      </form>
      {user ? (
        <Box mt="xl">
          <AuditTrail entityType="user" entityId={user.id} revision={user.updated_at} withFrame={false} />
        </Box>
      ) : null}
    </Modal>
  );
}

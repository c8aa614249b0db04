import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy, IconInfoCircle, IconKey } from '@tabler/icons-react';
import { ROLE_NAMES, type TLevel, type TUserResponse } from '@trayecto/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { BreakableEmail } from '../../../components/breakable-email';
import { FormSectionCard } from '../../../components/form-page';
import { PageHeader } from '../../../components/page-header';
import { PasswordField } from '../../../components/password-field';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import type { ApiError } from '../../../lib/api-client';
import { firstErrorPath, mapServerErrors } from '../../../lib/form-errors';
import { FORM_INVALID_NOTICE, notifyError, notifySuccess } from '../../../lib/notify';
import { useMe } from '../../../lib/use-me';
import { useChangeMyPassword } from '../api/change-my-password';
import { useUpdateMe } from '../api/update-me';
import {
  EMPTY_PASSWORD_VALUES,
  PASSWORD_FIELDS,
  PROFILE_FIELDS,
  profileValuesOf,
  type TPasswordValues,
  type TProfileValues,
  toPasswordPayload,
  toProfilePayload,
  validatePassword,
  validateProfile,
} from './account-form-values';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** /account ("Mi cuenta"): every user's own data and password (issue 12), from the user menu. */
export function AccountScreen() {
  const me = useMe();
  return (
    <>
      <PageHeader title="Mi cuenta" description="Tus datos en Trayecto y la contraseña con la que entras." />
      {me.data ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5, xl: 4 }}>
            <ProfileCard user={me.data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7, xl: 8 }}>
            <AccountForms user={me.data} />
          </Grid.Col>
        </Grid>
      ) : me.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="No se han podido cargar tus datos"
        >
          {me.error instanceof Error ? me.error.message : 'Comprueba tu conexión e inténtalo de nuevo.'}
        </Alert>
      ) : (
        <Stack gap="lg" aria-busy="true" aria-label="Cargando tus datos">
          <Skeleton h={220} radius="lg" />
          <Skeleton h={260} radius="lg" />
        </Stack>
      )}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Who the user is in Trayecto: name, e-mail, role, operator, phone (what only an administrator changes, too). */
function ProfileCard({ user }: { user: TUserResponse }) {
  const role = ROLE_NAMES[user.level as TLevel] ?? String(user.level);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid="account-summary">
      <Group gap="md" wrap="nowrap" mb="lg">
        <Avatar color="brand" radius="xl" size={56}>
          {initials(user.full_name)}
        </Avatar>
        <Box style={{ minWidth: 0 }}>
          <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {user.full_name}
          </Title>
          <Badge variant="light" radius="sm" mt={4}>
            {role}
          </Badge>
        </Box>
      </Group>
      <Stack gap="sm">
        <Fact label="Email">
          <BreakableEmail email={user.email} />
        </Fact>
        <Fact label="Rol">{role}</Fact>
        <Fact label="Tour operador">{user.tour_operator?.name ?? 'Todos (administración de la plataforma)'}</Fact>
        <Fact label="Teléfono">{user.phone || '—'}</Fact>
        {user.address ? <Fact label="Dirección">{user.address}</Fact> : null}
      </Stack>
      <Text size="xs" c="dimmed" mt="lg">
        Tu email, tu rol y tu tour operador los cambia el administrador de tu tour operador.
      </Text>
    </Paper>
  );
}

/** What the form does with a failed save: field errors next to their fields, the rest above them. */
function useServerErrors<T extends Record<string, unknown>>(form: UseFormReturnType<T>, fields: readonly string[]) {
  const [message, setMessage] = useState<string | null>(null);
  const onError = (error: ApiError) => {
    if (error.status === 401) return; // the client already sends the user to /login
    const mapped = mapServerErrors(error.fieldErrors, fields);
    form.setErrors(mapped.fields);
    const hasFields = Object.keys(mapped.fields).length > 0;
    setMessage(mapped.rest.length ? mapped.rest.join(' ') : hasFields ? null : error.message);
    notifyError('No se ha guardado', hasFields ? 'Revisa los campos marcados.' : error.message);
    const first = firstErrorPath(mapped.fields, fields);
    if (first) form.getInputNode(first as never)?.focus();
  };
  return { message, setMessage, onError };
}

function onInvalid(fields: readonly string[], focus: (path: string) => void) {
  return (errors: Record<string, unknown>) => {
    const first = firstErrorPath(errors, fields);
    if (first) focus(first);
    notifyError('Revisa el formulario', 'Hay campos con errores.', FORM_INVALID_NOTICE);
  };
}

/** Both forms, with one warning before leaving while either has unsaved changes (PRODUCT §5). */
function AccountForms({ user }: { user: TUserResponse }) {
  const profile = useProfileForm(user);
  const password = usePasswordForm();
  useUnsavedChangesGuard(profile.form.isDirty() || password.form.isDirty());
  return (
    <Stack gap="lg">
      <ProfileForm {...profile} />
      <PasswordForm {...password} />
    </Stack>
  );
}

function useProfileForm(user: TUserResponse) {
  const save = useUpdateMe();
  const form = useForm<TProfileValues>({
    mode: 'controlled',
    initialValues: profileValuesOf(user),
    validate: validateProfile,
    validateInputOnBlur: true,
  });
  const errors = useServerErrors(form, PROFILE_FIELDS);

  // A fresher copy of the user (saved here or elsewhere) refreshes an untouched form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the stored user changes
  useEffect(() => {
    if (form.isDirty()) return;
    const values = profileValuesOf(user);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
  }, [user.updated_at]);

  const submit = form.onSubmit(
    (values) => {
      errors.setMessage(null);
      save.mutate(toProfilePayload(values), {
        onSuccess: (saved) => {
          const next = profileValuesOf(saved);
          form.setInitialValues(next);
          form.setValues(next);
          form.resetDirty(next);
          notifySuccess('Datos guardados', 'Se han guardado tus datos.');
        },
        onError: errors.onError,
      });
    },
    onInvalid(PROFILE_FIELDS, (p) => form.getInputNode(p as never)?.focus()),
  );
  return { form, submit, saving: save.isPending, message: errors.message };
}

function ProfileForm({ form, submit, saving, message }: ReturnType<typeof useProfileForm>) {
  return (
    <FormSectionCard id="tus-datos" title="Tus datos" description="Cómo te ven tus compañeros y cómo pueden llamarte.">
      <form onSubmit={submit} noValidate aria-label="Tus datos">
        <Stack gap="md">
          {message ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No se ha podido guardar">
              {message}
            </Alert>
          ) : null}
          <TextInput
            label="Nombre completo"
            placeholder="Ej.: Lucía Pérez Hernández"
            {...REQUIRED_FIELD}
            autoComplete="name"
            maxLength={150}
            {...form.getInputProps('full_name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Teléfono"
              type="tel"
              placeholder="+34 600 000 000"
              autoComplete="tel"
              maxLength={40}
              {...form.getInputProps('phone')}
            />
            <TextInput
              label="Dirección"
              placeholder="Calle, número, localidad"
              autoComplete="street-address"
              maxLength={255}
              {...form.getInputProps('address')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={saving}
              disabled={!form.isDirty()}
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            >
              Guardar cambios
            </Button>
          </Group>
        </Stack>
      </form>
    </FormSectionCard>
  );
}

function usePasswordForm() {
  const change = useChangeMyPassword();
  const form = useForm<TPasswordValues>({
    mode: 'controlled',
    initialValues: EMPTY_PASSWORD_VALUES,
    validate: validatePassword,
  });
  const errors = useServerErrors(form, PASSWORD_FIELDS);

  const submit = form.onSubmit(
    (values) => {
      errors.setMessage(null);
      change.mutate(toPasswordPayload(values), {
        onSuccess: () => {
          form.setValues(EMPTY_PASSWORD_VALUES);
          form.resetDirty(EMPTY_PASSWORD_VALUES);
          notifySuccess(
            'Contraseña cambiada',
            'Usa la nueva la próxima vez que entres. Se ha cerrado tu sesión en los demás dispositivos.',
          );
        },
        onError: errors.onError,
      });
    },
    onInvalid(PASSWORD_FIELDS, (p) => form.getInputNode(p as never)?.focus()),
  );
  return { form, submit, saving: change.isPending, message: errors.message };
}

function PasswordForm({ form, submit, saving, message }: ReturnType<typeof usePasswordForm>) {
  return (
    <FormSectionCard
      id="contrasena"
      title="Contraseña"
      description="Al menos 8 caracteres. Al cambiarla se cierra tu sesión en los demás dispositivos; aquí sigues dentro."
    >
      <form onSubmit={submit} noValidate aria-label="Cambiar la contraseña">
        <Stack gap="md">
          {message ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No se ha cambiado">
              {message}
            </Alert>
          ) : null}
          <PasswordField
            label="Contraseña actual"
            {...REQUIRED_FIELD}
            autoComplete="current-password"
            {...form.getInputProps('current_password')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordField
              label="Nueva contraseña"
              {...REQUIRED_FIELD}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordField
              label="Repetir la nueva contraseña"
              {...REQUIRED_FIELD}
              autoComplete="new-password"
              {...form.getInputProps('re_password')}
            />
          </SimpleGrid>
          <Group gap={6} wrap="nowrap" c="dimmed" align="flex-start">
            <IconInfoCircle size={16} aria-hidden style={{ flex: 'none', marginTop: 1 }} />
            <Text size="xs">
              ¿No recuerdas la actual? Pide al administrador de tu tour operador que te ponga una nueva.
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={saving} leftSection={<IconKey size={18} aria-hidden />}>
              Cambiar contraseña
            </Button>
          </Group>
        </Stack>
      </form>
    </FormSectionCard>
  );
}

import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconKey } from '@tabler/icons-react';
import { MSG, pathTo, ZPasswordResetConfirmRequest } from '@trayecto/shared';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { issuesToErrors, mapServerErrors } from '../../../lib/form-errors';
import { useConfirmPasswordReset } from '../api/password-reset';
import { AuthCard } from './auth-card';

type TValues = { password: string; re_password: string };
const FIELDS = ['password', 're_password'] as const;

/** The same rules as the API's (shared schema): 8 characters at least, and the confirmation. */
export function validateReset(v: TValues): Record<string, string> {
  const result = ZPasswordResetConfirmRequest.safeParse({ token: 'x', ...v });
  const errors = result.success ? {} : issuesToErrors(result.error.issues);
  if (v.password && v.re_password && v.password !== v.re_password) errors.re_password ??= MSG.passwordMismatch;
  return errors;
}

/** /reset-password?token=…: the link of the e-mail; sets a new password and ends every session. */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { password: '', re_password: '' },
    validate: validateReset,
  });

  useEffect(() => {
    document.title = 'Nueva contraseña · Trayecto';
  }, []);

  const submit = form.onSubmit(
    (values) =>
      confirm.mutate(
        { token, ...values },
        {
          onError: (error) => {
            const mapped = mapServerErrors(error.fieldErrors, FIELDS);
            form.setErrors(mapped.fields);
            // The field that says why takes the focus.
            const first = FIELDS.find((k) => mapped.fields[k]);
            if (first) form.getInputNode(first)?.focus();
          },
        },
      ),
    (errors) => {
      const first = FIELDS.find((k) => errors[k]);
      if (first) form.getInputNode(first)?.focus();
    },
  );

  if (!token) {
    return (
      <AuthCard>
        <Stack gap="md">
          <Title order={1} fz={22}>
            Enlace incompleto
          </Title>
          <Text size="sm">Abre el enlace completo del correo o pide uno nuevo.</Text>
          <Anchor component={Link} to={pathTo('forgotPassword')} size="sm">
            Pedir un enlace nuevo
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  if (confirm.isSuccess) {
    return (
      <AuthCard>
        <Stack gap="md" aria-live="polite">
          <Title order={1} fz={22}>
            Contraseña cambiada
          </Title>
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} data-testid="reset-done">
            Ya puedes entrar con la contraseña nueva. Se han cerrado tus sesiones abiertas en todos los dispositivos.
          </Alert>
          <Button component={Link} to={pathTo('login')} size="md" fullWidth>
            Iniciar sesión
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const expired = confirm.error?.code === 'RESET_TOKEN_INVALID';
  return (
    <AuthCard>
      <form onSubmit={submit} noValidate aria-labelledby="reset-title">
        <Stack gap="md">
          <div>
            <Title order={1} fz={22} id="reset-title">
              Elige una contraseña nueva
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Al menos 8 caracteres. Al guardarla se cerrarán tus sesiones abiertas.
            </Text>
          </div>
          {confirm.error && Object.keys(confirm.error.fieldErrors).length === 0 ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title="No se ha cambiado"
              data-testid="reset-error"
            >
              {confirm.error.message}{' '}
              {expired ? (
                <Anchor component={Link} to={pathTo('forgotPassword')} size="sm">
                  Pedir un enlace nuevo
                </Anchor>
              ) : null}
            </Alert>
          ) : null}
          <PasswordField
            label="Nueva contraseña"
            autoComplete="new-password"
            autoFocus
            {...REQUIRED_FIELD}
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Repetir la nueva contraseña"
            autoComplete="new-password"
            {...REQUIRED_FIELD}
            {...form.getInputProps('re_password')}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={confirm.isPending}
            leftSection={<IconKey size={18} aria-hidden />}
          >
            Guardar la contraseña
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

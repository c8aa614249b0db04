import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconMail, IconMailForward } from '@tabler/icons-react';
import { EMAIL_RE, MSG, pathTo } from '@trayecto/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthCard } from './auth-card';

type TValues = { email: string };

export function validateForgot(values: TValues): Partial<Record<keyof TValues, string>> {
  const email = values.email.trim();
  if (!email) return { email: MSG.required };
  if (!EMAIL_RE.test(email)) return { email: MSG.email };
  return {};
}

/** /forgot-password: asks for the account's e-mail; the answer is the same whatever the address. */
export function ForgotPasswordScreen() {
  const request = useRequestPasswordReset();
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: validateForgot,
    validateInputOnBlur: true,
  });

  useEffect(() => {
    document.title = 'Recuperar la contraseña · Trayecto';
  }, []);

  const submit = form.onSubmit(
    (values) => request.mutate({ email: values.email.trim() }),
    () => form.getInputNode('email')?.focus(),
  );

  return (
    <AuthCard>
      {request.isSuccess ? (
        <Stack gap="md" aria-live="polite">
          <Title order={1} fz={22}>
            Revisa tu correo
          </Title>
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} data-testid="reset-requested">
            {request.data.message}
          </Alert>
          <Text size="sm" c="dimmed">
            El enlace caduca en una hora. Si no lo ves, mira en la carpeta de correo no deseado.
          </Text>
          <Anchor component={Link} to={pathTo('login')} size="sm">
            Volver a iniciar sesión
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-labelledby="forgot-title">
          <Stack gap="md">
            <div>
              <Title order={1} fz={22} id="forgot-title">
                ¿Has olvidado tu contraseña?
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                Escribe el email de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.
              </Text>
            </div>
            {request.error ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No se ha enviado">
                {request.error.message}
              </Alert>
            ) : null}
            <TextInput
              label="Email"
              placeholder="nombre@tuempresa.com"
              type="email"
              autoComplete="username"
              inputMode="email"
              autoFocus
              {...REQUIRED_FIELD}
              leftSection={<IconMail size={16} aria-hidden />}
              {...form.getInputProps('email')}
            />
            <Button
              type="submit"
              size="md"
              fullWidth
              loading={request.isPending}
              rightSection={<IconMailForward size={18} aria-hidden />}
            >
              Enviar el enlace
            </Button>
            <Anchor component={Link} to={pathTo('login')} size="sm" ta="center">
              Volver a iniciar sesión
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

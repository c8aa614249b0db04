import { Alert, Anchor, Box, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconLock, IconLogin2, IconMail } from '@tabler/icons-react';
import { EMAIL_RE, MSG, pathTo } from '@trayecto/shared';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { PasswordField } from '../../../components/password-field';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { safeRedirectTarget } from '../../../config/paths';
import { mapServerErrors } from '../../../lib/form-errors';
import { loginErrorHint, useLogin } from '../api/login';
import classes from './login-screen.module.css';

type TValues = { email: string; password: string };
const LOGIN_FIELDS = ['email', 'password'] as const;

/** Client-side rules of the login form (spec §5). */
export function validateLogin(values: TValues): Partial<Record<keyof TValues, string>> {
  const errors: Partial<Record<keyof TValues, string>> = {};
  const email = values.email.trim();
  if (!email) errors.email = MSG.required;
  else if (!EMAIL_RE.test(email)) errors.email = MSG.email;
  if (!values.password) errors.password = MSG.required;
  return errors;
}

/** /login: a centred card; after login, back to the page asked for before (or the home page). */
export function LoginScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirectTarget(params.get('redirectTo'));
  const loginMutation = useLogin();

  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: (values) => validateLogin(values),
    validateInputOnBlur: true,
  });

  useEffect(() => {
    document.title = 'Iniciar sesión · Trayecto';
  }, []);

  const submit = form.onSubmit(
    (values) => {
      loginMutation.mutate(
        { email: values.email.trim(), password: values.password },
        {
          onSuccess: () => navigate(redirectTo, { replace: true }),
          // A refusal that names a field (a 422: an e-mail longer than the API takes) says it
          // there, and the field takes the focus; the alert above keeps the spec's message.
          onError: (error) => {
            const { fields } = mapServerErrors(error.fieldErrors, LOGIN_FIELDS);
            form.setErrors(fields);
            const first = LOGIN_FIELDS.find((k) => fields[k]);
            if (first) form.getInputNode(first)?.focus();
          },
        },
      );
    },
    // A failed submit takes the focus to the first field to fix (WCAG 3.3.1).
    (errors) => {
      const first = LOGIN_FIELDS.find((k) => errors[k]);
      if (first) form.getInputNode(first)?.focus();
    },
  );

  const error = loginMutation.error;

  return (
    <Box className={classes.page}>
      <Center mih="100dvh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Stack align="center" gap={6}>
            <BrandMark />
            <Text c="dimmed" size="sm" ta="center">
              El back-office de tu tour operador: reservas, salidas y equipo en un solo lugar.
            </Text>
          </Stack>
          <Paper component="main" withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }}>
            <form onSubmit={submit} noValidate aria-labelledby="login-title">
              <Stack gap="md">
                <div>
                  <Title order={1} fz={22} id="login-title">
                    Iniciar sesión
                  </Title>
                  <Text c="dimmed" size="sm" mt={4}>
                    Entra con el email y la contraseña de tu cuenta.
                  </Text>
                </div>

                {error ? (
                  <Alert
                    color="red"
                    variant="light"
                    icon={<IconAlertCircle size={18} />}
                    title={error.message}
                    data-testid="login-error"
                  >
                    {loginErrorHint(error)}
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
                <PasswordField
                  label="Contraseña"
                  placeholder="Tu contraseña"
                  autoComplete="current-password"
                  {...REQUIRED_FIELD}
                  leftSection={<IconLock size={16} aria-hidden />}
                  {...form.getInputProps('password')}
                />
                <Button
                  type="submit"
                  size="md"
                  fullWidth
                  mt="xs"
                  loading={loginMutation.isPending}
                  rightSection={<IconLogin2 size={18} aria-hidden />}
                >
                  Entrar
                </Button>
                <Anchor component={Link} to={pathTo('forgotPassword')} size="sm" ta="center">
                  ¿Has olvidado tu contraseña?
                </Anchor>
              </Stack>
            </form>
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            © {new Date().getFullYear()} Trayecto
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}

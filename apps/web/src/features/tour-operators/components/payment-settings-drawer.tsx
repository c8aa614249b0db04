import { Alert, Input, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CopyLinkField } from '../../../components/copy-link-field';
import { FormDrawer, useRecordForm } from '../../../components/form-drawer';
import { FormSection } from '../../../components/form-section';
import { PasswordField } from '../../../components/password-field';
import { REQUIRED_FIELD, requiredIf } from '../../../components/required-field';
import { StoredSecretLabel } from '../../../components/stored-secret-label';
import { mapServerErrors } from '../../../lib/form-errors';
import { usePaymentSettings } from '../api/get-payment-settings';
import type { TPaymentMode, TPaymentSettingsRequest, TPaymentSettingsResponse } from '../api/payment-settings-contract';
import { useUpdatePaymentSettings } from '../api/update-payment-settings';
import {
  HOLD_MINUTES_MAX,
  HOLD_MINUTES_MIN,
  MODE_OPTIONS,
  PAYMENT_SETTINGS_ALIASES,
  PAYMENT_SETTINGS_FIELDS,
  PROVIDER_OPTIONS,
  paymentSettingsValuesOf,
  type TPaymentSettingsValues,
  type TProviderChoice,
  toPaymentSettingsPayload,
  validatePaymentSettings,
} from './payment-settings-values';

/** A write-only secret: its state, and a field to replace it (empty = keep the stored one). */
function SecretField({
  label,
  stored,
  placeholder,
  description,
  inputProps,
}: {
  label: string;
  stored: boolean;
  placeholder: string;
  description: ReactNode;
  inputProps: GetInputPropsReturnType;
}) {
  return (
    <Stack gap={4}>
      {stored ? <StoredSecretLabel label={label} word="Guardada" /> : null}
      <PasswordField
        label={stored ? `Nueva ${label.toLowerCase()}` : label}
        description={stored ? 'Déjalo vacío para conservar la guardada.' : description}
        placeholder={placeholder}
        autoComplete="new-password"
        spellCheck={false}
        visibilityToggleButtonProps={{ 'aria-label': `Mostrar u ocultar ${label.toLowerCase()}` }}
        {...requiredIf(!stored)}
        {...inputProps}
      />
    </Stack>
  );
}

type Props = {
  opened: boolean;
  /** The operator whose settings are shown (null while none is chosen). */
  operator: { id: string; name: string } | null;
  onClose: () => void;
};

/**
 * "Pagos en línea" of a tour operator (issue 32, ADR 022; levels 0–1): the provider (Ninguno /
 * Redsys / Stripe), test or live, how long a web booking holds its seats while the customer pays,
 * the provider's codes and keys (write-only: "Guardada" and a field to replace them) and the
 * notification URLs to register in the provider's dashboard.
 */
export function PaymentSettingsDrawer({ opened, operator, onClose }: Props) {
  const settings = usePaymentSettings(opened && operator ? operator.id : null);
  const stored = settings.data ?? null;
  const update = useUpdatePaymentSettings();
  const { form, formProps } = useRecordForm<
    TPaymentSettingsValues,
    TPaymentSettingsResponse,
    never,
    TPaymentSettingsRequest
  >({
    opened,
    record: operator ? { id: operator.id } : null,
    version: settings.dataUpdatedAt,
    initialValues: () => paymentSettingsValuesOf(stored),
    validate: (values) => validatePaymentSettings(values, stored),
    fields: PAYMENT_SETTINGS_FIELDS,
    aliases: PAYMENT_SETTINGS_ALIASES,
    mapErrors: (fieldErrors) => mapServerErrors(fieldErrors, PAYMENT_SETTINGS_FIELDS, PAYMENT_SETTINGS_ALIASES),
    save: {
      create: { mutate: () => undefined, isPending: false },
      update,
      createPayload: () => undefined as never,
      updatePayload: toPaymentSettingsPayload,
      notice: (saved) => [
        'Pagos en línea guardados',
        saved.provider
          ? `${operator?.name ?? ''}: cobro en línea con ${saved.provider === 'redsys' ? 'Redsys' : 'Stripe'} en modo ${saved.mode === 'live' ? 'real' : 'pruebas'}.`
          : `${operator?.name ?? ''}: sin cobro en línea.`,
      ],
    },
    onClose,
  });

  const values = form.getValues();
  const provider = values.provider;
  const live = values.mode === 'live';

  return (
    <FormDrawer {...formProps} title="Pagos en línea" subtitle={operator?.name} loading={settings.isLoading}>
      {settings.isError ? (
        <Alert color="red" variant="light" title="No se han podido cargar los pagos en línea">
          {settings.error.message}
        </Alert>
      ) : null}

      <FormSection
        title="Proveedor"
        description="Con quién cobra este tour operador las reservas de la web y los enlaces de pago."
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Input.Label labelElement="div" id="payment-provider-label">
              Proveedor de pago
            </Input.Label>
            <SegmentedControl
              data={PROVIDER_OPTIONS}
              role="radiogroup"
              aria-labelledby="payment-provider-label"
              fullWidth
              maw={420}
              value={provider}
              onChange={(v) => form.setFieldValue('provider', v as TProviderChoice)}
            />
            <Text size="xs" c="dimmed">
              {provider === 'redsys'
                ? 'El TPV virtual de tu banco (tarjetas y, si el banco lo ha activado, Bizum).'
                : provider === 'stripe'
                  ? 'Tarjetas a través de tu cuenta de Stripe.'
                  : 'Las reservas de la web quedan pendientes de pago, como hasta ahora.'}
            </Text>
          </Stack>
          {provider === 'none' ? null : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Stack gap={4}>
                <Input.Label labelElement="div" id="payment-mode-label">
                  Modo
                </Input.Label>
                <SegmentedControl
                  data={MODE_OPTIONS}
                  role="radiogroup"
                  aria-labelledby="payment-mode-label"
                  color={live ? 'red' : undefined}
                  fullWidth
                  value={values.mode}
                  onChange={(v) => form.setFieldValue('mode', v as TPaymentMode)}
                />
                <Text size="xs" c="dimmed">
                  {live ? 'Se cobra dinero de verdad.' : 'Con las tarjetas de prueba del proveedor: no se cobra nada.'}
                </Text>
              </Stack>
              <NumberInput
                label="Retención de plazas"
                description="Minutos que una reserva de la web guarda sus plazas mientras el cliente paga."
                {...REQUIRED_FIELD}
                min={HOLD_MINUTES_MIN}
                max={HOLD_MINUTES_MAX}
                allowDecimal={false}
                allowNegative={false}
                suffix=" min"
                {...form.getInputProps('hold_minutes')}
              />
            </SimpleGrid>
          )}
          {live && provider !== 'none' ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Modo real">
              Usa las claves reales del proveedor. Haz antes una reserva de prueba en modo pruebas.
            </Alert>
          ) : null}
        </Stack>
      </FormSection>

      {provider === 'redsys' ? (
        <FormSection
          title="Redsys"
          description="Los datos del TPV virtual que te ha dado el banco (Canales → Administración del comercio)."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Código de comercio (FUC)"
              description="9 cifras."
              placeholder="Ej.: 999008881"
              inputMode="numeric"
              maxLength={9}
              autoComplete="off"
              {...REQUIRED_FIELD}
              {...form.getInputProps('redsys_merchant_code')}
            />
            <TextInput
              label="Terminal"
              description="De 1 a 3 cifras; normalmente 1."
              placeholder="1"
              inputMode="numeric"
              maxLength={3}
              autoComplete="off"
              {...REQUIRED_FIELD}
              {...form.getInputProps('redsys_terminal')}
            />
          </SimpleGrid>
          <SecretField
            label="Clave secreta"
            stored={Boolean(stored?.redsys?.secret_key_set)}
            placeholder="Clave SHA-256 en base64"
            description="La clave de firma SHA-256 del comercio, en base64. No se vuelve a mostrar."
            inputProps={form.getInputProps('redsys_secret_key')}
          />
          <Switch
            label="Bizum"
            description="Ofrece pagar con Bizum. Actívalo solo si tu banco lo ha habilitado en el TPV."
            {...form.getInputProps('redsys_bizum', { type: 'checkbox' })}
          />
        </FormSection>
      ) : null}

      {provider === 'stripe' ? (
        <FormSection
          title="Stripe"
          description="Las claves de tu cuenta (Dashboard → Desarrolladores → Claves de API y Webhooks)."
        >
          <SecretField
            label="Clave secreta"
            stored={Boolean(stored?.stripe?.secret_key_set)}
            placeholder={live ? 'sk_live_…' : 'sk_test_…'}
            description={`Empieza por ${live ? 'sk_live_' : 'sk_test_'} en modo ${live ? 'real' : 'pruebas'}. No se vuelve a mostrar.`}
            inputProps={form.getInputProps('stripe_secret_key')}
          />
          <SecretField
            label="Secreto del webhook"
            stored={Boolean(stored?.stripe?.webhook_secret_set)}
            placeholder="whsec_…"
            description="El «Signing secret» del webhook que das de alta con la URL de abajo. Empieza por whsec_."
            inputProps={form.getInputProps('stripe_webhook_secret')}
          />
        </FormSection>
      ) : null}

      {provider !== 'none' && stored?.notification_urls ? (
        <FormSection
          title="URL de notificación"
          description="El proveedor avisa a Trayecto de cada pago en esta dirección."
        >
          {provider === 'redsys' ? (
            <CopyLinkField
              label="URL de notificación de Redsys"
              description="Trayecto la envía con cada pago; si el banco te la pide (URL «online»), copia esta."
              url={stored.notification_urls.redsys}
            />
          ) : (
            <CopyLinkField
              label="URL del webhook de Stripe"
              description="Da de alta un webhook con esta URL y el evento checkout.session.completed (y checkout.session.async_payment_succeeded)."
              url={stored.notification_urls.stripe}
            />
          )}
        </FormSection>
      ) : null}

      <Alert
        color={stored?.provider ? 'teal' : 'gray'}
        variant="light"
        icon={stored?.provider ? <IconCircleCheck size={18} /> : <IconInfoCircle size={18} />}
      >
        {stored?.provider
          ? 'Las reservas de la web de productos con pago en línea o señal se cobran al reservar. Cada producto dice qué se paga («Cobro» en el producto).'
          : 'Sin proveedor, los clientes no pueden pagar en línea ni recibir enlaces de pago.'}
      </Alert>
    </FormDrawer>
  );
}

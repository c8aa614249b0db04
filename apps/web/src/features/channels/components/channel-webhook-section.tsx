/**
 * The channel form's "Webhook" section (OCTO channels only): the reseller's URL, its write-only
 * secret, a link to the notices sent, and the warning when saving would remove the webhook.
 */
import { Alert, Anchor, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { CHANNEL_FIELD_LABELS, CHANNEL_WEBHOOK_URL_MAX, pathTo, type TChannelResponse } from '@trayecto/shared';
import { Link } from 'react-router';
import { DESCRIPTION_BELOW } from '../../../components/description-below';
import { FormSection } from '../../../components/form-section';
import { PasswordField } from '../../../components/password-field';
import { requiredIf } from '../../../components/required-field';
import { StoredSecretLabel } from '../../../components/stored-secret-label';
import type { TChannelForm } from './channel-form-parts';
import type { TChannelFormMode, TChannelFormValues } from './channel-form-values';

/** The webhook secret: write-only. «Guardado» when one is stored, and a field to replace it. */
function WebhookSecretField({
  stored,
  required,
  inputProps,
}: {
  stored: boolean;
  required: boolean;
  inputProps: GetInputPropsReturnType;
}) {
  const label = CHANNEL_FIELD_LABELS.webhook_secret ?? 'Secreto del webhook';
  return (
    <Stack gap={4}>
      {stored ? <StoredSecretLabel label={label} word="Guardado" /> : null}
      <PasswordField
        label={stored ? 'Nuevo secreto del webhook' : label}
        description={
          stored
            ? 'Déjalo vacío para conservar el guardado. No se vuelve a mostrar.'
            : 'Entre 16 y 200 caracteres, sin espacios. Con él se firman los avisos; no se vuelve a mostrar.'
        }
        {...DESCRIPTION_BELOW}
        placeholder={stored ? '' : 'Ej.: una frase larga sin espacios'}
        autoComplete="new-password"
        spellCheck={false}
        visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar el secreto del webhook' }}
        {...requiredIf(required)}
        {...inputProps}
      />
    </Stack>
  );
}

export function ChannelWebhookSection({
  form,
  values,
  mode,
  current,
}: {
  form: TChannelForm;
  values: TChannelFormValues;
  mode: TChannelFormMode;
  /** The channel as stored (null: a new one). */
  current: TChannelResponse | null;
}) {
  const isOcto = values.kind === 'octo';
  const storedSecret = Boolean(current?.webhook_secret_set);
  const removingWebhook = mode === 'edit' && Boolean(current?.webhook_url) && (!isOcto || !values.webhook_url.trim());
  return (
    <>
      {isOcto ? (
        <FormSection
          title="Webhook"
          description="Opcional: la dirección del revendedor a la que Trayecto envía un aviso firmado con el secreto cuando la oficina cambia o cancela una de sus reservas, se cancela su salida o termina una retención."
        >
          <TextInput
            label="URL del webhook"
            type="url"
            placeholder="https://api.revendedor.com/webhooks/trayecto"
            maxLength={CHANNEL_WEBHOOK_URL_MAX}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('webhook_url')}
          />
          {values.webhook_url.trim() || storedSecret ? (
            <WebhookSecretField
              stored={storedSecret}
              required={Boolean(values.webhook_url.trim()) && !storedSecret}
              inputProps={form.getInputProps('webhook_secret')}
            />
          ) : null}
          {current?.webhook_url ? (
            <Text size="sm" c="dimmed">
              Cada aviso, con su estado y la respuesta del revendedor, está en{' '}
              <Anchor
                component={Link}
                to={`${pathTo('messages')}?channel=webhook&q=${encodeURIComponent(current.name)}`}
                size="sm"
              >
                Mensajes
              </Anchor>
              .
            </Text>
          ) : null}
        </FormSection>
      ) : null}
      {removingWebhook ? (
        <Alert color="gray" variant="light">
          Al guardar se quitará el webhook y su secreto.
        </Alert>
      ) : null}
    </>
  );
}

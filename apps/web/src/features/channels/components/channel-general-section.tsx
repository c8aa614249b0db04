/**
 * The channel form's "Canal" section: its name, its kind (a reseller with the OCTO API or an
 * agency, with a warning while API keys are live) and whether it is active.
 */
import { Alert, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CHANNEL_NAME_MAX, type TChannelKind } from '@trayecto/shared';
import { FormSection } from '../../../components/form-section';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { SegmentedField, type TChannelForm } from './channel-form-parts';
import type { TChannelFormMode, TChannelFormValues } from './channel-form-values';
import { KIND_HELP, KIND_SHORT_NAMES } from './channel-format';

const KIND_CHOICES = (['octo', 'agency'] as const).map((k) => ({ value: k, label: KIND_SHORT_NAMES[k] }));

export function ChannelGeneralSection({
  form,
  values,
  mode,
  keysLive,
}: {
  form: TChannelForm;
  values: TChannelFormValues;
  mode: TChannelFormMode;
  /** How many API keys the stored channel has live. */
  keysLive: number;
}) {
  return (
    <FormSection title="Canal">
      <TextInput
        label="Nombre"
        placeholder="Ej.: GetYourGuide, Agencia Sol Tenerife"
        {...REQUIRED_FIELD}
        maxLength={CHANNEL_NAME_MAX}
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Stack gap={4}>
        <SegmentedField
          id="channel-kind-label"
          label="Tipo"
          data={KIND_CHOICES}
          value={values.kind}
          onChange={(v) => {
            form.setFieldValue('kind', v as TChannelKind);
            form.clearFieldError('kind');
          }}
          help={KIND_HELP[values.kind]}
          maw={420}
        />
        {form.errors.kind ? (
          <Text c="red" size="sm" role="alert">
            {form.errors.kind}
          </Text>
        ) : null}
      </Stack>
      {mode === 'edit' && values.kind === 'agency' && keysLive > 0 ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          {keysLive === 1 ? 'Tiene 1 clave de API activa' : `Tiene ${keysLive} claves de API activas`}: revócalas en
          «Conexión» antes de convertirlo en agencia.
        </Alert>
      ) : null}
      <Switch
        label="Activo"
        description="Un canal inactivo no puede usar sus claves ni elegirse en una reserva."
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
    </FormSection>
  );
}

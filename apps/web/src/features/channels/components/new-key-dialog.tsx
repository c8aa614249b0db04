import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { CHANNEL_KEY_LABEL_MAX, type TChannelKeyCreatedResponse } from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { DialogActions, DialogServerError } from '../../../components/dialog-form';
import { mapServerErrors } from '../../../lib/form-errors';
import { useCreateChannelKey } from '../api/create-channel-key';
import { keyPrefixText } from './channel-format';
import { CopyValueField } from './copy-value-field';

/**
 * "Nueva clave" of an OCTO channel: an optional name, then the key itself, shown this once with a
 * copy button and a clear warning (Trayecto keeps only its SHA-256). Closing the dialog forgets it:
 * it is held in this dialog's state only, never in the query cache.
 */
export function NewKeyDialog({
  channel,
  opened,
  onClose,
}: {
  channel: { id: string; name: string };
  opened: boolean;
  onClose: () => void;
}) {
  const mutation = useCreateChannelKey();
  const [label, setLabel] = useState('');
  const [labelError, setLabelError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<TChannelKeyCreatedResponse | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh dialog each time it opens
  useEffect(() => {
    if (!opened) {
      // The key leaves memory with the dialog.
      setCreated(null);
      return;
    }
    setLabel('');
    setLabelError(null);
    setServerError(null);
    setCreated(null);
    mutation.reset();
  }, [opened]);

  const submit = () => {
    if (mutation.isPending) return;
    setServerError(null);
    mutation.mutate(
      { channelId: channel.id, payload: { label: label.trim() } },
      {
        // The dialog itself says so (a notification would only cover it on a phone).
        onSuccess: (key) => setCreated(key),
        onError: (error) => {
          if (error.status === 401) return;
          const { fields, rest } = mapServerErrors(error.fieldErrors, ['label']);
          setLabelError(fields.label ?? null);
          setServerError(rest.length ? rest.join(' ') : fields.label ? null : error.message);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      size="lg"
      title={created ? 'Clave creada' : 'Nueva clave de API'}
      // A click beside the dialog must not lose a key that is shown only once.
      closeOnClickOutside={!created}
    >
      {created ? (
        <Stack gap="md">
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Cópiala ahora: no se volverá a mostrar"
          >
            Trayecto no guarda la clave, solo una huella para reconocerla. Dásela al revendedor por un medio seguro. Si
            se pierde, crea otra y revoca esta.
          </Alert>
          <CopyValueField
            label="Clave de API"
            description={`${channel.name}${created.label ? ` · ${created.label}` : ''}`}
            value={created.key}
            autoFocus
          />
          <Text size="sm">
            El revendedor la envía en cada petición:{' '}
            <Code>Authorization: Bearer {keyPrefixText(created.key_prefix)}</Code>
          </Text>
          {/* A bar of actions: no notification covers it (lib/notify.tsx). */}
          <Group justify="flex-end" data-action-bar>
            <Button onClick={onClose}>He copiado la clave</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Una clave nueva para {channel.name}. Las que ya tiene siguen funcionando hasta que las revoques: así
              puedes cambiar de clave sin cortar las ventas.
            </Text>
            <DialogServerError message={serverError} />
            <TextInput
              label="Nombre de la clave"
              description="Opcional, para reconocerla: «Producción», «Pruebas»…"
              placeholder="Ej.: Producción"
              maxLength={CHANNEL_KEY_LABEL_MAX}
              autoComplete="off"
              data-autofocus
              value={label}
              error={labelError}
              onChange={(e) => {
                setLabel(e.currentTarget.value);
                setLabelError(null);
              }}
            />
            <DialogActions
              pending={mutation.isPending}
              onCancel={onClose}
              submitLabel="Crear clave"
              submitIcon={<IconKey size={16} aria-hidden />}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

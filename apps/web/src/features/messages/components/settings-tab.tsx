import {
  Alert,
  Badge,
  Box,
  Button,
  EmptyState,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconBuildingStore, IconClock, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import {
  ACCESS,
  CUSTOMER_MESSAGE_KINDS,
  hasPermission,
  isUuid,
  LEVEL,
  MESSAGE_KIND_HELP,
  MESSAGE_KIND_NAMES,
  type TMessageSettingsResponse,
} from '@trayecto/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormErrorAlert } from '../../../components/form-drawer';
import { FormSection } from '../../../components/form-section';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { requiredPickerIf } from '../../../components/required-field';
import { confirmDiscard, useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import type { ApiError } from '../../../lib/api-client';
import { getRoles } from '../../../lib/auth-storage';
import { firstErrorPath, mapServerErrors } from '../../../lib/form-errors';
import { FORM_INVALID_NOTICE, notifyError, notifySuccess, useNotificationsAbove } from '../../../lib/notify';
import { useTimes } from '../../../lib/time-zone';
import { useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useMe } from '../../../lib/use-me';
import { useMessageSettings } from '../api/get-message-settings';
import { useUpdateMessageSettings } from '../api/update-message-settings';
import {
  SETTINGS_FIELDS,
  settingsValuesOf,
  type TSettingsValues,
  toggleKind,
  toSettingsPayload,
  validateSettings,
} from './settings-form-values';

/**
 * The operator whose settings are shown: the administrator picks one (`?tour_operator_id=`, the same
 * key as the outbox's filter); everyone else has their own.
 */
export function useSettingsOperator() {
  const isAdmin = getRoles().includes(LEVEL.ADMIN);
  const me = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('tour_operator_id') ?? '';
  const id = isAdmin ? (isUuid(raw) ? raw : '') : (me.data?.tour_operator_id ?? '');
  const choose = (next: string | null) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next) params.set('tour_operator_id', next);
        else params.delete('tour_operator_id');
        return params;
      },
      { replace: true, preventScrollReset: true, state: { keepScroll: true } },
    );
  return { isAdmin, id, choose, meLoading: me.isLoading };
}

function SettingsSkeleton() {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" aria-busy="true" aria-label="Cargando los ajustes">
      <Stack gap="md">
        <Skeleton h={14} w={160} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton h={56} />
          <Skeleton h={56} />
        </SimpleGrid>
        <Skeleton h={56} w={200} />
        <Skeleton h={14} w={200} mt="md" />
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
          <Skeleton key={i} h={36} />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * "Ajustes": the operator's message settings. The administrator first picks the operator; levels 1
 * and 3 see their own; level 3 reads only. `onDirtyChange` lets the screen ask before leaving the tab.
 */
export function SettingsTab({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const operator = useSettingsOperator();
  const operators = useTourOperatorSelectOptions(operator.isAdmin);
  const settings = useMessageSettings(operator.id);
  const readOnly = !hasPermission(getRoles(), ACCESS.messageSettingsWrite);
  const dirty = useRef(false);
  const setDirty = useCallback(
    (d: boolean) => {
      dirty.current = d;
      onDirtyChange(d);
    },
    [onDirtyChange],
  );

  return (
    <Stack gap="lg">
      {operator.isAdmin ? (
        <Paper withBorder radius="lg" p="md" shadow="xs">
          <Select
            label="Tour operador"
            description="Cada tour operador tiene sus propios ajustes de mensajes."
            placeholder={operators.isLoading ? 'Cargando…' : 'Elige un tour operador'}
            data={operators.data ?? []}
            value={operator.id || null}
            onChange={(v) => {
              if (v === operator.id) return;
              if (dirty.current) confirmDiscard(() => operator.choose(v));
              else operator.choose(v);
            }}
            searchable
            nothingFoundMessage="Ningún tour operador coincide"
            leftSection={<IconBuildingStore size={16} aria-hidden />}
            maw={420}
          />
        </Paper>
      ) : null}

      {!operator.id ? (
        operator.isAdmin ? (
          <Paper withBorder radius="lg" shadow="xs">
            <EmptyState
              py={48}
              px="md"
              variant="light"
              icon={<IconBuildingStore size={28} />}
              title="Elige un tour operador"
              description="Verás y podrás cambiar el remitente, la hora del recordatorio y qué mensajes reciben sus clientes."
            />
          </Paper>
        ) : operator.meLoading ? (
          <SettingsSkeleton />
        ) : (
          <Alert color="gray" variant="light" title="Sin tour operador">
            Tu usuario no pertenece a ningún tour operador.
          </Alert>
        )
      ) : settings.isLoading ? (
        <SettingsSkeleton />
      ) : settings.isError || !settings.data ? (
        <LoadErrorAlert
          title="No se han podido cargar los ajustes de mensajes"
          onRetry={settings.refetch}
          retrying={settings.isFetching}
        />
      ) : (
        <SettingsForm
          key={operator.id}
          tourOperatorId={operator.id}
          settings={settings.data}
          readOnly={readOnly}
          showZone={!operator.isAdmin}
          onDirtyChange={setDirty}
        />
      )}
    </Stack>
  );
}

function SettingsForm({
  tourOperatorId,
  settings,
  readOnly,
  showZone,
  onDirtyChange,
}: {
  tourOperatorId: string;
  settings: TMessageSettingsResponse;
  readOnly: boolean;
  /** The viewer's zone is the operator's (not the administrator's). */
  showZone: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const save = useUpdateMessageSettings();
  const times = useTimes();
  const [serverError, setServerError] = useState<string | null>(null);
  const barRef = useRef<HTMLDivElement>(null);
  useNotificationsAbove(barRef);
  const form = useForm<TSettingsValues>({
    mode: 'controlled',
    initialValues: settingsValuesOf(settings),
    validate: validateSettings,
    validateInputOnBlur: true,
  });
  const dirty = !readOnly && form.isDirty();
  useUnsavedChangesGuard(dirty);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const focusFirst = (errors: Record<string, unknown>) => {
    const first = firstErrorPath(errors, SETTINGS_FIELDS);
    if (first) form.getInputNode(first as never)?.focus();
  };

  const onError = (error: ApiError) => {
    if (error.status === 401) return;
    const mapped = mapServerErrors(error.fieldErrors, SETTINGS_FIELDS);
    form.setErrors(mapped.fields);
    const hasFields = Object.keys(mapped.fields).length > 0;
    setServerError(mapped.rest.length ? mapped.rest.join(' ') : hasFields ? null : error.message);
    notifyError('No se ha guardado', hasFields ? 'Revisa los campos marcados.' : error.message);
    focusFirst(mapped.fields);
  };

  const submit = form.onSubmit(
    (values) => {
      setServerError(null);
      save.mutate(
        { tourOperatorId, payload: toSettingsPayload(values) },
        {
          onSuccess: (saved) => {
            const next = settingsValuesOf(saved);
            form.setInitialValues(next);
            form.setValues(next);
            form.resetDirty(next);
            notifySuccess('Ajustes guardados', 'Los próximos mensajes a los clientes ya salen con estos ajustes.');
          },
          onError,
        },
      );
    },
    (errors) => {
      focusFirst(errors);
      notifyError('Revisa el formulario', 'Hay campos con errores.', FORM_INVALID_NOTICE);
    },
  );

  const enabled = form.getValues().enabled_kinds;
  const enabledError = form.errors.enabled_kinds;
  const fieldProps = (path: 'sender_name' | 'reply_to' | 'reminder_time') => ({
    ...form.getInputProps(path),
    disabled: readOnly,
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Ajustes de mensajes">
      <Paper withBorder radius="lg" shadow="xs">
        <Stack gap="xl" p={{ base: 'md', sm: 'lg' }}>
          {readOnly ? (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="Solo lectura">
              Solo el administrador de tu tour operador puede cambiar estos ajustes.
            </Alert>
          ) : null}
          <FormErrorAlert message={serverError} />

          <FormSection
            title="Remitente"
            description="Quién ven los clientes que les escribe y adónde llegan sus respuestas."
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Nombre del remitente"
                description="Vacío: el nombre del tour operador."
                placeholder={settings.default_sender_name}
                maxLength={100}
                autoComplete="organization"
                {...fieldProps('sender_name')}
              />
              <TextInput
                label="Responder a"
                description="Vacío: el correo del tour operador."
                placeholder={settings.default_reply_to || 'reservas@tuempresa.es'}
                type="email"
                maxLength={254}
                autoComplete="email"
                {...fieldProps('reply_to')}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection title="Recordatorio">
            <TimePicker
              label="Hora del recordatorio"
              description={`El día antes de cada salida, a esta hora${showZone ? ` (${times.zoneName})` : ' del tour operador'}.`}
              {...requiredPickerIf(!readOnly)}
              format="24h"
              hoursInputLabel="Hora del recordatorio: horas"
              minutesInputLabel="Hora del recordatorio: minutos"
              hoursPlaceholder="hh"
              minutesPlaceholder="mm"
              leftSection={<IconClock size={16} aria-hidden />}
              w={{ base: '100%', xs: 400 }}
              {...fieldProps('reminder_time')}
            />
          </FormSection>

          <FormSection
            title="Mensajes a los clientes"
            description="Los que apagues no se envían. Los mensajes al equipo (contraseña, invitaciones) salen siempre."
          >
            <SimpleGrid
              cols={{ base: 1, md: 2 }}
              spacing="lg"
              verticalSpacing="md"
              role="group"
              aria-label="Mensajes a los clientes"
            >
              {CUSTOMER_MESSAGE_KINDS.map((kind) => (
                <Switch
                  key={kind}
                  label={MESSAGE_KIND_NAMES[kind]}
                  description={MESSAGE_KIND_HELP[kind]}
                  checked={enabled.includes(kind)}
                  disabled={readOnly}
                  onChange={(e) =>
                    form.setFieldValue('enabled_kinds', toggleKind(enabled, kind, e.currentTarget.checked))
                  }
                />
              ))}
            </SimpleGrid>
            {enabledError ? (
              <Text size="sm" c="red.8" role="alert">
                {enabledError}
              </Text>
            ) : null}
          </FormSection>
        </Stack>

        {readOnly ? null : (
          <Box
            ref={barRef}
            px={{ base: 'md', sm: 'lg' }}
            py="sm"
            pos="sticky"
            bottom={0}
            bg="white"
            style={{
              borderTop: '1px solid var(--mantine-color-gray-3)',
              borderRadius: '0 0 var(--mantine-radius-lg) var(--mantine-radius-lg)',
              zIndex: 5,
            }}
          >
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <div aria-live="polite">
                {dirty ? (
                  <Badge color="yellow" variant="dot" size="lg" tt="none" fw={500}>
                    Cambios sin guardar
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed" visibleFrom="sm">
                    Sin cambios pendientes.
                  </Text>
                )}
              </div>
              <Group gap="sm" wrap="nowrap">
                {dirty ? (
                  <Button variant="default" onClick={() => form.reset()} disabled={save.isPending} visibleFrom="sm">
                    Descartar cambios
                  </Button>
                ) : null}
                <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
                  Guardar
                </Button>
              </Group>
            </Group>
          </Box>
        )}
      </Paper>
    </form>
  );
}

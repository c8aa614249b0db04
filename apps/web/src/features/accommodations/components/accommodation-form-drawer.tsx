import {
  Alert,
  Autocomplete,
  Button,
  Drawer,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconDeviceFloppy, IconWorld } from '@tabler/icons-react';
import type { TAccommodationResponse } from '@trayecto/shared';
import { lazy, Suspense, useLayoutEffect, useMemo, useState } from 'react';
import { DESCRIPTION_BELOW } from '../../../components/description-below';
import { FormSection } from '../../../components/form-section';
import { REQUIRED_FIELD, requiredIf } from '../../../components/required-field';
import { confirmDiscard, useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import type { ApiError } from '../../../lib/api-client';
import { firstErrorPath, mapServerErrors } from '../../../lib/form-errors';
import { FORM_INVALID_NOTICE, notifyError, notifySuccess } from '../../../lib/notify';
import type { TTourOperatorOption } from '../../../lib/tour-operator-options';
import { useCreateAccommodation } from '../api/create-accommodation';
import { SHARED_LABEL } from '../api/export-accommodations';
import { useAccommodationZones } from '../api/list-accommodation-zones';
import { useAccommodationOptions } from '../api/list-accommodations';
import { useUpdateAccommodation } from '../api/update-accommodation';
import {
  ACCOMMODATION_FORM_FIELDS,
  ACCOMMODATION_STATE_OPTIONS,
  ACCOMMODATION_TYPE_OPTIONS,
  initialAccommodationFormValues,
  ownerId,
  pickupAtOptions,
  pickupReferrers,
  pointOf,
  SHARED_OWNER,
  type TAccommodationFormContext,
  type TAccommodationFormValues,
  toAccommodationPayload,
  validateAccommodationForm,
} from './accommodation-form-values';

const LocationPicker = lazy(() => import('./location-picker'));

type Props = {
  opened: boolean;
  /** null: a new accommodation */
  accommodation: TAccommodationResponse | null;
  /** The caller may not change it (read-only role, or a shared row for an operator). */
  readOnly: boolean;
  ctx: TAccommodationFormContext;
  operators: readonly TTourOperatorOption[];
  onClose: () => void;
};

/** Create / edit / view an accommodation in a side drawer, with a map to set its position. */
export function AccommodationFormDrawer({ opened, accommodation, readOnly, ctx, operators, onClose }: Props) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const mode = accommodation ? 'edit' : 'create';
  const [serverError, setServerError] = useState<string | null>(null);
  const createMutation = useCreateAccommodation();
  const updateMutation = useUpdateAccommodation();
  const all = useAccommodationOptions(opened);

  const form = useForm<TAccommodationFormValues>({
    mode: 'controlled',
    initialValues: initialAccommodationFormValues(accommodation),
    validate: (values) => validateAccommodationForm(values, mode, ctx),
    validateInputOnBlur: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the target changes
  useLayoutEffect(() => {
    if (!opened) return;
    const initial = initialAccommodationFormValues(accommodation);
    form.setInitialValues(initial);
    form.setValues(initial);
    form.resetDirty(initial);
    form.clearErrors();
    setServerError(null);
  }, [opened, accommodation?.id, accommodation?.updated_at]);

  useUnsavedChangesGuard(opened && !readOnly && form.isDirty());

  const values = form.getValues();
  // The owner decides which places it may be collected at (undefined: an operator's own row).
  const owner = ctx.isAdmin ? (values.owner ? ownerId(values.owner) : null) : undefined;
  const zones = useAccommodationZones(ctx.isAdmin && owner ? owner : undefined);
  const pickupOptions = useMemo(
    () =>
      pickupAtOptions(all.data ?? [], {
        selfId: accommodation?.id ?? null,
        owner,
        current: values.pickup_at_id,
      }),
    [all.data, accommodation?.id, owner, values.pickup_at_id],
  );
  const referrers = pickupReferrers(all.data ?? [], accommodation?.id);
  const point = pointOf(values.lat_lng);

  const requestClose = () => {
    if (!readOnly && form.isDirty()) confirmDiscard(onClose);
    else onClose();
  };

  const saving = createMutation.isPending || updateMutation.isPending;

  const handleError = (error: ApiError) => {
    if (error.status === 401) return;
    const { fields, rest } = mapServerErrors(error.fieldErrors, ACCOMMODATION_FORM_FIELDS, {
      tour_operator_id: 'owner',
    });
    form.setErrors(fields);
    const hasFields = Object.keys(fields).length > 0;
    setServerError(rest.length ? rest.join(' ') : hasFields ? null : error.message);
    notifyError('No se ha guardado', hasFields ? 'Revisa los campos marcados.' : error.message);
    const first = firstErrorPath(fields, ACCOMMODATION_FORM_FIELDS);
    if (first) form.getInputNode(first as never)?.focus();
  };

  const submit = form.onSubmit(
    (v) => {
      setServerError(null);
      const payload = toAccommodationPayload(v, ctx, mode);
      const onSuccess = (saved: TAccommodationResponse) => {
        notifySuccess(accommodation ? 'Cambios guardados' : 'Alojamiento creado', saved.name ?? payload.name);
        form.resetDirty();
        onClose();
      };
      if (accommodation) updateMutation.mutate({ id: accommodation.id, payload }, { onSuccess, onError: handleError });
      else createMutation.mutate(payload, { onSuccess, onError: handleError });
    },
    (errors) => {
      const first = firstErrorPath(errors, ACCOMMODATION_FORM_FIELDS);
      if (first) form.getInputNode(first as never)?.focus();
      notifyError('Revisa el formulario', 'Hay campos con errores.', FORM_INVALID_NOTICE);
    },
  );

  const isSharedRow = Boolean(accommodation && (accommodation.shared || accommodation.tour_operator_id === null));
  const title = readOnly ? 'Datos del alojamiento' : accommodation ? 'Editar alojamiento' : 'Nuevo alojamiento';
  const ro = readOnly ? { readOnly: true, placeholder: '' } : {};
  const ownerOptions = [
    { value: SHARED_OWNER, label: `${SHARED_LABEL} (todos los tour operadores)` },
    ...operators.map((o) => ({ value: o.value, label: o.label })),
  ];
  const ownerLabel = isSharedRow
    ? SHARED_LABEL
    : (operators.find((o) => o.value === accommodation?.tour_operator_id)?.label ?? '');

  return (
    <Drawer
      opened={opened}
      onClose={requestClose}
      position="right"
      size={isPhone ? '100%' : 760}
      title={
        <Text fw={700} size="lg" component="span">
          {title}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      padding={0}
      styles={{
        header: { paddingInline: 'var(--mantine-spacing-lg)', borderBottom: '1px solid var(--mantine-color-gray-3)' },
        // A field focused after a failed save is not hidden under the sticky header or footer.
        content: { scrollPaddingTop: 80, scrollPaddingBottom: 90 },
      }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="xl" px="lg" py="lg">
          {serverError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No se ha podido guardar">
              {serverError}
            </Alert>
          ) : null}
          {readOnly ? (
            <Alert
              color={isSharedRow ? 'indigo' : 'gray'}
              variant="light"
              icon={isSharedRow ? <IconWorld size={18} /> : undefined}
            >
              {isSharedRow && !ctx.isAdmin
                ? 'Este alojamiento es del catálogo compartido: lo mantiene el administrador de Trayecto. Puedes usarlo en tus recogidas, pero no modificarlo.'
                : 'Tu rol permite consultar los alojamientos, no modificarlos.'}
            </Alert>
          ) : null}

          {ctx.isAdmin ? (
            <FormSection
              title="Catálogo"
              description="Los del catálogo compartido los ven todos los tour operadores; no pueden cambiar de catálogo después."
            >
              {mode === 'create' && !readOnly ? (
                <Select
                  label="Pertenece a"
                  placeholder="Catálogo compartido o un tour operador"
                  {...REQUIRED_FIELD}
                  data={ownerOptions}
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage="Ningún tour operador coincide"
                  {...form.getInputProps('owner')}
                  onChange={(v) => {
                    form.setFieldValue('owner', v ?? '');
                    // A "recoger en" of another owner is no longer valid.
                    form.setFieldValue('pickup_at_id', null);
                  }}
                />
              ) : (
                <TextInput label="Pertenece a" readOnly value={ownerLabel} />
              )}
            </FormSection>
          ) : null}

          <FormSection title="Datos del alojamiento">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Nombre"
                placeholder="Ej.: Hotel Jardines de Nivaria"
                style={{ gridColumn: '1 / -1' }}
                {...requiredIf(!readOnly)}
                maxLength={150}
                autoComplete="off"
                data-autofocus
                {...ro}
                {...form.getInputProps('name')}
              />
              <Select
                label="Tipo"
                data={ACCOMMODATION_TYPE_OPTIONS}
                allowDeselect={false}
                {...ro}
                {...form.getInputProps('type')}
              />
              <Select
                label="Estado"
                data={ACCOMMODATION_STATE_OPTIONS}
                allowDeselect={false}
                description={readOnly ? undefined : 'Los inactivos no se ofrecen al reservar.'}
                {...DESCRIPTION_BELOW}
                {...ro}
                {...form.getInputProps('state')}
              />
              <TextInput
                label="Teléfono"
                type="tel"
                placeholder="+34 922 000 000"
                maxLength={40}
                autoComplete="off"
                {...ro}
                {...form.getInputProps('phone')}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection
            title="Ubicación"
            description={readOnly ? undefined : 'Haz clic en el mapa para fijar las coordenadas, o escríbelas.'}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Dirección"
                placeholder="Calle, número, localidad"
                style={{ gridColumn: '1 / -1' }}
                maxLength={255}
                autoComplete="off"
                {...ro}
                {...form.getInputProps('address')}
              />
              <Autocomplete
                label="Zona"
                placeholder="Ej.: Costa Adeje"
                description={readOnly ? undefined : 'Elige una existente para agrupar las recogidas.'}
                {...DESCRIPTION_BELOW}
                data={zones.data ?? []}
                maxLength={80}
                limit={20}
                {...ro}
                {...form.getInputProps('zone')}
              />
              <TextInput
                label="Coordenadas"
                placeholder="Latitud,longitud (p. ej. 28.0812,-16.7311)"
                description={readOnly ? undefined : 'Con punto decimal, separadas por una coma.'}
                {...DESCRIPTION_BELOW}
                maxLength={60}
                autoComplete="off"
                {...ro}
                {...form.getInputProps('lat_lng')}
              />
            </SimpleGrid>
            {opened ? (
              <Suspense fallback={<Skeleton h={240} radius="md" />}>
                <LocationPicker
                  point={point}
                  readOnly={readOnly}
                  onPick={(latLng) => {
                    form.setFieldValue('lat_lng', latLng);
                    form.clearFieldError('lat_lng');
                  }}
                />
              </Suspense>
            ) : null}
          </FormSection>

          <FormSection title="Recogida">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Punto de recogida"
                placeholder="Ej.: puerta principal"
                description={readOnly ? undefined : 'Dónde espera el cliente al autobús.'}
                {...DESCRIPTION_BELOW}
                maxLength={150}
                autoComplete="off"
                {...ro}
                {...form.getInputProps('pickup_point')}
              />
              <Select
                label="Recoger en"
                placeholder={readOnly ? '' : all.isLoading ? 'Cargando…' : 'En este mismo alojamiento'}
                description={
                  referrers.length > 0
                    ? `No puede recogerse en otro: ${referrers.length === 1 ? 'un alojamiento se recoge' : `${referrers.length} alojamientos se recogen`} aquí (${referrers
                        .slice(0, 3)
                        .map((r) => r.name)
                        .join(', ')}${referrers.length > 3 ? '…' : ''}).`
                    : readOnly
                      ? undefined
                      : 'Si a sus clientes se les recoge en otro alojamiento cercano.'
                }
                {...DESCRIPTION_BELOW}
                data={pickupOptions}
                searchable
                clearable={!readOnly}
                nothingFoundMessage="Ningún alojamiento coincide"
                disabled={!readOnly && referrers.length > 0 && !values.pickup_at_id}
                {...ro}
                {...form.getInputProps('pickup_at_id')}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection title="Notas">
            <Textarea
              label="Notas internas"
              placeholder="Ej.: entrada de autobuses por la calle de atrás"
              autosize
              minRows={3}
              maxRows={10}
              maxLength={2000}
              {...ro}
              {...form.getInputProps('notes')}
            />
          </FormSection>
        </Stack>
        <Group
          justify="flex-end"
          gap="sm"
          px="lg"
          py="md"
          pos="sticky"
          bottom={0}
          bg="white"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 6 }}
        >
          <Button variant="default" onClick={requestClose} disabled={saving}>
            {readOnly ? 'Cerrar' : 'Cancelar'}
          </Button>
          {readOnly ? null : (
            <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
              Guardar
            </Button>
          )}
        </Group>
      </form>
    </Drawer>
  );
}

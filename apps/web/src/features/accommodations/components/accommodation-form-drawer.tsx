import { Alert, Autocomplete, Select, SimpleGrid, Skeleton, TextInput } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { SHARED_CATALOG_LABEL, type TAccommodationResponse } from '@trayecto/shared';
import { lazy, Suspense, useMemo } from 'react';
import { DESCRIPTION_BELOW } from '../../../components/description-below';
import { FormDrawer, readOnlyProps, useRecordForm } from '../../../components/form-drawer';
import { FormSection, NotesSection } from '../../../components/form-section';
import { ChoiceSelect, PhoneField } from '../../../components/record-fields';
import { REQUIRED_FIELD, requiredIf } from '../../../components/required-field';
import type { TTourOperatorOption } from '../../../lib/tour-operator-options';
import { useCreateAccommodation } from '../api/create-accommodation';
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
  const mode = accommodation ? 'edit' : 'create';
  const all = useAccommodationOptions(opened);
  const toPayload = (values: TAccommodationFormValues) => toAccommodationPayload(values, ctx, mode);
  const { form, formProps } = useRecordForm({
    opened,
    record: accommodation,
    readOnly,
    initialValues: () => initialAccommodationFormValues(accommodation),
    validate: (values) => validateAccommodationForm(values, mode, ctx),
    fields: ACCOMMODATION_FORM_FIELDS,
    aliases: { tour_operator_id: 'owner' },
    save: {
      create: useCreateAccommodation(),
      update: useUpdateAccommodation(),
      createPayload: toPayload,
      updatePayload: toPayload,
      notice: (saved, values) => [
        accommodation ? 'Cambios guardados' : 'Alojamiento creado',
        saved.name ?? values.name,
      ],
    },
    onClose,
  });

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

  const isSharedRow = Boolean(accommodation && (accommodation.shared || accommodation.tour_operator_id === null));
  const ro = readOnlyProps(readOnly);
  const ownerOptions = [
    { value: SHARED_OWNER, label: `${SHARED_CATALOG_LABEL} (todos los tour operadores)` },
    ...operators.map((o) => ({ value: o.value, label: o.label })),
  ];
  const ownerLabel = isSharedRow
    ? SHARED_CATALOG_LABEL
    : (operators.find((o) => o.value === accommodation?.tour_operator_id)?.label ?? '');

  return (
    <FormDrawer
      {...formProps}
      title={readOnly ? 'Datos del alojamiento' : accommodation ? 'Editar alojamiento' : 'Nuevo alojamiento'}
      size={760}
      readOnlyNotice={
        <Alert
          color={isSharedRow ? 'indigo' : 'gray'}
          variant="light"
          icon={isSharedRow ? <IconWorld size={18} /> : undefined}
        >
          {isSharedRow && !ctx.isAdmin
            ? 'Este alojamiento es del catálogo compartido: lo mantiene el administrador de Trayecto. Puedes usarlo en tus recogidas, pero no modificarlo.'
            : 'Tu rol permite consultar los alojamientos, no modificarlos.'}
        </Alert>
      }
    >
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
          <ChoiceSelect
            label="Tipo"
            data={ACCOMMODATION_TYPE_OPTIONS}
            readOnly={readOnly}
            inputProps={form.getInputProps('type')}
          />
          <ChoiceSelect
            data={ACCOMMODATION_STATE_OPTIONS}
            hint="Los inactivos no se ofrecen al reservar."
            readOnly={readOnly}
            inputProps={form.getInputProps('state')}
          />
          <PhoneField placeholder="+34 922 000 000" readOnly={readOnly} inputProps={form.getInputProps('phone')} />
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

      <NotesSection
        placeholder="Ej.: entrada de autobuses por la calle de atrás"
        readOnly={readOnly}
        inputProps={form.getInputProps('notes')}
      />
    </FormDrawer>
  );
}

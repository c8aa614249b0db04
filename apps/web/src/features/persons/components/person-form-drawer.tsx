import { MultiSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { TPersonResponse } from '@trayecto/shared';
import { DayField } from '../../../components/day-field';
import { DESCRIPTION_BELOW } from '../../../components/description-below';
import { FormDrawer, readOnlyProps, useRecordForm } from '../../../components/form-drawer';
import { FormSection, NotesSection } from '../../../components/form-section';
import { ChoiceSelect, PhoneField } from '../../../components/record-fields';
import { requiredIf } from '../../../components/required-field';
import { TourOperatorSection } from '../../../components/tour-operator-section';
import type { TTourOperatorOption } from '../../../lib/tour-operator-options';
import { useCreatePerson } from '../api/create-person';
import { useUpdatePerson } from '../api/update-person';
import { expiryDetail, expiryLabel, expiryOf } from './expiry';
import {
  initialPersonFormValues,
  LANGUAGE_OPTIONS,
  PERSON_FORM_FIELDS,
  PERSON_ROLE_OPTIONS,
  PERSON_STATE_OPTIONS,
  type TPersonFormContext,
  type TPersonFormValues,
  toPersonPayload,
  validatePersonForm,
} from './person-form-values';

type Props = {
  opened: boolean;
  /** null: a new person */
  person: TPersonResponse | null;
  readOnly: boolean;
  ctx: TPersonFormContext;
  operators: readonly TTourOperatorOption[];
  onClose: () => void;
};

/** Under a date input: the expiry warning in words ("Caduca en 12 días · Caduca el …"). */
function expiryHint(date: string | null): string | undefined {
  const e = expiryOf(date);
  if (e.kind === 'none') return undefined;
  const label = expiryLabel(e);
  return label ? `${label} · ${expiryDetail(e)}` : expiryDetail(e);
}

/** An expiry date, with its warning in words under it. */
function ExpiryField({
  label,
  date,
  readOnly,
  inputProps,
}: {
  label: string;
  date: string | null;
  readOnly: boolean;
  inputProps: GetInputPropsReturnType;
}) {
  return (
    <DayField
      label={label}
      clearable={!readOnly}
      description={expiryHint(date)}
      {...DESCRIPTION_BELOW}
      readOnly={readOnly}
      inputProps={inputProps}
    />
  );
}

/** Create / edit / view a person (guide, driver, assistant) in a side drawer. */
export function PersonFormDrawer({ opened, person, readOnly, ctx, operators, onClose }: Props) {
  const mode = person ? 'edit' : 'create';
  const toPayload = (values: TPersonFormValues) => toPersonPayload(values, ctx, mode);
  const { form, formProps } = useRecordForm({
    opened,
    record: person,
    readOnly,
    initialValues: () => initialPersonFormValues(person),
    validate: (values) => validatePersonForm(values, mode, ctx),
    fields: PERSON_FORM_FIELDS,
    aliases: { fullName: 'full_name' },
    save: {
      create: useCreatePerson(),
      update: useUpdatePerson(),
      createPayload: toPayload,
      updatePayload: toPayload,
      notice: (saved, values) => [person ? 'Cambios guardados' : 'Persona creada', saved.full_name ?? values.full_name],
    },
    onClose,
  });

  const values = form.getValues();
  const ro = readOnlyProps(readOnly);

  return (
    <FormDrawer
      {...formProps}
      title={readOnly ? 'Datos de la persona' : person ? 'Editar persona' : 'Nueva persona'}
      readOnlyNotice="Tu rol permite consultar las personas, no modificarlas."
    >
      {ctx.isAdmin ? (
        <TourOperatorSection
          description="El equipo de qué tour operador incluye a esta persona."
          choose={mode === 'create' && !readOnly}
          operators={operators}
          currentId={person?.tour_operator_id}
          inputProps={form.getInputProps('tour_operator_id')}
        />
      ) : null}

      <FormSection title="Datos personales">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Nombre completo"
            placeholder="Ej.: Nerea Santos Ramos"
            style={{ gridColumn: '1 / -1' }}
            {...requiredIf(!readOnly)}
            maxLength={150}
            autoComplete="off"
            data-autofocus
            {...ro}
            {...form.getInputProps('full_name')}
          />
          <ChoiceSelect
            label="Función"
            placeholder="Elige una función"
            required
            data={PERSON_ROLE_OPTIONS}
            readOnly={readOnly}
            inputProps={form.getInputProps('role')}
          />
          <ChoiceSelect
            data={PERSON_STATE_OPTIONS}
            hint="Las personas inactivas no se ofrecen en las hojas de servicio."
            readOnly={readOnly}
            inputProps={form.getInputProps('state')}
          />
          <PhoneField placeholder="+34 600 000 000" readOnly={readOnly} inputProps={form.getInputProps('phone')} />
          <TextInput
            label="Email"
            type="email"
            placeholder="nombre@correo.com"
            maxLength={254}
            autoComplete="off"
            {...ro}
            {...form.getInputProps('email')}
          />
          <MultiSelect
            label="Idiomas"
            placeholder={values.languages.length ? '' : 'Elige los idiomas'}
            description={readOnly ? undefined : 'Los idiomas en los que puede trabajar en una salida.'}
            {...DESCRIPTION_BELOW}
            data={LANGUAGE_OPTIONS}
            searchable
            clearable={!readOnly}
            hidePickedOptions
            nothingFoundMessage="Ningún idioma coincide"
            maxValues={15}
            style={{ gridColumn: '1 / -1' }}
            {...ro}
            {...form.getInputProps('languages')}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Documentación" description="Avisamos en la lista 30 días antes de que caduque.">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="DNI/Pasaporte"
            placeholder="Ej.: 12345678Z"
            maxLength={40}
            autoComplete="off"
            {...ro}
            {...form.getInputProps('document_id')}
          />
          <ExpiryField
            label="Caducidad del documento"
            date={values.document_expiry}
            readOnly={readOnly}
            inputProps={form.getInputProps('document_expiry')}
          />
          <TextInput
            label="Nº permiso de conducir"
            placeholder="Ej.: 12345678Z"
            maxLength={40}
            autoComplete="off"
            {...ro}
            {...form.getInputProps('license_number')}
          />
          <ExpiryField
            label="Caducidad del permiso"
            date={values.license_expiry}
            readOnly={readOnly}
            inputProps={form.getInputProps('license_expiry')}
          />
        </SimpleGrid>
      </FormSection>

      <NotesSection
        placeholder="Ej.: guía oficial de Canarias; disponible solo fines de semana"
        readOnly={readOnly}
        inputProps={form.getInputProps('notes')}
      />
    </FormDrawer>
  );
}

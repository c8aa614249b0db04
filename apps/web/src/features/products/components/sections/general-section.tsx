import {
  Group,
  Input,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Textarea,
  TextInput,
} from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES, PRODUCT_STATE_NAMES, PRODUCT_STATES } from '@trayecto/shared';
import { lazy, Suspense } from 'react';
import { REQUIRED_FIELD, requiredIf } from '../../../../components/required-field';
import type { TTourOperatorOption } from '../../../../lib/tour-operator-options';
import { TextListField } from '../text-list-field';
import { readOnlyProps, type TSectionProps } from './types';

// The editor (tiptap + ProseMirror) is the heaviest part of the screen: it loads on its own.
const RichTextField = lazy(() => import('../rich-text-field').then((m) => ({ default: m.RichTextField })));

const LANGUAGE_OPTIONS = LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }));
const STATE_OPTIONS = PRODUCT_STATES.map((s) => ({ value: s, label: PRODUCT_STATE_NAMES[s] }));

/** Código, nombre, estado, duración, idiomas, descripciones, incluye / no incluye, qué llevar. */
export function GeneralSection({
  form,
  readOnly,
  operator,
}: TSectionProps & {
  /** The administrator chooses the owner of a new product; on edit it is only shown. */
  operator:
    | { mode: 'choose'; options: TTourOperatorOption[]; loading: boolean }
    | { mode: 'show'; name: string }
    | null;
}) {
  const ro = readOnlyProps(readOnly);
  const values = form.getValues();
  const shortLen = values.short_description.length;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      {operator?.mode === 'choose' ? (
        <Select
          label="Tour operador"
          description="La empresa que vende y opera esta excursión."
          placeholder={operator.loading ? 'Cargando…' : 'Elige un tour operador'}
          {...REQUIRED_FIELD}
          data={operator.options}
          searchable
          nothingFoundMessage="Ningún tour operador coincide"
          style={{ gridColumn: '1 / -1' }}
          {...form.getInputProps('tour_operator_id')}
        />
      ) : operator?.mode === 'show' ? (
        <TextInput label="Tour operador" value={operator.name} readOnly style={{ gridColumn: '1 / -1' }} />
      ) : null}
      <TextInput
        label="Nombre"
        placeholder="Ej.: Subida al Teide con teleférico"
        {...requiredIf(!readOnly)}
        maxLength={150}
        style={{ gridColumn: '1 / -1' }}
        data-autofocus
        {...ro}
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Código"
        description="Corto y único en tu catálogo: letras, números, punto o guion."
        placeholder="Ej.: TEI-01"
        {...requiredIf(!readOnly)}
        maxLength={30}
        autoComplete="off"
        {...ro}
        {...form.getInputProps('code')}
      />
      <Select
        label="Estado"
        description="Solo los productos activos se venden y se ven en la web."
        data={STATE_OPTIONS}
        allowDeselect={false}
        {...ro}
        {...form.getInputProps('state')}
      />
      <Input.Wrapper
        label="Duración"
        description="Horas y minutos que dura la excursión."
        error={form.errors.duration_hours ?? form.errors.duration_mins}
      >
        <Group gap="xs" mt={4} wrap="nowrap">
          <NumberInput
            aria-label="Duración: horas"
            placeholder="Horas"
            suffix=" h"
            min={0}
            max={336}
            allowDecimal={false}
            allowNegative={false}
            style={{ flex: 1 }}
            {...ro}
            {...form.getInputProps('duration_hours')}
            error={Boolean(form.errors.duration_hours)}
          />
          <NumberInput
            aria-label="Duración: minutos"
            placeholder="Minutos"
            suffix=" min"
            min={0}
            max={59}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            style={{ flex: 1 }}
            {...ro}
            {...form.getInputProps('duration_mins')}
            error={Boolean(form.errors.duration_mins)}
          />
        </Group>
      </Input.Wrapper>
      <MultiSelect
        label="Idiomas"
        description="En los que se guía la excursión."
        placeholder={values.languages.length ? '' : 'Elige los idiomas'}
        data={LANGUAGE_OPTIONS}
        searchable
        hidePickedOptions
        nothingFoundMessage="Ningún idioma coincide"
        maxValues={15}
        {...ro}
        {...form.getInputProps('languages')}
      />
      <Textarea
        label="Descripción corta"
        description={`Una o dos frases para listados y buscadores (${shortLen}/300).`}
        placeholder="Ej.: Sube al pico más alto de España y contempla el Parque Nacional del Teide."
        autosize
        minRows={2}
        maxRows={4}
        maxLength={300}
        style={{ gridColumn: '1 / -1' }}
        {...ro}
        {...form.getInputProps('short_description')}
      />
      <div style={{ gridColumn: '1 / -1' }}>
        <Suspense fallback={<Skeleton h={220} radius="md" aria-label="Cargando el editor" />}>
          <RichTextField
            label="Descripción"
            description={readOnly ? undefined : 'El texto de la página pública: itinerario, paradas, recomendaciones…'}
            value={values.description}
            onChange={(html) => form.setFieldValue('description', html)}
            error={form.errors.description}
            readOnly={readOnly}
          />
        </Suspense>
      </div>
      <TextListField
        form={form}
        field="includes"
        label="Incluye"
        placeholder="Ej.: Transporte en autobús con aire acondicionado"
        readOnly={readOnly}
        tone="include"
      />
      <TextListField
        form={form}
        field="excludes"
        label="No incluye"
        placeholder="Ej.: Billete del teleférico"
        readOnly={readOnly}
        tone="exclude"
      />
      <TextListField
        form={form}
        field="what_to_bring"
        label="Qué llevar"
        description={readOnly ? undefined : 'Lo que el cliente debe traer: aparece en la página y en el bono.'}
        placeholder="Ej.: Ropa de abrigo y calzado cómodo"
        readOnly={readOnly}
        tone="bring"
      />
    </SimpleGrid>
  );
}

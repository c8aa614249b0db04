import {
  Avatar,
  Badge,
  Checkbox,
  ColorInput,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconBuildingStore, IconCheck } from '@tabler/icons-react';
import { isPublicLocale, languageName, type TPublicLocale, type TTourOperatorResponse } from '@trayecto/shared';
import { useEffect, useMemo, useState } from 'react';
import { FormDrawer, readOnlyProps, useRecordForm } from '../../../components/form-drawer';
import { FormSection } from '../../../components/form-section';
import { requiredIf } from '../../../components/required-field';
import { useCreateTourOperator } from '../api/create-tour-operator';
import { useTourOperator } from '../api/get-tour-operator';
import { useUpdateTourOperator } from '../api/update-tour-operator';
import {
  CURRENCY_OPTIONS,
  initialTourOperatorValues,
  LANGUAGE_OPTIONS,
  offeredLanguages,
  TAX_TERRITORY_OPTIONS,
  type TTourOperatorFormValues,
  termsLocales,
  timezoneOptions,
  toTourOperatorPayload,
  validateTourOperatorForm,
} from './tour-operator-form-values';

const BRAND_SWATCHES = ['#0b7285', '#1864ab', '#2b8a3e', '#e67700', '#c92a2a', '#862e9c', '#212529', '#f59f00'];

const FORM_FIELDS = Object.keys(initialTourOperatorValues(null));

type Props = {
  opened: boolean;
  /** null: a new tour operator */
  operator: TTourOperatorResponse | null;
  readOnly: boolean;
  onClose: () => void;
};

/** Create / edit / view a tour operator in a side drawer, fields grouped in titled sections. */
export function TourOperatorFormDrawer({ opened, operator, readOnly, onClose }: Props) {
  const mode = operator ? 'edit' : 'create';
  // The list row may be older than the record: the drawer reads it again.
  const fresh = useTourOperator(opened && operator ? operator.id : null);
  const zones = useMemo(() => timezoneOptions(), []);
  const { form, formProps } = useRecordForm({
    opened,
    record: operator,
    version: fresh.dataUpdatedAt,
    readOnly,
    initialValues: () => initialTourOperatorValues(fresh.data ?? operator),
    validate: (values) => validateTourOperatorForm(values, mode),
    fields: FORM_FIELDS,
    save: {
      create: useCreateTourOperator(),
      update: useUpdateTourOperator(),
      createPayload: toTourOperatorPayload,
      updatePayload: toTourOperatorPayload,
      notice: (saved, values) => [operator ? 'Cambios guardados' : 'Tour operador creado', saved.name ?? values.name],
    },
    onClose,
  });

  const values = form.getValues();
  const ro = readOnlyProps(readOnly);

  return (
    <FormDrawer
      {...formProps}
      title={readOnly ? 'Datos del tour operador' : operator ? 'Editar tour operador' : 'Nuevo tour operador'}
      readOnlyNotice="Tu rol permite consultar estos datos, no modificarlos."
      loading={Boolean(operator) && fresh.isLoading}
    >
      <FormSection title="Datos fiscales">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Nombre comercial"
            placeholder="Ej.: Teide Aventura"
            {...requiredIf(!readOnly)}
            maxLength={150}
            data-autofocus
            {...ro}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Razón social"
            placeholder="Ej.: Teide Aventura S.L."
            maxLength={200}
            {...ro}
            {...form.getInputProps('legal_name')}
          />
          <TextInput
            label="CIF/NIF"
            placeholder="Ej.: B38123456"
            maxLength={30}
            {...ro}
            {...form.getInputProps('tax_id')}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Contacto" description="Aparece en los bonos y en las páginas públicas.">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Email"
            type="email"
            placeholder="reservas@tuempresa.com"
            {...ro}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Teléfono"
            type="tel"
            placeholder="+34 922 000 000"
            maxLength={40}
            {...ro}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label="Dirección"
            placeholder="Calle, número, localidad"
            maxLength={255}
            {...ro}
            {...form.getInputProps('address')}
          />
          <TextInput
            label="Sitio web"
            type="url"
            placeholder="https://www.tuempresa.com"
            maxLength={255}
            {...ro}
            {...form.getInputProps('website')}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Marca" description="El color y el logo de las páginas públicas y los bonos.">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ColorInput
            label="Color de marca"
            placeholder="#0B7285"
            format="hex"
            swatches={BRAND_SWATCHES}
            swatchesPerRow={8}
            withEyeDropper={false}
            {...ro}
            {...form.getInputProps('brand_color')}
          />
          <TextInput
            label="Logo (URL)"
            type="url"
            placeholder="https://www.tuempresa.com/logo.png"
            maxLength={255}
            rightSection={
              values.logo_url ? (
                <Avatar src={values.logo_url} size={24} radius="sm" alt="" />
              ) : (
                <IconBuildingStore size={16} aria-hidden />
              )
            }
            {...ro}
            {...form.getInputProps('logo_url')}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Configuración">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Zona horaria"
            description="Decide qué es «hoy» en reservas y hojas de servicio."
            data={zones}
            searchable
            allowDeselect={false}
            nothingFoundMessage="Ninguna zona coincide"
            {...ro}
            {...form.getInputProps('timezone')}
          />
          <Select
            label="Moneda"
            description="De los precios y los cobros."
            data={CURRENCY_OPTIONS}
            allowDeselect={false}
            {...ro}
            {...form.getInputProps('currency')}
          />
          <Select
            label="Territorio fiscal"
            description="Qué impuesto incluyen los precios: IGIC en Canarias, IVA en el resto."
            data={TAX_TERRITORY_OPTIONS}
            allowDeselect={false}
            {...ro}
            {...form.getInputProps('tax_territory')}
          />
          <NumberInput
            label="Comisión por defecto (%)"
            description="La que se propone a cada vendedor nuevo."
            min={0}
            max={100}
            decimalScale={2}
            decimalSeparator=","
            suffix=" %"
            {...ro}
            {...form.getInputProps('default_commission_pct')}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection
        title="Idiomas"
        description="En qué idiomas ven sus clientes las páginas públicas, los bonos y los mensajes."
      >
        <LanguagesFields form={form} readOnly={readOnly} />
      </FormSection>

      <FormSection title="Condiciones" description="Las condiciones de reserva que el cliente acepta al reservar.">
        <Textarea
          label="Condiciones de reserva"
          description={`En ${lower(values.default_language)}, el idioma principal.`}
          placeholder="Cancelación gratuita hasta 24 horas antes de la salida…"
          autosize
          minRows={5}
          maxRows={14}
          {...ro}
          {...form.getInputProps('booking_terms')}
        />
        <TermsTranslations form={form} readOnly={readOnly} />
      </FormSection>
    </FormDrawer>
  );
}

type TForm = UseFormReturnType<TTourOperatorFormValues>;

/** "Alemán" → "alemán" inside a sentence or a label. */
const lower = (locale: string) => languageName(locale).toLocaleLowerCase('es');

/**
 * "Idioma principal" and "Idiomas de las páginas públicas" (issue 15): the default language is
 * always offered (its box checked and disabled); choosing another default offers it too.
 */
function LanguagesFields({ form, readOnly }: { form: TForm; readOnly: boolean }) {
  const values = form.getValues();
  const offered = form.getInputProps('public_languages');
  return (
    <Stack gap="md">
      <Select
        label="Idioma principal"
        description="En el que escribes los textos de los productos y las condiciones; lo que no esté traducido se muestra en este idioma."
        data={LANGUAGE_OPTIONS}
        allowDeselect={false}
        {...readOnlyProps(readOnly)}
        {...form.getInputProps('default_language')}
        onChange={(value) => {
          if (!isPublicLocale(value)) return;
          form.setFieldValue('default_language', value);
          form.setFieldValue('public_languages', offeredLanguages(form.getValues().public_languages, value));
        }}
      />
      <Checkbox.Group
        label="Idiomas de las páginas públicas"
        description="Los que puede elegir el cliente. El idioma principal siempre se ofrece."
        value={values.public_languages}
        onChange={(list) =>
          form.setFieldValue('public_languages', offeredLanguages(list, form.getValues().default_language))
        }
        error={offered.error}
      >
        <Group gap="md" mt={8}>
          {LANGUAGE_OPTIONS.map((o) => (
            <Checkbox
              key={o.value}
              value={o.value}
              label={o.label}
              disabled={readOnly || o.value === values.default_language}
            />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}

/** The booking terms in every offered language but the default one, a tab each (issue 15). */
function TermsTranslations({ form, readOnly }: { form: TForm; readOnly: boolean }) {
  const values = form.getValues();
  const locales = termsLocales(values);
  const [active, setActive] = useState<string | null>(null);
  const current = active && locales.includes(active as TPublicLocale) ? active : (locales[0] ?? null);
  // An error in another language's terms brings its tab forward.
  const withErrors = locales.filter((l) => form.errors[`booking_terms_translations.${l}`]);
  const errorKey = withErrors.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the languages with errors change
  useEffect(() => {
    if (withErrors.length && !(current && withErrors.includes(current as TPublicLocale)))
      setActive(withErrors[0] ?? null);
  }, [errorKey]);

  if (locales.length === 0) return null;
  return (
    <Tabs value={current} onChange={setActive} keepMounted={false} variant="outline" radius="md">
      <Tabs.List aria-label="Condiciones en otros idiomas">
        {locales.map((l) => (
          <Tabs.Tab
            key={l}
            value={l}
            rightSection={
              values.booking_terms_translations[l].trim() ? (
                <IconCheck size={14} color="var(--mantine-color-teal-7)" aria-label="traducidas" />
              ) : (
                <Badge size="xs" variant="light" color="gray" radius="sm">
                  Sin traducir
                </Badge>
              )
            }
          >
            {languageName(l)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {locales.map((l) => (
        <Tabs.Panel key={l} value={l} pt="sm">
          <Textarea
            label={`Condiciones de reserva (${lower(l)})`}
            description={`Si lo dejas vacío, los clientes que leen en ${lower(l)} verán las condiciones en ${lower(values.default_language)}.`}
            placeholder={readOnly ? '' : values.booking_terms}
            autosize
            minRows={5}
            maxRows={14}
            {...readOnlyProps(readOnly)}
            {...form.getInputProps(`booking_terms_translations.${l}`)}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

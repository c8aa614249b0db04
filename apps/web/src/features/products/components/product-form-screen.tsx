import { Alert, Divider, Grid, Group, Stack, Text } from '@mantine/core';
import { IconCalendarMonth, IconInfoCircle, IconMapOff } from '@tabler/icons-react';
import { isPublicLocale, pathTo, type TProductResponse, timeZoneOf } from '@trayecto/shared';
import { useParams } from 'react-router';
import { FormErrorAlert } from '../../../components/form-drawer';
import { FormSaveBar, FormSectionCard } from '../../../components/form-page';
import { PageHeader } from '../../../components/page-header';
import { RecordBreadcrumbs, RecordLoadError } from '../../../components/record-page';
import { useTourOperatorBookingTerms, useTourOperatorLanguages } from '../../tour-operators';
import { useProduct } from '../api/get-product';
import { ProductFormSkeleton, ProductHeaderActions, ProductSectionIndex, ProductSubtitle } from './product-form-parts';
import { errorsBySection, PRODUCT_SECTIONS, type TProductSectionId } from './product-form-sections';
import type { TProductFormMode } from './product-form-values';
import { AvailabilitySection } from './sections/availability-section';
import { CapacitySection } from './sections/capacity-section';
import { DeparturesCalendar } from './sections/departures-calendar';
import { GeneralSection } from './sections/general-section';
import { ImagesSection } from './sections/images-section';
import { MeetingPointSection } from './sections/meeting-point-section';
import { PaymentSection } from './sections/payment-section';
import { PickupsSection } from './sections/pickups-section';
import { PricesSection } from './sections/prices-section';
import { PublicLinksSection } from './sections/public-links-section';
import { QuestionsSection } from './sections/questions-section';
import { SeasonsSection } from './sections/seasons-section';
import { type TProductLanguages, TranslationsSection } from './sections/translations-section';
import { useProductForm } from './use-product-form';

const PRODUCTS_CRUMB = { label: 'Productos', to: pathTo('productIndex') };

/** The operator's languages as the translations section wants them (unknown ones left out). */
export function productLanguages(
  operator: { default_language?: string; public_languages?: string[] } | null,
): TProductLanguages | null {
  if (!operator || !isPublicLocale(operator.default_language)) return null;
  return { default: operator.default_language, offered: (operator.public_languages ?? []).filter(isPublicLocale) };
}

/** /products/create: a new tour (levels 0/1). Images and the calendar come once it is saved. */
export function ProductCreateScreen() {
  return <ProductForm mode="create" product={null} />;
}

/** /products/edit/{id}: the whole product; what can be changed depends on the role (PRODUCT §3). */
export function ProductEditScreen() {
  const { id = '' } = useParams();
  const query = useProduct(id || null);

  if (query.isLoading) return <ProductFormSkeleton />;
  if (query.isError || !query.data) {
    return (
      <RecordLoadError
        query={query}
        parent={{ ...PRODUCTS_CRUMB, back: 'Volver a productos' }}
        icon={<IconMapOff size={28} />}
        texts={{
          notFoundCrumb: 'No encontrado',
          notFoundTitle: 'Producto no encontrado',
          notFoundDescription: 'Puede que se haya eliminado o que el enlace no sea correcto.',
          errorTitle: 'No se ha podido cargar el producto',
        }}
      />
    );
  }
  return <ProductForm key={query.data.id} mode="edit" product={query.data} />;
}

function ProductForm({ mode, product }: { mode: TProductFormMode; product: TProductResponse | null }) {
  const {
    access,
    today,
    form,
    submit,
    confirmDelete,
    saving,
    deleting,
    serverMessages,
    generalReadOnly,
    availabilityReadOnly,
    canSave,
    dirty,
    operators,
    me,
  } = useProductForm(mode, product);

  const values = form.getValues();
  const sectionErrors = errorsBySection(form.errors);
  const errorCount = Object.values(form.errors).filter(Boolean).length;
  /** A section's card: its title, its errors, and "Solo lectura" when the role may only read it. */
  const sectionCard = (id: TProductSectionId, readOnly = generalReadOnly) => ({
    id,
    title: PRODUCT_SECTIONS.find((s) => s.id === id)?.title ?? '',
    locked: readOnly && !access.readOnly,
    errorCount: sectionErrors[id],
  });
  const availabilityDirty = mode === 'edit' && (form.isDirty('availability_rules') || form.isDirty('closed_dates'));
  const operatorName =
    product?.tour_operator?.name ??
    operators.data?.find((o) => o.value === values.tour_operator_id)?.label ??
    product?.tour_operator_id ??
    '';

  // Whose terms apply while the product has none: its operator's (the caller's own on a new one).
  const operatorId = product?.tour_operator_id ?? values.tour_operator_id ?? me.data?.tour_operator_id ?? null;
  const operatorTerms = useTourOperatorBookingTerms(operatorId);
  // The languages to translate into: the stored product says them; a new one asks its operator.
  // (and the territory whose tax rates its prices may include).
  const operatorLanguages = useTourOperatorLanguages(product?.tour_operator ? null : operatorId);
  const languages = productLanguages(product?.tour_operator ?? operatorLanguages.data ?? null);

  const title = mode === 'create' ? 'Nuevo producto' : (product?.name ?? 'Producto');
  const subtitle =
    mode === 'create' ? (
      'Da de alta una excursión con todo lo necesario para venderla: tarifas, horarios y recogidas.'
    ) : product ? (
      <ProductSubtitle product={product} isAdmin={access.isAdmin} />
    ) : undefined;

  return (
    <>
      <RecordBreadcrumbs
        parent={PRODUCTS_CRUMB}
        current={mode === 'create' ? 'Nuevo producto' : (product?.name ?? '')}
      />
      <PageHeader
        title={title}
        description={subtitle}
        actions={
          mode === 'edit' && product ? (
            <ProductHeaderActions
              product={product}
              canDelete={access.canEditAll}
              deleting={deleting}
              onDelete={confirmDelete}
            />
          ) : null
        }
      />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <form onSubmit={submit} noValidate aria-label={title}>
            <Stack gap="lg">
              <FormErrorAlert message={serverMessages.length ? serverMessages.join(' ') : null} />
              {mode === 'edit' && !access.canEditAll && access.canEditAvailability ? (
                <Alert
                  color="blue"
                  variant="light"
                  icon={<IconCalendarMonth size={18} />}
                  title="Puedes cambiar la disponibilidad"
                >
                  Como Operador puedes editar las reglas semanales, las fechas cerradas y cada salida. El resto de datos
                  del producto es de solo lectura.
                </Alert>
              ) : null}
              {access.readOnly ? (
                <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
                  Tu rol permite consultar este producto, no modificarlo.
                </Alert>
              ) : null}

              <FormSectionCard {...sectionCard('datos-generales')}>
                <GeneralSection
                  form={form}
                  readOnly={generalReadOnly}
                  operator={
                    !access.isAdmin
                      ? null
                      : mode === 'create'
                        ? { mode: 'choose', options: operators.data ?? [], loading: operators.isLoading }
                        : { mode: 'show', name: operatorName }
                  }
                />
              </FormSectionCard>

              <FormSectionCard {...sectionCard('capacidad')}>
                <CapacitySection form={form} readOnly={generalReadOnly} operatorTerms={operatorTerms.data} />
              </FormSectionCard>

              <FormSectionCard {...sectionCard('punto-encuentro')}>
                <MeetingPointSection form={form} readOnly={generalReadOnly} />
              </FormSectionCard>

              <FormSectionCard
                {...sectionCard('tarifas')}
                description="Precio por tipo de pasajero, impuestos incluidos."
              >
                <PricesSection
                  form={form}
                  readOnly={generalReadOnly}
                  taxTerritory={product?.tour_operator?.tax_territory ?? operatorLanguages.data?.tax_territory ?? null}
                />
              </FormSectionCard>

              <FormSectionCard
                {...sectionCard('cobro')}
                description="Qué se paga en línea al reservar y qué el día de la excursión."
              >
                <PaymentSection form={form} readOnly={generalReadOnly} />
              </FormSectionCard>

              <FormSectionCard
                {...sectionCard('temporadas')}
                description="Entre sus fechas, los precios de la temporada sustituyen a las tarifas."
              >
                <SeasonsSection form={form} readOnly={generalReadOnly} />
              </FormSectionCard>

              <FormSectionCard
                {...sectionCard('disponibilidad', availabilityReadOnly)}
                description="Qué días y a qué horas sale la excursión."
              >
                <AvailabilitySection form={form} readOnly={availabilityReadOnly} today={today} />
                {mode === 'edit' && product ? (
                  <>
                    <Divider my="xs" />
                    <Group gap={8}>
                      <IconCalendarMonth size={18} color="var(--mantine-color-brand-8)" aria-hidden />
                      <Text fw={600} size="sm">
                        Calendario de salidas
                      </Text>
                    </Group>
                    <DeparturesCalendar
                      productId={product.id}
                      productCapacity={product.capacity}
                      timeZone={timeZoneOf(product.tour_operator?.timezone)}
                      closedDates={product.closed_dates}
                      today={today}
                      canManage={access.canEditAvailability}
                      hasUnsavedAvailability={availabilityDirty}
                    />
                  </>
                ) : null}
              </FormSectionCard>

              <FormSectionCard
                {...sectionCard('recogidas')}
                description="Alojamientos o zonas donde se recoge a los clientes, con la antelación de cada uno."
              >
                <PickupsSection
                  form={form}
                  readOnly={generalReadOnly}
                  adminOperatorId={access.isAdmin ? values.tour_operator_id : null}
                />
              </FormSectionCard>

              <FormSectionCard
                {...sectionCard('preguntas')}
                description="Lo que se pregunta al reservar, en la web, en la oficina y a los canales."
              >
                <QuestionsSection form={form} readOnly={generalReadOnly} />
              </FormSectionCard>

              <FormSectionCard
                {...sectionCard('traducciones')}
                description="Los textos del producto en cada idioma en el que vende el tour operador."
              >
                <TranslationsSection
                  form={form}
                  readOnly={generalReadOnly}
                  languages={languages}
                  operatorName={operatorName || undefined}
                />
              </FormSectionCard>

              <FormSectionCard
                {...sectionCard('imagenes', mode === 'edit' && generalReadOnly)}
                description={
                  mode === 'edit' && !generalReadOnly ? 'Los cambios de imágenes se guardan al momento.' : undefined
                }
              >
                {mode === 'edit' && product ? (
                  <ImagesSection
                    productId={product.id}
                    productName={product.name}
                    images={product.images ?? []}
                    readOnly={generalReadOnly}
                  />
                ) : (
                  <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
                    Guarda el producto para poder subir sus imágenes.
                  </Alert>
                )}
              </FormSectionCard>

              <FormSectionCard {...sectionCard('enlaces', false)}>
                <PublicLinksSection
                  urls={mode === 'edit' && product?.public_urls ? product.public_urls : null}
                  isActive={product?.state === 'active'}
                />
              </FormSectionCard>
            </Stack>

            {canSave ? (
              <FormSaveBar
                dirty={dirty}
                isNew={mode === 'create'}
                errorCount={errorCount}
                backTo={pathTo('productIndex')}
                saving={saving}
              />
            ) : null}
          </form>
        </Grid.Col>

        <Grid.Col span={3} visibleFrom="lg">
          <ProductSectionIndex sectionErrors={sectionErrors} />
        </Grid.Col>
      </Grid>
    </>
  );
}

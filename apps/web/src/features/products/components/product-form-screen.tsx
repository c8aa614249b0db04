import { Alert, Divider, Grid, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconCalendarMonth, IconInfoCircle, IconMapOff, IconTrash } from '@tabler/icons-react';
import { pathTo, type TProductResponse } from '@trayecto/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FormErrorAlert } from '../../../components/form-drawer';
import { FormSaveBar, FormSectionCard, revealField } from '../../../components/form-page';
import { PageHeader } from '../../../components/page-header';
import { RecordBreadcrumbs, RecordLoadError } from '../../../components/record-page';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import type { ApiError } from '../../../lib/api-client';
import { getRoles } from '../../../lib/auth-storage';
import { FORM_INVALID_NOTICE, notifyError, notifySuccess } from '../../../lib/notify';
import { useTimes } from '../../../lib/time-zone';
import { useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useMe } from '../../../lib/use-me';
import { useTourOperatorBookingTerms } from '../../tour-operators';
import { useCreateProduct } from '../api/create-product';
import { useDeleteProduct } from '../api/delete-product';
import { useProduct } from '../api/get-product';
import { useUpdateProduct } from '../api/update-product';
import { productAccess, type TProductAccess } from '../utils/product-access';
import { mapServerErrors, validateProductForm } from './product-form-errors';
import { ProductFormSkeleton, ProductHeaderActions, ProductSectionIndex, ProductSubtitle } from './product-form-parts';
import { errorsBySection, PRODUCT_SECTIONS, sectionOfPath, type TProductSectionId } from './product-form-sections';
import { initialProductValues, type TProductFormMode, type TProductFormValues } from './product-form-values';
import { toProductPayload } from './product-payload';
import { AvailabilitySection } from './sections/availability-section';
import { CapacitySection } from './sections/capacity-section';
import { DeparturesCalendar } from './sections/departures-calendar';
import { GeneralSection } from './sections/general-section';
import { ImagesSection } from './sections/images-section';
import { MeetingPointSection } from './sections/meeting-point-section';
import { PickupsSection } from './sections/pickups-section';
import { PricesSection } from './sections/prices-section';
import { PublicLinksSection } from './sections/public-links-section';
import { SeasonsSection } from './sections/seasons-section';

const PRODUCTS_CRUMB = { label: 'Productos', to: pathTo('productIndex') };

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

/** The first error in page order: its input gets the focus (or its section comes into view). */
function focusFirstError(errors: Record<string, unknown>, getInputNode: (path: string) => HTMLElement | null) {
  const paths = Object.keys(errors).filter((p) => errors[p]);
  const order = (p: string) => PRODUCT_SECTIONS.findIndex((s) => s.id === sectionOfPath(p));
  const first = paths.sort((a, b) => order(a) - order(b))[0];
  if (first) revealField(getInputNode(first), sectionOfPath(first));
}

function ProductForm({ mode, product }: { mode: TProductFormMode; product: TProductResponse | null }) {
  const access: TProductAccess = useMemo(() => productAccess(getRoles()), []);
  const navigate = useNavigate();
  // The product's operator's today (the administrator may edit another zone's product).
  const today = useTimes(product?.tour_operator?.timezone).today();
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const createMutation = useCreateProduct();
  const updateMutation = useUpdateProduct();
  const deleteMutation = useDeleteProduct();
  const operators = useTourOperatorSelectOptions(access.isAdmin && mode === 'create');
  const me = useMe();

  const generalReadOnly = !access.canEditAll;
  const availabilityReadOnly = !access.canEditAvailability;
  const canSave = mode === 'create' ? access.canEditAll : access.canEditAll || access.canEditAvailability;

  const form = useForm<TProductFormValues>({
    mode: 'controlled',
    initialValues: initialProductValues(product),
    validate: (values) => validateProductForm(values, mode, access),
    validateInputOnBlur: true,
  });

  const resetTo = (saved: TProductResponse) => {
    const initial = initialProductValues(saved);
    form.setInitialValues(initial);
    form.setValues(initial);
    form.resetDirty(initial);
    form.clearErrors();
  };

  // A newer copy of the product (another tab, an image upload) refreshes an untouched form.
  const loadedAt = useRef(product?.updated_at);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the stored product changes
  useEffect(() => {
    if (!product || product.updated_at === loadedAt.current) return;
    loadedAt.current = product.updated_at;
    if (!form.isDirty()) resetTo(product);
  }, [product?.updated_at]);

  const dirty = canSave && form.isDirty();
  useUnsavedChangesGuard(dirty);

  // After creating, go to the edit screen once the form is clean (so the guard does not ask).
  useEffect(() => {
    if (redirectTo && !form.isDirty()) navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate, form]);

  const saving = createMutation.isPending || updateMutation.isPending;

  const handleError = (error: ApiError) => {
    if (error.status === 401) return;
    const { fields, rest } = mapServerErrors(error.fieldErrors, form.getValues());
    if (error.code === 'CODE_TAKEN' && !fields.code) fields.code = error.message;
    form.setErrors(fields);
    const hasFields = Object.keys(fields).length > 0;
    setServerMessages(rest.length ? rest : hasFields ? [] : [error.message]);
    notifyError('No se ha guardado', hasFields ? 'Revisa los campos marcados.' : error.message, FORM_INVALID_NOTICE);
    if (hasFields) focusFirstError(fields, (p) => form.getInputNode(p as never) ?? null);
  };

  const submit = form.onSubmit(
    (values) => {
      setServerMessages([]);
      const payload = toProductPayload(values, mode, access);
      if (mode === 'create') {
        createMutation.mutate(payload, {
          onSuccess: (saved) => {
            notifySuccess('Producto creado', `${saved.name}: ya puedes añadir imágenes y revisar sus salidas.`);
            resetTo(saved);
            setRedirectTo(pathTo('productEdit', { id: saved.id }));
          },
          onError: handleError,
        });
      } else if (product) {
        updateMutation.mutate(
          { id: product.id, payload },
          {
            onSuccess: (saved) => {
              loadedAt.current = saved.updated_at;
              resetTo(saved);
              notifySuccess(
                'Cambios guardados',
                access.canEditAll
                  ? `Se han guardado los datos de ${saved.name}.`
                  : `Se ha guardado la disponibilidad de ${saved.name}.`,
              );
            },
            onError: handleError,
          },
        );
      }
    },
    (errors) => {
      const count = Object.values(errors).filter(Boolean).length;
      notifyError(
        'Revisa el formulario',
        count === 1 ? 'Hay un campo con errores.' : `Hay ${count} campos con errores.`,
        FORM_INVALID_NOTICE,
      );
      focusFirstError(errors, (p) => form.getInputNode(p as never) ?? null);
    },
  );

  const confirmDelete = () => {
    if (!product) return;
    modals.openConfirmModal({
      title: 'Eliminar producto',
      centered: true,
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar <b>{product.name}</b> ({product.code})? Dejará de venderse y de aparecer en la
          web. Las reservas que ya lo usan se conservan.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        deleteMutation.mutate(product.id, {
          onSuccess: () => {
            notifySuccess('Producto eliminado', `${product.name} ya no está a la venta.`);
            form.resetDirty();
            setRedirectTo(pathTo('productIndex'));
          },
          onError: (error) => notifyError('No se ha podido eliminar', error.message),
        }),
    });
  };

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
  const operatorTerms = useTourOperatorBookingTerms(
    product?.tour_operator_id ?? values.tour_operator_id ?? me.data?.tour_operator_id ?? null,
  );

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
              deleting={deleteMutation.isPending}
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
                <PricesSection form={form} readOnly={generalReadOnly} />
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

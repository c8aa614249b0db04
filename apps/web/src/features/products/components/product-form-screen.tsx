import {
  Alert,
  Badge,
  Box,
  Button,
  Divider,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconCalendarMonth, IconEye, IconInfoCircle, IconMapOff, IconTrash } from '@tabler/icons-react';
import { pathTo, type TProductResponse } from '@trayecto/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FormErrorAlert } from '../../../components/form-drawer';
import { FormSaveBar, FormSectionCard, revealField, scrollToSection } from '../../../components/form-page';
import { PageHeader } from '../../../components/page-header';
import { RecordBreadcrumbs, RecordLoadError } from '../../../components/record-page';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import type { ApiError } from '../../../lib/api-client';
import { getRoles } from '../../../lib/auth-storage';
import { FORM_INVALID_NOTICE, notifyError, notifySuccess } from '../../../lib/notify';
import { useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useCreateProduct } from '../api/create-product';
import { useDeleteProduct } from '../api/delete-product';
import { useProduct } from '../api/get-product';
import { useUpdateProduct } from '../api/update-product';
import { todayIso } from '../utils/departures-calendar';
import { productAccess, type TProductAccess } from '../utils/product-access';
import { formatDuration } from '../utils/product-format';
import classes from './product-form.module.css';
import {
  errorsBySection,
  initialProductValues,
  mapServerErrors,
  PRODUCT_SECTIONS,
  sectionOfPath,
  type TProductFormMode,
  type TProductFormValues,
  type TProductSectionId,
  toProductPayload,
  validateProductForm,
} from './product-form-values';
import { ProductStateBadge } from './product-state-badge';
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
  const today = useMemo(() => todayIso(), []);
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const createMutation = useCreateProduct();
  const updateMutation = useUpdateProduct();
  const deleteMutation = useDeleteProduct();
  const operators = useTourOperatorSelectOptions(access.isAdmin && mode === 'create');

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
    if (error.status === 409 && !fields.code && /c[oó]digo/i.test(error.message)) fields.code = error.message;
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

  const title = mode === 'create' ? 'Nuevo producto' : (product?.name ?? 'Producto');
  const subtitle =
    mode === 'create' ? (
      'Da de alta una excursión con todo lo necesario para venderla: tarifas, horarios y recogidas.'
    ) : product ? (
      <Group gap={8} component="span" wrap="wrap">
        <Text span ff="monospace" size="sm">
          {product.code}
        </Text>
        <ProductStateBadge state={product.state} />
        {product.duration_minutes ? (
          <Text span size="sm">
            {formatDuration(product.duration_minutes)}
          </Text>
        ) : null}
        {access.isAdmin && product.tour_operator ? (
          <Text span size="sm">
            · {product.tour_operator.name}
          </Text>
        ) : null}
      </Group>
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
            <>
              {product.public_urls?.landing ? (
                <Button
                  component="a"
                  href={product.public_urls.landing}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="default"
                  leftSection={<IconEye size={18} aria-hidden />}
                >
                  Vista previa
                </Button>
              ) : null}
              {access.canEditAll ? (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={confirmDelete}
                  loading={deleteMutation.isPending}
                >
                  Eliminar
                </Button>
              ) : null}
            </>
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
                <CapacitySection form={form} readOnly={generalReadOnly} />
              </FormSectionCard>

              <FormSectionCard {...sectionCard('punto-encuentro')}>
                <MeetingPointSection form={form} readOnly={generalReadOnly} />
              </FormSectionCard>

              <FormSectionCard {...sectionCard('tarifas')} description="Precio por tipo de pasajero, con IVA incluido.">
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
          <nav className={classes.index} aria-label="Secciones del producto">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6} px={10}>
              Secciones
            </Text>
            {PRODUCT_SECTIONS.map((s) => (
              <UnstyledButton key={s.id} className={classes.indexLink} onClick={() => scrollToSection(s.id)}>
                <span>{s.title}</span>
                {sectionErrors[s.id] ? (
                  <Badge size="xs" color="red" variant="filled" circle>
                    {sectionErrors[s.id]}
                  </Badge>
                ) : null}
              </UnstyledButton>
            ))}
          </nav>
        </Grid.Col>
      </Grid>
    </>
  );
}

function ProductFormSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Cargando producto">
      <Skeleton h={14} w={180} mb="sm" />
      <Skeleton h={30} w={320} mb={8} />
      <Skeleton h={16} w={220} mb="lg" />
      <Stack gap="lg" maw={1000}>
        {[0, 1, 2].map((i) => (
          <Paper key={i} withBorder radius="lg" p="lg">
            <Skeleton h={12} w={140} mb="md" />
            <Stack gap="sm">
              <Skeleton h={36} />
              <Skeleton h={36} />
              <Skeleton h={36} w="60%" />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}

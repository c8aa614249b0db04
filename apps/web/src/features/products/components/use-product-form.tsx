/**
 * The product form's controller: the form and its rules for the role, the saves (create, update,
 * delete) with their notices and server errors, the refresh from a newer stored copy and the
 * unsaved-changes guard. The screen (product-form-screen.tsx) only lays the sections out.
 */
import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { pathTo, type TProductResponse } from '@trayecto/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { revealField } from '../../../components/form-page';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import type { ApiError } from '../../../lib/api-client';
import { getRoles } from '../../../lib/auth-storage';
import { FORM_INVALID_NOTICE, notifyError, notifySuccess } from '../../../lib/notify';
import { useTimes } from '../../../lib/time-zone';
import { useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useMe } from '../../../lib/use-me';
import { useCreateProduct } from '../api/create-product';
import { useDeleteProduct } from '../api/delete-product';
import { useUpdateProduct } from '../api/update-product';
import { productAccess, type TProductAccess } from '../utils/product-access';
import { mapServerErrors, validateProductForm } from './product-form-errors';
import { PRODUCT_SECTIONS, sectionOfPath } from './product-form-sections';
import { initialProductValues, type TProductFormMode, type TProductFormValues } from './product-form-values';
import { toProductPayload } from './product-payload';

/**
 * The first error in page order: its input gets the focus (or its section comes into view). An
 * input the errors bring on screen (a closed booking question, another language's tab) is there
 * once React has drawn them: looked for again on the next frame.
 */
function focusFirstError(errors: Record<string, unknown>, getInputNode: (path: string) => HTMLElement | null) {
  const paths = Object.keys(errors).filter((p) => errors[p]);
  const order = (p: string) => PRODUCT_SECTIONS.findIndex((s) => s.id === sectionOfPath(p));
  const first = paths.sort((a, b) => order(a) - order(b))[0];
  if (!first) return;
  const node = getInputNode(first);
  if (node) revealField(node, sectionOfPath(first));
  else requestAnimationFrame(() => revealField(getInputNode(first), sectionOfPath(first)));
}

export function useProductForm(mode: TProductFormMode, product: TProductResponse | null) {
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

  return {
    access,
    today,
    form,
    submit,
    confirmDelete,
    saving,
    deleting: deleteMutation.isPending,
    serverMessages,
    generalReadOnly,
    availabilityReadOnly,
    canSave,
    dirty,
    operators,
    me,
  };
}

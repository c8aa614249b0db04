/**
 * The channel form drawer's state: the channel read again when it opens, the form with its rules,
 * its save (create or update, with the notice and where the API's errors land) and the operator's
 * products that the net rates and the product picker offer.
 */
import type { TChannelCreateRequest, TChannelResponse, TChannelUpdateRequest } from '@trayecto/shared';
import { useRef } from 'react';
import { useRecordForm } from '../../../components/form-drawer';
import type { ApiError } from '../../../lib/api-client';
import { useCreateChannel } from '../api/create-channel';
import { useChannel } from '../api/get-channel';
import { type TChannelProduct, useChannelProducts } from '../api/list-channel-products';
import { useUpdateChannel } from '../api/update-channel';
import {
  CHANNEL_FORM_FIELDS,
  initialChannelValues,
  mapChannelServerErrors,
  type TChannelFormContext,
  type TChannelFormMode,
  type TChannelFormValues,
  toChannelPayload,
  validateChannelForm,
} from './channel-form-values';

export function useChannelForm({
  opened,
  channel,
  isAdmin,
  onClose,
  onCreated,
}: {
  opened: boolean;
  /** null: a new channel. */
  channel: TChannelResponse | null;
  isAdmin: boolean;
  onClose: () => void;
  onCreated?: (channel: TChannelResponse) => void;
}) {
  const mode: TChannelFormMode = channel ? 'edit' : 'create';
  // The list row may be older than the record: the drawer reads it again.
  const fresh = useChannel(opened && channel ? channel.id : null);
  const current = fresh.data ?? channel;
  const create = useCreateChannel();
  const update = useUpdateChannel();

  const ctxBase: Omit<TChannelFormContext, 'products'> = { mode, isAdmin, stored: current };
  // The operator's products (loaded below, once its operator is known) for the net rates' rules.
  const productsRef = useRef<readonly TChannelProduct[] | undefined>(undefined);
  const { form, formProps } = useRecordForm<
    TChannelFormValues,
    TChannelResponse,
    TChannelCreateRequest,
    TChannelUpdateRequest
  >({
    opened,
    record: channel,
    version: fresh.dataUpdatedAt,
    initialValues: () => initialChannelValues(current),
    validate: (values) => validateChannelForm(values, { ...ctxBase, products: productsRef.current }),
    fields: CHANNEL_FORM_FIELDS,
    mapErrors: mapChannelServerErrors,
    adjustErrors: (error: ApiError, mapped) => {
      // "Revoca sus claves antes de convertirlo en agencia": about the kind chosen.
      if (error.code === 'CHANNEL_KIND_CONFLICT') {
        mapped.fields.kind = error.message;
        mapped.rest.length = 0;
      }
    },
    save: {
      create: {
        isPending: create.isPending,
        mutate: (payload, handlers) =>
          create.mutate(payload, {
            onSuccess: (saved) => {
              handlers.onSuccess(saved);
              onCreated?.(saved);
            },
            onError: handlers.onError,
          }),
      },
      update,
      createPayload: (values) => toChannelPayload(values, { ...ctxBase, mode: 'create' }),
      updatePayload: (values) => toChannelPayload(values, { ...ctxBase, mode: 'edit' }),
      notice: (saved, values) => [
        channel ? 'Cambios guardados' : 'Canal creado',
        !channel && saved.kind === 'octo'
          ? `${saved.name}: crea ahora su clave de API para dársela al revendedor.`
          : (saved.name ?? values.name),
      ],
    },
    onClose,
  });

  const values = form.getValues();
  const operatorId = isAdmin ? (current?.tour_operator_id ?? values.tour_operator_id) : null;
  const products = useChannelProducts(operatorId, { enabled: opened && (!isAdmin || Boolean(operatorId)) });
  productsRef.current = products.data;

  return { mode, fresh, current, form, formProps, values, operatorId, products };
}

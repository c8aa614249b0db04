/**
 * The channel form's drawer: the shell that lays out its sections (tour operator, "Canal",
 * "Precio y cobro", "Qué puede vender", "Webhook", "Contacto" and notes) around the form state
 * of `useChannelForm`.
 */
import { SimpleGrid, TextInput } from '@mantine/core';
import type { TChannelResponse } from '@trayecto/shared';
import { FormDrawer } from '../../../components/form-drawer';
import { FormSection, NotesSection } from '../../../components/form-section';
import { TourOperatorSection } from '../../../components/tour-operator-section';
import type { TTourOperatorOption } from '../../../lib/tour-operator-options';
import { ChannelGeneralSection } from './channel-general-section';
import { ChannelPricingSection } from './channel-pricing-section';
import { ChannelProductsSection } from './channel-products-section';
import { ChannelWebhookSection } from './channel-webhook-section';
import { useChannelForm } from './use-channel-form';

type Props = {
  opened: boolean;
  /** null: a new channel. */
  channel: TChannelResponse | null;
  isAdmin: boolean;
  operators: readonly TTourOperatorOption[];
  onClose: () => void;
  /** A new channel was saved (the screen may open its connection to give it a key). */
  onCreated?: (channel: TChannelResponse) => void;
};

/**
 * "Nuevo canal" / "Editar canal" in a side drawer (issue 33): what it is (a reseller with the OCTO
 * API, or an agency), its money (a commission or net rates, and who collects), what it may sell
 * (all products or some, and an allotment per departure), its webhook (OCTO only; the secret is
 * write-only), contact and notes, and whether it is active.
 */
export function ChannelFormDrawer({ opened, channel, isAdmin, operators, onClose, onCreated }: Props) {
  const { mode, fresh, current, form, formProps, values, operatorId, products } = useChannelForm({
    opened,
    channel,
    isAdmin,
    onClose,
    onCreated,
  });
  const productList = products.data ?? [];
  const keysLive = current?.keys_active ?? 0;
  const waitingForOperator = isAdmin && !operatorId;

  return (
    <FormDrawer
      {...formProps}
      title={channel ? 'Editar canal' : 'Nuevo canal'}
      subtitle={channel?.name}
      // Room for the net rates' product names.
      size={800}
      loading={Boolean(channel) && fresh.isLoading}
    >
      {isAdmin ? (
        <TourOperatorSection
          description="El tour operador cuyos productos vende este canal."
          choose={mode === 'create'}
          operators={operators}
          currentId={current?.tour_operator_id}
          inputProps={form.getInputProps('tour_operator_id')}
        />
      ) : null}

      <ChannelGeneralSection form={form} values={values} mode={mode} keysLive={keysLive} />

      <ChannelPricingSection
        form={form}
        values={values}
        waitingForOperator={waitingForOperator}
        products={productList}
        loading={products.isLoading}
      />

      <ChannelProductsSection
        form={form}
        values={values}
        waitingForOperator={waitingForOperator}
        products={products.data}
        loading={products.isLoading}
      />

      <ChannelWebhookSection form={form} values={values} mode={mode} current={current} />

      <FormSection title="Contacto">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Correo de contacto"
            type="email"
            placeholder="reservas@canal.com"
            maxLength={254}
            autoComplete="off"
            {...form.getInputProps('contact_email')}
          />
        </SimpleGrid>
      </FormSection>

      <NotesSection
        placeholder="Ej.: contrato 2027 firmado; liquidación mensual por transferencia"
        readOnly={false}
        inputProps={form.getInputProps('notes')}
      />
    </FormDrawer>
  );
}

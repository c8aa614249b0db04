import {
  Alert,
  Badge,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconBus, IconInfoCircle, IconMapPin } from '@tabler/icons-react';
import {
  BOOKING_CHANNEL_NAMES,
  BOOKING_CHANNELS,
  LANGUAGE_NAMES,
  STAFF_BOOKING_CHANNELS,
  type TProductResponse,
} from '@trayecto/shared';
import { DESCRIPTION_BELOW } from '../../../components/description-below';
import { EURO_INPUT as EURO_INPUT_PROPS } from '../../../components/euro-input';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { countryOptions } from '../../../lib/countries';
import type { TUsableAccommodation } from '../../accommodations';
import type { TSellerOption } from '../api/list-seller-options';
import { formatMoney, paxTypeName } from '../utils/booking-format';
import { AccommodationSelect } from './accommodation-select';
import type { TBookingFormValues, TComputedPickup } from './booking-form-values';

export type TBookingForm = UseFormReturnType<TBookingFormValues>;

const LANGUAGE_OPTIONS = Object.entries(LANGUAGE_NAMES).map(([value, label]) => ({ value, label }));
/** Staff choose among their own channels; a channel's booking shows «Canal», which stays (ADR 023). */
const CHANNEL_OPTIONS = BOOKING_CHANNELS.map((c) => ({
  value: c,
  label: BOOKING_CHANNEL_NAMES[c],
  disabled: !(STAFF_BOOKING_CHANNELS as readonly string[]).includes(c),
}));

/** Euros with the Spanish decimal comma and two decimals ("12,50 €"); sent as cents. */
const EURO_INPUT = { ...EURO_INPUT_PROPS, max: 100_000 } as const;

/** Cliente: nombre, email, teléfono, país, idioma. */
export function CustomerSection({ form, readOnly }: { form: TBookingForm; readOnly: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label="Nombre del cliente"
        placeholder="Nombre y apellidos"
        {...REQUIRED_FIELD}
        maxLength={150}
        autoComplete="off"
        readOnly={readOnly}
        key={form.key('customer_name')}
        {...form.getInputProps('customer_name')}
      />
      <TextInput
        label="Email"
        type="email"
        placeholder="cliente@ejemplo.com"
        maxLength={254}
        autoComplete="off"
        readOnly={readOnly}
        key={form.key('customer_email')}
        {...form.getInputProps('customer_email')}
      />
      <TextInput
        label="Teléfono"
        type="tel"
        placeholder="+34 600 000 000"
        maxLength={40}
        autoComplete="off"
        readOnly={readOnly}
        key={form.key('customer_phone')}
        {...form.getInputProps('customer_phone')}
      />
      <SimpleGrid cols={2} spacing="md">
        <Select
          label="País"
          placeholder="Elige"
          data={countryOptions()}
          searchable
          clearable
          nothingFoundMessage="Ningún país coincide"
          readOnly={readOnly}
          key={form.key('customer_country')}
          {...form.getInputProps('customer_country')}
        />
        <Select
          label="Idioma"
          data={LANGUAGE_OPTIONS}
          searchable
          readOnly={readOnly}
          key={form.key('language')}
          {...form.getInputProps('language')}
        />
      </SimpleGrid>
    </SimpleGrid>
  );
}

const PICKUP_FROM: Record<TComputedPickup['from'], string> = {
  accommodation: 'según las recogidas del producto',
  pickup_at: 'se le recoge en otro alojamiento',
  zone: 'según la zona',
};

/**
 * Recogida: the hotel (the operator's own and the shared catalogue), the room, the computed pickup
 * time (the server's quote, or the product's pickup list) and an optional manual time.
 */
export function PickupSection({
  form,
  product,
  readOnly,
  operatorId,
  selectedLabel,
  computed,
  serverPickup,
  onPlace,
}: {
  form: TBookingForm;
  product: Pick<TProductResponse, 'pickup_enabled' | 'meeting_point'> | null;
  readOnly: boolean;
  operatorId: string | null;
  selectedLabel: string | null;
  computed: TComputedPickup | null;
  /** The pickup time of the server's quote for the current values (the truth), if it answered. */
  serverPickup: string | null | undefined;
  onPlace: (place: TUsableAccommodation | null) => void;
}) {
  const v = form.getValues();
  const time = serverPickup !== undefined ? serverPickup : (computed?.time ?? null);
  return (
    <Stack gap="md">
      {product && !product.pickup_enabled ? (
        <Alert color="gray" variant="light" icon={<IconMapPin size={18} />}>
          Este producto no incluye recogida en el alojamiento
          {product.meeting_point ? `: el punto de encuentro es ${product.meeting_point}.` : '.'} Puedes anotar el
          alojamiento del cliente igualmente.
        </Alert>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <AccommodationSelect
            label="Alojamiento"
            placeholder="Busca el hotel"
            operatorId={operatorId}
            value={v.accommodation_id}
            selectedLabel={selectedLabel}
            readOnly={readOnly}
            error={form.errors.accommodation_id}
            onChange={(id, place) => {
              form.setFieldValue('accommodation_id', id);
              onPlace(place);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Habitación"
            placeholder="Ej.: 214"
            maxLength={20}
            readOnly={readOnly}
            disabled={!v.accommodation_id}
            key={form.key('room')}
            {...form.getInputProps('room')}
          />
        </Grid.Col>
      </Grid>

      {v.accommodation_id && product?.pickup_enabled ? (
        <Group gap="sm" wrap="wrap" align="center">
          <IconBus size={18} color="var(--mantine-color-brand-8)" aria-hidden />
          {v.pickup_override ? (
            <Text size="sm">
              Hora de recogida calculada: {time ? <b>{time}</b> : 'sin hora'} (la sustituye la hora indicada)
            </Text>
          ) : time ? (
            <Text size="sm" data-testid="pickup-time">
              Hora de recogida: <b>{time}</b>
              {computed && serverPickup === undefined ? ` (${PICKUP_FROM[computed.from]})` : ''}
            </Text>
          ) : v.time ? (
            <Text size="sm" c="orange.8">
              Este alojamiento no está en las recogidas del producto: indica la hora a mano.
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Elige la hora de salida para ver la hora de recogida.
            </Text>
          )}
        </Group>
      ) : null}

      {v.accommodation_id ? (
        <Group gap="md" align="flex-start" wrap="wrap">
          <Switch
            label="Indicar otra hora de recogida"
            description="Sustituye a la calculada para esta reserva."
            disabled={readOnly}
            key={form.key('pickup_override')}
            {...form.getInputProps('pickup_override', { type: 'checkbox' })}
            mt={4}
          />
          {v.pickup_override ? (
            <TimeInput
              label="Hora de recogida"
              {...REQUIRED_FIELD}
              w={140}
              readOnly={readOnly}
              key={form.key('pickup_time')}
              {...form.getInputProps('pickup_time')}
            />
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

/** Pasajeros: an optional name (and document) per passenger, so the guide's list has names. */
export function PassengersSection({ form, readOnly }: { form: TBookingForm; readOnly: boolean }) {
  const rows = form.getValues().passengers;
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Indica primero cuántos pasajeros viajan.
      </Text>
    );
  }
  const perType = new Map<string, number>();
  return (
    <Stack gap="xs">
      {rows.map((row, i) => {
        const n = (perType.get(row.pax_type) ?? 0) + 1;
        perType.set(row.pax_type, n);
        const label = `${paxTypeName(row.pax_type)} ${n}`;
        return (
          <Grid key={row.key} gap="sm">
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput
                label={i === 0 ? 'Nombre' : undefined}
                aria-label={`Nombre del pasajero ${i + 1} (${label})`}
                placeholder={label}
                maxLength={150}
                readOnly={readOnly}
                leftSection={
                  <Badge size="xs" variant="light" color="gray" radius="sm">
                    {i + 1}
                  </Badge>
                }
                leftSectionWidth={36}
                key={form.key(`passengers.${i}.full_name`)}
                {...form.getInputProps(`passengers.${i}.full_name`)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label={i === 0 ? 'Documento' : undefined}
                aria-label={`Documento del pasajero ${i + 1}`}
                placeholder="DNI / pasaporte (opcional)"
                maxLength={40}
                readOnly={readOnly}
                key={form.key(`passengers.${i}.document_id`)}
                {...form.getInputProps(`passengers.${i}.document_id`)}
              />
            </Grid.Col>
          </Grid>
        );
      })}
    </Stack>
  );
}

/**
 * Venta: seller and channel (staff choose; a seller sells as themself), a discount with its reason
 * (staff only), and the notes.
 */
export function SaleSection({
  form,
  readOnly,
  canChooseSeller,
  canDiscount,
  sellers,
  sellersLoading,
  sellerName,
  salesChannel = null,
  agencies = [],
}: {
  form: TBookingForm;
  readOnly: boolean;
  canChooseSeller: boolean;
  canDiscount: boolean;
  sellers: readonly TSellerOption[];
  sellersLoading: boolean;
  /** Who sold it, when it cannot be chosen. */
  sellerName: string | null;
  /**
   * The reseller or agency it was sold through, its reference, its commission on this booking and
   * who takes the customer's money (ADR 023): what the office settles with it.
   */
  salesChannel?: {
    name: string;
    reference: string | null;
    commissionPct?: number | null;
    commissionCents?: number;
    collects?: 'agency' | 'operator';
  } | null;
  /** Agencies the office may sell for (creating only; levels 0–1). */
  agencies?: readonly { value: string; label: string }[];
}) {
  const v = form.getValues();
  const sellerData =
    v.seller_id && !sellers.some((s) => s.value === v.seller_id)
      ? [{ value: v.seller_id, label: sellerName ?? 'Vendedor' }, ...sellers]
      : [...sellers];
  return (
    <Stack gap="md">
      {salesChannel ? (
        <Group gap={6} data-testid="sales-channel">
          <IconInfoCircle size={16} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm">
            Vendida por el canal <b>{salesChannel.name}</b>
            {salesChannel.reference ? (
              <>
                {' '}
                · su referencia <b>{salesChannel.reference}</b>
              </>
            ) : null}
            {salesChannel.commissionPct != null ? (
              <>
                {' '}
                · comisión {salesChannel.commissionPct.toLocaleString('es-ES')} %
                {salesChannel.commissionCents ? ` (${formatMoney(salesChannel.commissionCents)})` : ''}
              </>
            ) : null}
            {salesChannel.collects ? (
              <> · {salesChannel.collects === 'agency' ? 'cobra el canal (pago en agencia)' : 'cobra el operador'}</>
            ) : null}
          </Text>
        </Group>
      ) : null}
      {agencies.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Agencia"
            placeholder="Ninguna: venta propia"
            description="Reserva por cuenta de una agencia: lleva su comisión y no la de un vendedor."
            {...DESCRIPTION_BELOW}
            data={agencies}
            clearable
            searchable
            nothingFoundMessage="Ninguna agencia coincide"
            readOnly={readOnly}
            key={form.key('channel_id')}
            {...form.getInputProps('channel_id')}
          />
          {form.getValues().channel_id ? (
            <TextInput
              label="Referencia de la agencia"
              placeholder="Opcional"
              maxLength={100}
              readOnly={readOnly}
              key={form.key('reseller_reference')}
              {...form.getInputProps('reseller_reference')}
            />
          ) : null}
        </SimpleGrid>
      ) : null}
      {form.getValues().channel_id || salesChannel ? null : canChooseSeller ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Vendedor"
            placeholder={sellersLoading ? 'Cargando…' : 'Sin vendedor (venta de oficina)'}
            description="Cobra la comisión de la venta."
            {...DESCRIPTION_BELOW}
            data={sellerData}
            searchable
            clearable
            nothingFoundMessage="Ningún vendedor coincide"
            readOnly={readOnly}
            key={form.key('seller_id')}
            {...form.getInputProps('seller_id')}
          />
          <Select
            label="Canal"
            data={CHANNEL_OPTIONS}
            allowDeselect={false}
            readOnly={readOnly || form.getValues().channel === 'channel'}
            key={form.key('channel')}
            {...form.getInputProps('channel')}
          />
        </SimpleGrid>
      ) : (
        <Group gap={6}>
          <IconInfoCircle size={16} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm" c="dimmed">
            Vendedor: <b>{sellerName ?? 'tú'}</b>. La comisión se calcula con tu porcentaje.
          </Text>
        </Group>
      )}

      {canDiscount ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NumberInput
              label="Descuento"
              placeholder="0,00 €"
              {...EURO_INPUT}
              readOnly={readOnly}
              key={form.key('discount')}
              {...form.getInputProps('discount')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput
              label="Motivo del descuento"
              placeholder="Ej.: cliente repetidor"
              {...(Number(v.discount) > 0 ? REQUIRED_FIELD : {})}
              maxLength={200}
              readOnly={readOnly}
              disabled={!(Number(v.discount) > 0)}
              key={form.key('discount_reason')}
              {...form.getInputProps('discount_reason')}
            />
          </Grid.Col>
        </Grid>
      ) : null}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Textarea
          label="Notas para el cliente"
          description="Aparecen en el bono."
          {...DESCRIPTION_BELOW}
          autosize
          minRows={3}
          maxLength={2000}
          readOnly={readOnly}
          key={form.key('notes')}
          {...form.getInputProps('notes')}
        />
        <Textarea
          label="Notas internas"
          description="Solo las ve el equipo; nunca el cliente."
          {...DESCRIPTION_BELOW}
          autosize
          minRows={3}
          maxLength={2000}
          readOnly={readOnly}
          key={form.key('internal_notes')}
          {...form.getInputProps('internal_notes')}
        />
      </SimpleGrid>
    </Stack>
  );
}

import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { GetInputPropsReturnType, UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle, IconLock, IconReceiptOff, IconTrash } from '@tabler/icons-react';
import {
  CHANNEL_ALLOTMENT_MAX,
  CHANNEL_FIELD_LABELS,
  CHANNEL_NAME_MAX,
  CHANNEL_NET_RATES_MAX,
  CHANNEL_WEBHOOK_URL_MAX,
  pathTo,
  type TChannelCollects,
  type TChannelCreateRequest,
  type TChannelKind,
  type TChannelResponse,
  type TChannelUpdateRequest,
  type TPaxType,
} from '@trayecto/shared';
import { useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { AddItemButton } from '../../../components/add-item-button';
import { DESCRIPTION_BELOW } from '../../../components/description-below';
import { EURO_INPUT } from '../../../components/euro-input';
import { FormDrawer, useRecordForm } from '../../../components/form-drawer';
import { FormSection, NotesSection } from '../../../components/form-section';
import { PasswordField } from '../../../components/password-field';
import { REQUIRED_FIELD, REQUIRED_PICKER, requiredIf } from '../../../components/required-field';
import { TourOperatorSection } from '../../../components/tour-operator-section';
import type { ApiError } from '../../../lib/api-client';
import type { TTourOperatorOption } from '../../../lib/tour-operator-options';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useCreateChannel } from '../api/create-channel';
import { useChannel } from '../api/get-channel';
import { type TChannelProduct, useChannelProducts } from '../api/list-channel-products';
import { useUpdateChannel } from '../api/update-channel';
import {
  CHANNEL_FORM_FIELDS,
  initialChannelValues,
  mapChannelServerErrors,
  newNetRate,
  type TChannelFormContext,
  type TChannelFormValues,
  type TPricing,
  toChannelPayload,
  validateChannelForm,
} from './channel-form-values';
import { COLLECTS_OPTIONS, KIND_HELP, KIND_SHORT_NAMES, PAX_OPTIONS } from './channel-format';

type TForm = UseFormReturnType<TChannelFormValues>;

const KIND_CHOICES = (['octo', 'agency'] as const).map((k) => ({ value: k, label: KIND_SHORT_NAMES[k] }));
const PRICING_CHOICES: { value: TPricing; label: string }[] = [
  { value: 'commission', label: 'Comisión' },
  { value: 'net', label: 'Tarifas netas' },
];
const PRODUCTS_CHOICES = [
  { value: 'all', label: 'Todos' },
  { value: 'some', label: 'Solo algunos' },
];

/** A short number input whose help text keeps the whole width under it. */
const NARROW_INPUT = { styles: { wrapper: { maxWidth: 260 } } } as const;

const PCT_INPUT = {
  min: 0,
  max: 100,
  decimalScale: 2,
  decimalSeparator: ',',
  allowNegative: false,
  suffix: ' %',
} as const;

/** "Subida al Teide (TEI-01)", and "(borrador)" / "(inactivo)" when it is not on sale. */
function productLabel(p: TChannelProduct): string {
  const state = p.state === 'draft' ? ' · borrador' : p.state === 'inactive' ? ' · inactivo' : '';
  return `${p.name} (${p.code})${state}`;
}

/** A choice drawn as a segmented control, named by its label (the payment settings' pattern). */
function SegmentedField({
  id,
  label,
  data,
  value,
  onChange,
  help,
  maw,
}: {
  id: string;
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  help?: string;
  maw?: number;
}) {
  return (
    <Stack gap={4}>
      <Input.Label labelElement="div" id={id}>
        {label}
      </Input.Label>
      <SegmentedControl
        data={data}
        role="radiogroup"
        aria-labelledby={id}
        fullWidth
        maw={maw}
        value={value}
        onChange={onChange}
      />
      {help ? (
        <Text size="xs" c="dimmed">
          {help}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The webhook secret: write-only. «Guardado» when one is stored, and a field to replace it. */
function WebhookSecretField({
  stored,
  required,
  inputProps,
}: {
  stored: boolean;
  required: boolean;
  inputProps: GetInputPropsReturnType;
}) {
  const label = CHANNEL_FIELD_LABELS.webhook_secret ?? 'Secreto del webhook';
  return (
    <Stack gap={4}>
      {stored ? (
        <Group gap={8}>
          <Text size="sm" component="span">
            {label}
          </Text>
          <Badge
            color="teal"
            variant="light"
            radius="sm"
            leftSection={<IconLock size={12} aria-hidden />}
            aria-label={`${label}: guardado`}
          >
            Guardado
          </Badge>
        </Group>
      ) : null}
      <PasswordField
        label={stored ? 'Nuevo secreto del webhook' : label}
        description={
          stored
            ? 'Déjalo vacío para conservar el guardado. No se vuelve a mostrar.'
            : 'Entre 16 y 200 caracteres, sin espacios. Con él se firman los avisos; no se vuelve a mostrar.'
        }
        {...DESCRIPTION_BELOW}
        placeholder={stored ? '' : 'Ej.: una frase larga sin espacios'}
        autoComplete="new-password"
        spellCheck={false}
        visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar el secreto del webhook' }}
        {...requiredIf(required)}
        {...inputProps}
      />
    </Stack>
  );
}

/** Net rates: one row per product and passenger type with what the operator is paid. */
function NetRatesField({
  form,
  products,
  loading,
}: {
  form: TForm;
  products: readonly TChannelProduct[];
  loading: boolean;
}) {
  const isPhone = useIsPhone();
  const rows = form.getValues().net_rates;
  const productOptions = useMemo(() => products.map((p) => ({ value: p.id, label: productLabel(p) })), [products]);
  const listError = form.errors.net_rates;
  return (
    <Stack gap="sm">
      {rows.length === 0 ? (
        <Group gap={8} c="dimmed" wrap="nowrap">
          <IconReceiptOff size={18} aria-hidden style={{ flex: 'none' }} />
          <Text size="sm">Sin tarifas netas todavía: añade una por producto y tipo de pasajero.</Text>
        </Group>
      ) : null}
      {rows.map((row, i) => {
        const product = products.find((p) => p.id === row.product_id);
        const paxTypes = product?.pax_types ?? [];
        return (
          <Paper key={row.key} withBorder radius="md" p="sm" bg="gray.0">
            <Group align="flex-start" gap="sm" wrap={isPhone ? 'wrap' : 'nowrap'}>
              <Select
                label="Producto"
                placeholder={loading ? 'Cargando…' : 'Elige un producto'}
                {...REQUIRED_FIELD}
                data={productOptions}
                searchable
                nothingFoundMessage="Ningún producto coincide"
                style={{ flex: '3 1 260px', minWidth: 0 }}
                {...form.getInputProps(`net_rates.${i}.product_id`)}
                onChange={(id) => {
                  form.setFieldValue(`net_rates.${i}.product_id`, id);
                  const next = products.find((p) => p.id === id);
                  const pax = form.getValues().net_rates[i]?.pax_type;
                  if (next && pax && !next.pax_types.includes(pax as TPaxType)) {
                    form.setFieldValue(`net_rates.${i}.pax_type`, null);
                  }
                  if (next && !pax && next.pax_types.length === 1) {
                    form.setFieldValue(`net_rates.${i}.pax_type`, next.pax_types[0] ?? null);
                  }
                }}
              />
              <Select
                label="Tipo de pasajero"
                placeholder={product ? 'Elige' : 'Primero el producto'}
                {...REQUIRED_FIELD}
                data={PAX_OPTIONS(paxTypes)}
                disabled={!product && !row.pax_type}
                allowDeselect={false}
                style={{ flex: '1 1 130px', minWidth: 0 }}
                {...form.getInputProps(`net_rates.${i}.pax_type`)}
              />
              <NumberInput
                label="Neto por pasajero"
                placeholder="Ej.: 35,00 €"
                {...REQUIRED_FIELD}
                {...EURO_INPUT}
                max={100_000}
                style={{ flex: '1 1 130px', minWidth: 0 }}
                {...form.getInputProps(`net_rates.${i}.amount`)}
              />
              <Box pt={isPhone ? 0 : 25}>
                <Tooltip label="Quitar tarifa">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Quitar tarifa neta ${i + 1}`}
                    onClick={() => form.removeListItem('net_rates', i)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Box>
            </Group>
          </Paper>
        );
      })}
      {listError ? (
        <Text c="red" size="sm" role="alert">
          {listError}
        </Text>
      ) : null}
      <AddItemButton
        label="Añadir tarifa neta"
        disabled={rows.length >= CHANNEL_NET_RATES_MAX}
        onClick={() => {
          form.insertListItem('net_rates', newNetRate());
          form.clearFieldError('net_rates');
        }}
      />
    </Stack>
  );
}

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
  const mode = channel ? 'edit' : 'create';
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
  const productList = products.data ?? [];
  productsRef.current = products.data;
  const productOptions = useMemo(
    () => (products.data ?? []).map((p) => ({ value: p.id, label: productLabel(p) })),
    [products.data],
  );

  const isOcto = values.kind === 'octo';
  const keysLive = current?.keys_active ?? 0;
  const storedSecret = Boolean(current?.webhook_secret_set);
  const removingWebhook = mode === 'edit' && Boolean(current?.webhook_url) && (!isOcto || !values.webhook_url.trim());
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

      <FormSection title="Canal">
        <TextInput
          label="Nombre"
          placeholder="Ej.: GetYourGuide, Agencia Sol Tenerife"
          {...REQUIRED_FIELD}
          maxLength={CHANNEL_NAME_MAX}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Stack gap={4}>
          <SegmentedField
            id="channel-kind-label"
            label="Tipo"
            data={KIND_CHOICES}
            value={values.kind}
            onChange={(v) => {
              form.setFieldValue('kind', v as TChannelKind);
              form.clearFieldError('kind');
            }}
            help={KIND_HELP[values.kind]}
            maw={420}
          />
          {form.errors.kind ? (
            <Text c="red" size="sm" role="alert">
              {form.errors.kind}
            </Text>
          ) : null}
        </Stack>
        {mode === 'edit' && values.kind === 'agency' && keysLive > 0 ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {keysLive === 1 ? 'Tiene 1 clave de API activa' : `Tiene ${keysLive} claves de API activas`}: revócalas en
            «Conexión» antes de convertirlo en agencia.
          </Alert>
        ) : null}
        <Switch
          label="Activo"
          description="Un canal inactivo no puede usar sus claves ni elegirse en una reserva."
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
      </FormSection>

      <FormSection title="Precio y cobro" description="Lo que gana el canal por cada venta y quién cobra al cliente.">
        <SegmentedField
          id="channel-pricing-label"
          label="El canal gana"
          data={PRICING_CHOICES}
          value={values.pricing}
          onChange={(v) => {
            form.setFieldValue('pricing', v as TPricing);
            if (v === 'net' && form.getValues().net_rates.length === 0) form.insertListItem('net_rates', newNetRate());
            // The other way of paying's errors go with it.
            form.setErrors(
              Object.fromEntries(
                Object.entries(form.errors).filter(([k]) => !k.startsWith('net_rates') && k !== 'commission_pct'),
              ),
            );
          }}
          help={
            values.pricing === 'commission'
              ? 'Un porcentaje del precio de venta de cada pasajero.'
              : 'Un precio neto fijo por producto y tipo de pasajero: lo que te paga a ti; el resto es suyo.'
          }
          maw={420}
        />
        {values.pricing === 'commission' ? (
          <NumberInput
            label="Comisión (%)"
            description="Lo que se queda el canal del precio de venta, con hasta 2 decimales."
            {...DESCRIPTION_BELOW}
            placeholder="Ej.: 20 %"
            {...REQUIRED_FIELD}
            {...PCT_INPUT}
            {...NARROW_INPUT}
            {...form.getInputProps('commission_pct')}
          />
        ) : (
          <>
            {waitingForOperator ? (
              <Text size="sm" c="dimmed">
                Elige antes el tour operador: sus productos son los de las tarifas.
              </Text>
            ) : (
              <NetRatesField form={form} products={productList} loading={products.isLoading} />
            )}
            <NumberInput
              label="Comisión en los demás productos (%)"
              description="Para los productos sin tarifa neta. Vacío: ninguna."
              {...DESCRIPTION_BELOW}
              placeholder="Sin comisión"
              {...PCT_INPUT}
              {...NARROW_INPUT}
              {...form.getInputProps('commission_pct')}
            />
          </>
        )}
        <Radio.Group
          label="Quién cobra al cliente"
          {...REQUIRED_PICKER}
          {...form.getInputProps('collects')}
          onChange={(v) => form.setFieldValue('collects', v as TChannelCollects)}
        >
          <Stack gap="sm" mt={8}>
            {COLLECTS_OPTIONS.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} description={o.help} />
            ))}
          </Stack>
        </Radio.Group>
      </FormSection>

      <FormSection title="Qué puede vender">
        <SegmentedField
          id="channel-products-label"
          label="Productos"
          data={PRODUCTS_CHOICES}
          value={values.all_products ? 'all' : 'some'}
          onChange={(v) => {
            form.setFieldValue('all_products', v === 'all');
            form.clearFieldError('product_ids');
          }}
          help={
            values.all_products
              ? 'Todos los productos activos del tour operador, también los que crees más adelante.'
              : 'Solo los productos que elijas.'
          }
          maw={320}
        />
        {values.all_products ? null : (
          <MultiSelect
            label="Productos que puede vender"
            placeholder={
              waitingForOperator
                ? 'Elige antes el tour operador'
                : products.isLoading
                  ? 'Cargando…'
                  : values.product_ids.length
                    ? ''
                    : 'Elige los productos'
            }
            {...REQUIRED_FIELD}
            data={productOptions}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage="Ningún producto coincide"
            disabled={waitingForOperator}
            {...form.getInputProps('product_ids')}
          />
        )}
        <NumberInput
          label="Cupo por salida"
          description="Cuántas plazas de una misma salida pueden ocupar a la vez sus reservas. Vacío: sin límite (las plazas libres de la salida)."
          {...DESCRIPTION_BELOW}
          placeholder="Sin límite"
          allowDecimal={false}
          allowNegative={false}
          min={0}
          max={CHANNEL_ALLOTMENT_MAX}
          thousandSeparator="."
          decimalSeparator=","
          {...NARROW_INPUT}
          {...form.getInputProps('allotment')}
        />
      </FormSection>

      {isOcto ? (
        <FormSection
          title="Webhook"
          description="Opcional: la dirección del revendedor a la que Trayecto envía un aviso firmado con el secreto cuando la oficina cambia o cancela una de sus reservas, se cancela su salida o termina una retención."
        >
          <TextInput
            label="URL del webhook"
            type="url"
            placeholder="https://api.revendedor.com/webhooks/trayecto"
            maxLength={CHANNEL_WEBHOOK_URL_MAX}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('webhook_url')}
          />
          {values.webhook_url.trim() || storedSecret ? (
            <WebhookSecretField
              stored={storedSecret}
              required={Boolean(values.webhook_url.trim()) && !storedSecret}
              inputProps={form.getInputProps('webhook_secret')}
            />
          ) : null}
          {current?.webhook_url ? (
            <Text size="sm" c="dimmed">
              Cada aviso, con su estado y la respuesta del revendedor, está en{' '}
              <Anchor
                component={Link}
                to={`${pathTo('messages')}?channel=webhook&q=${encodeURIComponent(current.name)}`}
                size="sm"
              >
                Mensajes
              </Anchor>
              .
            </Text>
          ) : null}
        </FormSection>
      ) : null}
      {removingWebhook ? (
        <Alert color="gray" variant="light">
          Al guardar se quitará el webhook y su secreto.
        </Alert>
      ) : null}

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

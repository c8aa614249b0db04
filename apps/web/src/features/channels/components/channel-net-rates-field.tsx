/**
 * The channel's net rates (pricing "Tarifas netas"): a list of rows, one per product and passenger
 * type, with what the operator is paid for each passenger.
 */
import { ActionIcon, Box, Group, NumberInput, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconReceiptOff, IconTrash } from '@tabler/icons-react';
import { CHANNEL_NET_RATES_MAX, type TPaxType } from '@trayecto/shared';
import { useMemo } from 'react';
import { AddItemButton } from '../../../components/add-item-button';
import { EURO_INPUT } from '../../../components/euro-input';
import { REQUIRED_FIELD } from '../../../components/required-field';
import { useIsPhone } from '../../../lib/use-is-phone';
import type { TChannelProduct } from '../api/list-channel-products';
import { productLabel, type TChannelForm } from './channel-form-parts';
import { newNetRate } from './channel-form-values';
import { PAX_OPTIONS } from './channel-format';

/** Net rates: one row per product and passenger type with what the operator is paid. */
export function NetRatesField({
  form,
  products,
  loading,
}: {
  form: TChannelForm;
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

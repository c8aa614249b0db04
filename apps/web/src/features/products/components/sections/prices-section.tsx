import { Alert, Box, Checkbox, Group, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { TERRITORY_TAXES, type TTaxTerritory, taxRateLabel } from '@trayecto/shared';
import { EURO_INPUT as EURO_INPUT_PROPS } from '../../../../components/euro-input';
import { formatPrice, paxTypeName } from '../../utils/product-format';
import { eurosToCents } from '../product-form-values';
import classes from './sections.module.css';
import { readOnlyProps, type TSectionProps } from './types';

/** Price inputs in euros with the Spanish decimal comma ("45,00 €"); sent as cents. */
export const EURO_INPUT = { ...EURO_INPUT_PROPS, max: 100_000 } as const;

const AGE_INPUT = { allowDecimal: false, allowNegative: false, min: 0, max: 120 } as const;

/** The "desde" of the web, in cents: the adult price, or else the lowest offered one (as the API). */
export function fromPriceCents(
  rows: readonly { pax_type: string; offered: boolean; amount: number | '' }[],
): number | null {
  const priced = rows
    .filter((r) => r.offered && r.amount !== '')
    .map((r) => ({ type: r.pax_type, cents: eurosToCents(r.amount) }))
    .filter((r): r is { type: string; cents: number } => typeof r.cents === 'number');
  const adult = priced.find((r) => r.type === 'adult');
  if (adult) return adult.cents;
  return priced.length ? Math.min(...priced.map((r) => r.cents)) : null;
}

/** The rates of the operator's territory, general first ("IGIC 7 % (general)"), and a stored one it lacks. */
export function taxRateOptions(territory: TTaxTerritory, current: string): { value: string; label: string }[] {
  const t = TERRITORY_TAXES[territory];
  const rates = [...t.rates];
  if (current !== '' && !rates.includes(Number(current))) rates.push(Number(current));
  return rates.map((r) => ({
    value: String(r),
    label: `${taxRateLabel(t.kind, r)}${r === t.general ? ' (general)' : ''}${t.rates.includes(r) ? '' : ' — no es de tu territorio'}`,
  }));
}

/**
 * One row per passenger type (Adulto, Niño, Bebé, Senior): offered or not, price, ages, seat; and
 * the tax the prices include (issue 34), from the operator's territory's rates.
 */
export function PricesSection({
  form,
  readOnly,
  taxTerritory,
}: TSectionProps & { taxTerritory: TTaxTerritory | null }) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const ro = readOnlyProps(readOnly);
  const rows = form.getValues().prices;
  const offered = rows.filter((r) => r.offered).length;
  const lowest = fromPriceCents(rows);
  const listError = form.errors.prices;

  return (
    <Stack gap="md">
      {listError ? (
        <Text c="red" size="sm" role="alert">
          {listError}
        </Text>
      ) : null}
      <fieldset className={classes.priceGrid} aria-label="Tarifas por tipo de pasajero">
        <div className={classes.priceHead}>Tipo de pasajero</div>
        <div className={classes.priceHead}>Precio</div>
        <div className={classes.priceHead}>Edad mín.</div>
        <div className={classes.priceHead}>Edad máx.</div>
        <div className={classes.priceHead}>Plaza</div>
        {rows.map((row, i) => {
          const name = paxTypeName(row.pax_type);
          const off = !row.offered;
          const label = (text: string) => (isPhone ? { label: text } : { 'aria-label': `${text} (${name})` });
          return (
            <div key={row.pax_type} className={classes.priceRow} data-off={off || undefined}>
              <div className={classes.priceType}>
                <Switch
                  label={
                    <Text fw={600} size="sm">
                      {name}
                    </Text>
                  }
                  aria-label={`Ofrecer tarifa ${name}`}
                  disabled={readOnly}
                  {...form.getInputProps(`prices.${i}.offered`, { type: 'checkbox' })}
                />
              </div>
              <div className={classes.priceInputs}>
                <NumberInput
                  className={classes.pricePrice}
                  {...label('Precio')}
                  placeholder={off ? 'No se ofrece' : 'Ej.: 45,00 €'}
                  {...EURO_INPUT}
                  disabled={off && !readOnly}
                  {...ro}
                  {...form.getInputProps(`prices.${i}.amount`)}
                />
                <NumberInput
                  {...label('Edad mínima')}
                  placeholder="—"
                  {...AGE_INPUT}
                  disabled={off && !readOnly}
                  {...ro}
                  {...form.getInputProps(`prices.${i}.min_age`)}
                />
                <NumberInput
                  {...label('Edad máxima')}
                  placeholder="—"
                  {...AGE_INPUT}
                  disabled={off && !readOnly}
                  {...ro}
                  {...form.getInputProps(`prices.${i}.max_age`)}
                />
                <Box className={classes.priceSeat}>
                  <Checkbox
                    label="Ocupa plaza"
                    aria-label={`Ocupa plaza (${name})`}
                    disabled={readOnly || off}
                    {...form.getInputProps(`prices.${i}.occupies_seat`, { type: 'checkbox' })}
                  />
                </Box>
              </div>
            </div>
          );
        })}
      </fieldset>
      {taxTerritory ? (
        <Select
          label="Impuesto incluido en los precios"
          description={`${TERRITORY_TAXES[taxTerritory].label}: lo desglosan el bono y las facturas.`}
          data={taxRateOptions(taxTerritory, form.getValues().tax_rate)}
          placeholder={`${taxRateLabel(TERRITORY_TAXES[taxTerritory].kind, TERRITORY_TAXES[taxTerritory].general)} (general)`}
          allowDeselect={false}
          maw={360}
          {...ro}
          {...form.getInputProps('tax_rate')}
        />
      ) : null}
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconInfoCircle size={16} color="var(--mantine-color-dimmed)" style={{ flex: 'none', marginTop: 2 }} />
        <Text size="xs" c="dimmed">
          Un tipo sin tarifa no se puede reservar. Los bebés que van en brazos no ocupan plaza.
          {lowest !== null ? ` Precio «desde» en la web: ${formatPrice(lowest)}.` : ''}
        </Text>
      </Group>
      {offered === 0 && !readOnly ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
          Ofrece al menos un tipo de pasajero para poder vender la excursión.
        </Alert>
      ) : null}
    </Stack>
  );
}

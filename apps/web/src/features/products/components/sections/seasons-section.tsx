import { ActionIcon, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendarEvent, IconTrash } from '@tabler/icons-react';
import { AddItemButton } from '../../../../components/add-item-button';
import { REQUIRED_FIELD, REQUIRED_PICKER } from '../../../../components/required-field';
import { formatShortDay, paxTypeName } from '../../utils/product-format';
import { newSeason } from '../product-form-values';
import { CALENDAR_A11Y, dayValueFormatter } from './date-input-format';
import { EURO_INPUT } from './prices-section';
import classes from './sections.module.css';
import { readOnlyProps, type TSectionProps } from './types';

/** Periods (verano, Navidad…) whose own prices replace the base tariffs between two dates. */
export function SeasonsSection({ form, readOnly }: TSectionProps) {
  const ro = readOnlyProps(readOnly);
  const { seasons, prices } = form.getValues();

  return (
    <Stack gap="md">
      {seasons.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin temporadas: las tarifas de arriba se aplican todo el año.
        </Text>
      ) : null}
      {seasons.map((season, s) => {
        const title = season.name.trim() || `Temporada ${s + 1}`;
        const range =
          season.from && season.to ? `${formatShortDay(season.from)} – ${formatShortDay(season.to)}` : 'Sin fechas';
        return (
          <fieldset key={season.key} className={classes.card} aria-label={title}>
            <Group justify="space-between" mb="sm" wrap="nowrap">
              <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                <IconCalendarEvent size={18} color="var(--mantine-color-brand-8)" aria-hidden />
                <Text fw={600} size="sm" truncate="end">
                  {title}
                </Text>
                <Text size="xs" c="dimmed">
                  {range}
                </Text>
              </Group>
              {readOnly ? null : (
                <Tooltip label="Quitar temporada">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Quitar ${title}`}
                    onClick={() => form.removeListItem('seasons', s)}
                  >
                    <IconTrash size={17} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput
                label="Nombre"
                placeholder="Ej.: Verano"
                {...(readOnly ? {} : REQUIRED_FIELD)}
                maxLength={80}
                {...ro}
                {...form.getInputProps(`seasons.${s}.name`)}
              />
              <DatePickerInput
                label="Desde"
                placeholder="Elige el primer día"
                {...(readOnly ? {} : REQUIRED_PICKER)}
                valueFormatter={dayValueFormatter}
                {...CALENDAR_A11Y}
                {...ro}
                {...form.getInputProps(`seasons.${s}.from`)}
              />
              <DatePickerInput
                label="Hasta"
                placeholder="Elige el último día"
                {...(readOnly ? {} : REQUIRED_PICKER)}
                valueFormatter={dayValueFormatter}
                {...CALENDAR_A11Y}
                minDate={season.from ?? undefined}
                {...ro}
                {...form.getInputProps(`seasons.${s}.to`)}
              />
            </SimpleGrid>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" mt="md" mb={6}>
              Precios de la temporada
            </Text>
            {form.errors[`seasons.${s}.prices`] ? (
              <Text c="red" size="xs" mb={6}>
                {form.errors[`seasons.${s}.prices`]}
              </Text>
            ) : null}
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              {season.prices.map((row, i) => {
                const name = paxTypeName(row.pax_type);
                const baseOffered = prices.find((p) => p.pax_type === row.pax_type)?.offered ?? false;
                return (
                  <Stack key={row.pax_type} gap={6}>
                    <Switch
                      label={name}
                      aria-label={`${title}: ofrecer ${name}`}
                      disabled={readOnly}
                      size="sm"
                      {...form.getInputProps(`seasons.${s}.prices.${i}.offered`, { type: 'checkbox' })}
                    />
                    <NumberInput
                      aria-label={`${title}: precio ${name}`}
                      placeholder={row.offered ? 'Ej.: 52,00 €' : baseOffered ? 'No se ofrece' : '—'}
                      {...EURO_INPUT}
                      disabled={!row.offered && !readOnly}
                      {...ro}
                      {...form.getInputProps(`seasons.${s}.prices.${i}.amount`)}
                    />
                  </Stack>
                );
              })}
            </SimpleGrid>
          </fieldset>
        );
      })}
      {readOnly ? null : (
        <AddItemButton
          label="Añadir temporada"
          onClick={() => form.insertListItem('seasons', newSeason(prices))}
          disabled={seasons.length >= 20}
        />
      )}
    </Stack>
  );
}

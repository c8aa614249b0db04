import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Combobox,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  useCombobox,
} from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowDown,
  IconArrowUp,
  IconBuilding,
  IconCheck,
  IconClockHour4,
  IconMapPin,
  IconSearch,
  IconSortAscending,
  IconTrash,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { type TUsableAccommodation, useAccommodationZones, useUsableAccommodations } from '../../../accommodations';
import { newKey, type TPickupValues } from '../product-form-values';
import classes from './sections.module.css';
import type { TSectionProps } from './types';

export const DEFAULT_PICKUP_MINUTES = 30;

export function pickupFromAccommodation(a: TUsableAccommodation, minutes: number | ''): TPickupValues {
  return {
    key: newKey('pickup'),
    accommodation_id: a.id,
    zone: null,
    label: a.name,
    detail: a.zone,
    shared: a.shared,
    mode: 'minutes',
    minutes_before: minutes === '' ? DEFAULT_PICKUP_MINUTES : minutes,
    fixed_time: '',
  };
}

export function pickupFromZone(zone: string, minutes: number | ''): TPickupValues {
  return {
    key: newKey('pickup'),
    accommodation_id: null,
    zone,
    label: zone,
    detail: 'Toda la zona',
    shared: false,
    mode: 'minutes',
    minutes_before: minutes === '' ? DEFAULT_PICKUP_MINUTES : minutes,
    fixed_time: '',
  };
}

/**
 * The pickup route in time order: fixed times by the clock, then "minutes before" from the
 * earliest (most minutes) to the latest — the order the bus goes round.
 */
export function sortPickupsByTime(rows: readonly TPickupValues[]): TPickupValues[] {
  const key = (p: TPickupValues) =>
    p.mode === 'fixed'
      ? p.fixed_time
        ? -10_000 + Number(p.fixed_time.replace(':', ''))
        : 0
      : -Number(p.minutes_before || 0);
  return [...rows].sort((a, b) => key(a) - key(b));
}

/** Where the product collects its customers: accommodations or whole zones, in route order. */
export function PickupsSection({
  form,
  readOnly,
  adminOperatorId,
}: TSectionProps & {
  /** The administrator: the product's operator, whose own (and the shared) places it may use. */
  adminOperatorId: string | null;
}) {
  const { pickup_enabled: enabled, pickups } = form.getValues();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [opened, setOpened] = useState(false);
  const [defaultMinutes, setDefaultMinutes] = useState<number | ''>(DEFAULT_PICKUP_MINUTES);
  const combobox = useCombobox({
    onDropdownOpen: () => setOpened(true),
    onDropdownClose: () => {
      setOpened(false);
      combobox.resetSelectedOption();
    },
  });
  const results = useUsableAccommodations(debounced, adminOperatorId, enabled && !readOnly && opened);
  const zones = useAccommodationZones(adminOperatorId ?? undefined, enabled && !readOnly);
  const seen = useRef(new Map<string, TUsableAccommodation>());
  for (const a of results.data ?? []) seen.current.set(a.id, a);

  const addedIds = new Set(pickups.flatMap((p) => (p.accommodation_id ? [p.accommodation_id] : [])));
  const addedZones = new Set(pickups.flatMap((p) => (p.zone ? [p.zone] : [])));

  const addAccommodation = (id: string) => {
    const a = seen.current.get(id);
    if (!a || addedIds.has(id)) return;
    form.insertListItem('pickups', pickupFromAccommodation(a, defaultMinutes));
  };
  const addZone = (zone: string | null) => {
    if (!zone || addedZones.has(zone)) return;
    form.insertListItem('pickups', pickupFromZone(zone, defaultMinutes));
  };
  const applyToAll = () => {
    if (defaultMinutes === '') return;
    form.setFieldValue(
      'pickups',
      pickups.map((p) => ({ ...p, mode: 'minutes' as const, minutes_before: defaultMinutes })),
    );
  };

  const options = results.data ?? [];

  return (
    <Stack gap="md">
      <Switch
        label="Recogida en hotel"
        description="Los clientes eligen su alojamiento al reservar y se les indica la hora de recogida."
        disabled={readOnly}
        {...form.getInputProps('pickup_enabled', { type: 'checkbox' })}
      />

      {!enabled ? null : (
        <>
          {readOnly ? null : (
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Combobox
                store={combobox}
                onOptionSubmit={(id) => {
                  addAccommodation(id);
                  combobox.updateSelectedOptionIndex();
                }}
                withinPortal
              >
                <Combobox.Target>
                  <TextInput
                    label="Añadir alojamientos"
                    placeholder="Busca hoteles, apartamentos o paradas"
                    leftSection={<IconSearch size={16} aria-hidden />}
                    rightSection={results.isFetching ? <Loader size={16} /> : <Combobox.Chevron />}
                    rightSectionPointerEvents="none"
                    value={search}
                    onChange={(e) => {
                      setSearch(e.currentTarget.value);
                      combobox.openDropdown();
                      combobox.updateSelectedOptionIndex();
                    }}
                    onClick={() => combobox.openDropdown()}
                    onFocus={() => combobox.openDropdown()}
                    onBlur={() => combobox.closeDropdown()}
                    style={{ flex: '2 1 300px' }}
                  />
                </Combobox.Target>
                <Combobox.Dropdown>
                  <Combobox.Options mah={300} style={{ overflowY: 'auto' }} aria-label="Alojamientos">
                    {options.length === 0 ? (
                      <Combobox.Empty>
                        {results.isFetching ? 'Buscando…' : 'Ningún alojamiento coincide'}
                      </Combobox.Empty>
                    ) : (
                      options.map((a) => {
                        const added = addedIds.has(a.id);
                        return (
                          <Combobox.Option value={a.id} key={a.id} disabled={added} aria-label={a.name}>
                            <Group justify="space-between" wrap="nowrap" gap="xs">
                              <Box style={{ minWidth: 0 }}>
                                <Text size="sm" truncate="end">
                                  {a.name}
                                </Text>
                                <Text size="xs" c="dimmed" truncate="end">
                                  {a.zone || 'Sin zona'}
                                  {a.shared ? ' · catálogo compartido' : ''}
                                </Text>
                              </Box>
                              {added ? (
                                <IconCheck size={16} color="var(--mantine-color-teal-7)" aria-label="Añadido" />
                              ) : null}
                            </Group>
                          </Combobox.Option>
                        );
                      })
                    )}
                  </Combobox.Options>
                </Combobox.Dropdown>
              </Combobox>
              <Select
                label="Añadir una zona entera"
                placeholder={zones.isLoading ? 'Cargando…' : 'Elige una zona'}
                data={(zones.data ?? []).map((z) => ({ value: z, label: z, disabled: addedZones.has(z) }))}
                value={null}
                onChange={addZone}
                searchable
                nothingFoundMessage="Ninguna zona coincide"
                leftSection={<IconMapPin size={16} aria-hidden />}
                style={{ flex: '1 1 200px' }}
              />
            </Group>
          )}

          {form.errors.pickups ? (
            <Text c="red" size="sm">
              {form.errors.pickups}
            </Text>
          ) : null}

          {pickups.length === 0 ? (
            <Text size="sm" c="dimmed">
              Aún no hay lugares de recogida. Busca alojamientos o añade una zona entera.
            </Text>
          ) : (
            <>
              {readOnly ? null : (
                <Group gap="sm" align="flex-end" wrap="wrap">
                  <NumberInput
                    label="Minutos antes de la salida"
                    description="Para los alojamientos que añadas y para «aplicar a todos»."
                    value={defaultMinutes}
                    onChange={(v) => setDefaultMinutes(typeof v === 'number' ? v : '')}
                    min={0}
                    max={720}
                    step={5}
                    allowDecimal={false}
                    allowNegative={false}
                    suffix=" min"
                    w={230}
                  />
                  <Button variant="default" onClick={applyToAll} disabled={defaultMinutes === ''}>
                    Aplicar {defaultMinutes === '' ? '' : `${defaultMinutes} min `}a todos
                  </Button>
                  <Button
                    variant="subtle"
                    color="gray"
                    leftSection={<IconSortAscending size={16} aria-hidden />}
                    onClick={() => form.setFieldValue('pickups', sortPickupsByTime(pickups))}
                  >
                    Ordenar por hora de recogida
                  </Button>
                </Group>
              )}
              <Stack gap={6} role="list" aria-label="Lugares de recogida">
                {pickups.map((p, i) => (
                  <PickupRow key={p.key} form={form} row={p} index={i} count={pickups.length} readOnly={readOnly} />
                ))}
              </Stack>
              <Text size="xs" c="dimmed">
                {pickups.length === 1 ? '1 lugar de recogida' : `${pickups.length} lugares de recogida`}, en el orden de
                la ruta.
              </Text>
            </>
          )}
          <Textarea
            label="Notas de recogida"
            description={
              readOnly
                ? undefined
                : 'Lo que el cliente debe saber para que lo recojan: dónde esperar, cuánto antes, cómo reconocer el vehículo. Aparece en el bono.'
            }
            placeholder="Ej.: Espera en la puerta principal del hotel 5 minutos antes de la hora de recogida."
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            {...(readOnly ? { readOnly: true, placeholder: '' } : {})}
            {...form.getInputProps('pickup_notes')}
          />
        </>
      )}
    </Stack>
  );
}

function PickupRow({
  form,
  row,
  index: i,
  count,
  readOnly,
}: TSectionProps & { row: TPickupValues; index: number; count: number }) {
  const targetError = form.errors[`pickups.${i}.accommodation_id`];
  return (
    <Group className={classes.rowCard} gap="sm" wrap="wrap" align="center" role="listitem" aria-label={row.label}>
      <Text size="sm" c="dimmed" w={22} ta="right" style={{ flex: 'none' }}>
        {i + 1}.
      </Text>
      <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 220px', minWidth: 0 }}>
        {row.zone ? (
          <IconMapPin size={18} color="var(--mantine-color-grape-7)" aria-hidden style={{ flex: 'none' }} />
        ) : (
          <IconBuilding size={18} color="var(--mantine-color-brand-8)" aria-hidden style={{ flex: 'none' }} />
        )}
        <Box style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} truncate="end">
              {row.label}
            </Text>
            {row.shared ? (
              <Badge size="xs" variant="light" color="gray" radius="sm" style={{ flex: 'none' }}>
                Compartido
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c={targetError ? 'red' : 'dimmed'} truncate="end">
            {targetError ?? (row.detail || 'Sin zona')}
          </Text>
        </Box>
      </Group>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <SegmentedControl
          size="xs"
          aria-label={`Cuándo se recoge en ${row.label}`}
          data={[
            { value: 'minutes', label: 'Minutos antes' },
            { value: 'fixed', label: 'Hora fija' },
          ]}
          readOnly={readOnly}
          {...form.getInputProps(`pickups.${i}.mode`)}
          mt={4}
        />
        {row.mode === 'minutes' ? (
          <NumberInput
            aria-label={`Minutos antes (${row.label})`}
            w={112}
            size="sm"
            min={0}
            max={720}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            suffix=" min"
            readOnly={readOnly}
            {...form.getInputProps(`pickups.${i}.minutes_before`)}
          />
        ) : (
          <TimePicker
            aria-label={`Hora fija de recogida (${row.label})`}
            hoursInputLabel={`Hora fija de recogida (${row.label}), horas`}
            minutesInputLabel={`Hora fija de recogida (${row.label}), minutos`}
            format="24h"
            w={112}
            size="sm"
            leftSection={<IconClockHour4 size={15} aria-hidden />}
            readOnly={readOnly}
            {...form.getInputProps(`pickups.${i}.fixed_time`)}
          />
        )}
      </Group>
      {readOnly ? null : (
        <Group gap={2} wrap="nowrap" ml="auto">
          <Tooltip label="Subir">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Subir ${row.label}`}
              disabled={i === 0}
              onClick={() => form.reorderListItem('pickups', { from: i, to: i - 1 })}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Bajar">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Bajar ${row.label}`}
              disabled={i === count - 1}
              onClick={() => form.reorderListItem('pickups', { from: i, to: i + 1 })}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Quitar">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Quitar ${row.label}`}
              onClick={() => form.removeListItem('pickups', i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Group>
  );
}

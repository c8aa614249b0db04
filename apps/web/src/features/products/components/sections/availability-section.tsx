import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Chip,
  CloseButton,
  Group,
  Input,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { DatePicker, DatePickerInput, TimePicker } from '@mantine/dates';
import { IconClock, IconPlus, IconRepeat, IconTrash, IconX } from '@tabler/icons-react';
import { MAX_AVAILABILITY_RULES, MAX_TIMES_PER_RULE } from '@trayecto/shared';
import { AddItemButton } from '../../../../components/add-item-button';
import { REQUIRED_PICKER } from '../../../../components/required-field';
import { formatDay, formatShortDay, formatWeekdays, WEEKDAYS } from '../../utils/product-format';
import { newRule, type TRuleValues } from '../product-form-values';
import { CALENDAR_A11Y, dayValueFormatter } from './date-input-format';
import classes from './sections.module.css';
import { readOnlyProps, type TSectionProps } from './types';

const WEEKDAY_PRESETS = [
  { label: 'L–V', days: [1, 2, 3, 4, 5] },
  { label: 'Fin de semana', days: [6, 7] },
  { label: 'Todos', days: [1, 2, 3, 4, 5, 6, 7] },
];

/** "L–V · 09:00 y 15:30 · del 1 jun al 30 sep" */
export function describeRule(r: Pick<TRuleValues, 'weekdays' | 'times' | 'valid_from' | 'valid_to'>): string {
  const days = formatWeekdays(r.weekdays) || 'Sin días';
  const times = [...r.times].filter(Boolean).sort();
  const timesText = times.length
    ? times.length === 1
      ? `a las ${times[0]}`
      : `a las ${times.slice(0, -1).join(', ')} y ${times[times.length - 1]}`
    : 'sin horas';
  const range = r.valid_from
    ? r.valid_to
      ? `del ${formatShortDay(r.valid_from)} al ${formatShortDay(r.valid_to)}`
      : `desde el ${formatShortDay(r.valid_from)}`
    : '';
  return [days, timesText, range].filter(Boolean).join(' · ');
}

/** Weekly rules (days, start times, validity) and closed dates. */
export function AvailabilitySection({ form, readOnly, today }: TSectionProps & { today: string }) {
  const ro = readOnlyProps(readOnly);
  const { availability_rules: rules, closed_dates: closed } = form.getValues();

  const setWeekdays = (r: number, days: number[]) =>
    form.setFieldValue(
      `availability_rules.${r}.weekdays`,
      [...new Set(days)].sort((a, b) => a - b),
    );

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Group gap={8}>
          <IconRepeat size={18} color="var(--mantine-color-brand-8)" aria-hidden />
          <Text fw={600} size="sm">
            Reglas semanales
          </Text>
        </Group>
        {rules.length === 0 ? (
          <Text size="sm" c="dimmed">
            Sin reglas no hay salidas. Añade una regla con los días y las horas de salida.
          </Text>
        ) : null}
        {form.errors.availability_rules ? (
          <Text c="red" size="sm">
            {form.errors.availability_rules}
          </Text>
        ) : null}
        {rules.map((rule, r) => {
          const title = `Regla ${r + 1}`;
          const weekdaysError = form.errors[`availability_rules.${r}.weekdays`];
          const timesError = form.errors[`availability_rules.${r}.times`];
          return (
            <fieldset key={rule.key} className={classes.card} aria-label={title}>
              <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
                <Box style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {describeRule(rule)}
                  </Text>
                </Box>
                {readOnly ? null : (
                  <Tooltip label="Quitar regla">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Quitar ${title.toLowerCase()}`}
                      onClick={() => form.removeListItem('availability_rules', r)}
                    >
                      <IconTrash size={17} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>

              <Stack gap="md">
                <Input.Wrapper
                  label="Días de la semana"
                  {...(readOnly ? {} : REQUIRED_PICKER)}
                  error={weekdaysError}
                  id={`rule-${rule.key}-days`}
                >
                  <Group gap={6} mt={6} wrap="wrap" role="group" aria-label={`${title}: días de la semana`}>
                    {WEEKDAYS.map((d) => (
                      <Tooltip key={d.value} label={d.name} openDelay={500}>
                        <Chip
                          size="sm"
                          radius="md"
                          variant="filled"
                          checked={rule.weekdays.includes(d.value)}
                          disabled={readOnly}
                          icon={null}
                          styles={{
                            iconWrapper: { display: 'none' },
                            label: { paddingInline: 12, minWidth: 40, justifyContent: 'center' },
                          }}
                          aria-label={d.name}
                          onChange={(checked) =>
                            setWeekdays(
                              r,
                              checked ? [...rule.weekdays, d.value] : rule.weekdays.filter((x) => x !== d.value),
                            )
                          }
                        >
                          {d.short}
                        </Chip>
                      </Tooltip>
                    ))}
                    {readOnly ? null : (
                      <Group gap={4} ml={{ base: 0, sm: 'xs' }}>
                        {WEEKDAY_PRESETS.map((p) => (
                          <Button
                            key={p.label}
                            size="compact-xs"
                            variant="subtle"
                            color="gray"
                            onClick={() => setWeekdays(r, p.days)}
                          >
                            {p.label}
                          </Button>
                        ))}
                      </Group>
                    )}
                  </Group>
                </Input.Wrapper>

                <Input.Wrapper
                  label="Horas de salida"
                  description={readOnly ? undefined : 'Formato 24 horas.'}
                  {...(readOnly ? {} : REQUIRED_PICKER)}
                  error={timesError}
                >
                  <Group gap="xs" mt={6} wrap="wrap" align="flex-start">
                    {rule.times.map((_, t) => (
                      <TimePicker
                        // biome-ignore lint/suspicious/noArrayIndexKey: times are plain strings edited in place
                        key={t}
                        aria-label={`${title}: hora de salida ${t + 1}`}
                        hoursInputLabel={`${title}: hora de salida ${t + 1}, horas`}
                        minutesInputLabel={`${title}: hora de salida ${t + 1}, minutos`}
                        format="24h"
                        w={rule.times.length > 1 && !readOnly ? 150 : 120}
                        leftSection={<IconClock size={16} aria-hidden />}
                        rightSection={
                          rule.times.length > 1 && !readOnly ? (
                            <CloseButton
                              size="sm"
                              aria-label={`Quitar la hora ${rule.times[t] || t + 1}`}
                              onClick={() => form.removeListItem(`availability_rules.${r}.times`, t)}
                            />
                          ) : null
                        }
                        readOnly={readOnly}
                        {...form.getInputProps(`availability_rules.${r}.times.${t}`)}
                      />
                    ))}
                    {readOnly || rule.times.length >= MAX_TIMES_PER_RULE ? null : (
                      <Button
                        variant="default"
                        leftSection={<IconPlus size={15} aria-hidden />}
                        onClick={() => form.insertListItem(`availability_rules.${r}.times`, '')}
                        aria-label={`${title}: añadir hora`}
                      >
                        Añadir hora
                      </Button>
                    )}
                  </Group>
                </Input.Wrapper>

                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <DatePickerInput
                    label="Válido desde"
                    {...(readOnly ? {} : REQUIRED_PICKER)}
                    valueFormatter={dayValueFormatter}
                    {...CALENDAR_A11Y}
                    placeholder="Primer día"
                    {...ro}
                    {...form.getInputProps(`availability_rules.${r}.valid_from`)}
                  />
                  <DatePickerInput
                    label="Válido hasta"
                    valueFormatter={dayValueFormatter}
                    {...CALENDAR_A11Y}
                    placeholder="Sin fecha final"
                    clearable={!readOnly}
                    minDate={rule.valid_from ?? undefined}
                    {...ro}
                    {...form.getInputProps(`availability_rules.${r}.valid_to`)}
                  />
                </SimpleGrid>
              </Stack>
            </fieldset>
          );
        })}
        {readOnly ? null : (
          <AddItemButton
            label="Añadir regla"
            onClick={() => form.insertListItem('availability_rules', newRule(today))}
            disabled={rules.length >= MAX_AVAILABILITY_RULES}
          />
        )}
      </Stack>

      <Stack gap="sm">
        <Group gap={8}>
          <IconX size={18} color="var(--mantine-color-red-7)" aria-hidden />
          <Text fw={600} size="sm">
            Fechas cerradas
          </Text>
        </Group>
        <Text size="xs" c="dimmed" mt={-6}>
          Días sin ninguna salida aunque una regla los incluya (festivos, mal tiempo previsto, mantenimiento).
        </Text>
        <Group align="flex-start" gap="xl" wrap="wrap">
          {readOnly ? null : (
            <Box className={classes.rowCard} p="xs" data-testid="closed-dates-picker">
              <DatePicker
                type="multiple"
                aria-label="Fechas cerradas"
                value={closed}
                onChange={(v) => form.setFieldValue('closed_dates', [...v].map(String).sort())}
                minDate={today}
                weekendDays={[]}
                ariaLabels={CALENDAR_A11Y.ariaLabels}
                getDayProps={(date) => ({
                  'aria-label': `${formatDay(date)}${closed.includes(String(date)) ? ', cerrado' : ''}`,
                })}
              />
            </Box>
          )}
          <Stack gap={6} style={{ flex: '1 1 220px' }} aria-live="polite">
            {form.errors.closed_dates ? (
              <Text c="red" size="sm">
                {form.errors.closed_dates}
              </Text>
            ) : null}
            {closed.length === 0 ? (
              <Text size="sm" c="dimmed">
                {readOnly
                  ? 'No hay fechas cerradas.'
                  : 'Ninguna fecha cerrada. Pulsa un día del calendario para cerrarlo.'}
              </Text>
            ) : (
              <Group gap={6} wrap="wrap">
                {closed.map((d) => (
                  <Badge
                    key={d}
                    size="lg"
                    variant="light"
                    color={d < today ? 'gray' : 'red'}
                    radius="sm"
                    tt="none"
                    fw={500}
                    rightSection={
                      readOnly ? null : (
                        <CloseButton
                          size="xs"
                          variant="transparent"
                          aria-label={`Reabrir ${formatDay(d)}`}
                          onClick={() =>
                            form.setFieldValue(
                              'closed_dates',
                              closed.filter((x) => x !== d),
                            )
                          }
                        />
                      )
                    }
                  >
                    {formatDay(d)}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
        </Group>
      </Stack>
    </Stack>
  );
}

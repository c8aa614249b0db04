import { ActionIcon, Group, Input, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import type { TPaxType } from '@trayecto/shared';
import { formatMoney, paxTypeLabel } from '../utils/booking-format';
import classes from './booking-form.module.css';
import type { TFormNumber } from './booking-form-values';

export type TOfferedPax = {
  pax_type: TPaxType;
  amount_cents: number;
  occupies_seat: boolean;
  min_age: number | null;
  max_age: number | null;
};

/** "45,00 € · 12 años o más", "25,00 € · 3–11 años · sin plaza" */
export function paxDescription(p: TOfferedPax, currency = 'EUR'): string {
  const ages =
    p.min_age !== null && p.max_age !== null
      ? `${p.min_age}–${p.max_age} años`
      : p.min_age !== null && p.min_age > 0
        ? `${p.min_age} años o más`
        : p.max_age !== null
          ? `hasta ${p.max_age} años`
          : '';
  return [
    p.amount_cents === 0 ? 'Gratis' : formatMoney(p.amount_cents, currency),
    ages,
    p.occupies_seat ? '' : 'sin plaza',
  ]
    .filter(Boolean)
    .join(' · ');
}

const MAX_PER_TYPE = 500;

/** One count with − and + buttons around the number (big tap targets on a phone). */
function PaxStepper({
  offered,
  value,
  onChange,
  error,
  readOnly,
  currency,
}: {
  offered: TOfferedPax;
  value: TFormNumber;
  onChange: (v: TFormNumber) => void;
  error?: string;
  readOnly?: boolean;
  currency: string;
}) {
  const label = paxTypeLabel(offered.pax_type);
  const n = Number(value) || 0;
  return (
    <Input.Wrapper label={label} description={paxDescription(offered, currency)} error={error}>
      <Group gap={6} wrap="nowrap" mt={4}>
        <ActionIcon
          variant="default"
          size={36}
          aria-label={`Quitar ${label.toLowerCase()}`}
          onClick={() => onChange(Math.max(0, n - 1))}
          disabled={readOnly || n <= 0}
        >
          <IconMinus size={16} />
        </ActionIcon>
        <NumberInput
          aria-label={label}
          value={value}
          onChange={(v) => onChange(v === '' ? '' : Math.max(0, Math.min(MAX_PER_TYPE, Math.floor(Number(v) || 0))))}
          min={0}
          max={MAX_PER_TYPE}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          w={64}
          className={classes.stepper}
          readOnly={readOnly}
          error={Boolean(error)}
        />
        <ActionIcon
          variant="default"
          size={36}
          aria-label={`Añadir ${label.toLowerCase()}`}
          onClick={() => onChange(Math.min(MAX_PER_TYPE, n + 1))}
          disabled={readOnly}
        >
          <IconPlus size={16} />
        </ActionIcon>
      </Group>
    </Input.Wrapper>
  );
}

/**
 * Passengers per type (PRODUCT §5): only the types the product offers on the chosen date (a
 * season may offer other prices), each with its price and ages.
 */
export function PaxSection({
  offered,
  pax,
  onChange,
  errors,
  readOnly,
  currency,
  season,
}: {
  offered: readonly TOfferedPax[];
  pax: Record<TPaxType, TFormNumber>;
  onChange: (type: TPaxType, value: TFormNumber) => void;
  errors: Record<string, unknown>;
  readOnly?: boolean;
  currency: string;
  season: string | null;
}) {
  const general = typeof errors.pax === 'string' ? errors.pax : undefined;
  const hidden = (Object.keys(pax) as TPaxType[]).filter(
    (t) => (Number(pax[t]) || 0) > 0 && !offered.some((o) => o.pax_type === t),
  );
  return (
    <Stack gap="sm">
      {season ? (
        <Text size="sm" c="dimmed">
          Precios de la temporada <b>{season}</b>.
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(4, Math.max(2, offered.length)) }} spacing="md">
        {offered.map((o) => (
          <PaxStepper
            key={o.pax_type}
            offered={o}
            value={pax[o.pax_type]}
            onChange={(v) => onChange(o.pax_type, v)}
            error={
              typeof errors[`pax.${o.pax_type}`] === 'string' ? (errors[`pax.${o.pax_type}`] as string) : undefined
            }
            readOnly={readOnly}
            currency={currency}
          />
        ))}
      </SimpleGrid>
      {hidden.length ? (
        <Text size="sm" c="orange.8" role="alert">
          En esta fecha no se ofrece: {hidden.map((t) => paxTypeLabel(t).toLowerCase()).join(', ')}. Quita esos
          pasajeros o elige otra fecha.
        </Text>
      ) : null}
      {general ? (
        <Text size="sm" c="red" role="alert">
          {general}
        </Text>
      ) : null}
    </Stack>
  );
}

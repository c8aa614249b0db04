/**
 * The bookings list's filters (PRODUCT §5): what the URL keeps (dates, product, state, payment,
 * seller, channel, hotel, operator, view) and the filter bar that sets them; on a phone the less
 * used ones fold behind "Más filtros".
 */
import { Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAdjustmentsHorizontal, IconCalendarEvent, IconCalendarMonth, IconList } from '@tabler/icons-react';
import {
  BOOKING_CHANNEL_NAMES,
  BOOKING_CHANNELS,
  BOOKING_STATE_NAMES,
  BOOKING_STATES,
  PAYMENT_STATE_NAMES,
  PAYMENT_STATES,
} from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { ColumnChooser } from '../../../components/column-chooser';
import {
  ClearFiltersButton,
  FilterSelect,
  SearchInput,
  SortSelect,
  TourOperatorFilter,
} from '../../../components/list-toolbar';
import { ViewSwitch } from '../../../components/view-switch';
import { dayValueFormatter, formatDay, todayIso } from '../../../lib/dates';
import { countLabel } from '../../../lib/format';
import type { TListControls } from '../../../lib/use-list-params';
import type { TProductSelectOption } from '../../products';
import type { TAgencyOption } from '../api/list-agency-options';
import type { TBookingsFilters } from '../api/list-bookings';
import type { TSellerOption } from '../api/list-seller-options';
import type { TBookingAccess } from '../utils/booking-access';
import { addDays, isIsoDate } from '../utils/booking-calendar';
import { AccommodationSelect } from './accommodation-select';

/** Filters behind "Más filtros" on a phone (the count on the button says how many are on). */
const EXTRA_FILTER_KEYS = [
  'payment_state',
  'seller_id',
  'channel',
  'channel_id',
  'accommodation_id',
  'tour_operator_id',
] as const;
/** URL keys of the filters ("Limpiar filtros" removes them all, back to the next 7 days). */
export const FILTER_KEYS = ['q', 'from', 'to', 'all_dates', 'product_id', 'state', ...EXTRA_FILTER_KEYS] as const;
/** Days after today the list shows by default (PRODUCT §5: today → +7 days). */
export const DEFAULT_RANGE_DAYS = 7;

const SORT_OPTIONS = [
  { value: 'date', label: 'Fecha (próximas primero)' },
  { value: '-date', label: 'Fecha (últimas primero)' },
  { value: '-created_at', label: 'Más recientes' },
  { value: 'customer_name', label: 'Cliente (A–Z)' },
  { value: '-total_cents', label: 'Importe (mayor)' },
];
const STATE_OPTIONS = [
  { value: 'pending,confirmed', label: 'Pendientes y confirmadas' },
  ...BOOKING_STATES.map((s) => ({ value: s, label: BOOKING_STATE_NAMES[s] })),
];
const PAYMENT_OPTIONS = PAYMENT_STATES.map((s) => ({ value: s, label: PAYMENT_STATE_NAMES[s] }));
const CHANNEL_OPTIONS = BOOKING_CHANNELS.map((c) => ({ value: c, label: BOOKING_CHANNEL_NAMES[c] }));

/** The list's date range from the URL: default today → +7 days; `all_dates=1` shows every date. */
export function dateRangeFromParams(get: (key: string) => string, today: string): { from: string; to: string } {
  if (get('all_dates') === '1') return { from: '', to: '' };
  const from = isIsoDate(get('from')) ? get('from') : today;
  const to = isIsoDate(get('to')) ? get('to') : addDays(from, DEFAULT_RANGE_DAYS);
  return to < from ? { from: to, to: from } : { from, to };
}

function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string } | null) => void;
}) {
  const [value, setValue] = useState<[string | null, string | null]>([from || null, to || null]);
  useEffect(() => setValue([from || null, to || null]), [from, to]);
  return (
    <DatePickerInput
      type="range"
      label="Fechas"
      placeholder="Todas las fechas"
      leftSection={<IconCalendarEvent size={16} aria-hidden />}
      value={value}
      onChange={(v) => {
        const next: [string | null, string | null] = [v[0] ? String(v[0]) : null, v[1] ? String(v[1]) : null];
        setValue(next);
        if (next[0] && next[1]) onChange({ from: next[0].slice(0, 10), to: next[1].slice(0, 10) });
        if (!next[0] && !next[1]) onChange(null);
      }}
      allowSingleDateInRange
      clearable
      valueFormatter={(args) =>
        Array.isArray(args.date) ? formatRange(args.date[0], args.date[1]) : dayValueFormatter(args)
      }
      presets={[
        { value: [todayIso(), todayIso()], label: 'Hoy' },
        { value: [addDays(todayIso(), 1), addDays(todayIso(), 1)], label: 'Mañana' },
        { value: [todayIso(), addDays(todayIso(), DEFAULT_RANGE_DAYS)], label: 'Próximos 7 días' },
        { value: [todayIso(), addDays(todayIso(), 30)], label: 'Próximos 30 días' },
        { value: [addDays(todayIso(), -7), todayIso()], label: 'Últimos 7 días' },
      ]}
      ariaLabels={{ nextMonth: 'Mes siguiente', previousMonth: 'Mes anterior' }}
      getDayProps={(date) => ({ 'aria-label': formatDay(String(date).slice(0, 10)) })}
      style={{ flex: '1 1 270px' }}
    />
  );
}

const shortDay = new Intl.DateTimeFormat('es-ES', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const toDay = (v: unknown) => (v ? String(v).slice(0, 10) : '');

/** "dom, 22 nov – dom, 29 nov 2026"; one day: "lun, 23 nov 2026". */
export function formatRange(a: unknown, b: unknown): string {
  const from = toDay(a);
  const to = toDay(b);
  if (!from) return '';
  if (!to || to === from) return formatDay(from);
  if (from.slice(0, 4) !== to.slice(0, 4)) return `${formatDay(from)} – ${formatDay(to)}`;
  return `${shortDay.format(new Date(`${from}T00:00:00Z`)).replace(/\./g, '')} – ${formatDay(to)}`;
}

/** Filters that narrow the rows, as opposed to the date range. */
export const NARROWING_KEYS = FILTER_KEYS.filter((k) => !['from', 'to', 'all_dates'].includes(k));
const VIEWS = [
  { value: 'list', label: 'Lista', icon: IconList },
  { value: 'calendar', label: 'Calendario', icon: IconCalendarMonth },
] as const;

/** A filter whose choices come from the API: «Cargando…» until they do, searchable by name. */
function LoadedFilter({
  param,
  label,
  options,
  nothingFound,
}: {
  param: string;
  label: string;
  options: { data?: readonly { value: string; label: string }[]; isLoading: boolean };
  nothingFound: string;
}) {
  return (
    <FilterSelect
      param={param}
      label={label}
      placeholder={options.isLoading ? 'Cargando…' : 'Todos'}
      data={options.data ?? []}
      searchable
      nothingFoundMessage={nothingFound}
      flex="1 1 170px"
    />
  );
}

/** Search, dates, product and state; the rest behind "Más filtros" on a phone; the view and the count. */
export function BookingsFilterBar({
  list,
  access,
  view,
  range,
  filters,
  productOptions,
  productsLoading,
  sellers,
  salesChannels,
  operators,
  isPhone,
  total,
  accommodationLabel,
}: {
  list: TListControls;
  access: TBookingAccess;
  view: 'list' | 'calendar';
  range: { from: string; to: string };
  filters: TBookingsFilters;
  productOptions: TProductSelectOption[];
  productsLoading: boolean;
  sellers: { data?: TSellerOption[]; isLoading: boolean };
  /** Resellers and agencies (levels 0–1 read «Canales»; others do not see the filter). */
  salesChannels: { data?: TAgencyOption[]; isLoading: boolean };
  operators: { isLoading: boolean; data?: readonly { value: string; label: string }[] };
  isPhone: boolean;
  /** The list's total (undefined while it loads, and in the calendar). */
  total: number | undefined;
  accommodationLabel: string | undefined;
}) {
  const [moreFilters, setMoreFilters] = useState(false);
  const extraActive = EXTRA_FILTER_KEYS.filter((k) => list.get(k) !== '').length;
  const rangeText = range.from && range.to ? formatRange(range.from, range.to) : 'todas las fechas';
  return (
    <Stack gap="sm" p="md" role="search" aria-label="Filtrar reservas">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput placeholder="Localizador o cliente" flex="2 1 220px" />
        {view === 'list' ? (
          <DateRangeFilter
            from={range.from}
            to={range.to}
            onChange={(r) =>
              list.setFilters(
                r ? { from: r.from, to: r.to, all_dates: null } : { from: null, to: null, all_dates: '1' },
              )
            }
          />
        ) : null}
        {access.canReadProducts ? (
          <FilterSelect
            param="product_id"
            label="Producto"
            placeholder={productsLoading ? 'Cargando…' : 'Todos'}
            data={productOptions}
            searchable
            nothingFoundMessage="Ningún producto coincide"
            flex="2 1 220px"
          />
        ) : null}
        {view === 'list' ? (
          <FilterSelect param="state" label="Estado" placeholder="Todos" data={STATE_OPTIONS} flex="1 1 150px" />
        ) : null}
      </Group>
      {view === 'list' && isPhone ? (
        <Button
          variant="light"
          color="gray"
          size="compact-sm"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          onClick={() => setMoreFilters((o) => !o)}
          aria-expanded={moreFilters}
          style={{ alignSelf: 'flex-start' }}
        >
          {moreFilters ? 'Menos filtros' : `Más filtros${extraActive ? ` (${extraActive})` : ''}`}
        </Button>
      ) : null}
      {view === 'list' ? (
        <Collapse expanded={!isPhone || moreFilters}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            {access.isAdmin ? <TourOperatorFilter options={operators} flex="1 1 180px" /> : null}
            <FilterSelect
              param="payment_state"
              label="Cobro"
              placeholder="Todos"
              data={PAYMENT_OPTIONS}
              flex="1 1 130px"
            />
            {access.canFilterSeller ? (
              <LoadedFilter
                param="seller_id"
                label="Vendedor"
                options={sellers}
                nothingFound="Ningún vendedor coincide"
              />
            ) : null}
            <FilterSelect param="channel" label="Canal" placeholder="Todos" data={CHANNEL_OPTIONS} flex="1 1 120px" />
            {access.canManageChannels && (salesChannels.isLoading || (salesChannels.data ?? []).length > 0) ? (
              <LoadedFilter
                param="channel_id"
                label="Agencia o revendedor"
                options={salesChannels}
                nothingFound="Ningún canal coincide"
              />
            ) : null}
            <AccommodationSelect
              label="Alojamiento"
              placeholder="Todos"
              operatorId={null}
              value={filters.accommodation_id || null}
              selectedLabel={accommodationLabel}
              onChange={(id) => list.setFilters({ accommodation_id: id })}
              style={{ flex: '2 1 200px' }}
            />
            {isPhone ? <SortSelect options={SORT_OPTIONS} /> : null}
          </Group>
        </Collapse>
      ) : null}
      <Group justify="space-between" gap="sm" wrap="wrap">
        {access.canReadProducts ? (
          <ViewSwitch
            value={view}
            onChange={(v) => list.setFilters({ view: v === 'calendar' ? 'calendar' : null })}
            options={VIEWS}
          />
        ) : null}
        <Group gap="sm">
          {view === 'list' && total !== undefined ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {countLabel(total, 'reserva', 'reservas')} · {rangeText}
            </Text>
          ) : null}
          {list.hasFilters ? <ClearFiltersButton size="compact-sm" /> : null}
          {view === 'list' ? <ColumnChooser /> : null}
        </Group>
      </Group>
    </Stack>
  );
}

import { Anchor, Button, Collapse, Group, Stack, Text, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAdjustmentsHorizontal, IconCalendarEvent, IconCalendarMonth, IconList } from '@tabler/icons-react';
import {
  BOOKING_CHANNEL_NAMES,
  BOOKING_CHANNELS,
  BOOKING_STATE_NAMES,
  BOOKING_STATES,
  PAYMENT_STATE_NAMES,
  PAYMENT_STATES,
  pathTo,
  type TBookingCalendarEntry,
} from '@trayecto/shared';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { TColumns } from '../../../components/data-table';
import { ListEmptyState, ListResults, ListScreen } from '../../../components/list-screen';
import { ClearFiltersButton, FilterSelect, SearchInput, SortSelect } from '../../../components/list-toolbar';
import { ViewSwitch } from '../../../components/view-switch';
import { getRoles } from '../../../lib/auth-storage';
import { dayValueFormatter, formatDay, todayIso } from '../../../lib/dates';
import { countLabel } from '../../../lib/format';
import { useCsvExport } from '../../../lib/use-csv-export';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useListControls } from '../../../lib/use-list-params';
import { bookingsToCsv, fetchAllBookings } from '../api/export-bookings';
import { type TBookingListItem, type TBookingsFilters, useBookings } from '../api/list-bookings';
import { productSelectOptions, useProductOptions } from '../api/list-product-options';
import { useSellerOptions } from '../api/list-seller-options';
import { bookingAccess } from '../utils/booking-access';
import { addDays, isIsoDate } from '../utils/booking-calendar';
import { channelName, formatMoney, netPaidCents, paxLong, paxSummary } from '../utils/booking-format';
import { AccommodationSelect } from './accommodation-select';
import { BookingStateBadge, CountryTag, PaymentStateBadge } from './booking-badges';
import { BookingsCalendar, type TCalendarMode } from './bookings-calendar';
import classes from './bookings-screen.module.css';

/** URL keys of the filters ("Limpiar filtros" removes them all, back to the next 7 days). */
const FILTER_KEYS = [
  'q',
  'from',
  'to',
  'all_dates',
  'product_id',
  'state',
  'payment_state',
  'seller_id',
  'channel',
  'accommodation_id',
] as const;
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

/** "lun, 22 nov 2026" + "09:30" in two lines. */
function DateTimeCell({ b }: { b: TBookingListItem }) {
  return (
    <Stack gap={0}>
      <Text size="sm" className={classes.nowrap}>
        {formatDay(b.date)}
      </Text>
      <Text size="xs" c="dimmed" className={classes.num}>
        {b.time}
      </Text>
    </Stack>
  );
}

/** Filters behind "Más filtros" on a phone (the count on the button says how many are on). */
const EXTRA_FILTER_KEYS = ['payment_state', 'seller_id', 'channel', 'accommodation_id'];
/** Filters that narrow the rows, as opposed to the date range. */
const NARROWING_KEYS = FILTER_KEYS.filter((k) => !['from', 'to', 'all_dates'].includes(k));
const VIEWS = [
  { value: 'list', label: 'Lista', icon: IconList },
  { value: 'calendar', label: 'Calendario', icon: IconCalendarMonth },
] as const;

const editPath = (b: TBookingListItem) => pathTo('bookingEdit', { id: b.id });

/**
 * /booking (PRODUCT §5): the bookings by date range, product, state, payment state, seller,
 * channel and hotel, with search, sorting, paging and the view ("Lista | Calendario") in the URL;
 * CSV export of the filtered rows; the calendar shows the departures with their seats.
 */
export function BookingsScreen() {
  const access = useMemo(() => bookingAccess(getRoles()), []);
  const isPhone = useIsPhone();
  const today = useMemo(() => todayIso(), []);

  const list = useListControls({ sort: 'date', filterKeys: FILTER_KEYS });
  const view = access.canReadProducts && list.get('view') === 'calendar' ? 'calendar' : 'list';
  const calMode: TCalendarMode = list.get('cal') === 'week' ? 'week' : 'month';
  const calDate = isIsoDate(list.get('cal_date')) ? list.get('cal_date') : today;
  const range = dateRangeFromParams(list.get, today);
  const filters: TBookingsFilters = {
    q: list.get('q'),
    from: range.from,
    to: range.to,
    product_id: access.canReadProducts ? list.get('product_id') : '',
    state: list.get('state'),
    payment_state: list.get('payment_state'),
    seller_id: access.canFilterSeller ? list.get('seller_id') : '',
    channel: list.get('channel'),
    accommodation_id: list.get('accommodation_id'),
  };
  const query = useBookings({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort }, view === 'list');
  const products = useProductOptions(access.canReadProducts);
  const sellers = useSellerOptions(access.canFilterSeller);
  const [moreFilters, setMoreFilters] = useState(false);

  const data = query.data;
  const items = data?.items ?? [];
  const extraActive = EXTRA_FILTER_KEYS.filter((k) => list.get(k) !== '').length;
  const hasNarrowingFilters = NARROWING_KEYS.some((k) => list.get(k) !== '');

  const productOptions = productSelectOptions(products.data, {
    activeOnly: false,
    withOperator: access.isAdmin,
  });
  const accommodationLabel = items.find((b) => b.accommodation?.id === filters.accommodation_id)?.accommodation?.name;

  /** A departure of the calendar: the list of that date and product. */
  const pickDeparture = (entry: TBookingCalendarEntry) => {
    list.setFilters({ view: null, from: entry.date, to: entry.date, all_dates: null, product_id: entry.product_id });
    window.scrollTo({ top: 0 });
  };

  const csv = useCsvExport({
    name: 'reservas',
    fetchRows: () => fetchAllBookings(filters, list.sort),
    toCsv: bookingsToCsv,
    exported: ['reserva exportada', 'reservas exportadas'],
  });

  const create = access.canWrite ? { label: 'Nueva reserva', to: pathTo('bookingCreate') } : null;
  const rangeText = range.from && range.to ? formatRange(range.from, range.to) : 'todas las fechas';

  const columns: TColumns<TBookingListItem> = [
    {
      key: 'locator',
      header: 'Localizador',
      sort: 'locator',
      width: 112,
      td: { className: classes.stickyStart },
      cell: (b) => (
        <Anchor component={Link} to={editPath(b)} className={classes.locator} c="dark">
          {b.locator}
        </Anchor>
      ),
    },
    { key: 'date', header: 'Fecha', sort: 'date', width: 128, cell: (b) => <DateTimeCell b={b} /> },
    {
      key: 'product',
      header: 'Producto',
      wide: true,
      cell: (b) => (
        <Text size="sm" lineClamp={2} miw={150} maw={200}>
          {b.product?.name ?? '—'}
        </Text>
      ),
    },
    {
      key: 'customer',
      header: 'Cliente',
      sort: 'customer_name',
      wide: true,
      cell: (b) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate="end" maw={170} title={b.customer_name}>
            {b.customer_name}
          </Text>
          <CountryTag code={b.customer_country} />
        </Group>
      ),
    },
    {
      key: 'pax',
      header: 'Pax',
      nowrap: true,
      cell: (b) => (
        <Tooltip label={paxLong(b.lines)} disabled={!b.lines?.length}>
          <Text size="sm" className={classes.num}>
            {paxSummary(b.lines) || b.pax_total}
          </Text>
        </Tooltip>
      ),
    },
    {
      key: 'state',
      header: 'Estado',
      sort: 'state',
      width: 118,
      nowrap: true,
      cell: (b) => <BookingStateBadge state={b.state} />,
    },
    {
      key: 'payment',
      header: 'Cobro',
      width: 118,
      nowrap: true,
      cell: (b) => <PaymentStateBadge state={b.payment_state} />,
    },
    {
      key: 'total',
      header: 'Total',
      sort: 'total_cents',
      width: 92,
      td: { ta: 'right' },
      cell: (b) => (
        <Text size="sm" fw={600} className={classes.num}>
          {formatMoney(b.total_cents, b.currency)}
        </Text>
      ),
    },
    {
      key: 'paid',
      header: 'Cobrado / Pendiente',
      nowrap: true,
      th: { ta: 'right' },
      td: { ta: 'right' },
      cell: (b) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm" className={classes.num}>
            {formatMoney(netPaidCents(b), b.currency)}
          </Text>
          <Text size="xs" c={b.pending_cents > 0 ? 'red.8' : 'dimmed'} className={classes.num}>
            {b.pending_cents > 0 ? `pendiente ${formatMoney(b.pending_cents, b.currency)}` : '—'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'accommodation',
      header: 'Alojamiento · Recogida',
      cell: (b) =>
        b.accommodation ? (
          <Stack gap={0}>
            <Text size="sm" truncate="end" miw={120} maw={200} title={b.accommodation.name}>
              {b.accommodation.name}
            </Text>
            {b.pickup_time ? (
              <Text size="xs" c="dimmed" className={classes.num}>
                Recogida {b.pickup_time}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    { key: 'channel', header: 'Canal', nowrap: true, cell: (b) => <Text size="sm">{channelName(b.channel)}</Text> },
    {
      key: 'seller',
      header: 'Vendedor',
      cell: (b) => (
        <Text size="sm" c={b.seller ? undefined : 'dimmed'} truncate="end" maw={160}>
          {b.seller?.full_name ?? '—'}
        </Text>
      ),
    },
  ];

  return (
    <ListScreen
      list={list}
      title="Reservas"
      description={
        access.readOnly
          ? 'Las reservas de las salidas de tus hojas de servicio.'
          : access.isSeller
            ? 'Las reservas que has vendido, con su cobro y su estado.'
            : 'Todas las reservas de tus excursiones, con su cobro, su estado y sus plazas.'
      }
      csv={csv}
      query={view === 'list' ? query : undefined}
      create={create}
    >
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
              placeholder={products.isLoading ? 'Cargando…' : 'Todos'}
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
              <FilterSelect
                param="payment_state"
                label="Cobro"
                placeholder="Todos"
                data={PAYMENT_OPTIONS}
                flex="1 1 130px"
              />
              {access.canFilterSeller ? (
                <FilterSelect
                  param="seller_id"
                  label="Vendedor"
                  placeholder={sellers.isLoading ? 'Cargando…' : 'Todos'}
                  data={sellers.data ?? []}
                  searchable
                  nothingFoundMessage="Ningún vendedor coincide"
                  flex="1 1 170px"
                />
              ) : null}
              <FilterSelect param="channel" label="Canal" placeholder="Todos" data={CHANNEL_OPTIONS} flex="1 1 120px" />
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
            {view === 'list' && data ? (
              <Text size="sm" c="dimmed" aria-live="polite">
                {countLabel(data.total, 'reserva', 'reservas')} · {rangeText}
              </Text>
            ) : null}
            {list.hasFilters ? <ClearFiltersButton size="compact-sm" /> : null}
          </Group>
        </Group>
      </Stack>

      {view === 'calendar' ? (
        <BookingsCalendar
          mode={calMode}
          anchor={calDate}
          today={today}
          productId={filters.product_id || null}
          onModeChange={(m) => list.setFilters({ cal: m === 'week' ? 'week' : null })}
          onAnchorChange={(d) => list.setFilters({ cal_date: d === today ? null : d })}
          onPick={pickDeparture}
        />
      ) : (
        <ListResults
          query={query}
          failed={query.isError && !data}
          errorTitle="No se ha podido cargar la lista de reservas"
          noun={['reserva', 'reservas']}
          label="Reservas"
          columns={columns}
          miw={1380}
          verticalSpacing={7}
          hideWhenEmpty
          href={editPath}
          cardLabel={(b) => `${b.locator} ${b.customer_name}`}
          card={(b) => (
            <>
              <Group gap={6} wrap="nowrap">
                <Text className={classes.locator}>{b.locator}</Text>
                <CountryTag code={b.customer_country} />
              </Group>
              <Text fw={600} size="sm" truncate="end">
                {b.customer_name}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {[formatDay(b.date), b.time, b.product?.name, paxSummary(b.lines)].filter(Boolean).join(' · ')}
              </Text>
              {b.accommodation ? (
                <Text size="xs" c="dimmed" truncate="end">
                  {b.accommodation.name}
                  {b.pickup_time ? ` · recogida ${b.pickup_time}` : ''}
                </Text>
              ) : null}
              <Group gap={6} mt={6} wrap="wrap">
                <BookingStateBadge state={b.state} />
                <PaymentStateBadge state={b.payment_state} />
              </Group>
            </>
          )}
          cardAside={(b) => (
            <Stack gap={0} align="flex-end" style={{ flex: 'none' }}>
              <Text fw={700} size="sm" className={classes.num}>
                {formatMoney(b.total_cents, b.currency)}
              </Text>
              {b.pending_cents > 0 ? (
                <Text size="xs" c="red.8" className={classes.num}>
                  debe {formatMoney(b.pending_cents, b.currency)}
                </Text>
              ) : null}
            </Stack>
          )}
          empty={
            <ListEmptyState
              icon={<IconCalendarEvent size={28} />}
              filtered={hasNarrowingFilters}
              filteredTitle="Ninguna reserva coincide con los filtros"
              title={
                access.readOnly
                  ? 'No tienes reservas en estas fechas'
                  : range.from
                    ? `No hay reservas: ${rangeText}`
                    : 'Aún no hay reservas — crea la primera'
              }
              description={
                access.readOnly
                  ? 'Aquí verás las reservas de las hojas de servicio que tengas asignadas.'
                  : range.from
                    ? 'Cambia las fechas o mira todas las reservas.'
                    : 'Las reservas de la web, de los vendedores y de la oficina aparecerán aquí.'
              }
              actions={
                range.from ? (
                  <Button variant="default" onClick={() => list.setFilters({ all_dates: '1', from: null, to: null })}>
                    Ver todas las fechas
                  </Button>
                ) : null
              }
              create={create}
            />
          }
        />
      )}
    </ListScreen>
  );
}
